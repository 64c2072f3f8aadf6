"""Priority and the stack: passes, spells, abilities, triggers put on the stack, resolutions (CR 500.2, 505.5a,
506.6, 511.3 and the timing of triggered abilities)."""

from __future__ import annotations

from .. import nodes as n
from ..cards.oracle import END_COMBAT, END_TURN
from ..game.combat import MONARCH, MONARCH_PASSES, combat_kinds
from ..game.counters import FACE_DOWN_COST, turn_face_down
from ..game.objects import Card, Permanent, StackItem
from ..game.steps import (
    SORCERY_TYPES,
    delayed_fires,
    mana_symbols,
)
from ..game.teams import is_active, turn_of, whose_turn
from .cardtext import end_the_combat, flash_permitted, on_resolution, unread_texts
from .casting import CHECKS as CASTING_CHECKS
from .casting import after_resolution, during_resolution, permission, take_from_zone
from .combat import timing
from .combat.entering import enter_as_told
from .combat.ninjutsu import CHECKS as NINJUTSU_CHECKS
from .combat.ninjutsu import ninjutsu
from .combat.timing import combat_timing, damage_window
from .combat.triggers import resolve_defending
from .context import Replay
from .costs import EMPTIED, pay_from_pool
from .designations import MONARCH_HOOK, note_cast
from .ending import end_turn_now
from .registry import handles
from .sagas import CHECKS as SAGA_CHECKS
from .sagas import unowed_chapter
from .sickness import activated_while_sick, tap_cost
from .step_triggers import misfire
from .tba import (
    PRIORITY_CHECKS,
    STEP_TRIGGER_RULE,
    first_priority,
    no_priority,
    other_event,
    pending_trigger,
)
from .zone_moves import spell_leaves_stack

PERMANENT_SPELL_TYPES = frozenset({"creature", "artifact", "enchantment", "planeswalker", "land"})


@handles(n.Countered)
def countered(r: Replay, stmt: n.Countered) -> None:
    item = _remove_from_stack(r, stmt.source.text, stmt.ability)
    if item is not None:
        spell_leaves_stack(r, item, "countered")   # to its owner's graveyard (404.1)


@handles(n.Cast, checks=("505.5a", "500.4", "504.1", "502.2", "514.1", "703.1", "511.3") + PRIORITY_CHECKS
         + timing.CHECKS + CASTING_CHECKS)
def cast(r: Replay, stmt: n.Cast) -> None:
    g = r.game
    player = g.player(stmt.player)
    card = g.card(stmt.card)
    during = during_resolution(r, stmt)   # made by the resolving spell or ability: no priority, no timing (608.2f)
    flagged = not during and damage_window(r, stmt, f"{player} casts {card.name}")
    other_event(r, stmt)
    if not flagged and not during:
        flagged = no_priority(r, stmt, f"{player} casts {card.name}")
    if not flagged and not during:
        flagged = pending_trigger(r, stmt)
    flagged = (not during and first_priority(r, stmt, player, quiet=flagged)) or flagged
    if not flagged and not during:   # the timing rule (505.5a) before a permission of another section
        flagged = _sorcery_timing(r, stmt, player, card)
    obj = take_from_zone(r, stmt, player, card) if stmt.from_zone not in (None, "hand") else None
    via = permission(r, stmt, player, card, obj, during) if stmt.from_zone not in (None, "hand") else ""
    flagged = flagged or via is None
    if not flagged and not during:   # a cast the resolution instructs ignores timing (608.2g)
        flagged = combat_timing(r, stmt, card.abilities, f"{player} casts {card.name}")
    if not flagged:
        flagged = _targets(r, stmt, stmt.targets, card)
    if not flagged and not (stmt.free and not stmt.paying):
        _pay(r, stmt, player, stmt.paying or (FACE_DOWN_COST if stmt.face_down else card.mana_cost), card.name,
             stmt.card)
    ps = g.pstate[player]
    if stmt.from_zone in (None, "hand"):
        if card.name in ps.hand_cards:
            ps.hand_cards.remove(card.name)
        if ps.hand is not None and ps.hand > 0:
            ps.hand -= 1
    item = StackItem("spell", card.name, player, card, stmt.span.line,
                     targets=tuple(t.text for t in stmt.targets if t.kind == "object"),
                     origin=stmt.from_zone or "hand", via=via or "", face_down=stmt.face_down)
    if not flagged:
        g.stack.append(item)
        note_cast(r, player)
    else:   # an illegal cast is reversed (716); if the transcript says it resolves, it resolves as cast
        r.reversed_spells[card.name] = item
    g.note_stack_change()
    _sacrifice_as_cost(r, stmt, player)


_PLAIN_MANA = frozenset({"W", "U", "B", "R", "G", "C"})


def _pay(r: Replay, stmt: n.Cast | n.Activate, player: str, cost: str | None, what: str, ref: n.Ref) -> None:
    """Pay a cost from the mana pool: the one narrated ('paying {1}{G}', perhaps 'from pool'), else the card's
    mana cost. Mana that emptied at a step's end can't pay (500.4). A shortfall nothing explains can't have
    happened, unless the narration paid without saying from where ('paying {1}{G}' alone). Only generic and
    single-colour symbols are judged: {X}, hybrid and Phyrexian symbols depend on choices not narrated."""
    cost = "".join(f"{{{s}}}" for s in mana_symbols(cost or "") if s.isdigit() or s in _PLAIN_MANA)
    if not cost:
        return
    paid = pay_from_pool(r, player, cost, from_pool=bool(stmt.from_pool))
    if paid == "paid":
        return
    if paid in EMPTIED:
        r.flag(stmt, "500.4", f"{player} pays {cost} for {what} with mana that emptied from the pool "
                              f"{EMPTIED[paid]}", ("106.4", "703.4p"))
    elif stmt.from_pool or not stmt.paying:
        r.state(ref, stmt.span.line, f"{player} can't pay {cost} for {what}: {player}'s mana pool doesn't hold it; "
                                     "narrate where the mana came from (for example 'Alice taps Mountain for {R}')")


def _sacrifice_as_cost(r: Replay, stmt: n.Cast | n.Activate, player: str) -> None:
    """Permanents sacrificed to pay a cost leave as the spell is cast or the ability activated; the spell or
    ability is on the stack by then and resolves without them."""
    g = r.game
    for ref in stmt.sacrificing:
        if r.is_flagged(stmt):    # what a flagged statement pays is not judged again
            p = g.find_perm(ref, prefer=lambda q: q.controller == player)
            if p is not None:
                g.leave_battlefield(p)
            continue
        p = g.perm(ref, prefer=lambda q: q.controller == player)
        if p.controller != player:
            r.state(ref, stmt.span.line, f"{player} sacrifices {p.name}, but {p.name} is {p.controller}'s; a player "
                                         "sacrifices only permanents they control")
        g.leave_battlefield(p)   # gone as narrated, flagged or not (one fault, one finding)


def _sorcery_timing(r: Replay, stmt: n.Statement, player: str, card: Card) -> bool:
    g = r.game
    if not (set(card.types) & SORCERY_TYPES) or any(a.text == "flash" for a in card.abilities) or \
            r.game.abilities_unknown:
        return False   # (a cast the resolving spell or ability instructs is never asked: 608.2g, `during_resolution`)
    main = g.step in ("precombat main phase", "postcombat main phase")
    if (not main or g.stack or not is_active(g, player)) and flash_permitted(r, player, card):
        return False   # "You may cast creature spells as though they had flash." (cardtext.py)
    kind = "sorcery" if card.is_("sorcery") else "creature" if card.is_("creature") else card.types[-1]
    if not is_active(g, player):
        return r.flag(stmt, "505.5a", f"{player} casts the {kind} spell {card.name} during {whose_turn(g)}'s turn; "
                                      "only the active player may cast sorcery-speed spells")
    if not main:
        return r.flag(stmt, "505.5a", f"{player} casts the {kind} spell {card.name} in the {g.step}; such spells "
                                      "are cast only in a main phase")
    if g.stack:
        return r.flag(stmt, "505.5a", f"{player} casts the {kind} spell {card.name} while {g.stack[-1].source} is "
                                      "on the stack; such spells need an empty stack")
    return False


def _targets(r: Replay, stmt: n.Statement, targets: tuple[n.Target, ...], card: Card | None) -> bool:
    g = r.game
    for t in targets:
        if t.kind == "tba":
            action = t.text.split()[-1]
            rule = {"draw": "504.1", "untap": "502.2", "discard": "514.1", "damage": "510.2"}.get(action, "703.1")
            return r.flag(stmt, rule, f"{t.text} is a turn-based action: it doesn't use the stack, so it cannot be "
                                      "targeted or countered", ("703.1",))
        if t.kind == "ability" and t.ref is not None and \
                not any(s.source == t.ref.text and s.kind == "ability" for s in g.stack):
            return False
        if t.kind == "object" and t.ref is not None and card is not None and not _may_target(r, t.ref, card):
            allowed = " or ".join(a.text for a in card.abilities if a.kind == "target")
            r.state(t.ref, stmt.span.line, f"{card.name} can't target {t.ref.text} ({allowed})")
            return True
        if t.kind == "object" and t.ref is not None and t.ref.text not in g.pstate:
            p = g.find_perm(t.ref, anywhere=True)
            if p is None or card is None:
                continue
            wants = [a.text for a in card.abilities if a.kind == "target"]
            if any("attacking" in w or "blocking" in w for w in wants) and not p.in_combat \
                    and p.left_combat_at_end and p in g.battlefield.values():
                return r.flag(stmt, "511.3", f"{p.name} stopped being in combat when the end of combat step "
                                             f"ended, so it is not an attacking or blocking creature now")
    return False


def _loyalty(r: Replay, stmt: n.Activate, player: str, cost: int) -> bool:
    """A loyalty ability: its controller's, once per planeswalker per turn, when a sorcery could be cast (the
    timing of 505.5a); its cost adds or removes loyalty counters."""
    g = r.game
    p = g.perm(stmt.source)
    what = f"{player} activates a loyalty ability of {p.name}"
    if not p.is_("planeswalker"):
        r.state(stmt.source, stmt.span.line, f"{p.name} is not a planeswalker, so it has no loyalty abilities")
        return True
    if p.controller != player:
        r.state(stmt.source, stmt.span.line, f"{p.name} is {p.controller}'s; only its controller activates its "
                                             "loyalty abilities")
        return True
    if not is_active(g, player):
        return r.flag(stmt, "505.5a", f"{what} during {g.active}'s turn; loyalty abilities are activated only "
                                      "when their controller could cast a sorcery", ("606.3",))
    if g.step not in ("precombat main phase", "postcombat main phase"):
        return r.flag(stmt, "505.5a", f"{what} in the {g.step}; loyalty abilities are activated only in a main "
                                      "phase", ("606.3",))
    if g.stack:
        return r.flag(stmt, "505.5a", f"{what} while {g.stack[-1].source} is on the stack; loyalty abilities need "
                                      "an empty stack", ("606.3",))
    if p.loyalty_used:
        return r.flag(stmt, "505.5a", f"{what}, but a loyalty ability of {p.name} was already activated this "
                                      "turn; only one per planeswalker per turn", ("606.3",))
    loyalty = p.counters.get("loyalty", p.card.loyalty or 0)
    if loyalty + cost < 0:
        r.state(stmt.source, stmt.span.line, f"{p.name} has {loyalty} loyalty, so {player} can't pay the cost of "
                                             f"its {cost:+d} ability")
        return True
    p.counters["loyalty"] = loyalty + cost
    p.loyalty_used = True
    r.game.marked[p.pid] = p   # (the next turn resets it: game/marks.py)
    return False


def _may_target(r: Replay, ref: n.Ref, card: Card) -> bool:
    """Whether a player or permanent is one of the kinds of object the card's target words allow. Spells and
    abilities as targets, and cards without target words, are not judged."""
    wants = [a.text for a in card.abilities if a.kind == "target"]
    if not wants or any(w.endswith(("spell", "ability")) for w in wants):
        return True
    g = r.game
    if ref.text in g.pstate:
        return any(w == "any target" or w.endswith("player") for w in wants)
    p = g.find_perm(ref)
    if p is None:
        return True
    for w in wants:
        if w == "any target" and (p.is_creature() or p.is_("planeswalker")):
            return True
        if "creature" in w and p.is_creature():
            return True
    return False


@handles(n.Activate, checks=("302.6", "500.4", "505.5a", "504.1", "502.2", "514.1", "703.1", "511.3") + PRIORITY_CHECKS
         + timing.CHECKS + NINJUTSU_CHECKS)
def activate(r: Replay, stmt: n.Activate) -> None:
    g = r.game
    player = g.player(stmt.player)
    source = g.find_perm(stmt.source)
    what = f"{player} activates an ability of {stmt.source.text}"
    flagged = damage_window(r, stmt, what)
    other_event(r, stmt)
    flagged = flagged or no_priority(r, stmt, what) or pending_trigger(r, stmt)
    flagged = first_priority(r, stmt, player, quiet=flagged) or flagged
    if not flagged and source is not None:
        flagged = combat_timing(r, stmt, tuple(source.abilities()), what)
    if not flagged and source is not None and source.new:
        flagged = activated_while_sick(r, stmt, source, player)   # a {T} ability the turn it arrived (302.6)
    if not flagged and source is None and stmt.loyalty is None:
        flagged = ninjutsu(r, stmt, player)   # an ability activated from the hand
    if not flagged:
        flagged = _targets(r, stmt, stmt.targets, None)
    if not flagged and stmt.loyalty is not None:
        flagged = _loyalty(r, stmt, player, stmt.loyalty)
    if not flagged:
        _pay(r, stmt, player, stmt.paying, f"{stmt.source.text}'s ability", stmt.source)
    if not flagged:
        g.stack.append(StackItem("ability", stmt.source.text, player, source.card if source else None,
                                 stmt.span.line, targets=_objects(stmt)))
        tap_cost(r, source)
    g.note_stack_change()
    _sacrifice_as_cost(r, stmt, player)


def _whole(kind: str, perm: Permanent | None) -> str:
    """The text of the ability a combat trigger owed as `kind` ("whenever this attacks") is: with its effect, which
    the resolution reads (or keeps as unread text)."""
    texts = [a.text for a in perm.abilities() if a.kind == "trigger" and (a.text.startswith(kind + ",") or
                                                                          kind in combat_kinds(a))] if perm else []
    return texts[0] if texts else kind


def _objects(stmt: n.Activate | n.Trigger) -> tuple[str, ...]:
    """What an ability put on the stack targets, by name (its effects read from text act on them)."""
    return tuple(t.text for t in stmt.targets if t.kind == "object")


@handles(n.Trigger, checks=("500.11", "502.3", "514.3", "505.1a", "513.3", "506.5", "508.2", "508.4", "509.4", "509.4a",
                            "509.4b", "509.4c", "509.4d", "509.4g") + tuple(STEP_TRIGGER_RULE.values()) + SAGA_CHECKS)
def trigger(r: Replay, stmt: n.Trigger) -> None:
    g = r.game
    other_event(r, stmt)
    source = _written_as(r, stmt.source, on_stack=False)
    pend = next((t for t in g.pending if t.source == source), None)
    perm = None if source == MONARCH else g.find_perm(stmt.source, anywhere=True)
    if pend is not None:
        g.pending.remove(pend)
        if not g.pending:
            r.pending_flagged = False
        g.stack.append(StackItem("ability", source, pend.controller, perm.card if perm else None,
                                 stmt.span.line, _whole(pend.text, perm), _objects(stmt), triggered=True))
        g.note_stack_change()
        if g.step == "cleanup step":
            g.cleanup_priority = True
        return
    if source in r.missed_triggers:
        r.missed_triggers.discard(source)   # already flagged when it was missed; taken as it comes
    elif g.step in ("untap step",) or g.between_steps or g.between_turns:
        no_priority(r, stmt, f"{source}'s ability is put on the stack")
    elif _delayed_problem(r, stmt, source) or (perm is not None and unowed_chapter(r, stmt, perm)):
        pass
    elif perm is not None and not g.abilities_unknown:   # an unknown ability may be what triggered
        misfire(r, stmt, perm)
    for d in list(g.delayed):
        if d.source == source:
            g.delayed.remove(d)
            break
    g.stack.append(StackItem("ability", source, perm.controller if perm else g.active,
                             perm.card if perm else None, stmt.span.line, targets=_objects(stmt), triggered=True))
    g.note_stack_change()
    if g.step == "cleanup step":
        g.cleanup_priority = True


def _delayed_problem(r: Replay, stmt: n.Trigger, source: str) -> bool:
    """A delayed ability put on the stack after it has already triggered, or ("at the beginning of your next
    ...") in a step of the right name but in another player's turn: it waits for its controller's (603.7b)."""
    g = r.game
    delayed = [d for d in g.delayed if d.source == source]
    if not delayed and source in r.spent_delayed and g.step is not None and \
            not any(a.kind == "trigger" for p in g.battlefield.values() if p.name == source for a in p.abilities()):
        r.flag(stmt, STEP_TRIGGER_RULE.get(g.step, "500.6"),
               f"{source}'s delayed ability already triggered {r.spent_delayed[source]}; a delayed triggered "
               "ability triggers only once", ("603.7b",))
        return True
    fresh = [d for d in delayed if d.created == g.step_serial and d.step == g.step]
    if fresh and len(fresh) == len(delayed):
        # created during this step: "the next" such step is a later one; the step doesn't back up (513.3)
        what = "end step" if g.step == "end step" else g.step.replace(" step", "") if g.step else ""
        r.flag(stmt, "513.3" if g.step == "end step" else STEP_TRIGGER_RULE.get(g.step or "", "500.6"),
               f"{source}'s delayed ability was created during this {what}, so it triggers at the beginning of the "
               f"next one, not this one", ("603.7a",))
        return True
    if not delayed or g.step is None or any(delayed_fires(d, g.step, turn_of(g, d.controller)) for d in delayed):
        return False
    d = next((d for d in delayed if d.step == g.step or (d.step == "precombat main phase" and
                                                          g.step == "postcombat main phase")), None)
    if d is None:
        return False
    r.flag(stmt, STEP_TRIGGER_RULE.get(g.step, "500.6"),
           f"{source}'s delayed ability triggers at the beginning of {d.controller}'s next "
           f"{g.step.replace(' step', '')}, and this is {g.active}'s turn", ("603.7b",))
    return True


@handles(n.Resolve, checks=("500.2", "508.5", "508.4", "608.1"))
def resolve(r: Replay, stmt: n.Resolve) -> None:
    g = r.game
    if stmt.top:
        top = _top_object(r, stmt)
        if top is None:
            return
        stmt = top
    source = _written_as(r, stmt.source)
    other_event(r, stmt)
    if g.mode == "explicit" and g.stack and not g.all_passed():
        missing = [p for p in g.players if p not in g.passed]
        r.flag(stmt, "500.2", f"{source} resolves before all players passed priority in succession "
                              f"({', '.join(missing)} did not pass)", ("117.4",))
    above = _above(r, source, stmt.ability)
    if above:
        what = f"{source} ability" if stmt.ability else source
        r.flag(stmt, "608.1", f"{what} resolves while {_names(above)}, put on the stack after it, "
                              f"{'is' if len(above) == 1 else 'are'} still above it; the top object resolves first",
               ("405.5",))
    item = _remove_from_stack(r, source, stmt.ability)
    if item is None and not stmt.ability:
        item = r.reversed_spells.pop(source, None)
    if item is None:
        item = StackItem("ability" if stmt.ability else "spell", source, g.active, None, stmt.span.line)
    r.resolving = item
    r.resolving_line = stmt.span.line
    r.ordinary = False
    r.resolved_serial = g.step_serial
    if item.source == MONARCH and item.trigger and item.trigger.startswith(MONARCH_PASSES):
        g.designations["monarch"] = item.trigger[len(MONARCH_PASSES):]   # the creature's controller becomes the monarch
        g.hooks.subscribe(MONARCH_HOOK)
    if stmt.defending is not None:
        resolve_defending(r, stmt, item)
    permanent = item.kind == "spell" and item.card is not None and bool(set(item.card.types) & PERMANENT_SPELL_TYPES)
    known = permanent or stmt.defending is not None or (item.source == MONARCH and item.trigger is not None)
    r.unknown_effect = None if known else source
    if permanent and item.card is not None:
        p = g.new_perm(item.card.name, item.card, item.controller, new=True)
        if item.face_down:   # a face-down spell becomes a face-down permanent (baseline 707.4, current 708.4)
            turn_face_down(g, p)
        if stmt.tapped or stmt.attacking is not None or stmt.blocking is not None:
            enter_as_told(r, stmt, p, item.controller)
        if item.card.is_("aura") and item.targets:      # an Aura spell enters attached to what it targeted
            target = item.targets[0]
            g.attach(p, None if target in g.pstate else g.find_perm_quietly(n.Ref(target, 0, 0)), target)
        after_resolution(r, item, p.pid)
    elif item.kind == "spell":
        spell_leaves_stack(r, item, "resolved")   # an instant or sorcery, to its owner's graveyard (608.2k)
    g.passed = set()
    r.returns_with, r.made_attack = None, False
    # what an earlier resolution's text made is no longer what a narration may restate (cardtext.py)
    r.text_effects, r.text_turns, r.text_phases = [], [], None
    if item.card is not None and (item.card.unread or item.card.reads_text or item.triggered or item.trigger):
        unread = unread_texts(r, item)   # (a trigger whose effect is all read adds nothing)
        if unread or item.card.unread or item.card.reads_text:
            r.resolved_unread += [(g.turn, source, text, stmt.span.line) for text in unread]
            r.ordinary = False
    reads = item.card.reads_text if item.card is not None else item.trigger is not None
    ends = on_resolution(r, item) if reads else None
    if ends == END_TURN:
        end_turn_now(r, stmt)
    elif ends == END_COMBAT:
        end_the_combat(r, stmt)


def _above(r: Replay, source: str, ability: bool) -> list[StackItem]:
    """The objects on the stack above the one that resolves (405.2: last in, first out). Triggered abilities
    narrated one after another, with nothing cast or activated between them, may have been put on the stack
    together in an order their controllers chose (603.3b), so they are not counted against each other."""
    stack = r.game.stack
    for i in range(len(stack) - 1, -1, -1):
        if stack[i].source == source and (not ability or stack[i].kind == "ability"):
            j = i + 1
            while stack[i].triggered and j < len(stack) and stack[j].triggered:
                j += 1
            return stack[j:]
    return []


def _names(items: list[StackItem]) -> str:
    words = [f"{i.source}{' ability' if i.kind == 'ability' else ''}" for i in reversed(items)]
    return " and ".join(words)


def _remove_from_stack(r: Replay, source: str, ability: bool) -> StackItem | None:
    g = r.game
    for i in range(len(g.stack) - 1, -1, -1):
        if g.stack[i].source == source and (not ability or g.stack[i].kind == "ability"):
            item = g.stack.pop(i)
            g.note_stack_change()
            return item
    return None


def _top_object(r: Replay, stmt: n.Resolve) -> n.Resolve | None:
    """'The ability resolves', 'it resolves': the statement for the top object by its name (a `state` diagnostic
    when the stack is empty or its top is not what the line says)."""
    item, said = (r.game.stack[-1] if r.game.stack else None), stmt.source.text
    if item is None or (stmt.top == "ability") != (item.kind == "ability") and stmt.top != "any":
        r.state(stmt.source, stmt.span.line, f"'{said} resolves', but the stack is empty" if item is None else
                f"'{said} resolves', but the top of the stack is {item.source}"
                f"{' ability' if item.kind == 'ability' else ''}; name what resolves")
        return None
    return n.Resolve(stmt.span, n.Ref(item.source, stmt.source.column, stmt.source.end_column), item.kind == "ability",
                     stmt.defending, stmt.tapped, stmt.attacking, stmt.blocking, stmt.counters)


def _written_as(r: Replay, ref: n.Ref, on_stack: bool = True) -> str:
    """The name a trigger or a resolution means: as written when something on the stack or pending has it, else
    (a resolution, `on_stack`) the one object on the stack whose name holds the written words ('Bolt' for
    Lightning Bolt), else the full name of the permanent a short name means ('Arena triggers' for Phyrexian Arena),
    so that both meet on the stack."""
    g, text = r.game, ref.text
    if text == MONARCH or any(i.source == text for i in g.stack) or any(t.source == text for t in g.pending):
        return text
    words = set(text.split())
    holding = {i.source for i in g.stack if words <= set(i.source.split())} if on_stack else set()
    if len(holding) == 1:
        return holding.pop()
    perm = g.find_perm_quietly(ref)
    return perm.name if perm is not None else text
