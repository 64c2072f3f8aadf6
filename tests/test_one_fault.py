"""One fault, one finding (docs/transcript-language.md, "One fault, one finding"): after a line is flagged, the
replay goes on from what that line narrates, so what follows from the narration is not a second finding.

The test replays every transcript with a `# expect:` line (fixtures/, the audit rounds, the shared acceptance
files) and, for every statement that gets a finding, checks that the game afterwards holds what the statement
narrates: the creature declared attacking attacks, the damage assigned is the damage to be dealt, the life paid
is gone, the land played is on the battlefield. What a statement narrates is written here from the statement
alone (`_claims`), not from the handlers, so a handler that flags a line and then drops what it says fails this
test. Statement classes that narrate no change to the game are listed in NARRATES_NOTHING, and those whose
narration can't be applied in EXEMPT, each with its reason; a flagged class in neither list fails the test.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path

import pytest

import rulecheck.replay.engine as engine_module
from rulecheck import nodes as n
from rulecheck.checker import check_file
from rulecheck.config import Config
from rulecheck.game.game import Game
from rulecheck.game.steps import mana_symbols, mana_value
from rulecheck.replay.context import Replay
from rulecheck.replay.registry import HANDLERS, Handler

ROOT = Path(__file__).resolve().parent.parent
SHARED_ACCEPTANCE = ROOT.parent / "shared" / "acceptance"
EXPECT = re.compile(r"#\s*expect:")

Claim = tuple[str, Callable[[Game], bool]]

# statements that narrate no change to the game, only a moment or a fact: a flag on them has nothing to apply
NARRATES_NOTHING: dict[type[n.Statement], str] = {
    n.PassPriority: "a pass changes no object",
    n.AllPass: "a pass changes no object",
    n.AssertPT: "an assertion states the game, it doesn't change it",
    n.AssertCount: "an assertion states the game, it doesn't change it",
    n.AssertStatus: "an assertion states the game (after a resolution it is applied, and checked by its tests)",
    n.TurnEnd: "the turn ends as narrated; the next turn header is judged on its own",
    n.ManaEmpties: "mana empties where it is narrated (see tests/test_editions.py)",
    n.DurationsEnd: "the effects end where they are narrated (the handler ends them after flagging)",
    n.EffectEnds: "the effect ends where it is narrated (the handler ends it after flagging)",
    n.SetScheme: "schemes have no state the replay keeps",
    n.DamageToStack: "an 'edition' finding: combat damage is dealt instead, as the edition deals it",
    n.DamageResolves: "an 'edition' finding, or damage resolved as it was put on the stack",
    n.Resolve: "a resolution removes its item from the stack, flagged or not",
    n.ChooseDefender: "the chosen defending players are set after the flag (a list the test can't read back)",
}

# findings whose statement is not played at all, with the reason
# notes that say how a line was read (the forgiving reader), not findings about what it narrates
READINGS = frozenset({"read-as", "remark"})
NOT_PLAYED: dict[str, str] = {
    "104.1": "the game is over: nothing after it happens (and what follows it is not judged)",
    "104.5": "the player has left the game: their objects left with them, and nothing of theirs happens",
}

# statements whose narration can't be applied, with the reason (docs/transcript-language.md lists them too)
EXEMPT: dict[type[n.Statement], str] = {
    n.Cast: "an illegal spell is reversed (current 723, baseline 717): it is on the stack only if the transcript "
            "has it resolve, and then it resolves as cast",
    n.Activate: "an illegal activation is reversed like an illegal spell; its resolution, if narrated, happens",
    n.Trigger: "a triggered ability narrated where nothing triggered goes on the stack as narrated",
    n.StepBoundary: "a step that begins out of order begins (the plan is realigned); checked by the step tests",
    n.TurnHeader: "a turn out of order begins as narrated; checked by the turn tests",
    n.Draw: "a draw narrated after the draw was taken as done is that draw, not a second one",
    n.Prevention: "a 'state' finding: the permanent it names is not on the battlefield",
    n.Pump: "a 'state' finding: the permanent it names is not on the battlefield",
    n.Leaves: "a 'state' finding: a permanent that regenerated is still there, whatever the line says",
}


def _player_life(g: Game, player: str) -> int | None:
    ps = g.pstate.get(player)
    return ps.life if ps is not None else None


def _counter_claims(g: Game, stmt: n.CounterChange) -> list[Claim]:
    """Counters put on or removed from a permanent or a player: the counts change by what the statement says
    (+1/+1 and -1/-1 counters by their difference, as they annihilate; a narrated annihilation leaves no pair)."""
    def counts(h: Game) -> dict[str, int] | None:
        if stmt.subject.text in h.pstate:
            return h.pstate[stmt.subject.text].counters
        q = h.find_perm(stmt.subject)
        return q.counters if q is not None else None
    had = counts(g)
    if had is None:
        return []
    before = dict(had)
    out: list[Claim] = []
    net = before.get("+1/+1", 0) - before.get("-1/-1", 0)
    q = g.find_perm(stmt.subject) if stmt.state_based else None
    if q is not None:   # what the narrated annihilation removes, from the counts before the replay's own
        done = q.annihilated[1] if q.annihilated[0] == g.step_serial else 0
        said = dict(stmt.counters)
        plus, minus = (max(0, before.get(k, 0) + done - said.get(k, 0)) for k in ("+1/+1", "-1/-1"))
        pair = min(plus, minus)
        return [(f"{q.name} has {plus - pair} +1/+1 and {minus - pair} -1/-1 counters", lambda h: (
            q.counters.get("+1/+1", 0), q.counters.get("-1/-1", 0)) == (plus - pair, minus - pair))]
    for kind, count in stmt.counters:
        if kind in ("+1/+1", "-1/-1"):
            delta = 0 if stmt.state_based else count if (kind == "+1/+1") != stmt.removed else -count
            out.append((f"+1/+1 counters less -1/-1 counters is {net + delta}, with no pair left", lambda h, d=delta: (
                (c := counts(h) or {}).get("+1/+1", 0) - c.get("-1/-1", 0) == net + d
                and min(c.get("+1/+1", 0), c.get("-1/-1", 0)) == 0)))
        else:
            want = max(0, before.get(kind, 0) - count) if stmt.removed else before.get(kind, 0) + count
            out.append((f"{stmt.subject.text} has {want} {kind} counters",
                        lambda h, k=kind, w=want: (counts(h) or {}).get(k, 0) == w))
    return out


def _claims(g: Game, stmt: n.Statement, already: int = 0) -> list[Claim]:
    """What the statement says happened, as checks on the game after it, from the game before it. `already`: the
    damage a combat damage resolution on the same line dealt before the line tells it part by part (2003)."""
    if isinstance(stmt, n.AssignDamage):
        p = g.find_perm(stmt.creature, anywhere=True)
        if p is None:
            return []
        pid, parts = p.pid, [(a.amount, a.recipient.text) for a in stmt.assignments]
        return [(f"{p.name}'s narrated assignment {parts} is the damage to deal",
                 lambda h: h.assigned.get(pid) == parts or h.dealt_serial == h.step_serial)]
    if isinstance(stmt, n.DeclareAttackers):
        out: list[Claim] = []
        for ref in stmt.attackers:
            q = g.find_perm(ref)
            if q is not None:
                out.append((f"{q.name} is attacking", lambda h, q=q: q.pid not in h.battlefield
                            or q.removed_from_combat or (q.in_combat and q.attacked)))
        return out
    if isinstance(stmt, n.DeclareBlockers):
        out = []
        for ref in stmt.blockers:
            b = g.find_perm(ref)
            attackers = [a for a in (g.find_perm(x) for x in stmt.attackers) if a is not None]
            if b is not None:
                out.append((f"{b.name} is blocking", lambda h, b=b, attackers=attackers: b.pid not in h.battlefield
                            or b.removed_from_combat or (b.in_combat and all(
                                a.pid in b.blocking or a.pid not in h.battlefield or a.removed_from_combat
                                for a in attackers))))
        return out
    if isinstance(stmt, n.PayLife):
        player = stmt.player.text
        before = _player_life(g, player)
        return [(f"{player} paid {stmt.amount} life",
                 lambda h: _player_life(h, player) == (before or 0) - stmt.amount)]
    if isinstance(stmt, n.PayMana):
        player = stmt.player.text
        ps = g.pstate.get(player)
        if ps is None:
            return []
        had, paid = mana_value(list(ps.pool)), mana_value(mana_symbols(stmt.mana))
        lost = mana_value(ps.lost_mana) + mana_value(ps.emptied_mana)
        # from the pool as far as it held, or (500.4) with the mana that emptied as a step ended
        return [(f"{player} paid {stmt.mana} from the pool as far as it held, or with the mana that emptied",
                 lambda h: mana_value(h.pstate[player].pool) in (max(had - paid, 0), had if lost else -1))]
    if isinstance(stmt, n.DayNight):
        return [(f"it is {stmt.which}", lambda h: h.designations.get("day/night") == stmt.which)]
    if isinstance(stmt, n.TurnFaceUp):
        q = g.find_perm(stmt.permanent)
        return [] if q is None else [(f"{q.name} is face up", lambda h, q=q: q.face_up_card is None)]
    if isinstance(stmt, n.CounterChange):
        return _counter_claims(g, stmt)
    if isinstance(stmt, n.PlayLand):
        player, name = stmt.player.text, stmt.card.text
        count = sum(1 for q in g.battlefield.values() if q.card.name == name and q.controller == player)
        return [(f"{player} has played {name}", lambda h: sum(
            1 for q in h.battlefield.values() if q.card.name == name and q.controller == player) == count + 1)]
    if isinstance(stmt, n.DamageOrder):
        p = g.find_perm(stmt.creature)
        if p is None:
            return []
        named = [q.pid for q in (g.find_perm(x) for x in stmt.order) if q is not None]
        return [(f"{p.name}'s order is the one announced", lambda h: [
            pid for pid in (p.blockers if stmt.of_blockers else p.blocking) if pid in named] == [
            pid for pid in named if pid in (p.blockers if stmt.of_blockers else p.blocking)])]
    if isinstance(stmt, (n.Tap, n.TapForMana)):
        mine = stmt.player.text if isinstance(stmt, n.TapForMana) else None
        perms = [q for q in (g.find_perm(x, prefer=lambda q: not q.tapped and mine in (None, q.controller))
                             for x in stmt.permanents) if q]
        return [(f"{q.name} is tapped", lambda h, q=q: q.tapped) for q in perms]
    if isinstance(stmt, n.BecomesTapped):
        q = g.find_perm(stmt.permanent)
        return [] if q is None else [(f"{q.name} is tapped", lambda h, q=q: q.tapped)]
    if isinstance(stmt, n.Untap):
        perms = [q for q in (g.find_perm(x, prefer=lambda q: q.tapped) for x in stmt.permanents) if q]
        return [(f"{q.name} is untapped", lambda h, q=q: not q.tapped) for q in perms]
    if isinstance(stmt, n.UntapAll):
        player, kept = stmt.player.text, {x.text for x in stmt.except_}
        return [(f"{player}'s permanents are untapped", lambda h: all(
            not q.tapped for q in h.battlefield.values() if q.controller == player and q.name not in kept))]
    if isinstance(stmt, n.PhaseEvent):
        p = g.find_perm(stmt.permanent)
        out_ = stmt.direction == "out"
        return [] if p is None else [(f"{p.name} phased {stmt.direction}", lambda h: p.phased_out == out_)]
    if isinstance(stmt, n.Discard):
        ps = g.pstate.get(stmt.player.text)
        if ps is None or ps.hand is None:
            return []
        player, hand = ps.name, ps.hand
        count = stmt.count if stmt.count is not None else len(stmt.cards)
        return [(f"{player} discarded {count}", lambda h: h.pstate[player].hand == max(hand - count, 0))]
    if isinstance(stmt, (n.LoseLife, n.GainLife)):
        player = stmt.player.text
        # a 2003 mana burn line narrates the burn taken as done as the phase ended (`already`)
        before = (_player_life(g, player) or 0) + (already if isinstance(stmt, n.LoseLife) else 0)
        sign = 1 if isinstance(stmt, n.GainLife) else -1
        return [(f"{player}'s life changed by {sign * stmt.amount}",
                 lambda h: _player_life(h, player) == (before or 0) + sign * stmt.amount)]
    if isinstance(stmt, n.DealDamage):
        player = stmt.recipient.text
        if player not in g.pstate:
            return []
        before = _player_life(g, player)
        return [(f"{player} was dealt {stmt.amount}",
                 lambda h: _player_life(h, player) == (before or 0) + already - stmt.amount)]
    if isinstance(stmt, n.Crew):
        v = g.find_perm(stmt.vehicle)
        crew = [q for q in (g.find_perm(x) for x in stmt.crew) if q]
        return ([(f"{v.name} was crewed", lambda h: v.is_creature())] if v else []) + \
            [(f"{q.name} crewed it (tapped)", lambda h, q=q: q.tapped) for q in crew]
    if isinstance(stmt, n.Sacrifice):
        perms = [q for q in (g.find_perm(x) for x in stmt.permanents) if q]
        return [(f"{q.name} left the battlefield", lambda h, q=q: q.pid not in h.battlefield) for q in perms]
    if isinstance(stmt, n.Regenerate):
        p = g.find_perm(stmt.permanent)
        return [] if p is None else [(f"{p.name} regenerated (tapped, no damage)",
                                      lambda h: p.tapped and p.damage == 0)]
    if isinstance(stmt, n.PutOntoBattlefield):
        name = stmt.card.text
        count = sum(1 for q in g.battlefield.values() if q.card.name == name)
        return [(f"{name} entered the battlefield", lambda h: sum(
            1 for q in h.battlefield.values() if q.card.name == name) >= count + 1)]
    return []


def fail_fixtures() -> list[Path]:
    roots = [ROOT / "fixtures", SHARED_ACCEPTANCE]
    files = [p for root in roots if root.is_dir() for p in sorted(root.rglob("*.transcript"))]
    return [p for p in files if EXPECT.search(p.read_text(encoding="utf-8", errors="replace"))]


@contextmanager
def _watching(claims: list[tuple[n.Statement, str, bool]], fed: list[n.Statement]) -> Iterator[None]:
    """Replays with the engine watched: each statement's claims are checked once the game has applied it (a
    declaration once it closes), and recorded as (statement, claim, held)."""
    Engine = engine_module.Engine
    feed, close_groups = Engine.feed, Engine._close_groups
    waiting: list[tuple[n.Statement, list[Claim]]] = []

    def settle(g: Game) -> None:
        for stmt, checks in waiting:
            claims.extend((stmt, what, check(g)) for what, check in checks)
        waiting.clear()

    def watched_feed(self: engine_module.Engine, stmt: n.Statement) -> None:
        g = self.replay.game
        fed.append(stmt)
        r = self.replay
        told = r.resolving is not None and r.resolving.kind == "damage" and isinstance(stmt, n.DealDamage)
        already = sum(amount for src, amount, to in r.resolved_damage if told and isinstance(stmt, n.DealDamage)
                      and src.name == stmt.source.text and to == stmt.recipient.text)
        if isinstance(stmt, n.LoseLife) and stmt.for_source is None and r.resolving is None:
            burned = r.mana_burned.get(stmt.player.text)
            already = burned[0] if burned is not None and g.step_serial <= burned[1] + 1 else 0
        try:
            checks = _claims(g, stmt, already)
        except LookupError:
            checks = []
        feed(self, stmt)
        if isinstance(stmt, (n.DeclareAttackers, n.DeclareBlockers)) and self.replay.declaration is not None:
            waiting.append((stmt, checks))   # applied when the declaration closes
            return
        claims.extend((stmt, what, check(g)) for what, check in checks)

    def watched_close(self: engine_module.Engine, stmt: n.Statement | None) -> None:
        close_groups(self, stmt)
        if self.replay.declaration is None:
            settle(self.replay.game)

    Engine.feed = watched_feed   # type: ignore[method-assign]
    Engine._close_groups = watched_close   # type: ignore[method-assign]
    try:
        yield
    finally:
        Engine.feed = feed   # type: ignore[method-assign]
        Engine._close_groups = close_groups   # type: ignore[method-assign]


@cache
def dropped(path: Path) -> tuple[list[str], set[str]]:
    """What flagged statements narrated and the replay didn't apply ('line N: claim'), and the classes of the
    statements flagged."""
    claims: list[tuple[n.Statement, str, bool]] = []
    fed: list[n.Statement] = []
    with _watching(claims, fed):
        result = check_file(str(path), config=Config())
    flagged = {(v.line, v.column) for v in result.violations if v.severity != "warning" and v.rule != "syntax"
               and v.rule not in NOT_PLAYED and v.rule not in READINGS}
    lines = {line for line, _ in flagged}
    out = [f"line {stmt.span.line}: {what}" for stmt, what, held in claims
           if not held and stmt.span.line in lines]
    classes = {type(stmt).__name__ for stmt in fed if (stmt.span.line, stmt.span.column) in flagged}
    return out, classes


FILES = fail_fixtures()
# the statement classes `_claims` knows what they narrate
ORACLE = {n.AssignDamage, n.DeclareAttackers, n.DeclareBlockers, n.PayMana, n.PayLife, n.PlayLand, n.DamageOrder, n.Tap,
          n.BecomesTapped,
          n.TapForMana, n.Untap, n.UntapAll, n.PhaseEvent, n.Discard, n.LoseLife, n.GainLife, n.DealDamage,
          n.Sacrifice, n.Regenerate, n.PutOntoBattlefield, n.Crew, n.DayNight, n.TurnFaceUp, n.CounterChange}


def test_there_are_fail_fixtures_to_check() -> None:
    assert len(FILES) > 400


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(p.parents[1])) for p in FILES])
def test_a_flagged_line_is_applied_as_narrated(path: Path) -> None:
    assert dropped(path)[0] == []


def test_every_flagged_statement_class_is_accounted_for() -> None:
    """A class that gets flagged in some fixture has an oracle, narrates nothing, or can't be applied (with the
    reason): a new flagged statement can't slip past this test unseen."""
    known = {cls.__name__ for cls in (*ORACLE, *NARRATES_NOTHING, *EXEMPT)}
    flagged = set().union(*(dropped(path)[1] for path in FILES))
    assert flagged - known == set()
    assert ORACLE.isdisjoint(NARRATES_NOTHING) and ORACLE.isdisjoint(EXEMPT)


REMOVED_ATTACKER = """players: Alice, Bob
card Hill Giant: creature 3/3
Alice controls Hill Giant
turn 5: Alice, in declare attackers step
Alice declares Hill Giant attacking Bob
declare blockers step begins
Hill Giant is removed from combat
combat damage step begins
Hill Giant assigns 3 to Bob   # expect: 506.4
combat damage is dealt
"""


def test_a_handler_that_drops_the_narration_fails_this_test(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The test can fail: an assignment handler that flags and then drops the assignment (as the replay did before
    the policy) is caught."""
    path = tmp_path / "removed.transcript"
    path.write_text(REMOVED_ATTACKER, encoding="utf-8")
    assert dropped.__wrapped__(path)[0] == []

    def flag_and_drop(r: Replay, stmt: n.AssignDamage) -> None:
        r.flag(stmt, "506.4", "removed from combat")

    monkeypatch.setitem(HANDLERS, n.AssignDamage, Handler(flag_and_drop, "game", ("506.4",)))
    assert dropped.__wrapped__(path)[0] == ["line 9: Hill Giant's narrated assignment [(3, 'Bob')] is the damage "
                                            "to deal"]
