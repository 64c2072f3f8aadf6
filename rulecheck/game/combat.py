"""Combat in the game model: who may block whom, who deals damage in which step, and dealing it.

Queries and moves only; which rule a declaration breaks is the replay's business."""

from __future__ import annotations

from ..cards.oracle import ATTACKS_DESPITE_DEFENDER
from ..nodes import Ability
from . import marks
from .counters import annihilate
from .game import Game
from .hooks import TAXES, triggers_on_attacking_alone
from .objects import PendingTrigger, Permanent, PlanEntry, StackItem
from .steps import DAMAGE_STEPS, life_amount, mana_symbols, mana_value, phyrexian
from .teams import is_active, opponents
from .unknown_pt import damage_to_life_unknown, pt_unknown, strike_unknown

ALONE_ATTACK = ("can't attack alone", "can't attack or block alone")
ALONE_BLOCK = ("can't block alone", "can't attack or block alone")
TWO_OR_MORE = "can't be blocked except by two or more creatures"
UNBLOCKABLE = "can't be blocked"
AT_MOST_ONE_BLOCKER = "can't be blocked by more than one creature"
ONLY_FLYERS = "can block only creatures with flying"
MUST_BE_BLOCKED = "must be blocked if able"
TEAM_TWO_OR_MORE = "creatures you control can't be blocked except by two or more creatures"
MAX_ONE_ATTACK = "no more than one creature can attack each combat"
MAX_ONE_BLOCK = "no more than one creature can block each combat"
LURE = "all creatures able to block it do so"
MUST_ATTACK = "attacks each combat if able"
MUST_BLOCK = "blocks each combat if able"
ATTACK_REQUIREMENT = "attack_requirement"   # the kind of an effect's ability: attack this player if able
COLOURS = ("white", "blue", "black", "red", "green")

# Combat trigger conditions, longest first so that "blocks a creature" is not read as "blocks".
UNBLOCKED = "whenever this attacks and isn't blocked"
ATTACKS = "whenever this attacks"
BLOCKS_A_CREATURE = "whenever this blocks a creature"
BLOCKS = "whenever this blocks"
BLOCKED_BY_A_CREATURE = "whenever this becomes blocked by a creature"
BECOMES_BLOCKED = "whenever this becomes blocked"
COMBAT_TRIGGERS = (UNBLOCKED, ATTACKS, BLOCKS_A_CREATURE, BLOCKS, BLOCKED_BY_A_CREATURE, BECOMES_BLOCKED)

FLANKED = "whenever this becomes blocked by a creature without flanking"

# Keyword abilities that are combat triggers (702): the trigger conditions each one stands for.
KEYWORD_TRIGGERS: dict[str, tuple[str, ...]] = {
    "provoke": (ATTACKS,), "annihilator": (ATTACKS,), "battle cry": (ATTACKS,), "melee": (ATTACKS,),
    "myriad": (ATTACKS,), "rampage": (BECOMES_BLOCKED,), "afflict": (BECOMES_BLOCKED,),
    "bushido": (BLOCKS, BECOMES_BLOCKED), "flanking": (FLANKED,), "frenzy": (UNBLOCKED,),
    "whenever this attacks or blocks": (ATTACKS, BLOCKS),   # two conditions of one trigger, each triggering it
    "whenever this blocks or becomes blocked": (BLOCKS, BECOMES_BLOCKED),
}


def keyword_name(text: str) -> str:
    """A keyword without its number or cost: 'bushido 2' is bushido, 'ninjutsu {1}{U}' is ninjutsu."""
    head, _, tail = text.rpartition(" ")
    return head if head and (tail.isdigit() or tail.startswith("{")) else text


def trigger_kind(text: str) -> str | None:
    """The combat trigger condition a triggered ability's text states: exactly one of COMBAT_TRIGGERS, alone or
    followed by a comma and its effect. A condition that says more ("whenever this attacks the player with the
    most life, ...") is not one of them: the trigger is unknown, neither owed nor judged."""
    return next((k for k in COMBAT_TRIGGERS if text == k or text.startswith(k + ",")), None)


def combat_kinds(a: Ability) -> tuple[str, ...]:
    """Combat trigger conditions of one ability: its trigger's, or a keyword's (bushido: blocks, becomes blocked)."""
    if a.kind == "trigger":
        kind = trigger_kind(a.text)
        return (kind,) if kind else KEYWORD_TRIGGERS.get(a.text.partition(",")[0], ())
    if a.kind == "keyword":
        return KEYWORD_TRIGGERS.get(keyword_name(a.text), ())
    return ()


def has_trigger(p: Permanent, kind: str) -> bool:
    return not p.lost and any(kind in combat_kinds(a) for a in p.abilities())


def trigger_count(p: Permanent, kind: str) -> int:
    """How many of the permanent's abilities trigger on this combat event: each is its own triggered ability, so
    one event triggers every one of them (603.2, 603.2c). "exalted" counts every attacks-alone ability."""
    if kind == "exalted":
        return sum(1 for a in p.abilities() if triggers_on_attacking_alone(a.text))
    return sum(1 for a in p.abilities() if a.kind == "trigger" and trigger_kind(a.text) == kind)


def protector(g: Game, q: Permanent) -> str | None:
    """The protector of a battle: a Siege's controller chooses one of their opponents (310.8a, 310.11a), which
    in a two-player game can only be the other player. None: not a battle, or the choice isn't known."""
    if not q.card.is_("battle"):
        return None
    opponents = [x for x in g.players if x != q.controller]
    return opponents[0] if len(opponents) == 1 else None


def attacked_player(g: Game, q: Permanent) -> str | None:
    """The player an attack on this permanent is an attack against: a battle's protector (None when that choice
    isn't known), else its controller."""
    if q.card.is_("battle"):
        return protector(g, q)
    return q.controller


def defending_player_of(g: Game, p: Permanent) -> str | None:
    if p.attacking is None:
        return None
    if p.attacking in g.pstate:
        return p.attacking
    q = g.named(p.attacking)
    if q is not None:
        return attacked_player(g, q)
    for q in g.graveyard:
        if q.name == p.attacking:
            return q.controller
    return None


def colours(p: Permanent) -> list[str]:
    """The colours given in the card's definition (`card Serra Angel: white creature 4/4`)."""
    return [c for c in COLOURS if p.is_(c)]


def protections(g: Game, p: Permanent) -> list[str]:
    texts = g.ability_texts(p)
    return [t.removeprefix("protection from ") for t in texts if t.startswith("protection from ")]


def protection_against(g: Game, q: Permanent, src: Permanent) -> str | None:
    """The quality q has protection from that src has (a colour, creatures, artifacts, everything), if any."""
    return next((quality for quality in protections(g, q)
                 if quality == "everything" or quality in colours(src)
                 or (quality == "creatures" and src.is_creature())
                 or (quality == "artifacts" and src.is_("artifact"))), None)


def required_targets(g: Game, p: Permanent) -> list[str]:
    """The players it must attack if able this turn ("attacks Bob this turn if able"), one per requirement."""
    if not g.effects:
        return []
    return [e.ability.text for e in g.effects if e.target == p.pid and e.ability is not None
            and e.ability.kind == ATTACK_REQUIREMENT]


def needs_two_blockers(g: Game, a: Permanent) -> bool:
    return g.has_ability(a, "menace") or g.has_ability(a, TWO_OR_MORE) \
        or bool(g.global_static(TEAM_TWO_OR_MORE, a.controller))


def able_to_attack(g: Game, p: Permanent) -> bool:
    return (p.is_creature() and is_active(g, p.controller) and not p.tapped and not p.phased_out
            and (not p.new or g.has_ability(p, "haste"))
            and (not g.has_ability(p, "defender") or g.has_ability(p, ATTACKS_DESPITE_DEFENDER))
            and not g.has_ability(p, "can't attack"))


def potential_blockers(g: Game, player: str) -> list[Permanent]:
    return [p for p in g.battlefield.values() if p.controller == player and p.is_creature() and not p.tapped
            and not p.phased_out and not g.has_ability(p, "can't block")]


def tax_texts(g: Game, kind: str, player: str | None = None) -> list[str]:
    """The attack taxes (`attack_cost`) of the permanents `player` controls, or every block tax (`block_cost`), in
    force now: one look at the battlefield serves the mana, life and Phyrexian parts (none in a game that never had
    a tax)."""
    if not g.hooks.uses(TAXES):
        return []
    return [a.text for q in g.battlefield.values() if player is None or q.controller == player
            for a in q.abilities() if a.kind == kind]


def attack_tax(g: Game, player: str) -> int:
    """What attacking `player` costs for each attacking creature (Propaganda's "attack cost {2}")."""
    return sum(mana_value(mana_symbols(t)) for t in tax_texts(g, "attack_cost", player))


def block_tax(g: Game) -> int:
    """What blocking costs for each blocking creature."""
    return sum(mana_value(mana_symbols(t)) for t in tax_texts(g, "block_cost"))


def phyrexian_tax(g: Game, kind: str, player: str | None = None) -> int:
    """How many of the mana symbols of each attack (of `player`) or block tax are Phyrexian (107.4f)."""
    return sum(phyrexian(mana_symbols(t)) for t in tax_texts(g, kind, player))


def attack_life_tax(g: Game, player: str) -> int:
    """The life attacking `player` costs for each attacking creature ("attack cost 3 life")."""
    return sum(life_amount(t) or 0 for t in tax_texts(g, "attack_cost", player))


def block_life_tax(g: Game) -> int:
    """The life blocking costs for each blocking creature."""
    return sum(life_amount(t) or 0 for t in tax_texts(g, "block_cost"))


def attacks_free(g: Game, player: str) -> bool:
    """Whether attacking `player` costs nothing, in mana or in life."""
    return attack_tax(g, player) == 0 and attack_life_tax(g, player) == 0


def can_attack_for_free(g: Game) -> bool:
    """Whether something can be attacked without paying a cost: an untaxed defending player, or a planeswalker."""
    defenders = g.defenders or opponents(g, g.active)
    if any(attacks_free(g, d) for d in defenders):
        return True
    return any((q.card.is_("planeswalker") and q.controller in defenders) or
               (q.card.is_("battle") and protector(g, q) in defenders + [None]) for q in g.battlefield.values())


def dictated_defender(g: Game) -> str | None:
    """The only opponent the active player may attack under the attack left or attack right option: the next
    player in turn order (to the left) or the previous one (to the right)."""
    if g.option not in ("attack left", "attack right") or g.active not in g.players:
        return None
    i = g.players.index(g.active)
    return g.players[(i + (1 if g.option == "attack left" else -1)) % len(g.players)]


def begin_combat(g: Game) -> None:
    others = opponents(g, g.active)
    # the nonactive team defends (810.7a, 805.10a)
    everyone = g.option == "attack multiple players" or (g.archenemy is not None and g.active == g.archenemy) \
        or len(others) < len(g.players) - 1
    dictated = dictated_defender(g)
    g.defenders = [dictated] if dictated is not None else others if len(g.players) == 2 or everyone else []
    marks.begin_combat(g)   # (the permanents with a mark: nothing is removed from or declared in this combat)
    g.assigned = {}
    g.placement_pending = set()
    g.orders_announced = set()


def skip_blockers_and_damage(g: Game) -> list[PlanEntry]:
    """Without attackers the declare blockers and combat damage steps of this combat phase (a normal or an
    additional one) are skipped; returns what was removed."""
    i = 0
    while i < len(g.plan) and g.plan[i].step in ("declare blockers step",) + DAMAGE_STEPS:
        i += 1
    removed, g.plan = g.plan[:i], g.plan[i:]
    return removed


def strikes_first(g: Game, p: Permanent) -> bool:
    return g.has_ability(p, "first strike") or g.has_ability(p, "double strike")


def begin_damage_step(g: Game) -> None:
    if g.step == "combat damage step":
        strikers = False
        for p in g.battlefield.values():
            if p.in_combat:
                p.first_strike_at_step = strikes_first(g, p)
                strikers = strikers or p.first_strike_at_step
        g.first_strike_step = strikers
        if strikers and not any(e.step == "second combat damage step" for e in g.plan):
            g.plan.insert(0, PlanEntry("second combat damage step"))
    g.assigned = {}
    g.dealt_in_bulk = set()
    g.damage_on_stack = None


def assigns_this_step(g: Game, p: Permanent) -> bool:
    if not g.first_strike_step:
        return True
    if g.step == "combat damage step":
        return strikes_first(g, p)
    return (not p.first_strike_at_step) or g.has_ability(p, "double strike")


def bandmates(g: Game, p: Permanent) -> list[Permanent]:
    """The other attacking creatures in p's band."""
    if not p.band:
        return []
    return [q for q in g.battlefield.values() if q.band == p.band and q is not p and q.in_combat]


def orders_by_choice(g: Game, p: Permanent) -> bool:
    """Whether p's combat damage is divided as its assigning player chooses, not in damage assignment order:
    it is blocked by, or blocks, a creature with banding."""
    others = p.blockers if is_attacker(p) else p.blocking
    return any(q is not None and g.has_ability(q, "banding") for q in (g.by_pid(pid) for pid in others))


def is_attacker(p: Permanent) -> bool:
    """Attacking now: attacking something, or declared as an attacker whose target left, and not removed from
    combat since (a creature removed from combat may come back as a blocker for its new controller)."""
    return p.attacking is not None or (p.attacked and not p.removed_from_combat)


def default_assignment(g: Game, p: Permanent) -> list[tuple[int, str]]:
    """How a creature whose assignment was not narrated assigns its damage: in order, lethal before the next.
    When its power, or a blocker's toughness, can't be computed (`*/*`), nothing is dealt and what it would have
    been dealt to is uncertain from then on."""
    power = g.pt(p)[0]
    if not p.in_combat or not assigns_this_step(g, p):
        return []
    if pt_unknown(g, p) or any(q is not None and pt_unknown(g, q) for q in map(g.by_pid, p.blockers)) or (
            g.step == "combat damage step" and not g.first_strike_step and strike_unknown(g)):
        others = p.blockers if is_attacker(p) else p.blocking
        g.uncertain.update(q.name for q in map(g.by_pid, others) if q is not None)
        if is_attacker(p) and not p.blocked and p.attacking is not None:
            g.uncertain.add(p.attacking)
        return []
    if power <= 0:
        return []
    if is_attacker(p):
        if not p.blocked:
            target = p.attacking
            attacked = g.named(target) if target and target not in g.pstate else None
            if not target or (attacked is not None and attacked.removed_from_combat):
                return []   # it attacks nothing now (506.4c)
            return [(power, target)]
        out: list[tuple[int, str]] = []
        left = power
        for pid in p.blockers:
            q = g.by_pid(pid)
            if q is None or left <= 0:
                continue
            lethal = left if pt_unknown(g, q) else max(g.pt(q)[1] - q.damage, 0)
            give = min(left, lethal) if pid != p.blockers[-1] else left
            out.append((give, q.name))
            left -= give
        return out
    blocked = [g.by_pid(pid) for pid in p.blocking]
    first = next((q for q in blocked if q is not None), None)
    return [(power, first.name)] if first else []


def _damage_plan(g: Game) -> dict[int, list[tuple[int, str]]]:
    """Each creature in combat's combat damage: as assigned, or by default."""
    plan: dict[int, list[tuple[int, str]]] = dict(g.assigned)
    for p in g.battlefield.values():
        if p.pid not in plan and p.in_combat:
            plan[p.pid] = default_assignment(g, p)
    return plan


def deal_combat_damage(g: Game) -> None:
    """Every creature in combat deals its combat damage as assigned (or by default), then creatures with lethal
    damage die."""
    if g.step not in DAMAGE_STEPS:
        return
    g.dealt_serial = g.step_serial
    for pid, parts in _damage_plan(g).items():
        src = g.by_pid(pid)
        if parts:
            g.dealt_in_bulk.add(pid)
        for amount, recipient in parts:
            apply_damage(g, src, amount, recipient)
            combat_damage_to_monarch(g, src, amount, recipient)
    g.assigned = {}
    state_based_actions(g)


def put_combat_damage_on_stack(g: Game) -> None:
    """Editions where combat damage uses the stack: every creature's assignment (as given, or by default) goes
    on the stack as one item, to be dealt when it resolves."""
    if g.step not in DAMAGE_STEPS or g.damage_on_stack is not None or g.dealt_serial == g.step_serial:
        return
    g.dealt_serial = g.step_serial
    parts: list[tuple[Permanent, int, str]] = []
    for pid, assignment in _damage_plan(g).items():
        # a creature that left the battlefield has no damage to assign, unless the transcript says it assigned some
        src = g.by_pid(pid) or next((q for q in reversed(g.graveyard) if q.pid == pid), None)
        if src is not None:
            parts.extend((src, amount, recipient) for amount, recipient in assignment)
    g.assigned = {}
    if not parts:
        return   # no creature deals combat damage: nothing goes on the stack
    g.damage_on_stack = parts
    g.stack.append(StackItem("damage", "combat damage", g.active, None, g.line))
    g.note_stack_change()


def resolve_combat_damage(g: Game) -> list[tuple[Permanent, int, str]]:
    """Combat damage on the stack resolves: dealt as assigned, even by a creature that has left the battlefield,
    but not to a creature that has left it. Returns what was on the stack."""
    if g.damage_on_stack is None:
        return []
    parts = g.damage_on_stack
    g.damage_on_stack = None
    g.stack = [item for item in g.stack if item.kind != "damage"]
    g.note_stack_change()
    for src, amount, recipient in parts:
        if recipient not in g.pstate and g.named(recipient) is None:
            continue   # the creature it was assigned to is gone
        apply_damage(g, src, amount, recipient)
        combat_damage_to_monarch(g, src, amount, recipient)
    state_based_actions(g)
    return parts


def undo_damage(g: Game, src: Permanent | None, amount: int, recipient: str) -> None:
    """Take back damage just dealt (the transcript says it was dealt otherwise): a player's life and lifelink's
    gain, or the damage marked on a permanent still on the battlefield."""
    if src is not None and amount > 0 and g.has_ability(src, "lifelink") and src.controller in g.pstate:
        g.pstate[src.controller].lifelink(g.step_serial, -amount)
    if recipient in g.pstate:
        g.pstate[recipient].life += amount
        return
    q = g.named(recipient)
    if q is not None:
        q.damage = max(q.damage - amount, 0)


MONARCH = "the monarch"   # the source of the monarch's inherent triggered abilities, which have none (724.2)
MONARCH_PASSES = "the monarch passes to "


def combat_damage_to_monarch(g: Game, src: Permanent | None, amount: int, recipient: str) -> None:
    """Whenever a creature deals combat damage to the monarch, its controller becomes the monarch: an inherent
    trigger, controlled by the monarch, which must reach the stack like any other."""
    monarch = g.designations.get("monarch")
    if monarch is None or recipient != monarch or src is None or amount <= 0 or src.controller == recipient:
        return
    g.pending.append(PendingTrigger(MONARCH, MONARCH_PASSES + src.controller, g.step or "", monarch, "current:724.2",
                                    f"when {src.name} dealt combat damage to the monarch"))


def apply_damage(g: Game, src: Permanent | None, amount: int, recipient: str) -> None:
    q = g.named(recipient) if recipient not in g.pstate else None
    if damage_to_life_unknown(g, src, amount, recipient) or \
            q is not None and src is not None and protection_against(g, q, src) is not None:
        return   # unread text may prevent or replace it (the transcript says what q has), or protection prevents it
    if src is not None and amount > 0 and g.has_ability(src, "lifelink") and src.controller in g.pstate:
        g.pstate[src.controller].lifelink(g.step_serial, amount)
    infect = src is not None and g.has_ability(src, "infect")
    if recipient in g.pstate:
        if not infect:
            g.pstate[recipient].life -= amount
        elif amount > 0:   # infect: poison counters instead of life loss
            poison = g.pstate[recipient].counters
            poison["poison"] = poison.get("poison", 0) + amount
            if poison["poison"] >= 10:
                g.table.risk(recipient)   # ten poison counters: the next check (704.5c)
        return
    if q is None:
        return
    amount = _prevented(g, q, amount)
    if amount <= 0:
        return
    g.marked[q.pid] = q   # damage, or a deathtouch hit, for the cleanup (marks.py)
    if q.card.is_("planeswalker") and not q.is_creature():
        q.counters["loyalty"] = q.counters.get("loyalty", q.card.loyalty or 0) - amount
    elif q.card.is_("battle") and not q.is_creature():
        if "defense" in q.counters:   # damage to a battle removes defense counters (310.6)
            q.counters["defense"] = max(0, q.counters["defense"] - amount)
    elif src is not None and (infect or g.has_ability(src, "wither")):
        q.counters["-1/-1"] = q.counters.get("-1/-1", 0) + amount   # -1/-1 counters instead of damage
        if g.has_ability(src, "deathtouch"):
            q.counters["deathtouch-damage"] = 1
    else:
        q.damage += amount
        if src is not None and g.has_ability(src, "deathtouch"):
            q.counters["deathtouch-damage"] = 1


def _prevented(g: Game, q: Permanent, amount: int) -> int:
    """What is left of damage to a permanent after its prevention shields, which are used up by it."""
    for e in g.effects if amount > 0 else ():
        if e.prevent > 0 and e.target == q.pid:
            used = min(e.prevent, amount)
            e.prevent -= used
            amount -= used
    return amount


SBA_SKIPS = True   # (tests turn it off: the walk then looks at every permanent)


def state_based_actions(g: Game) -> None:
    """Creatures with lethal damage or no toughness and planeswalkers without loyalty leave the battlefield;
    +1/+1 and -1/-1 counters on one permanent annihilate (704.5r)."""
    # without effects and attachments, a permanent with no counter and no damage has its card's toughness: with
    # one above 0, or neither creature nor planeswalker, it has nothing to check (tests/test_ordinary.py)
    plain = SBA_SKIPS and not (g.effects or g.has_attachments)
    for q in list(g.battlefield.values()):
        if plain and not q.counters and not q.damage and ((q.card.toughness or 0) > 0 or (
                "creature" not in q.types and "planeswalker" not in q.card.types)):
            continue
        if q.counters and "+1/+1" in q.counters and "-1/-1" in q.counters:
            annihilate(g, q)
        if q.is_creature() and pt_unknown(g, q):
            if q.counters.get("deathtouch-damage") and not g.has_ability(q, "indestructible"):
                g.leave_battlefield(q)   # its toughness is unknown, but deathtouch damage destroys it anyway
        elif q.is_creature():
            tough = g.pt(q)[1]
            destroyed = not g.has_ability(q, "indestructible") and (
                q.damage >= tough or bool(q.counters.get("deathtouch-damage")))
            if tough <= 0:
                g.leave_battlefield(q)
            elif destroyed and g.shielded(q) is not None:
                g.regenerate(q)   # the shield replaces the destruction
            elif destroyed:
                g.leave_battlefield(q)
        elif q.card.is_("planeswalker") and q.counters.get("loyalty", q.card.loyalty or 1) <= 0:
            g.leave_battlefield(q)
