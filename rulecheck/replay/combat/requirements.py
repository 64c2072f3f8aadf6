"""Attack and block requirements (508.1d, 509.1c): a declaration must obey as many requirements as possible
without breaking a restriction. The maximum is found exactly: a linear dynamic programme for attacks, a pruned
search with a state budget for blocks."""

from __future__ import annotations

from functools import lru_cache

from ...game.actions import goaders
from ...game.combat import (
    ALONE_ATTACK,
    ALONE_BLOCK,
    AT_MOST_ONE_BLOCKER,
    LURE,
    MAX_ONE_ATTACK,
    MAX_ONE_BLOCK,
    MUST_ATTACK,
    MUST_BE_BLOCKED,
    MUST_BLOCK,
    able_to_attack,
    attacks_free,
    block_life_tax,
    block_tax,
    can_attack_for_free,
    defending_player_of,
    needs_two_blockers,
    potential_blockers,
    required_targets,
)
from ...game.objects import Permanent
from ...game.teams import is_active, opponents, teammates
from ..context import Declaration, Replay
from .evasion import evasion

CHECKS = ("508.1d", "509.1c")
SEARCH_BUDGET = 100_000
def attack_requirements(r: Replay, decl: Declaration, attackers: list[Permanent]) -> None:
    g = r.game
    if not (g.effects or g.has_attachments or g.global_static(MUST_ATTACK)):
        return   # no creature able to attack can have a requirement (printed ones are indexed; no effect grants one)
    able = [p for p in g.battlefield.values() if able_to_attack(g, p)]
    musts = {p.pid: (int(g.has_ability(p, MUST_ATTACK)), _attackable(r, required_targets(g, p))) for p in able}
    goaded = {p.pid: goaders(g, p) for p in able} if g.effects else {}
    # goad (701.15b): for each goading player, attack if able, and attack a player other than them if able
    others = {pid: _other_than(r, by) for pid, by in goaded.items() if by}
    musts = {pid: (m + len(goaded.get(pid, ())), players) for pid, (m, players) in musts.items()}
    if not any(m or players for m, players in musts.values()):
        return
    if g.abilities_unknown:
        return   # an unknown ability could make any creature unable to attack
    if not can_attack_for_free(g):
        return   # obeying would mean paying a cost, which no player is required to do (508.1d)
    max_one = bool(g.global_static(MAX_ONE_ATTACK))
    flags = tuple((musts[p.pid][0] + len(musts[p.pid][1]) + others.get(p.pid, (0, ()))[0],
                   any(g.has_ability(p, a) for a in ALONE_ATTACK)) for p in able)
    best = best_attack(flags, max_one)
    chosen = {p.pid for p in attackers}
    targets: dict[int, set[str]] = {}
    for pid, what in decl.pairs:
        targets.setdefault(pid, set()).update(what)
    for p in attackers:   # a creature declared without a target attacks the only defending player
        if not targets.get(p.pid) and len(g.defenders) == 1:
            targets[p.pid] = {g.defenders[0]}
    obeyed = sum(musts[p.pid][0] + sum(1 for x in musts[p.pid][1] if x in targets.get(p.pid, ()))
                 + sum(1 for by in others.get(p.pid, (0, ()))[1]
                       if any(t in g.pstate and t != by for t in targets.get(p.pid, ())))
                 for p in able if p.pid in chosen)
    if obeyed < best:
        r.flag(decl.lines[0] if decl.lines else None, "508.1d",
               f"the declaration obeys {obeyed} attack requirement(s), but {best} could be obeyed without breaking "
               "a restriction")


def _other_than(r: Replay, goading: list[str]) -> tuple[int, tuple[str, ...]]:
    """Goad's second requirement, once per goading player: attack a player other than them, if able. Returns
    the most of them one attack can obey (choosing its target) and the goading players whose requirement can
    be obeyed at all."""
    g = r.game
    reachable = _attackable(r, opponents(g, g.active))
    can = tuple(by for by in goading if any(x != by for x in reachable))
    best = max((sum(1 for by in can if by != x) for x in reachable), default=0)
    return best, can


def _attackable(r: Replay, players: list[str]) -> list[str]:
    """The required players this turn's attack can reach: the defending players (in two-player games, the
    opponent; in multiplayer, the chosen one or all of them) that can be attacked without paying a cost (no
    player is required to pay one to obey a requirement, 508.1d)."""
    g = r.game
    return [x for x in players if (x in g.defenders or (not g.defenders and not is_active(g, x)))
            and attacks_free(g, x)]


@lru_cache(maxsize=1024)
def best_attack(flags: tuple[tuple[int, bool], ...], max_one: bool) -> int:
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
            value = score + int(must)
            if nxt.get(key, -1) < value:
                nxt[key] = value
        best = nxt
    legal = [score for (total, alone), score in best.items()
             if not (max_one and total > 1) and not (alone and total < 2)]
    return max(legal, default=0)


def block_requirements(r: Replay, decl: Declaration, blocks: dict[int, list[Permanent]]) -> None:
    g = r.game
    if not (g.effects or g.has_attachments or g.global_static(LURE) or g.global_static(MUST_BLOCK)
            or g.global_static(MUST_BE_BLOCKED)):
        return   # no creature in combat or able to block can have a requirement (as in attack_requirements)
    team = teammates(g, decl.player)   # a defending team blocks as one (810.7d, 805.10d)
    attackers = [a for a in g.battlefield.values()
                 if a.in_combat and a.attacked and defending_player_of(g, a) in team]
    attackers += [a for a in g.battlefield.values() if a.in_combat and a.attacking is not None and not a.attacked
                  and defending_player_of(g, a) in team]
    pool = [b for player in team for b in potential_blockers(g, player)]
    lures = [a for a in attackers if g.has_ability(a, LURE)]
    musts = [b for b in pool if g.has_ability(b, MUST_BLOCK)]
    wanted = tuple(g.has_ability(a, MUST_BE_BLOCKED) for a in attackers)
    if not lures and not musts and not any(wanted):
        return
    if block_tax(g) > 0 or block_life_tax(g) > 0 or g.abilities_unknown:
        return   # every block costs something, and no player is required to pay to obey a requirement (509.1c)
    if any(g.has_ability(a, "provoke") for a in attackers):
        return   # a provoke trigger may have made a creature block one attacker if able: a requirement not modelled
    a_index = {a.pid: i for i, a in enumerate(attackers)}
    needs_two = tuple(needs_two_blockers(g, a) for a in attackers)
    blockers_spec = []
    for b in pool:
        options = tuple(i for i, a in enumerate(attackers) if (evasion(r, b, a) is None))
        blockers_spec.append((options, g.has_ability(b, MUST_BLOCK), any(g.has_ability(b, x) for x in ALONE_BLOCK)))
    lure_idx = frozenset(a_index[a.pid] for a in lures)
    at_most_one = tuple(g.has_ability(a, AT_MOST_ONE_BLOCKER) for a in attackers)
    best, exact = best_block(tuple(blockers_spec), needs_two, lure_idx, bool(g.global_static(MAX_ONE_BLOCK)),
                              at_most_one if any(at_most_one) else (), wanted if any(wanted) else ())
    obeyed = 0
    blocked: set[int] = set()
    for (options, must, _alone), b in zip(blockers_spec, pool, strict=True):
        chosen = [a_index[a.pid] for a in blocks.get(b.pid, []) if a.pid in a_index]
        obeyed += requirement_score(chosen[0] if chosen else None, options, must, lure_idx)
        blocked.update(chosen)
    obeyed += sum(1 for i in blocked if wanted[i])
    if obeyed < best:
        r.flag(decl.lines[0] if decl.lines else None, "509.1c",
               f"the declaration obeys {obeyed} blocking requirement(s), but {best} could be obeyed without "
               "breaking a restriction")
    elif not exact and decl.lines:
        r.warn(decl.lines[0], "search-limit", f"the blocking requirements (509.1c) were not judged: {len(pool)} "
               f"potential blockers against {len(attackers)} attackers is too large a search (gave up after "
               f"{SEARCH_BUDGET} states); no better declaration was found before that")


def requirement_score(choice: int | None, options: tuple[int, ...], must: bool, lures: frozenset[int]) -> int:
    """Requirements one blocker obeys: 'blocks if able', plus one per lure attacker it could block and does."""
    score = 0
    if must and choice is not None:
        score += 1
    for i in lures:
        if i in options and choice == i:
            score += 1
    return score


@lru_cache(maxsize=256)
def best_block(spec: tuple[tuple[tuple[int, ...], bool, bool], ...], needs_two: tuple[bool, ...],
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
        classes.append([group for group in groups.values() if len(group) > 1])
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
        rest_bound[i] = rest_bound[i + 1] + max((requirement_score(c, options, must, lures) for c in options),
                                                default=0)
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
                              score + requirement_score(choice, options, must, lures) + bonus))
        moves.sort(key=lambda m: m[4])
        stack.extend(moves)  # the highest-scoring move is popped first
    return best, True
