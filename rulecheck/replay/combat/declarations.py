"""Declaring attackers and blockers (507.1, 508.1, 509.1): who may attack or block, restrictions on the whole
declaration, its costs, and what declaring does. A declaration may be written over several lines; it is judged
as a whole once a statement that doesn't continue it arrives."""

from __future__ import annotations

from collections.abc import Callable

from ... import nodes as n
from ...cards.oracle import ATTACKS_DESPITE_DEFENDER
from ...game.combat import (
    ALONE_ATTACK,
    ALONE_BLOCK,
    AT_MOST_ONE_BLOCKER,
    ATTACKS,
    MAX_ONE_ATTACK,
    MAX_ONE_BLOCK,
    UNBLOCKED,
    attack_life_tax,
    attack_tax,
    bandmates,
    block_life_tax,
    block_tax,
    defending_player_of,
    dictated_defender,
    has_trigger,
    is_attacker,
    needs_two_blockers,
    phyrexian_tax,
    protector,
)
from ...game.game import NotOnBattlefield
from ...game.hooks import ATTACKED, ATTACKS_ALONE, triggers_on_attacking_alone
from ...game.objects import Permanent
from ...game.teams import has_teams, is_active, opponents, teammates, whose_turn
from ..cardtext import lands_missing, types_missing
from ..context import Declaration, Replay
from ..costs import judge_cost
from ..registry import closes, handles
from ..tba import in_step, no_attackers, tba
from .beside import colours_missing
from .evasion import evasion
from .requirements import attack_requirements, block_requirements
from .triggers import attacked, became_blocked, became_blocker, owe

_COLOUR_WORDS = frozenset({"white", "blue", "black", "red", "green", "colorless", "multicolored"})


@handles(n.ChooseDefender, checks=("507.1", "703.4e"))
def choose_defender(r: Replay, stmt: n.ChooseDefender) -> None:
    g = r.game
    player = g.player(stmt.player)
    chosen = [g.player(ref) for ref in stmt.defenders]
    if in_step(r, "beginning of combat step", stmt, "choose_defender"):
        tba(r, "choose_defender", stmt)
        if has_teams(g):
            r.flag(stmt, "507.1", f"{player} chooses a defending player, but in Two-Headed Giant the nonactive team "
                                  f"({' & '.join(opponents(g, g.active))}) defends; nobody chooses",
                   ("506.2b", "810.7a"))
        elif player != g.active:
            r.flag(stmt, "507.1", f"{player} chooses the defending player, but the active player {g.active} does")
        elif len(chosen) != 1 and g.option != "attack multiple players":
            r.flag(stmt, "507.1", f"{player} chooses {', '.join(chosen)} as defending players; in this game the "
                                  "active player chooses exactly one opponent")
        elif any(c == g.active for c in chosen):
            r.flag(stmt, "507.1", f"{player} chooses herself; the defending player is an opponent")
        elif dictated_defender(g) not in (None, chosen[0]):
            side = "left" if g.option == "attack left" else "right"
            r.flag(stmt, "507.1", f"{player} chooses {chosen[0]}, but with the attack {side} option the defending "
                                  f"player is the opponent to {player}'s {side}, {dictated_defender(g)}", ("506.2a",))
    g.defenders = chosen


@handles(n.DeclareAttackers, checks=("508.1", "508.1a", "506.2", "506.2b", "506.3", "508.1c", "703.4f",
                                     "current:310.8b"))
def declare_attackers(r: Replay, stmt: n.DeclareAttackers) -> None:
    g = r.game
    player = g.player(stmt.player)
    if r.declaration is None or r.declaration.kind != "attack":
        if in_step(r, "declare attackers step", stmt, "declare_attackers"):
            tba(r, "declare_attackers", stmt)
        r.declaration = Declaration("attack", player)
        r.ordinary = False
    decl = r.declaration
    decl.lines.append(stmt)
    decl.band = decl.band or stmt.band
    # a declaration by another player is flagged, and its creatures attack all the same (one fault, one finding)
    wrong_player = not is_active(g, player)
    if wrong_player and has_teams(g):
        r.flag(stmt, "508.1", f"{player} declares attackers, but {player}'s team is not the active team; the "
                              f"active team, {whose_turn(g)}, declares attackers", ("810.7c",))
    elif wrong_player:
        r.flag(stmt, "508.1", f"{player} declares attackers, but only the active player {g.active} does")
    target_name: str | None = None
    if stmt.target is not None:
        target_name = _attack_target(r, stmt, stmt.target, player)
    for ref in stmt.attackers:
        p = _declared(r, stmt, ref, lambda q: q.controller == player and q.pid not in decl.declared)
        if p is None:
            continue
        decl.add(p.pid, [target_name] if target_name else [], stmt)
        if stmt.band:
            decl.banded.append(p.pid)
        if wrong_player or _attacker_problem(r, stmt, p, player):
            decl.bad.add(p.pid)


def _declared(r: Replay, stmt: n.Statement, ref: n.Ref, prefer: Callable[[Permanent], bool]) -> Permanent | None:
    """A creature the declaration names; one that isn't on the battlefield gets its `state` finding, and the
    others of the declaration attack or block all the same (one fault, one finding)."""
    try:
        return r.game.perm(ref, prefer=prefer)
    except NotOnBattlefield as err:
        r.state(err.ref, stmt.span.line, err.message)
        return None


def _attack_target(r: Replay, stmt: n.Statement, ref: n.Ref, player: str) -> str | None:
    g = r.game
    if ref.text in g.pstate:
        if ref.text == player:
            r.flag(stmt, "506.2", f"{player} can't attack herself; only the defending player and their "
                                  "planeswalkers can be attacked", ("508.1b",))
        elif ref.text in teammates(g, player):
            r.flag(stmt, "506.2b", f"{ref.text} is {player}'s teammate; the active team's creatures attack the "
                                   f"other team ({' & '.join(opponents(g, player))})")
        elif g.defenders and ref.text not in g.defenders:
            r.flag(stmt, "506.2", f"{ref.text} is not a defending player this combat", ("508.1b",))
        return ref.text
    p = g.perm(ref)
    if p.card.is_("battle"):   # an edition without battles (310) doesn't judge them: its 310.8b is None
        return _battle_target(r, stmt, p, player)
    if not p.card.is_("planeswalker"):
        kind = " ".join(t for t in p.card.types if t not in _COLOUR_WORDS)
        r.flag(stmt, "506.3", f"{p.name} is a {kind}, not a player or planeswalker; only players and planeswalkers "
                              "can be attacked")
    elif p.controller in teammates(g, player) and has_teams(g):
        r.flag(stmt, "506.2b", f"{p.name} is {p.controller}'s planeswalker, on the active team; only the defending "
                               "team's planeswalkers can be attacked")
    elif p.controller == player or (g.defenders and p.controller not in g.defenders):
        r.flag(stmt, "506.2", f"{p.name} is {p.controller}'s planeswalker; only planeswalkers controlled by the "
                              "defending player can be attacked", ("508.1b",))
    return p.name


def _battle_target(r: Replay, stmt: n.Statement, p: Permanent, player: str) -> str:
    """A battle can be attacked by a player its protector defends against, never by its protector (310.8b); a
    Siege's own controller may attack it."""
    g = r.game
    guard = protector(g, p)
    if guard == player:
        r.flag(stmt, "current:310.8b", f"{player} is {p.name}'s protector, and a battle's protector can't attack it",
               ("506.2",))
    elif guard is not None and g.defenders and guard not in g.defenders:
        r.flag(stmt, "506.2", f"{p.name} is protected by {guard}, who is not a defending player this combat",
               ("508.1b",))
    return p.name


def _cannot_join_combat(r: Replay, stmt: n.Statement, p: Permanent, player: str, rule: str, verb: str,
                        who: str) -> bool | None:
    """What keeps any permanent from attacking or blocking (`verb`): not a creature (506.3), not the declaring
    player's, phased out, tapped (`rule`: 508.1a or 509.1a). None: none of these; else what `flag` returned."""
    if not p.is_creature():
        return r.flag(stmt, "506.3", f"{p.name} is not a creature; only creatures {verb}")
    if p.controller not in teammates(r.game, player):   # a team declares as one (810.7c-d, 805.10b, 805.10d)
        return r.flag(stmt, rule, f"{p.name} is {p.controller}'s; {who} only with creatures she controls")
    if p.phased_out:
        return r.flag(stmt, rule, f"{p.name} is phased out, so it is treated as though it doesn't exist and "
                                  f"can't {verb}", ("702.24",))
    if p.tapped:
        return r.flag(stmt, rule, f"{p.name} is tapped; {verb}ing creatures must be untapped")
    return None


def _attacker_problem(r: Replay, stmt: n.Statement, p: Permanent, player: str) -> bool:
    g = r.game
    problem = _cannot_join_combat(r, stmt, p, player, "508.1a", "attack", "the active player attacks")
    if problem is not None:
        return problem
    if p.new and not g.may_have(p, "haste"):
        return r.flag(stmt, "508.1a", f"{player} has not controlled {p.name} continuously since the turn began "
                                      "and it lacks haste, so it can't attack", ("302.6",))
    if r.edition.walls_cant_attack and "wall" in p.card.subtypes:
        return r.flag(stmt, "508.1a", f"{p.name} is a Wall, and Walls can't attack")
    defender = g.has_ability(p, "defender") and not g.has_ability(p, ATTACKS_DESPITE_DEFENDER)
    if defender or g.has_ability(p, "can't attack"):
        why = "defender" if defender else "\"can't attack\""
        return r.flag(stmt, "508.1c", f"{p.name} has {why}, a restriction that forbids it to attack",
                      ("702.3",) if why == "defender" else ())
    missing = lands_missing(g, p)
    if missing is not None:
        return r.flag(stmt, "508.1c", f"{p.name} can't attack unless the defending player controls a land of type "
                                      f"{missing[1].capitalize()}, and {missing[0]} controls none")
    kinds = types_missing(g, p)
    if kinds is not None:   # unread text that may give the type: a note (unread.py)
        r.explained = (kinds[1], "a permanent to have that type") if kinds[1] else None
        flagged = r.flag(stmt, "508.1c", f"{p.name} can't attack unless {player} controls a {kinds[0]}, and "
                                         f"{player} controls none")
        r.explained = None
        return flagged
    return False


@closes(checks=("508.1c", "508.1d", "508.1e", "508.1g", "508.1i", "509.1b", "509.1c", "509.1d", "509.1f", "508.2",
                "509.4", "509.4c", "509.4d"))
def close_declaration(r: Replay, decl: Declaration) -> None:
    if decl.kind == "attack":
        _close_attack(r, decl)
    else:
        _close_block(r, decl)


def _close_attack(r: Replay, decl: Declaration) -> None:
    g = r.game
    first = decl.lines[0] if decl.lines else None
    chosen = [pid for pid, _ in decl.pairs]
    perms = g.battlefield
    attackers = [perms[pid] for pid in chosen if pid in perms]
    target_of: dict[int, str] = {}
    for pid, ts in decl.pairs:
        if ts and pid not in target_of:
            target_of[pid] = ts[0]
    count = len(attackers)
    band = [p for p in attackers if p.pid in decl.banded]
    # 508.1c restrictions that depend on the whole declaration
    if count == 1 and any(g.has_ability(attackers[0], a) for a in ALONE_ATTACK):
        r.flag(decl.line(attackers[0].pid), "508.1c", f"{attackers[0].name} can't attack alone, but it is the only "
                                                      "attacker")
    elif count > 1 and g.global_static(MAX_ONE_ATTACK):
        r.flag(decl.line(attackers[1].pid), "508.1c", f"{count} creatures attack, but no more than one creature can "
                                                      f"attack each combat ({g.global_static(MAX_ONE_ATTACK)[0].name})")
    elif sum(1 for p in band if not g.has_ability(p, "banding")) > 1 and \
            any(g.has_ability(p, "banding") for p in band):
        plain = [p.name for p in band if not g.has_ability(p, "banding")]
        r.flag(first, "508.1e", f"a band may include only one creature without banding, but {', '.join(plain[:-1])} "
                                f"and {plain[-1]} have none", ("702.20",))
    elif decl.band and not any(g.has_ability(p, "banding") for p in band):
        r.flag(first, "508.1e", "a band is announced, but none of the attackers has banding or \"bands with "
                                "other\"", ("702.20",))
    elif (beside := next(((p, why) for p in attackers if p.card.attacks_beside
                          for why in (colours_missing(g, p, attackers),) if why is not None), None)) is not None:
        p, (wanted, giver) = beside
        r.explained = (giver, "a creature to have that colour") if giver else None
        r.flag(decl.line(p.pid), "508.1c", f"{p.name} can't attack unless a {wanted} creature also attacks, and "
                                           "no other attacker is")
        r.explained = None
    else:
        attack_requirements(r, decl, attackers)
    # 508.1g-i costs, in mana and in life
    cost = life = phyrexian = 0
    taxes: dict[str, tuple[int, int, int]] = {}    # per defending player: one look at the battlefield each
    for p in attackers:
        target = target_of.get(p.pid)
        if target in g.pstate:
            if target not in taxes:
                taxes[target] = (attack_tax(g, target), attack_life_tax(g, target),
                                 phyrexian_tax(g, "attack_cost", target))
            mana_tax, life_tax, phyrexian_symbols = taxes[target]
            cost += mana_tax
            life += life_tax
            phyrexian += phyrexian_symbols
    judge_cost(r, decl, cost, life, "508.1g", "508.1i", "attack", phyrexian)
    # 508.1f, 508.1j
    for p in attackers:
        target = target_of.get(p.pid)
        if target is None and len(g.defenders) == 1:
            target = g.defenders[0]
        p.attacking = target
        p.in_combat = True
        p.attacked = True
        g.marked[p.pid] = p   # (what the end of combat and the next turn reset: game/marks.py)
        if p in band and len(band) > 1:
            p.band = band[0].pid
        if not g.has_ability(p, "vigilance"):
            p.tapped = True
        if has_trigger(p, ATTACKS):
            owe(r, p, ATTACKS, "508.2", "when it was declared as an attacker")
    # exalted and "attacks alone" abilities of the attacking player's permanents (in a game that ever had one)
    if len(attackers) == 1 and g.hooks.uses(ATTACKS_ALONE):
        for q in list(g.battlefield.values()):
            if q.controller == attackers[0].controller and \
                    any(triggers_on_attacking_alone(a.text) for a in q.abilities()):
                owe(r, q, "exalted", "508.2", f"when {attackers[0].name} attacked alone")
    if g.hooks.uses(ATTACKED):
        attacked(r, attackers)   # "Whenever a creature attacks you, …"
    g.combat_attackers_declared = bool(attackers)
    g.attackers_declared = len(attackers)
    if not attackers:
        no_attackers(r)


@handles(n.DeclareBlockers, checks=("509.1", "509.1a", "509.1b", "506.3", "703.4g"))
def declare_blockers(r: Replay, stmt: n.DeclareBlockers) -> None:
    g = r.game
    player = g.player(stmt.player)
    if r.resolving is not None and stmt.blockers:
        _effect_block(r, stmt)
        return
    if r.declaration is None or r.declaration.kind != "block":
        if in_step(r, "declare blockers step", stmt, "declare_blockers"):
            tba(r, "declare_blockers", stmt)
        r.declaration = Declaration("block", player)
        r.ordinary = False
    decl = r.declaration
    decl.lines.append(stmt)
    attackers = [g.perm(ref) for ref in stmt.attackers]
    # the active player's blocks are flagged, and made all the same (one fault, one finding)
    wrong_player = is_active(g, player) and bool(stmt.blockers)
    if wrong_player and has_teams(g):
        r.flag(stmt, "509.1", f"{player} declares blockers, but {player} is on the active team; the defending "
                              f"team, {' & '.join(opponents(g, g.active))}, declares blockers", ("810.7d",))
    elif wrong_player:
        r.flag(stmt, "509.1", f"{player} declares blockers, but {player} is the active player; only defending "
                              "players declare blockers")
    for ref in stmt.blockers:
        b = _declared(r, stmt, ref, lambda q: q.controller == player)
        if b is None:
            continue
        decl.add(b.pid, [a.name for a in attackers], stmt)
        if wrong_player:
            decl.bad.add(b.pid)
        if b.pid in decl.bad:
            continue
        if _blocker_problem(r, stmt, b, attackers, player, decl):
            decl.bad.add(b.pid)


def _blocker_problem(r: Replay, stmt: n.Statement, b: Permanent, attackers: list[Permanent], player: str,
                     decl: Declaration) -> bool:
    g = r.game
    problem = _cannot_join_combat(r, stmt, b, player, "509.1a", "block", "a player blocks")
    if problem is not None:
        return problem
    total = decl.declared[b.pid]
    limit = 99 if g.may_have(b, "can block any number of creatures") else \
        2 if g.has_ability(b, "can block an additional creature each combat") else 1
    if total > limit:
        return r.flag(stmt, "509.1a", f"{b.name} blocks {total} creatures, but each blocker blocks one attacking "
                                      "creature unless an ability lets it block more")
    for a in attackers:
        if not (a.in_combat and a.attacking is not None) and not a.in_combat:
            return r.flag(stmt, "509.1a", f"{a.name} is not an attacking creature")
        defender = defending_player_of(g, a)
        # a defending team's creatures block any creature attacking the team (810.7d, 805.10d)
        if defender is not None and defender not in teammates(g, player):
            return r.flag(stmt, "509.1a", f"{a.name} is attacking {a.attacking}, not {player} or a planeswalker "
                                          f"{player} controls")
        if g.has_ability(b, "can't block"):
            return r.flag(stmt, "509.1b", f"{b.name} can't block")
        reason = evasion(r, b, a)
        if reason is not None:
            return r.flag(stmt, "509.1b", reason[0], reason[1])
    return False


def _close_block(r: Replay, decl: Declaration) -> None:
    g = r.game
    perms = g.battlefield
    blocks: dict[int, list[Permanent]] = {}
    per_attacker: dict[str, list[int]] = {}
    per_attacker_perm: dict[str, Permanent] = {}
    for pid, targets in decl.pairs:
        for t in targets:
            a = g.named(t)
            if a is None:
                continue
            blocks.setdefault(pid, []).append(a)
            if pid not in decl.bad:   # a blocker already flagged on its own line doesn't count for the rest
                per_attacker.setdefault(a.name, []).append(pid)
                per_attacker_perm[a.name] = a
    blockers = [perms[pid] for pid in blocks if pid in perms]
    good = [b for b in blockers if b.pid not in decl.bad]
    flagged = len(good) < len(blockers)
    # restrictions on the whole declaration, each flagged on the line of the creature that breaks it
    for name, pids in per_attacker.items():
        a = per_attacker_perm[name]
        if len(pids) == 1 and needs_two_blockers(g, a):
            flagged = r.flag(decl.line(pids[0]), "509.1b", f"{a.name} can't be blocked except by two or more "
                                                           f"creatures, but only {perms[pids[0]].name} blocks it",
                             ("current:702.111",) if g.has_ability(a, "menace") else ()) or flagged
        elif len(pids) > 1 and g.has_ability(a, AT_MOST_ONE_BLOCKER):
            flagged = r.flag(decl.line(pids[1]), "509.1b", f"{a.name} can't be blocked by more than one creature, "
                                                           f"but {len(pids)} block it") or flagged
    if len(good) == 1 and len(blockers) == 1 and any(g.has_ability(good[0], x) for x in ALONE_BLOCK):
        flagged = r.flag(decl.line(good[0].pid), "509.1b", f"{good[0].name} can't block alone, but it is the only "
                                                           "blocker") or flagged
    if len(good) > 1 and g.global_static(MAX_ONE_BLOCK):
        flagged = r.flag(decl.line(good[1].pid), "509.1b", f"{len(good)} creatures block, but no more than one "
                                                           "creature can block each combat "
                                                           f"({g.global_static(MAX_ONE_BLOCK)[0].name})") or flagged
    if not flagged:
        block_requirements(r, decl, blocks)
    judge_cost(r, decl, block_tax(g) * len(blockers), block_life_tax(g) * len(blockers), "509.1d", "509.1f",
               "block", phyrexian_tax(g, "block_cost") * len(blockers))
    # blocking a creature in a band blocks the whole band (702.20)
    for b in blockers:
        for a in list(blocks[b.pid]):
            blocks[b.pid] += [m for m in bandmates(g, a) if m not in blocks[b.pid]]
    # 509.1g-h
    for b in blockers:
        b.in_combat = True
        b.declared_blocker = True
        g.marked[b.pid] = b
        became_blocker(r, b, blocks[b.pid])
        for a in blocks[b.pid]:
            g.marked[a.pid] = a
            if a.pid not in b.blocking:
                b.blocking.append(a.pid)
            if b.pid not in a.blockers:
                a.blockers.append(b.pid)
    for a in g.battlefield.values():
        if a.in_combat and is_attacker(a):
            if a.blockers and not a.blocked:
                became_blocked(r, a, [perms[pid] for pid in a.blockers if pid in perms])
            a.blocked = bool(a.blockers)
            a.blocked_by_declaration = bool(a.blockers)
            g.marked[a.pid] = a
            if a.attacked and not a.blockers and has_trigger(a, UNBLOCKED):
                owe(r, a, UNBLOCKED, "509.4", "when no creature was declared to block it")


def _effect_block(r: Replay, stmt: n.DeclareBlockers) -> None:
    """A creature made to block by a resolving effect (509.6)."""
    g = r.game
    for ref in stmt.blockers:
        b = g.perm(ref)
        became_blocker(r, b, [g.perm(aref) for aref in stmt.attackers])
        for aref in stmt.attackers:
            a = g.perm(aref)
            if not a.blocked:
                became_blocked(r, a, [b])
            b.in_combat = True
            g.marked[b.pid] = b
            g.marked[a.pid] = a
            if a.pid not in b.blocking:
                b.blocking.append(a.pid)
            if b.pid not in a.blockers:
                a.blockers.append(b.pid)
            a.blocked = True
            g.placement_pending.add(a.pid)
            g.placement_pending.add(b.pid)
