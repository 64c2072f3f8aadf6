"""Combat damage (510): who assigns damage in which step, to whom, in damage assignment order with lethal
damage before the next, and dealing it."""

from __future__ import annotations

from ... import nodes as n
from ...cards.oracle import AS_UNBLOCKED
from ...game.combat import (
    apply_damage,
    assigns_this_step,
    combat_damage_to_monarch,
    deal_combat_damage,
    defending_player_of,
    is_attacker,
    orders_by_choice,
    put_combat_damage_on_stack,
    resolve_combat_damage,
    undo_damage,
)
from ...game.game import Game
from ...game.keywords import TRAMPLE_OVER, has_trample, loyalty, may_trample
from ...game.objects import Permanent, StackItem
from ...game.steps import DAMAGE_STEPS
from ...game.teams import is_active, teammates
from ...game.unknown_pt import pt_unknown
from ..context import AssignmentGroup, Replay
from ..registry import closes, handles
from ..tba import in_step, tba

DAMAGE_RESOLVED_PRIORITY = "2003:310.4"   # the active player gets priority after combat damage resolves
DAMAGE_AS_ASSIGNED = "2003:310.4"         # combat damage on the stack is dealt as it was assigned


@handles(n.AssignDamage, checks=("510.1", "510.1a", "510.1b", "510.1c", "510.1d", "510.5", "506.4", "506.3a",
                                 "506.3b", "506.3d", "508.4a", "703.4j"))
def assign(r: Replay, stmt: n.AssignDamage) -> None:
    g = r.game
    if any(a.recipient.text not in g.pstate and g.named(a.recipient.text) is None for a in stmt.assignments):
        stmt = n.replace(stmt, assignments=tuple(n.replace(a, recipient=_plain(g, a.recipient))
                                               for a in stmt.assignments))
    p = g.perm(stmt.creature, anywhere=True)
    player = p.controller
    kind = "assign_ap" if is_active(g, player) else "assign_dp"
    if in_step(r, g.step if g.step in DAMAGE_STEPS else "combat damage step", stmt, kind):
        tba(r, kind, stmt)
    if r.assigning is None or r.assigning.player != player:
        if r.assigning is not None:
            close_assignment(r, r.assigning)
        r.assigning = AssignmentGroup(player)
        r.ordinary = False
    r.assigning.lines.append(stmt)
    # one fault, one finding: a flagged assignment is still the damage the transcript says is dealt
    _judge_assignment(r, stmt, p)
    g.assigned[p.pid] = [(a.amount, a.recipient.text) for a in stmt.assignments]


def _judge_assignment(r: Replay, stmt: n.AssignDamage, p: Permanent) -> None:
    """What is wrong with one creature's assignment (510.1a-d, 510.5, 506.4); flagged, never dropped."""
    g = r.game
    total = sum(a.amount for a in stmt.assignments)
    recipients = [a.recipient.text for a in stmt.assignments]
    if not g.on_battlefield(p) or not p.in_combat:
        if total and p.pid in r.not_in_combat and not p.removed_from_combat:
            rule, why = r.not_in_combat[p.pid]
            r.flag(stmt, rule, f"{why}; it assigns no combat damage", ("510.1",))
        elif total and (p.removed_from_combat or not g.on_battlefield(p)):
            r.flag(stmt, "506.4", f"{p.name} was removed from combat, so it is no longer attacking or blocking and "
                                  "assigns no combat damage")
        elif total:
            r.flag(stmt, "510.1", f"{p.name} is neither attacking nor blocking, so it assigns no combat damage")
        return
    if total and _wrong_strike_step(r, stmt, p):
        return
    power = g.pt(p)[0]
    unknown = pt_unknown(g, p)   # power defined by an ability: how much it assigns is not judged
    if power <= 0 and total and not unknown:
        r.flag(stmt, "510.1a", f"{p.name} has power {power}, so it assigns no combat damage")
        return
    if total and total != power and not unknown:
        r.flag(stmt, "510.1a", f"{p.name} assigns {total} combat damage, but its power is {power}")
        return
    if is_attacker(p):
        over = over_planeswalker(r, p)   # trample over planeswalkers: its controller may be dealt the excess
        if not p.blocked:
            target = p.attacking
            attacked = g.named(target) if target is not None and target not in g.pstate else None
            if target is not None and target not in g.pstate and (attacked is None or attacked.removed_from_combat):
                target = None   # the planeswalker it attacked left the battlefield or combat (506.4c)
                if over is not None:
                    target = over   # ... but trample over planeswalkers still reaches its controller (702.19e)
            if target in g.pstate and r.edition.team_attacks_as_group and len(set(recipients)) == 1 \
                    and recipients[0] in teammates(g, target):
                target = recipients[0]   # the active team chooses one defending player for it (baseline 810.7f)
            if total and (target is None or any(name not in (target, over) for name in recipients)):
                if target is None:
                    r.flag(stmt, "510.1b", f"{p.name} is unblocked, but what it was attacking has left combat, so "
                                           "it isn't attacking anything and assigns no combat damage",
                           ("506.4c",))
                else:
                    r.flag(stmt, "510.1b", f"{p.name} is unblocked, so it assigns its combat damage to {target}, "
                                           "what it is attacking")
                return
        elif not _as_though_unblocked(g, p, recipients):
            blockers = {g.by_pid(pid).name for pid in p.blockers if g.by_pid(pid)}  # type: ignore[union-attr]
            trample = may_trample(g, p)
            if total and not blockers and not trample:
                r.flag(stmt, "510.1c", f"{p.name} is blocked, and with no creature blocking it any more it assigns "
                                       "no combat damage", ("509.1h",))
                return
            # trample's excess goes to what the creature attacks: a creature attacking a planeswalker can't assign
            # any of it to the defending player (702.18d; current 702.19f)
            bad = [name for name in recipients if name not in blockers and not (trample and name == p.attacking)
                   and not (over is not None and name == over)]
            if bad and trample and bad[0] in g.pstate and p.attacking is not None:
                r.flag(stmt, "510.1c", f"{p.name} is attacking {p.attacking}, so trample lets it assign damage "
                                       f"beyond its blockers only to {p.attacking}, not to {bad[0]}",
                       ("702.18",))
                return
            if bad:
                whole = f" (its text lets it assign all of it to {p.attacking}, not part of it)" \
                    if g.has_ability(p, AS_UNBLOCKED) else ""
                r.flag(stmt, "510.1c", f"{p.name} is blocked, so it assigns its combat damage to the creatures "
                                       f"blocking it, not to {bad[0]}{whole}", ("509.1h",))
                return
    elif p.blocking or p.declared_blocker or p.in_combat:
        blocked = {g.by_pid(pid).name for pid in p.blocking if g.by_pid(pid)}  # type: ignore[union-attr]
        if total and not blocked:
            r.flag(stmt, "510.1d", f"{p.name} isn't blocking any creature any more, so it assigns no combat damage")
            return
        bad = [name for name in recipients if name not in blocked]
        if bad:
            r.flag(stmt, "510.1d", f"{p.name} assigns combat damage only to the creatures it is blocking, not to "
                                   f"{bad[0]}")
            return


def _as_though_unblocked(g: Game, p: Permanent, recipients: list[str]) -> bool:
    """A blocked creature whose text lets it assign its combat damage as though it weren't blocked (Thorn
    Elemental) assigns all of it to what it attacks: that choice is all or nothing."""
    return bool(recipients) and p.attacking is not None and set(recipients) == {p.attacking} \
        and g.has_ability(p, AS_UNBLOCKED)


@closes(checks=("510.1c", "510.1d", "510.1e"))
def close_assignment(r: Replay, group: AssignmentGroup) -> None:
    """510.1c-e: the player's whole assignment, in damage assignment order, lethal before the next (in an edition
    without an order, only trample needs lethal damage on every blocker)."""
    g = r.game
    assigned_to: dict[str, int] = {}
    for stmt in group.lines:
        for a in stmt.assignments:
            assigned_to[a.recipient.text] = assigned_to.get(a.recipient.text, 0) + a.amount
    for stmt in group.lines:
        p = g.find_perm(stmt.creature, anywhere=True)
        if p is None or p.pid not in g.assigned or r.is_flagged(stmt):
            continue
        if is_attacker(p) and _as_though_unblocked(g, p, [name for _, name in g.assigned[p.pid]]):
            continue   # all of it to what it attacks, as its text allows: no blocker needs lethal damage
        order_pids = p.blockers if is_attacker(p) else p.blocking
        order = [g.by_pid(pid) for pid in order_pids]
        order_perms = [q for q in order if q is not None]
        rule = "510.1c" if is_attacker(p) else "510.1d"
        mine = {name: amt for amt, name in g.assigned[p.pid]}
        deathtouch = g.may_have(p, "deathtouch")
        if orders_by_choice(g, p):
            continue   # a creature with banding on the other side: the damage is divided at will (702.20)
        ordered = r.edition.has_damage_assignment_order   # without an order, damage is divided freely
        short: Permanent | None = None
        for q in order_perms:
            got = mine.get(q.name, 0)
            if ordered and short is not None and got > 0:
                r.flag(stmt, rule, f"{p.name} assigns damage to {q.name}, but {short.name}, ahead of it in the "
                                   "damage assignment order, is not assigned lethal damage"
                       + (" (counting every creature's assignment this step)" if len(group.lines) > 1 else ""),
                       ("510.1e",) if len(group.lines) > 1 else ())
                break
            others = assigned_to.get(q.name, 0) - got
            total_needed = g.pt(q)[1] - q.damage
            lethal = got >= 1 if deathtouch else (got + others) >= total_needed or pt_unknown(g, q)
            if not lethal and short is None:
                short = q
        else:
            if rule == "510.1c" and has_trample(g, p):
                to_player = sum(amt for amt, name in g.assigned[p.pid] if name not in {q.name for q in order_perms})
                if to_player and short is not None:
                    r.flag(stmt, "510.1c", f"{p.name} tramples over, but {short.name} is not assigned lethal damage",
                           ("702.18",))
                    continue
            over = over_planeswalker(r, p) if rule == "510.1c" else None
            attacked = g.named(p.attacking) if over is not None and p.attacking is not None else None
            if over is not None and attacked is not None and not attacked.removed_from_combat and \
                    mine.get(over, 0) and assigned_to.get(attacked.name, 0) < loyalty(attacked):
                r.flag(stmt, "510.1c", f"{p.name} has trample over planeswalkers, but it can assign damage to {over} "
                                       f"only once {attacked.name} is assigned damage at least equal to its loyalty "
                                       f"({loyalty(attacked)}), counting every creature's assignment this step",
                       ("current:702.19c",))


def over_planeswalker(r: Replay, p: Permanent) -> str | None:
    """The player trample over planeswalkers lets p assign excess damage to: the controller of the planeswalker
    it attacks (702.19c, 702.19e); None when p lacks it or attacks a player."""
    g = r.game
    if p.attacking is None or p.attacking in g.pstate or not g.has_ability(p, TRAMPLE_OVER):
        return None
    return defending_player_of(g, p)


def _wrong_strike_step(r: Replay, stmt: n.Statement, p: Permanent) -> bool:
    """510.5: in the first-strike combat damage step only creatures with first strike or double strike deal
    combat damage; in the second, only those that had neither as the first began, and those with double strike.
    True (flagged): the creature deals no combat damage in this step."""
    g = r.game
    if assigns_this_step(g, p) or g.abilities_unknown:
        return False
    if g.step == "combat damage step":
        r.flag(stmt, "510.5", f"only creatures with first strike or double strike assign combat damage in the "
                              f"first-strike damage step; {p.name} has neither", ("702.7",))
    elif g.has_ability(p, "first strike"):
        r.flag(stmt, "510.5", f"{p.name} had first strike as the first combat damage step began and lacks "
                              "double strike, so it assigns no damage in the second step", ("702.7",))
    else:   # it had double strike then, and lost it
        r.flag(stmt, "510.5", f"{p.name} had double strike as the first combat damage step began and has lost it, "
                              "so it assigns no damage in the second step", ("702.4",))
    return True


@handles(n.DealDamage, checks=("703.4k", "510.5", DAMAGE_AS_ASSIGNED))
def deal_one(r: Replay, stmt: n.DealDamage) -> None:
    g = r.game
    if stmt.recipient.text not in g.pstate and g.named(stmt.recipient.text) is None:
        stmt = n.replace(stmt, recipient=_plain(g, stmt.recipient))
    src = g.find_perm(stmt.source, anywhere=True)
    combat = stmt.combat or (src is not None and src.in_combat and g.step in DAMAGE_STEPS and r.resolving is None)
    if combat and src is not None and r.resolving is not None and r.resolving.kind == "damage":
        _as_assigned(r, stmt, src, r.resolved_damage, dealt=True)   # the resolution on this line, told in parts
        return
    if combat and g.damage_on_stack is not None and src is not None:
        # combat damage on the stack (2003), its resolution told creature by creature: this part is dealt now
        on_stack = g.damage_on_stack
        g.damage_on_stack = [part for part in on_stack if part[0] is not src]
        _as_assigned(r, stmt, src, on_stack, dealt=False)
        return
    elif combat and g.step in DAMAGE_STEPS:
        if tba(r, "deal", stmt) or (src is not None and src.pid in g.dealt_in_bulk):
            return   # combat damage was already taken as dealt when another event came first
        if src is not None and src.in_combat and stmt.amount > 0:
            _judge_told_damage(r, stmt, src)
            _wrong_strike_step(r, stmt, src)   # flagged; the damage is dealt as the transcript says
        g.assigned.pop(src.pid if src else -1, None)
        _deal_narrated_assignments(g)
    apply_damage(g, src, stmt.amount, stmt.recipient.text)
    if combat:
        combat_damage_to_monarch(g, src, stmt.amount, stmt.recipient.text)


def _plain(g: Game, ref: n.Ref) -> n.Ref:
    """"Bob's Hill Giant", when Bob controls Hill Giant, or a short form of a name ('Bears'): the permanent's
    name, as the judgements compare it."""
    text = ref.text
    if text in g.pstate or g.named(text) is not None:
        return ref
    owner, mark, rest = text.partition("'s ")
    if mark and owner in g.pstate:
        p = g.named(rest)
        return n.Ref(rest, ref.column, ref.end_column) if p is not None and p.controller == owner else ref
    p = g.find_perm_quietly(ref)
    return n.Ref(p.name, ref.column, ref.end_column) if p is not None else ref


def _judge_told_damage(r: Replay, stmt: n.DealDamage, src: Permanent) -> None:
    """'X deals N damage to Y' in a combat damage step, for a creature that narrated no assignment, with N its
    whole power: that is its assignment (510.1), judged as one, and its damage. A smaller amount may be one part
    of a split told over several lines, or what prevention left, so it is not judged as an assignment."""
    g = r.game
    if src.pid in g.assigned or g.abilities_unknown or pt_unknown(g, src) or g.pt(src)[0] != stmt.amount:
        return
    told = n.AssignDamage(stmt.span, stmt.source, (n.Assignment(stmt.amount, stmt.recipient),))
    _judge_assignment(r, told, src)


def _deal_narrated_assignments(g: Game) -> None:
    """Combat damage is dealt all at once (510.2): the assignments other creatures' lines narrated are dealt with
    the damage this line tells, and their own 'deals' lines, if they come, say it again rather than add to it."""
    for pid, parts in list(g.assigned.items()):
        other = g.by_pid(pid)
        if other is None or not parts:
            continue
        del g.assigned[pid]
        g.dealt_in_bulk.add(pid)
        for amount, recipient in parts:
            apply_damage(g, other, amount, recipient)
            combat_damage_to_monarch(g, other, amount, recipient)


def _as_assigned(r: Replay, stmt: n.DealDamage, src: Permanent, parts: list[tuple[Permanent, int, str]],
                 *, dealt: bool) -> None:
    """Combat damage on the stack is dealt as it was assigned, whatever happened to the creature's power since
    (2003 310.4). `parts` is what went on the stack (`dealt`: and was dealt as the line's resolution began). A
    narration that differs is flagged, and the replay goes on with the damage the transcript says was dealt."""
    g = r.game
    recipient = stmt.recipient.text
    mine = [part for part in parts if part[0] is src]
    same = next((part for part in mine if part[2] == recipient), None)
    if same is not None:
        parts.remove(same)
    if same is not None and same[1] == stmt.amount:
        if not dealt:
            apply_damage(g, src, stmt.amount, recipient)
        return
    assigned = ", ".join(f"{amount} to {to}" for _, amount, to in mine) or "no combat damage"
    r.flag(stmt, DAMAGE_AS_ASSIGNED, f"combat damage on the stack is dealt as it was assigned: {src.name} was "
                                     f"assigned {assigned}, so it deals {same[1] if same else 0} combat damage to "
                                     f"{recipient}, not {stmt.amount}, whatever its power is now", ("510.2",))
    if same is not None and dealt:
        undo_damage(g, src, same[1], recipient)
    apply_damage(g, src, stmt.amount, recipient)


@handles(n.DamageDealt, checks=("703.4k",))
def damage_dealt(r: Replay, stmt: n.DamageDealt) -> None:
    if r.edition.combat_damage_uses_stack:   # put on the stack if it isn't yet, and resolved
        if r.game.damage_on_stack is None:
            tba(r, "deal", stmt)
            put_combat_damage_on_stack(r.game)
        _resolved_here(r, stmt, resolve_combat_damage(r.game))
    elif not tba(r, "deal", stmt):
        deal_combat_damage(r.game)


@handles(n.DamageToStack, checks=("edition", "703.4k"))
def damage_to_stack(r: Replay, stmt: n.DamageToStack) -> None:
    """`combat damage is put on the stack`: the game action that ends the assignment in editions where combat
    damage uses the stack (2003: 310.2); elsewhere an 'edition' diagnostic, and the damage is dealt."""
    if not r.edition.combat_damage_uses_stack:
        r.flag(stmt, "edition", f"combat damage doesn't use the stack in the {r.edition.name} edition: it is dealt "
                                "as soon as it is assigned, with no priority in between", ("510.2",))
        if r.game.dealt_serial != r.game.step_serial:   # taken as 'combat damage is dealt', once
            damage_dealt(r, n.DamageDealt(stmt.span))
        return
    if not tba(r, "deal", stmt):
        put_combat_damage_on_stack(r.game)




def _resolved_here(r: Replay, stmt: n.Statement, parts: list[tuple[Permanent, int, str]]) -> None:
    """Combat damage resolved on this line: the statements after it on the line say what it did."""
    r.resolving = StackItem("damage", "combat damage", r.game.active, None, stmt.span.line)
    r.resolving_line = stmt.span.line
    r.ordinary = False
    r.resolved_damage = list(parts)


@handles(n.DamageResolves, checks=("edition", "703.4k", "500.2", DAMAGE_RESOLVED_PRIORITY))
def damage_resolves(r: Replay, stmt: n.DamageResolves) -> None:
    """`combat damage resolves`: dealt as assigned (2003: 310.4), after all players pass in succession."""
    g = r.game
    if not r.edition.combat_damage_uses_stack:
        r.flag(stmt, "edition", f"combat damage doesn't use the stack in the {r.edition.name} edition, so it "
                                "doesn't resolve: it is dealt as soon as it is assigned", ("510.2",))
        if g.dealt_serial != g.step_serial:
            damage_dealt(r, n.DamageDealt(stmt.span))
        return
    if g.damage_on_stack is None:
        tba(r, "deal", stmt)
        put_combat_damage_on_stack(g)
    elif g.mode == "explicit" and not g.all_passed():
        missing = [p for p in g.players if p not in g.passed]
        r.flag(stmt, "500.2", f"combat damage resolves before all players passed priority in succession "
                              f"({', '.join(missing)} did not pass)")
    _resolved_here(r, stmt, resolve_combat_damage(g))
    # then the active player gets priority (2003: 310.4): the next player to act must be the active player
    r.priority_used = False
    r.priority_rule = DAMAGE_RESOLVED_PRIORITY


@handles(n.RemovedFromCombat)
def removed_from_combat(r: Replay, stmt: n.RemovedFromCombat) -> None:
    r.game.remove_from_combat(r.game.perm(stmt.permanent))
