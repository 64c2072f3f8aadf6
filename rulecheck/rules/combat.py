"""Combat: CR 506-511 and the combat turn-based actions of 703.4e-k."""

from __future__ import annotations

from functools import lru_cache

from .. import nodes as n
from ..nodes import Ability
from ..replay.engine import AssignmentGroup, Declaration, PlanEntry, Replay
from ..replay.state import (
    DAMAGE_STEPS,
    STEP_PHASE,
    PendingTrigger,
    Permanent,
    StackItem,
    mana_symbols,
    mana_value,
)
from . import turn

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


def handle(g: Replay, stmt: n.Statement) -> None:
    if isinstance(stmt, n.ChooseDefender):
        choose_defender(g, stmt)
    elif isinstance(stmt, n.DeclareAttackers):
        declare_attackers(g, stmt)
    elif isinstance(stmt, n.DeclareBlockers):
        declare_blockers(g, stmt)
    elif isinstance(stmt, n.DamageOrder):
        damage_order(g, stmt)
    elif isinstance(stmt, n.AssignDamage):
        assign(g, stmt)
    elif isinstance(stmt, n.DamageDealt):
        if not turn.tba(g, "deal", stmt):
            deal_all(g)
    elif isinstance(stmt, n.DealDamage):
        deal_one(g, stmt)
    elif isinstance(stmt, n.RemovedFromCombat):
        g.remove_from_combat(g.perm(stmt.permanent))


# ------------------------------------------------------------------ helpers
def kw(g: Replay, p: Permanent, word: str) -> bool:
    return g.has_ability(p, word)


def defending_player_of(g: Replay, p: Permanent) -> str | None:
    if p.attacking is None:
        return None
    if p.attacking in g.pstate:
        return p.attacking
    for q in g.perms + g.graveyard:
        if q.name == p.attacking:
            return q.controller
    return None


def begin_combat(g: Replay) -> None:
    opponents = [x for x in g.players if x != g.active]
    everyone = g.option == "attack multiple players" or (g.archenemy is not None and g.active == g.archenemy)
    if len(g.players) == 2 or everyone:
        g.defenders = opponents
    else:
        g.defenders = []
    for p in g.perms:
        p.removed_from_combat = False
        p.left_combat_at_end = False
        p.declared_blocker = False
        p.blocked_by_declaration = False
    g.assigned = {}
    g.placement_pending = set()
    g.orders_announced = set()


def _step_is(g: Replay, step: str, stmt: n.Statement, kind: str) -> bool:
    if g.step != step:
        from ..replay.engine import TBA_RULE, TBA_WORDS
        where = g.step or "gap between steps"
        g.flag(stmt, TBA_RULE[kind], f"{TBA_WORDS[kind]} happens in the {where}; it is a turn-based action of "
                                     f"the {step}")
        return False
    return True


# ------------------------------------------------------------------ 507.1
def choose_defender(g: Replay, stmt: n.ChooseDefender) -> None:
    player = g.player(stmt.player)
    chosen = [g.player(r) for r in stmt.defenders]
    if _step_is(g, "beginning of combat step", stmt, "choose_defender"):
        turn.tba(g, "choose_defender", stmt)
        if player != g.active:
            g.flag(stmt, "507.1", f"{player} chooses the defending player, but the active player {g.active} does")
        elif len(chosen) != 1 and g.option != "attack multiple players":
            g.flag(stmt, "507.1", f"{player} chooses {', '.join(chosen)} as defending players; in this game the "
                                  "active player chooses exactly one opponent")
        elif any(c == g.active for c in chosen):
            g.flag(stmt, "507.1", f"{player} chooses herself; the defending player is an opponent")
    g.defenders = chosen


# ------------------------------------------------------------------ 508
def declare_attackers(g: Replay, stmt: n.DeclareAttackers) -> None:
    player = g.player(stmt.player)
    if g.declaration is None or g.declaration.kind != "attack":
        if _step_is(g, "declare attackers step", stmt, "declare_attackers"):
            turn.tba(g, "declare_attackers", stmt)
        g.declaration = Declaration("attack", player)
    decl = g.declaration
    decl.lines.append(stmt)
    decl.band = decl.band or stmt.band
    if player != g.active:
        g.flag(stmt, "508.1", f"{player} declares attackers, but only the active player {g.active} does")
        return
    target_name: str | None = None
    if stmt.target is not None:
        target_name = _attack_target(g, stmt, stmt.target, player)
    for ref in stmt.attackers:
        p = g.perm(ref, prefer=lambda q: q.controller == player and not any(q.pid == pid for pid, _ in decl.pairs))
        decl.pairs.append((p.pid, [target_name] if target_name else []))
        if _attacker_problem(g, stmt, p, player):
            decl.bad.add(p.pid)


def _attack_target(g: Replay, stmt: n.Statement, ref: n.Ref, player: str) -> str | None:
    if ref.text in g.pstate:
        if ref.text == player:
            g.flag(stmt, "506.2", f"{player} can't attack herself; only the defending player and their "
                                  "planeswalkers can be attacked", ("508.1b",))
        elif g.defenders and ref.text not in g.defenders:
            g.flag(stmt, "506.2", f"{ref.text} is not a defending player this combat", ("508.1b",))
        return ref.text
    p = g.perm(ref)
    if not p.card.is_("planeswalker"):
        g.flag(stmt, "506.3", f"{p.name} is a {' '.join(p.card.types)}, not a player or planeswalker; only players "
                              "and planeswalkers can be attacked")
    elif p.controller == player or (g.defenders and p.controller not in g.defenders):
        g.flag(stmt, "506.2", f"{p.name} is {p.controller}'s planeswalker; only planeswalkers controlled by the "
                              "defending player can be attacked", ("508.1b",))
    return p.name


def _attacker_problem(g: Replay, stmt: n.Statement, p: Permanent, player: str) -> bool:
    if not p.is_creature():
        return g.flag(stmt, "506.3", f"{p.name} is not a creature; only creatures attack")
    if p.controller != player:
        return g.flag(stmt, "508.1a", f"{p.name} is {p.controller}'s; the active player attacks only with "
                                      "creatures she controls")
    if p.tapped:
        return g.flag(stmt, "508.1a", f"{p.name} is tapped; attacking creatures must be untapped")
    if p.new and not kw(g, p, "haste"):
        return g.flag(stmt, "508.1a", f"{player} has not controlled {p.name} continuously since the turn began "
                                      "and it lacks haste, so it can't attack", ("302.6",))
    if kw(g, p, "defender") or kw(g, p, "can't attack"):
        why = "defender" if kw(g, p, "defender") else "\"can't attack\""
        return g.flag(stmt, "508.1c", f"{p.name} has {why}, a restriction that forbids it to attack",
                      ("702.3",) if why == "defender" else ())
    return False


def close_declaration(g: Replay, decl: Declaration) -> None:
    if decl.kind == "attack":
        _close_attack(g, decl)
    else:
        _close_block(g, decl)


def _able_to_attack(g: Replay, p: Permanent) -> bool:
    return (p.is_creature() and p.controller == g.active and not p.tapped and not p.phased_out
            and (not p.new or kw(g, p, "haste")) and not kw(g, p, "defender") and not kw(g, p, "can't attack"))


def _close_attack(g: Replay, decl: Declaration) -> None:
    first = decl.lines[0] if decl.lines else None
    chosen = [pid for pid, _ in decl.pairs]
    perms = {p.pid: p for p in g.perms}
    attackers = [perms[pid] for pid in chosen if pid in perms]
    count = len(attackers)
    # 508.1c restrictions that depend on the whole declaration
    if count == 1 and any(kw(g, attackers[0], a) for a in ALONE_ATTACK):
        g.flag(first, "508.1c", f"{attackers[0].name} can't attack alone, but it is the only attacker")
    elif count > 1 and g.global_static(MAX_ONE_ATTACK):
        g.flag(first, "508.1c", f"{count} creatures attack, but no more than one creature can attack each combat "
                                f"({g.global_static(MAX_ONE_ATTACK)[0].name})")
    elif decl.band and not any(kw(g, p, "banding") for p in attackers):
        g.flag(first, "508.1e", "a band is announced, but none of the attackers has banding or \"bands with "
                                "other\"", ("702.20",))
    else:
        _attack_requirements(g, decl, attackers)
    # 508.1g-i costs
    cost = 0
    for p in attackers:
        target = next((t for pid, ts in decl.pairs if pid == p.pid for t in ts), None)
        if target in g.pstate:
            for q in g.perms:
                if q.controller == target:
                    cost += sum(mana_value(mana_symbols(a.text)) for a in q.abilities() if a.kind == "attack_cost")
    _judge_cost(g, decl, cost, "508.1g", "508.1i", "attack")
    # 508.1f, 508.1j
    for p in attackers:
        target = next((t for pid, ts in decl.pairs if pid == p.pid for t in ts), None)
        if target is None and len(g.defenders) == 1:
            target = g.defenders[0]
        p.attacking = target
        p.in_combat = True
        p.attacked = True
        if not kw(g, p, "vigilance"):
            p.tapped = True
        if _has_trigger(p, ATTACKS):
            _owe(g, p, ATTACKS, "508.2", "when it was declared as an attacker")
    g.combat_attackers_declared = bool(attackers)
    if not attackers:
        _no_attackers(g)


def _no_attackers(g: Replay) -> None:
    """508.6: without attackers, skip the declare blockers and combat damage steps."""
    if g.step != "declare attackers step":
        return
    removed = [e for e in g.plan if e.step in ("declare blockers step",) + DAMAGE_STEPS and e.origin == "normal"]
    g.plan = [e for e in g.plan if e not in removed]
    g.assumed_removed_plan = removed


def _attack_requirements(g: Replay, decl: Declaration, attackers: list[Permanent]) -> None:
    able = [p for p in g.perms if _able_to_attack(g, p)]
    if not any(kw(g, p, MUST_ATTACK) for p in able):
        return
    max_one = bool(g.global_static(MAX_ONE_ATTACK))
    flags = tuple((kw(g, p, MUST_ATTACK), any(kw(g, p, a) for a in ALONE_ATTACK)) for p in able)
    best = _best_attack(flags, max_one)
    chosen = {p.pid for p in attackers}
    obeyed = sum(1 for p in able if p.pid in chosen and kw(g, p, MUST_ATTACK))
    if obeyed < best:
        g.flag(decl.lines[0] if decl.lines else None, "508.1d",
               f"the declaration obeys {obeyed} attack requirement(s), but {best} could be obeyed without breaking "
               "a restriction")


@lru_cache(maxsize=1024)
def _best_attack(flags: tuple[tuple[bool, bool], ...], max_one: bool) -> int:
    """Most 'attacks if able' requirements obeyable without breaking a restriction (508.1d).

    Exact, by dynamic programming over the creatures: the only restrictions that couple creatures are "no more
    than one creature can attack" and "can't attack alone", so the state is (creatures seen, attackers so far
    capped at 2, whether a can't-attack-alone creature attacks) and the work is linear in the creatures.
    """
    # best[(total, alone)] = most requirements obeyed so far reaching that state
    best: dict[tuple[int, bool], int] = {(0, False): 0}
    for must, alone in flags:
        nxt = dict(best)
        for (total, alone_so_far), score in best.items():
            key = (min(total + 1, 2), alone_so_far or alone)
            value = score + (1 if must else 0)
            if nxt.get(key, -1) < value:
                nxt[key] = value
        best = nxt
    legal = [score for (total, alone), score in best.items()
             if not (max_one and total > 1) and not (alone and total < 2)]
    return max(legal, default=0)


def _judge_cost(g: Replay, decl: Declaration, cost: int, total_rule: str, paid_rule: str, what: str) -> None:
    if decl.pay_line is not None:
        if decl.paid != cost:
            g.flag(decl.pay_line, total_rule, f"the total cost to {what} is {{{cost}}}, but {decl.player} pays "
                                              f"{{{decl.paid}}}", (paid_rule,))
    elif cost > 0:
        g.flag(decl.lines[0] if decl.lines else None, paid_rule,
               f"{what}ing costs {{{cost}}} in total, and it is not paid")


def pay(g: Replay, stmt: n.PayMana) -> None:
    player = g.player(stmt.player)
    decl = g.declaration
    amount = mana_value(mana_symbols(stmt.mana))
    if decl is not None:
        decl.paid += amount
        decl.pay_line = stmt
    g.pay_from_pool(player, stmt.mana)


# ------------------------------------------------------------------ 509
def declare_blockers(g: Replay, stmt: n.DeclareBlockers) -> None:
    player = g.player(stmt.player)
    if g.resolving is not None and stmt.blockers:
        _effect_block(g, stmt)
        return
    if g.declaration is None or g.declaration.kind != "block":
        if _step_is(g, "declare blockers step", stmt, "declare_blockers"):
            turn.tba(g, "declare_blockers", stmt)
        g.declaration = Declaration("block", player)
    decl = g.declaration
    decl.lines.append(stmt)
    attackers = [g.perm(r) for r in stmt.attackers]
    if player == g.active and stmt.blockers:
        g.flag(stmt, "509.1", f"{player} declares blockers, but {player} is the active player; only defending "
                              "players declare blockers")
        decl.bad.update(b.pid for b in (g.perm(r) for r in stmt.blockers))
        return
    for ref in stmt.blockers:
        b = g.perm(ref, prefer=lambda q: q.controller == player)
        decl.pairs.append((b.pid, [a.name for a in attackers]))
        if b.pid in decl.bad:
            continue
        if _blocker_problem(g, stmt, b, attackers, player, decl):
            decl.bad.add(b.pid)


def _blocker_problem(g: Replay, stmt: n.Statement, b: Permanent, attackers: list[Permanent], player: str,
                     decl: Declaration) -> bool:
    if not b.is_creature():
        return g.flag(stmt, "506.3", f"{b.name} is not a creature; only creatures block")
    if b.controller != player:
        return g.flag(stmt, "509.1a", f"{b.name} is {b.controller}'s; a player blocks only with creatures she "
                                      "controls")
    if b.tapped:
        return g.flag(stmt, "509.1a", f"{b.name} is tapped; blocking creatures must be untapped")
    total = sum(len(ts) for pid, ts in decl.pairs if pid == b.pid)
    limit = 99 if kw(g, b, "can block any number of creatures") else \
        2 if kw(g, b, "can block an additional creature each combat") else 1
    if total > limit:
        return g.flag(stmt, "509.1a", f"{b.name} blocks {total} creatures, but each blocker blocks one attacking "
                                      "creature unless an ability lets it block more")
    for a in attackers:
        if not (a.in_combat and a.attacking is not None) and not a.in_combat:
            return g.flag(stmt, "509.1a", f"{a.name} is not an attacking creature")
        defender = defending_player_of(g, a)
        if defender is not None and defender != player:
            return g.flag(stmt, "509.1a", f"{a.name} is attacking {a.attacking}, not {player} or a planeswalker "
                                          f"{player} controls")
        if kw(g, b, "can't block"):
            return g.flag(stmt, "509.1b", f"{b.name} can't block")
        evasion = _evasion(g, b, a)
        if evasion is not None:
            return g.flag(stmt, "509.1b", evasion[0], evasion[1])
    return False


def _evasion(g: Replay, b: Permanent, a: Permanent) -> tuple[str, tuple[str, ...]] | None:
    """Why b can't block a (a restriction of 509.1b), with the related keyword rules; None if it can."""
    if kw(g, a, UNBLOCKABLE):
        return f"{a.name} can't be blocked", ()
    if kw(g, a, "flying") and not (kw(g, b, "flying") or kw(g, b, "reach")):
        return f"{a.name} has flying and {b.name} has neither flying nor reach", ("702.9", "702.16")
    if kw(g, b, ONLY_FLYERS) and not kw(g, a, "flying"):
        return f"{b.name} can block only creatures with flying, and {a.name} has no flying", ("702.9",)
    if kw(g, a, "fear") and not (b.card.is_("artifact") or b.card.is_("black")):
        return f"{a.name} has fear, so only artifact or black creatures can block it", ()
    if kw(g, a, "intimidate") and not (b.card.is_("artifact") or set(colours(b)) & set(colours(a))):
        return (f"{a.name} has intimidate, so only artifact creatures and creatures that share a colour with it "
                "can block it", ())
    quality = _protection_against(g, a, b)
    if quality is not None:
        return f"{a.name} has protection from {quality}, so {b.name} can't block it", ()
    if kw(g, a, "shadow") != kw(g, b, "shadow"):
        return f"{a.name} and {b.name} don't both have shadow, so one can't block the other", ()
    if kw(g, a, "horsemanship") and not kw(g, b, "horsemanship"):
        return f"{a.name} has horsemanship and {b.name} doesn't", ()
    return None


def _needs_two(g: Replay, a: Permanent) -> bool:
    return kw(g, a, "menace") or kw(g, a, TWO_OR_MORE) or bool(g.global_static(TEAM_TWO_OR_MORE, a.controller))


def _close_block(g: Replay, decl: Declaration) -> None:
    first = decl.lines[0] if decl.lines else None
    perms = {p.pid: p for p in g.perms}
    blocks: dict[int, list[Permanent]] = {}
    per_attacker: dict[str, list[int]] = {}
    for pid, targets in decl.pairs:
        for t in targets:
            a = next((p for p in g.perms if p.name == t), None)
            if a is None:
                continue
            blocks.setdefault(pid, []).append(a)
            per_attacker.setdefault(a.name, []).append(pid)
    blockers = [perms[pid] for pid in blocks if pid in perms]
    flagged = any(pid in decl.bad for pid in blocks)
    if not flagged:
        for name, pids in per_attacker.items():
            a = next(p for p in g.perms if p.name == name)
            if len(pids) == 1 and _needs_two(g, a):
                g.flag(first, "509.1b", f"{a.name} can't be blocked except by two or more creatures, but only "
                                        f"{perms[pids[0]].name} blocks it")
                flagged = True
                break
    if not flagged:
        for name, pids in per_attacker.items():
            a = next(p for p in g.perms if p.name == name)
            if len(pids) > 1 and kw(g, a, AT_MOST_ONE_BLOCKER):
                g.flag(first, "509.1b", f"{a.name} can't be blocked by more than one creature, but "
                                        f"{len(pids)} block it")
                flagged = True
                break
    if not flagged and len(blockers) == 1 and any(kw(g, blockers[0], x) for x in ALONE_BLOCK):
        g.flag(first, "509.1b", f"{blockers[0].name} can't block alone, but it is the only blocker")
        flagged = True
    if not flagged and len(blockers) > 1 and g.global_static(MAX_ONE_BLOCK):
        g.flag(first, "509.1b", f"{len(blockers)} creatures block, but no more than one creature can block each "
                                f"combat ({g.global_static(MAX_ONE_BLOCK)[0].name})")
        flagged = True
    if not flagged:
        _block_requirements(g, decl, blocks)
    cost = 0
    for q in g.perms:
        cost += sum(mana_value(mana_symbols(a.text)) for a in q.abilities() if a.kind == "block_cost") * len(blockers)
    _judge_cost(g, decl, cost, "509.1d", "509.1f", "block")
    # 509.1g-h
    for b in blockers:
        b.in_combat = True
        b.declared_blocker = True
        became_blocker(g, b, blocks[b.pid])
        for a in blocks[b.pid]:
            if a.pid not in b.blocking:
                b.blocking.append(a.pid)
            if b.pid not in a.blockers:
                a.blockers.append(b.pid)
    for a in g.perms:
        if a.in_combat and a.attacking is not None or (a.in_combat and a.attacked):
            if a.blockers and not a.blocked:
                became_blocked(g, a, [perms[pid] for pid in a.blockers if pid in perms])
            a.blocked = bool(a.blockers)
            a.blocked_by_declaration = bool(a.blockers)
            if a.attacked and not a.blockers and _has_trigger(a, UNBLOCKED):
                _owe(g, a, UNBLOCKED, "509.4", "when no creature was declared to block it")


# Combat trigger conditions, longest first so that "blocks a creature" is not read as "blocks".
UNBLOCKED = "whenever this attacks and isn't blocked"
ATTACKS = "whenever this attacks"
BLOCKS_A_CREATURE = "whenever this blocks a creature"
BLOCKS = "whenever this blocks"
BLOCKED_BY_A_CREATURE = "whenever this becomes blocked by a creature"
BECOMES_BLOCKED = "whenever this becomes blocked"
COMBAT_TRIGGERS = (UNBLOCKED, ATTACKS, BLOCKS_A_CREATURE, BLOCKS, BLOCKED_BY_A_CREATURE, BECOMES_BLOCKED)


def _trigger_kind(text: str) -> str | None:
    return next((k for k in COMBAT_TRIGGERS if text == k or text.startswith((k + ",", k + " "))), None)


def _has_trigger(p: Permanent, kind: str) -> bool:
    return any(a.kind == "trigger" and _trigger_kind(a.text) == kind for a in p.abilities())


def _owe(g: Replay, p: Permanent, kind: str, rule: str, when: str) -> None:
    """A combat trigger has triggered: it must reach the stack before the next player gets priority."""
    g.pending.append(PendingTrigger(p.name, kind, g.step or "", p.controller, rule, when))


def became_blocker(g: Replay, b: Permanent, attackers: list[Permanent]) -> None:
    """b was declared as a blocker, or an effect made it block (509.4a, 509.4b); not put onto the battlefield."""
    if _has_trigger(b, BLOCKS) and not b.blocking:
        _owe(g, b, BLOCKS, "509.4", "when it blocked")
    for a in attackers:
        if a.pid not in b.blocking:
            if _has_trigger(b, BLOCKS_A_CREATURE):
                _owe(g, b, BLOCKS_A_CREATURE, "509.4", f"when it blocked {a.name}")
            if _has_trigger(a, BLOCKED_BY_A_CREATURE) and b.pid not in a.blockers:
                _owe(g, a, BLOCKED_BY_A_CREATURE, "509.4", f"when {b.name} blocked it")


def became_blocked(g: Replay, a: Permanent, blockers: list[Permanent] | None) -> None:
    """a, an unblocked attacker, becomes blocked: by blockers, or by an effect with no creature (None)."""
    if _has_trigger(a, BECOMES_BLOCKED):
        _owe(g, a, BECOMES_BLOCKED, "509.4", "when it became blocked")


def _potential_blockers(g: Replay, player: str) -> list[Permanent]:
    return [p for p in g.perms if p.controller == player and p.is_creature() and not p.tapped and not p.phased_out
            and not kw(g, p, "can't block")]


COLOURS = ("white", "blue", "black", "red", "green")


def colours(p: Permanent) -> list[str]:
    """The colours given in the card's definition (`card Serra Angel: white creature 4/4`)."""
    return [c for c in COLOURS if p.card.is_(c)]


def _protections(g: Replay, p: Permanent) -> list[str]:
    texts = [a.text for a in p.abilities()] + [e.ability.text for e in g.effects
                                                if e.target == p.pid and e.ability is not None]
    return [t.removeprefix("protection from ") for t in texts if t.startswith("protection from ")]


def _protection_against(g: Replay, q: Permanent, src: Permanent) -> str | None:
    """The quality q has protection from that src has (a colour, creatures, artifacts, everything), if any."""
    return next((quality for quality in _protections(g, q)
                 if quality == "everything" or quality in colours(src)
                 or (quality == "creatures" and src.is_creature())
                 or (quality == "artifacts" and src.card.is_("artifact"))), None)


def _can_block(g: Replay, b: Permanent, a: Permanent) -> bool:
    return _evasion(g, b, a) is None


def _block_requirements(g: Replay, decl: Declaration, blocks: dict[int, list[Permanent]]) -> None:
    attackers = [a for a in g.perms if a.in_combat and a.attacked and defending_player_of(g, a) == decl.player]
    attackers += [a for a in g.perms if a.in_combat and a.attacking is not None and not a.attacked
                  and defending_player_of(g, a) == decl.player]
    pool = _potential_blockers(g, decl.player)
    lures = [a for a in attackers if kw(g, a, LURE)]
    musts = [b for b in pool if kw(g, b, MUST_BLOCK)]
    wanted = tuple(kw(g, a, MUST_BE_BLOCKED) for a in attackers)
    if not lures and not musts and not any(wanted):
        return
    a_index = {a.pid: i for i, a in enumerate(attackers)}
    needs_two = tuple(_needs_two(g, a) for a in attackers)
    blockers_spec = []
    for b in pool:
        options = tuple(i for i, a in enumerate(attackers) if _can_block(g, b, a))
        blockers_spec.append((options, kw(g, b, MUST_BLOCK), any(kw(g, b, x) for x in ALONE_BLOCK)))
    lure_idx = frozenset(a_index[a.pid] for a in lures)
    at_most_one = tuple(kw(g, a, AT_MOST_ONE_BLOCKER) for a in attackers)
    best, exact = _best_block(tuple(blockers_spec), needs_two, lure_idx, bool(g.global_static(MAX_ONE_BLOCK)),
                              at_most_one if any(at_most_one) else (), wanted if any(wanted) else ())
    obeyed = 0
    blocked: set[int] = set()
    for (options, must, _alone), b in zip(blockers_spec, pool, strict=True):
        chosen = [a_index[a.pid] for a in blocks.get(b.pid, []) if a.pid in a_index]
        obeyed += _score(chosen[0] if chosen else None, options, must, lure_idx)
        blocked.update(chosen)
    obeyed += sum(1 for i in blocked if wanted[i])
    if obeyed < best:
        g.flag(decl.lines[0] if decl.lines else None, "509.1c",
               f"the declaration obeys {obeyed} blocking requirement(s), but {best} could be obeyed without "
               "breaking a restriction")
    elif not exact and decl.lines:
        g.warn(decl.lines[0], "search-limit", f"the blocking requirements (509.1c) were not judged: {len(pool)} "
               f"potential blockers against {len(attackers)} attackers is too large a search (gave up after "
               f"{SEARCH_BUDGET} states); no better declaration was found before that")


def _score(choice: int | None, options: tuple[int, ...], must: bool, lures: frozenset[int]) -> int:
    """Requirements one blocker obeys: 'blocks if able', plus one per lure attacker it could block and does."""
    score = 0
    if must and choice is not None:
        score += 1
    for i in lures:
        if i in options and choice == i:
            score += 1
    return score


SEARCH_BUDGET = 100_000


@lru_cache(maxsize=256)
def _best_block(spec: tuple[tuple[tuple[int, ...], bool, bool], ...], needs_two: tuple[bool, ...],
                lures: frozenset[int], max_one: bool, at_most_one: tuple[bool, ...] = (),
                must_be_blocked: tuple[bool, ...] = ()) -> tuple[int, bool]:
    """Exact maximum of obeyed block requirements under the restrictions (509.1c), by memoised search.

    Blockers are decided one at a time. The state keeps, for each attacker that needs two or more blockers, how
    many block it (0, 1, 2+), plus the total number of blockers (0, 1, 2+) and whether a "can't block alone"
    creature blocks. Two reductions keep it small: an attacker no later blocker can reach is settled (one
    blocker is a dead end, 0 or 2+ are the same), and attackers that the remaining blockers see alike (same
    blockers able to block them, same lure) are interchangeable, so their counts are kept sorted.
    Attackers that "can't be blocked by more than one creature" are tracked the same way, and a second
    blocker for one of them is not a move. Returns the best found and whether the search finished within
    SEARCH_BUDGET states (then it is exact; if not, the best found is still achievable, so a declaration obeying
    fewer is still a certain violation). On a board where every blocker can block every attacker the state
    count is polynomial; see docs/transcript-language.md.
    """
    single = at_most_one or (False,) * len(needs_two)
    wanted = must_be_blocked or (False,) * len(needs_two)   # "must be blocked if able": one requirement each
    tracked = [i for i, t in enumerate(needs_two) if t or single[i] or wanted[i]]
    position = {a: k for k, a in enumerate(tracked)}
    pair_needed = [needs_two[a] for a in tracked]
    # classes[i]: tracked attackers grouped by who among blockers i.. can block them; settled ones apart
    classes: list[list[list[int]]] = []
    settled: list[list[int]] = []
    for i in range(len(spec) + 1):
        groups: dict[tuple[bool, bool, bool, bool, tuple[int, ...]], list[int]] = {}
        done: list[int] = []
        for k, a in enumerate(tracked):
            reach = tuple(j for j in range(i, len(spec)) if a in spec[j][0])
            if reach:
                groups.setdefault((a in lures, needs_two[a], single[a], wanted[a], reach), []).append(k)
            else:
                done.append(k)
        classes.append([g for g in groups.values() if len(g) > 1])
        settled.append(done)

    def canonical(i: int, counts: list[int]) -> tuple[int, ...] | None:
        for k in settled[i]:
            if counts[k] == 1 and pair_needed[k]:
                return None
            counts[k] = 0
        for group in classes[i]:
            values = sorted((counts[k] for k in group), reverse=True)
            for k, v in zip(group, values, strict=True):
                counts[k] = v
        return tuple(counts)

    n_blockers = len(spec)
    # rest_bound[i]: the most blockers i.. could add if nothing constrained them
    rest_bound = [0] * (n_blockers + 1)
    for i in range(n_blockers - 1, -1, -1):
        options, must, _ = spec[i]
        rest_bound[i] = rest_bound[i + 1] + max((_score(c, options, must, lures) for c in options), default=0)
    rest_bound = [b + sum(wanted) for b in rest_bound]   # loose but safe: each such attacker adds one at most
    start = canonical(0, [0] * len(tracked))
    if start is None:
        return 0, True
    best = 0
    budget = SEARCH_BUDGET  # declaring no blocks is always possible and obeys nothing
    # Depth-first, best choices first, pruned by the bound and by dominance: reaching a state already reached
    # with at least as many requirements obeyed cannot lead anywhere better. Both prunings keep it exact.
    reached: dict[tuple[int, tuple[int, ...], int, bool], int] = {}
    stack: list[tuple[int, tuple[int, ...], int, bool, int]] = [(0, start, 0, False, 0)]
    while stack:
        budget -= 1
        if budget < 0:
            return best, False
        i, counts, total, alone, score = stack.pop()
        if score + rest_bound[i] <= best:
            continue
        key = (i, counts, total, alone)
        if reached.get(key, -1) >= score:
            continue
        reached[key] = score
        if i == n_blockers:
            if not (max_one and total > 1) and not (alone and total < 2):
                best = max(best, score)
            continue
        options, must, alone_b = spec[i]
        moves: list[tuple[int, tuple[int, ...], int, bool, int]] = []
        skip = canonical(i + 1, list(counts))
        if skip is not None:
            moves.append((i + 1, skip, total, alone, score))
        for choice in options:
            nc = list(counts)
            bonus = 0
            if choice in position:
                k = position[choice]
                if nc[k] >= 1 and single[choice]:
                    continue   # a second blocker for a creature that can't be blocked by more than one
                bonus = 1 if wanted[choice] and nc[k] == 0 else 0
                nc[k] = min(nc[k] + 1, 2)
            state = canonical(i + 1, nc)
            if state is not None and not (max_one and total >= 1):
                moves.append((i + 1, state, min(total + 1, 2), alone or alone_b,
                              score + _score(choice, options, must, lures) + bonus))
        moves.sort(key=lambda m: m[4])
        stack.extend(moves)  # the highest-scoring move is popped first
    return best, True


def _effect_block(g: Replay, stmt: n.DeclareBlockers) -> None:
    """A creature made to block by a resolving effect (509.6)."""
    for ref in stmt.blockers:
        b = g.perm(ref)
        became_blocker(g, b, [g.perm(aref) for aref in stmt.attackers])
        for aref in stmt.attackers:
            a = g.perm(aref)
            if not a.blocked:
                became_blocked(g, a, [b])
            b.in_combat = True
            if a.pid not in b.blocking:
                b.blocking.append(a.pid)
            if b.pid not in a.blockers:
                a.blockers.append(b.pid)
            a.blocked = True
            g.placement_pending.add(a.pid)
            g.placement_pending.add(b.pid)


# ------------------------------------------------------------------ 509.2, 509.3, 509.6, 509.7
def damage_order(g: Replay, stmt: n.DamageOrder) -> None:
    player = g.player(stmt.player)
    creature = g.perm(stmt.creature)
    order = [g.perm(r) for r in stmt.order]
    kind = "order_attackers" if stmt.of_blockers else "order_blockers"
    rule = "509.2" if stmt.of_blockers else "509.3"
    current = creature.blockers if stmt.of_blockers else creature.blocking
    names = {g.by_pid(pid).name for pid in current if g.by_pid(pid) is not None}  # type: ignore[union-attr]
    given = [p.name for p in order]
    placement = creature.pid in g.placement_pending
    expected_player = g.active if stmt.of_blockers else creature.controller
    if placement:
        g.placement_pending.discard(creature.pid)
        if player != expected_player:
            newcomer_put = _put_blocking(g, creature)
            g.flag(stmt, "509.7" if newcomer_put else "509.6",
                   f"{player} announces the placement in {creature.name}'s damage assignment order, but "
                   f"{expected_player} does")
        old = [g.by_pid(pid) for pid in current]
        old_names = [p.name for p in old if p is not None and p.pid not in g.placement_pending]
        kept = [x for x in given if x in old_names]
        if set(given) == names and kept != [x for x in old_names if x in given]:
            g.flag(stmt, "509.6" if not _put_blocking(g, creature) else "509.7",
                   f"placing the new creature in {creature.name}'s damage assignment order may not change the "
                   f"relative order of the others ({', '.join(old_names)})")
    elif creature.pid in g.orders_announced:
        # announced again (after a creature left combat, say): the remaining creatures keep their order
        before = [p.name for p in (g.by_pid(pid) for pid in current) if p is not None]
        if [x for x in given if x in before] != [x for x in before if x in given]:
            g.flag(stmt, rule + "a", f"{creature.name}'s damage assignment order was announced as "
                                     f"{', '.join(before)}; when a creature leaves combat the others keep their "
                                     "relative order, so it can't be announced anew in another order")
    else:
        g.orders_announced.add(creature.pid)
        if not _step_is(g, "declare blockers step", stmt, kind):
            pass
        else:
            turn.tba(g, kind, stmt)
        if player != expected_player:
            g.flag(stmt, rule, f"{player} announces {creature.name}'s damage assignment order, but "
                               f"{expected_player} does")
        elif set(given) != names or len(given) != len(set(given)):
            missing = sorted(names - set(given))
            extra = sorted(set(given) - names)
            what = "blocking it" if stmt.of_blockers else "it is blocking"
            if missing:
                g.flag(stmt, rule, f"{creature.name}'s damage assignment order must list every creature {what}; "
                                   f"{', '.join(missing)} is left out")
            elif extra:
                g.flag(stmt, rule, f"{', '.join(extra)} is not a creature {what}, so it can't be in "
                                   f"{creature.name}'s damage assignment order")
            else:
                g.flag(stmt, rule, f"{creature.name}'s damage assignment order lists a creature twice")
    pids = [p.pid for p in order if p.pid in current]
    rest = [pid for pid in current if pid not in pids]
    if stmt.of_blockers:
        creature.blockers = pids + rest
    else:
        creature.blocking = pids + rest


def _put_blocking(g: Replay, attacker: Permanent) -> bool:
    blockers = [g.by_pid(pid) for pid in attacker.blockers]
    return any(b is not None and not b.declared_blocker and b.entered_serial == g.step_serial for b in blockers)


def put_onto_battlefield(g: Replay, stmt: n.PutOntoBattlefield) -> None:
    player = g.player(stmt.player)
    card = g.card(stmt.card)
    ps = g.pstate[player]
    if not stmt.token:
        if card.name in ps.hand_cards:
            ps.hand_cards.remove(card.name)
        if ps.hand is not None and ps.hand > 0 and g.resolving is not None:
            ps.hand -= 1
    p = g.new_perm(card.name, card, player, new=True, token=stmt.token)
    p.tapped = stmt.tapped
    if stmt.attacking is not None:
        target = stmt.attacking.text
        gone = target not in g.pstate and not any(q.name == target for q in g.perms)
        if not p.is_creature():
            p.not_in_combat = ("506.3a", f"{p.name} is not a creature, so it entered the battlefield but was never "
                                         "attacking")
        elif player != g.active:
            p.not_in_combat = ("506.3b", f"{p.name} entered the battlefield under {player}'s control, who is not "
                                         "the attacking player, so it was never attacking")
        elif gone:
            p.not_in_combat = ("508.4a", f"{p.name} was put onto the battlefield attacking {target}, which was "
                                         "already gone, so it was never attacking")
        if p.is_creature() and player == g.active and not gone and STEP_PHASE.get(g.step or "") == "combat":
            p.attacking = target
            p.in_combat = True
            p.attacked = False
            if g.step == "declare attackers step" and not g.combat_attackers_declared:
                # 508.6: a creature put onto the battlefield attacking keeps the blockers and damage steps
                g.plan[0:0] = [PlanEntry("declare blockers step"), PlanEntry("combat damage step")]
            g.combat_attackers_declared = True
    if stmt.blocking is not None:
        a = g.perm(stmt.blocking)
        if not p.is_creature():
            p.not_in_combat = ("506.3a", f"{p.name} is not a creature, so it entered the battlefield but was never "
                                         "blocking")
        elif defending_player_of(g, a) != player:
            p.not_in_combat = ("506.3d", f"{a.name} is not attacking {player} or a planeswalker {player} controls, "
                                         f"so {p.name} entered the battlefield but was never blocking")
        if p.is_creature() and defending_player_of(g, a) == player:
            p.in_combat = True
            p.entered_blocking = True
            if not a.blocked:
                became_blocked(g, a, [p])
            if _has_trigger(a, BLOCKED_BY_A_CREATURE):
                _owe(g, a, BLOCKED_BY_A_CREATURE, "509.4", f"when {p.name} entered the battlefield blocking it")
            p.blocking = [a.pid]
            a.blockers.append(p.pid)
            a.blocked = True
            g.placement_pending.add(a.pid)
            g.placement_pending.add(p.pid)
    if g.step == "end step":
        p.entered_serial = g.step_serial


# ------------------------------------------------------------------ triggers and timing
def combat_trigger(g: Replay, stmt: n.Trigger, p: Permanent) -> bool:
    """A combat trigger put on the stack that nothing owed: say why it doesn't trigger (508.2, 509.4)."""
    kinds = [k for k in (_trigger_kind(a.text) for a in p.abilities() if a.kind == "trigger") if k]
    if not kinds:
        texts = [a.text for a in p.abilities()]
        return "exalted" in texts or any(t.startswith("whenever a creature you control attacks alone")
                                         for t in texts)
    kind = kinds[0]
    name = p.name
    if kind == UNBLOCKED:
        if p.blocked_by_declaration:
            g.flag(stmt, "509.4g", f"{name} had a blocker declared for it, so its \"attacks and isn't blocked\" "
                                   "ability doesn't trigger, even though the blocker later left", ("509.1h",))
        elif not p.attacked:
            g.flag(stmt, "509.4g", f"{name} was not declared as an attacker, so its \"attacks and isn't "
                                   "blocked\" ability doesn't trigger")
        elif g.step in ("declare attackers step", "beginning of combat step"):
            g.flag(stmt, "509.4g", f"{name}'s \"attacks and isn't blocked\" ability triggers only when blockers "
                                   "are declared")
        else:
            g.flag(stmt, "509.4g", f"{name}'s \"attacks and isn't blocked\" ability triggers only once")
    elif kind == ATTACKS:
        if p.attacked:
            g.flag(stmt, "508.2", f"{name}'s attack ability triggered once, when attackers were declared; it "
                                  "doesn't trigger again")
        elif p.in_combat:
            g.flag(stmt, "508.4", f"{name}'s attack ability doesn't trigger: it was put onto the battlefield "
                                  "attacking, so for triggers it never attacked")
        else:
            g.flag(stmt, "508.2", f"{name}'s attack ability doesn't trigger: it was not declared as an attacker")
    elif kind in (BLOCKS, BLOCKS_A_CREATURE):
        rule = "509.4a" if kind == BLOCKS else "509.4b"
        if p.entered_blocking:
            g.flag(stmt, rule, f"{name} was put onto the battlefield blocking, so for triggers it never blocked "
                               "and its block ability doesn't trigger", ("509.7",))
        elif not p.blocking:
            g.flag(stmt, rule, f"{name}'s block ability doesn't trigger: {name} is not blocking")
        elif kind == BLOCKS:
            g.flag(stmt, rule, f"{name}'s \"whenever this blocks\" ability triggers only once, however many "
                               "creatures it blocks")
        else:
            g.flag(stmt, rule, f"{name}'s \"blocks a creature\" ability triggers once per attacking creature "
                               f"it blocks ({len(p.blocking)}), and it has already triggered that often")
    elif kind == BECOMES_BLOCKED:
        if not p.blocked:
            g.flag(stmt, "509.4c", f"{name} is not blocked, so its \"becomes blocked\" ability doesn't trigger")
        else:
            g.flag(stmt, "509.4c", f"{name}'s \"becomes blocked\" ability triggers only once, when it first "
                                   "becomes blocked")
    else:
        if not p.blockers:
            g.flag(stmt, "509.4d", f"no creature blocks {name}, so its \"becomes blocked by a creature\" "
                                   "ability doesn't trigger", ("509.1h",) if p.blocked else ())
        else:
            g.flag(stmt, "509.4d", f"{name}'s \"becomes blocked by a creature\" ability triggers once per "
                                   f"creature blocking it ({len(p.blockers)}), and it has already triggered that "
                                   "often")
    return True


def resolve_defending(g: Replay, stmt: n.Resolve, item: StackItem) -> None:
    assert stmt.defending is not None
    named = g.player(stmt.defending)
    p = g.find_perm(stmt.source)
    if p is None:
        return
    actual = defending_player_of(g, p)
    if actual is not None and actual != named:
        g.flag(stmt, "508.5", f"{p.name} is attacking {p.attacking}, so the defending player for its ability is "
                              f"{actual}, not {named}", ("508.5a",))


def damage_window(g: Replay, stmt: n.Statement, what: str) -> bool:
    if g.step in DAMAGE_STEPS and "deal" not in g.tba_done and (
            g.tba_done.get("assign_ap") is not None or g.tba_done.get("assign_dp") is not None):
        return g.flag(stmt, "510.2", f"{what} after combat damage is assigned and before it is dealt; no player "
                                     "may cast spells or activate abilities in between")
    return False


COMBAT_ORDER = ("beginning of combat step", "declare attackers step", "declare blockers step",
                "combat damage step", "second combat damage step", "end of combat step")
# the points of combat a timing restriction can name: the step that marks it, and the rule about it (506.6)
COMBAT_POINTS = {"attackers are declared": ("declare attackers step", "506.6a"),
                 "blockers are declared": ("declare blockers step", "506.6b"),
                 "the combat damage step": ("combat damage step", "506.6"),
                 "the end of combat step": ("end of combat step", "506.6")}


def combat_timing(g: Replay, stmt: n.Statement, abilities: tuple[Ability, ...], what: str) -> bool:
    """'Only before/after [a point in combat]' (506.6, 506.6a-g); a point is reached as its step begins."""
    for ab in abilities:
        if ab.kind == "timing":
            problem = _timing_problem(g, ab.text)
            if problem is not None:
                rule, why = problem
                related: tuple[str, ...] = ()
                if isinstance(stmt, n.Activate):
                    rule, related = "506.6g", (rule,)
                return g.flag(stmt, rule, f"{what} in the {g.step}, but {why}", related)
    return False


def _timing_problem(g: Replay, text: str) -> tuple[str, str] | None:
    used = "activated" if text.startswith("activate") else "cast"
    in_combat = STEP_PHASE.get(g.step or "") == "combat"
    during_combat = "during combat" in text
    if during_combat and not in_combat:
        return "506.6c", f"it may be {used} only during combat"
    if "during the declare blockers step" in text and g.step != "declare blockers step":
        return "506.6", f"it may be {used} only during the declare blockers step"
    point = next((p for p in COMBAT_POINTS if p in text), None)
    if point is None:
        return None
    before = f"before {point}" in text
    step, rule = COMBAT_POINTS[point]
    limit = COMBAT_ORDER.index(step)
    starts = [i for i, s in enumerate(g.turn_steps) if s == "beginning of combat step"]
    combat_steps = g.turn_steps[starts[-1]:] if starts else g.turn_steps
    first_combat = len(starts) <= 1 or not in_combat
    when = "before" if before else "after"
    if in_combat and not during_combat and not first_combat:
        # 506.6d: without "during combat", the point is that of the turn's first combat, which is over
        if before:
            return "506.6d", (f"it may be {used} only {when} {point} in the turn's first combat phase, which is "
                              "over")
        return None
    if not in_combat:
        combat_over = "end of combat step" in g.turn_steps or (g.precombat_main_done and
                                                              g.step in ("postcombat main phase", "end step",
                                                                         "cleanup step"))
        if before and combat_over:
            return rule, f"it may be {used} only {when} {point}, and this turn's combat is over"
        if not before and not combat_over and not during_combat:
            return rule, f"it may be {used} only {when} {point}, and this turn's combat hasn't begun"
        return None
    pos = COMBAT_ORDER.index(g.step or "")
    no_blocks = ("declare attackers step" in combat_steps and not g.combat_attackers_declared
                 and g.step != "declare attackers step") or (g.step == "end of combat step"
                                                             and "declare blockers step" not in combat_steps)
    if no_blocks and limit >= 2:
        if before and pos >= 2:
            return "506.6e", (f"the declare blockers and combat damage steps were skipped, so it may be {used} only "
                              "before the declare attackers step ends")
        if not before and point == "blockers are declared":
            return "506.6f", (f"it may be {used} only after blockers are declared, and this combat has no declare "
                              "blockers step")
    if before and pos >= limit:
        return rule, f"it may be {used} only before {point} (before the {step} begins)"
    if not before and pos < limit:
        return rule, f"it may be {used} only after {point} (once the {step} has begun)"
    return None


# ------------------------------------------------------------------ 510
def begin_damage_step(g: Replay) -> None:
    fighters = [p for p in g.perms if p.in_combat]
    if g.step == "combat damage step":
        strikers = [p for p in fighters if kw(g, p, "first strike") or kw(g, p, "double strike")]
        g.first_strike_step = bool(strikers)
        for p in fighters:
            p.first_strike_at_step = kw(g, p, "first strike") or kw(g, p, "double strike")
        if strikers and not any(e.step == "second combat damage step" for e in g.plan):
            g.plan.insert(0, PlanEntry("second combat damage step"))
    g.assigned = {}


def unexpected_second_damage_step(g: Replay, stmt: n.Statement) -> None:
    g.flag(stmt, "506.1", "a second combat damage step begins, but no attacking or blocking creature had first "
                          "strike or double strike as the first one began", ("510.5",))


def assigns_this_step(g: Replay, p: Permanent) -> bool:
    if not g.first_strike_step:
        return True
    if g.step == "combat damage step":
        return kw(g, p, "first strike") or kw(g, p, "double strike")
    return (not p.first_strike_at_step) or kw(g, p, "double strike")


def assign(g: Replay, stmt: n.AssignDamage) -> None:
    p = g.perm(stmt.creature, anywhere=True)
    player = p.controller
    kind = "assign_ap" if player == g.active else "assign_dp"
    if _step_is(g, g.step if g.step in DAMAGE_STEPS else "combat damage step", stmt, kind):
        turn.tba(g, kind, stmt)
    if g.assigning is None or g.assigning.player != player:
        if g.assigning is not None:
            close_assignment(g, g.assigning)
        g.assigning = AssignmentGroup(player)
    g.assigning.lines.append(stmt)
    total = sum(a.amount for a in stmt.assignments)
    recipients = [a.recipient.text for a in stmt.assignments]
    if p not in g.perms or not p.in_combat:
        if total and p.not_in_combat is not None and not p.removed_from_combat:
            rule, why = p.not_in_combat
            g.flag(stmt, rule, f"{why}; it assigns no combat damage", ("510.1",))
        elif total and (p.removed_from_combat or p not in g.perms):
            g.flag(stmt, "506.4", f"{p.name} was removed from combat, so it is no longer attacking or blocking and "
                                  "assigns no combat damage")
        elif total:
            g.flag(stmt, "510.1", f"{p.name} is neither attacking nor blocking, so it assigns no combat damage")
        return
    if total and not assigns_this_step(g, p):
        if g.step == "combat damage step":
            g.flag(stmt, "510.5", f"only creatures with first strike or double strike assign combat damage in the "
                                  f"first-strike damage step; {p.name} has neither", ("702.7",))
        else:
            g.flag(stmt, "510.5", f"{p.name} had first strike as the first combat damage step began and lacks "
                                  "double strike, so it assigns no damage in the second step", ("702.7",))
        return
    power = g.pt(p)[0]
    if power <= 0 and total:
        g.flag(stmt, "510.1a", f"{p.name} has power {power}, so it assigns no combat damage")
        return
    if total and total != power:
        g.flag(stmt, "510.1a", f"{p.name} assigns {total} combat damage, but its power is {power}")
        return
    if p.attacking is not None or p.attacked:
        if not p.blocked:
            target = p.attacking
            if target is not None and target not in g.pstate and not any(q.name == target for q in g.perms):
                target = None
            if total and (target is None or any(r != target for r in recipients)):
                if target is None:
                    g.flag(stmt, "510.1b", f"{p.name} is unblocked, but what it was attacking has left combat, so "
                                           "it isn't attacking anything and assigns no combat damage",
                           ("506.4c",))
                else:
                    g.flag(stmt, "510.1b", f"{p.name} is unblocked, so it assigns its combat damage to {target}, "
                                           "what it is attacking")
                return
        else:
            blockers = {g.by_pid(pid).name for pid in p.blockers if g.by_pid(pid)}  # type: ignore[union-attr]
            trample = kw(g, p, "trample")
            defender = defending_player_of(g, p)
            if total and not blockers and not trample:
                g.flag(stmt, "510.1c", f"{p.name} is blocked, and with no creature blocking it any more it assigns "
                                       "no combat damage", ("509.1h",))
                return
            bad = [r for r in recipients if r not in blockers and not (trample and r in (defender, p.attacking))]
            if bad:
                g.flag(stmt, "510.1c", f"{p.name} is blocked, so it assigns its combat damage to the creatures "
                                       f"blocking it, not to {bad[0]}", ("509.1h",))
                return
    elif p.blocking or p.declared_blocker or p.in_combat:
        blocked = {g.by_pid(pid).name for pid in p.blocking if g.by_pid(pid)}  # type: ignore[union-attr]
        if total and not blocked:
            g.flag(stmt, "510.1d", f"{p.name} isn't blocking any creature any more, so it assigns no combat damage")
            return
        bad = [r for r in recipients if r not in blocked]
        if bad:
            g.flag(stmt, "510.1d", f"{p.name} assigns combat damage only to the creatures it is blocking, not to "
                                   f"{bad[0]}")
            return
    g.assigned[p.pid] = [(a.amount, a.recipient.text) for a in stmt.assignments]


def _lethal(g: Replay, victim: Permanent, already: int, deathtouch: bool) -> int:
    """Damage that counts as lethal now: toughness less damage marked and assigned (510.1c)."""
    if deathtouch:
        return 1 if already == 0 else 0
    return max(g.pt(victim)[1] - victim.damage - already, 0)


def close_assignment(g: Replay, group: AssignmentGroup) -> None:
    """510.1c-e: the player's whole assignment, in damage assignment order, lethal before the next."""
    assigned_to: dict[str, int] = {}
    for stmt in group.lines:
        for a in stmt.assignments:
            assigned_to[a.recipient.text] = assigned_to.get(a.recipient.text, 0) + a.amount
    for stmt in group.lines:
        p = g.find_perm(stmt.creature, anywhere=True)
        if p is None or p.pid not in g.assigned or g.is_flagged(stmt):
            continue
        order_pids = p.blockers if (p.attacking is not None or p.attacked) else p.blocking
        order = [g.by_pid(pid) for pid in order_pids]
        order_perms = [q for q in order if q is not None]
        rule = "510.1c" if (p.attacking is not None or p.attacked) else "510.1d"
        mine = dict((r, amt) for amt, r in g.assigned[p.pid])
        deathtouch = kw(g, p, "deathtouch")
        short: Permanent | None = None
        for q in order_perms:
            got = mine.get(q.name, 0)
            if short is not None and got > 0:
                g.flag(stmt, rule, f"{p.name} assigns damage to {q.name}, but {short.name}, ahead of it in the "
                                   "damage assignment order, is not assigned lethal damage"
                       + (" (counting every creature's assignment this step)" if len(group.lines) > 1 else ""),
                       ("510.1e",) if len(group.lines) > 1 else ())
                break
            others = assigned_to.get(q.name, 0) - got
            total_needed = g.pt(q)[1] - q.damage
            lethal = got >= 1 if deathtouch else (got + others) >= total_needed
            if not lethal and short is None:
                short = q
        else:
            if rule == "510.1c" and kw(g, p, "trample"):
                to_player = sum(amt for amt, r in g.assigned[p.pid] if r not in {q.name for q in order_perms})
                if to_player and short is not None:
                    g.flag(stmt, "510.1c", f"{p.name} tramples over, but {short.name} is not assigned lethal damage",
                           ("702.18",))


def assume(g: Replay, kind: str) -> None:
    if kind == "declare_attackers":
        if not any(p.in_combat for p in g.perms):
            _no_attackers(g)
    elif kind == "deal":
        deal_all(g)


def _default_assignment(g: Replay, p: Permanent) -> list[tuple[int, str]]:
    power = g.pt(p)[0]
    if power <= 0 or not p.in_combat or not assigns_this_step(g, p):
        return []
    if p.attacking is not None or p.attacked:
        if not p.blocked:
            return [(power, p.attacking)] if p.attacking else []
        out: list[tuple[int, str]] = []
        left = power
        for pid in p.blockers:
            q = g.by_pid(pid)
            if q is None or left <= 0:
                continue
            give = min(left, max(g.pt(q)[1] - q.damage, 0)) if pid != p.blockers[-1] else left
            out.append((give, q.name))
            left -= give
        return out
    blocked = [g.by_pid(pid) for pid in p.blocking]
    first = next((q for q in blocked if q is not None), None)
    return [(power, first.name)] if first else []


def deal_all(g: Replay) -> None:
    if g.step not in DAMAGE_STEPS:
        return
    if g.tba_done.get("deal") is None and "deal" in g.tba_done and getattr(g, "_dealt_serial", -1) == g.step_serial:
        return
    g._dealt_serial = g.step_serial  # type: ignore[attr-defined]
    plan: dict[int, list[tuple[int, str]]] = dict(g.assigned)
    for p in g.perms:
        if p.pid not in plan and p.in_combat:
            plan[p.pid] = _default_assignment(g, p)
    for pid, parts in plan.items():
        src = g.by_pid(pid)
        for amount, recipient in parts:
            _apply_damage(g, src, amount, recipient)
    g.assigned = {}
    _state_based(g)


def deal_one(g: Replay, stmt: n.DealDamage) -> None:
    src = g.find_perm(stmt.source, anywhere=True)
    combat = stmt.combat or (src is not None and src.in_combat and g.step in DAMAGE_STEPS and g.resolving is None)
    if combat and g.step in DAMAGE_STEPS:
        if turn.tba(g, "deal", stmt):
            return   # combat damage was already taken as dealt when another event came first
        g.assigned.pop(src.pid if src else -1, None)
    _apply_damage(g, src, stmt.amount, stmt.recipient.text)


def _apply_damage(g: Replay, src: Permanent | None, amount: int, recipient: str) -> None:
    q = next((x for x in g.perms if x.name == recipient), None) if recipient not in g.pstate else None
    if q is not None and src is not None and _protection_against(g, q, src) is not None:
        return   # damage from a source the recipient has protection from is prevented
    if src is not None and amount > 0 and kw(g, src, "lifelink") and src.controller in g.pstate:
        g.pstate[src.controller].life += amount
    if recipient in g.pstate:
        g.pstate[recipient].life -= amount
        return
    if q is None:
        return
    if q.card.is_("planeswalker") and not q.is_creature():
        q.counters["loyalty"] = q.counters.get("loyalty", q.card.loyalty or 0) - amount
    else:
        q.damage += amount
        if src is not None and kw(g, src, "deathtouch"):
            q.counters["deathtouch-damage"] = 1


def _state_based(g: Replay) -> None:
    for q in list(g.perms):
        if q.is_creature():
            tough = g.pt(q)[1]
            lethal = tough <= 0 or (q.damage >= tough and not kw(g, q, "indestructible")) or \
                (q.counters.get("deathtouch-damage") and not kw(g, q, "indestructible"))
            if lethal:
                g.leave_battlefield(q)
        elif q.card.is_("planeswalker") and q.counters.get("loyalty", q.card.loyalty or 1) <= 0:
            g.leave_battlefield(q)
