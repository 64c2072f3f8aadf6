"""The end of the game (104): a player loses at 0 life, with ten poison counters or after drawing from a library the
replay knows is empty, as a state-based action (704.5a-c), narrated or not; a player concedes (104.3a); a player who
loses leaves the game (104.5). In a two-player game the other player wins and the game is over (104.2a, 104.1):
whatever the transcript says after that is one finding. In a multiplayer game it goes on without them (800.4a):
their objects leave it, and a later event of theirs is one finding (104.5). An edition without these rules (2003, as
far as rulecheck has it) ends the game the same way and reports nothing."""

from __future__ import annotations

from .. import nodes as n
from ..game.counters import POISON_TO_LOSE, next_seat
from ..game.objects import PlayerState
from .context import Replay
from .registry import handles

GAME_OVER = "104.1"
LEFT = "104.5"
CHECKS = (GAME_OVER, LEFT)
# statements that are not events of the game: they may follow its end
_NOT_EVENTS = (n.AssertPT, n.AssertCount, n.AssertStatus, n.AssertDayNight, n.Gap, n.LoseGame)
# statements that narrate state-based actions: the check that comes before priority hasn't happened yet
_SBA_NARRATION = (n.Leaves, n.CounterChange)
_NO_CHECK = frozenset(_NOT_EVENTS + _SBA_NARRATION)
_CANT_LOSE = ("lose the game", "can't lose", "cannot lose")
# text that may replace a draw or win instead (Laboratory Maniac): a draw from an empty library is not judged
_DRAW_REPLACED = ("would draw", "win the game", "no cards in it")


@handles(n.LoseGame, checks=CHECKS)
def lose_game(r: Replay, stmt: n.LoseGame) -> None:
    g = r.game
    player = g.player(stmt.player)
    if g.pstate[player].left or g.table.over:
        return   # it has already left (a narration of the same loss), or the game is over
    leave(r, [player], "conceded" if stmt.conceded else "lost")


def leave(r: Replay, players: list[str], how: str) -> None:
    """The players leave the game together (104.5); with one player left, that player wins (104.2a), with none the
    game is a draw (104.4a): either way it is over."""
    g = r.game
    table = g.table
    for player in players:
        ps = g.pstate[player]
        ps.left, ps.left_line = how, g.line
        table.control_next.pop(player, None)
        for controlled, controller in list(table.control_next.items()):
            if controller == player:   # effects that give a leaving player control of a player end (800.4a)
                del table.control_next[controlled]
    remaining = [x for x in g.players if not g.pstate[x].left]
    if len(remaining) <= 1:
        table.over = g.line
        table.watch = bool(table.at_risk or table.over or table.left_any)
        r.ordinary = r.ordinary and not table.watch
        table.winner = remaining[0] if remaining else None
        return
    for player in players:
        _leave_multiplayer(r, player)


def _leave_multiplayer(r: Replay, player: str) -> None:
    """800.4a: what they own leaves the game, and what they control that others own is exiled; effects that give
    them control end; their spells and abilities on the stack cease to exist; turns pass them by."""
    g = r.game
    g.end_effects(lambda e: e.controller == player)
    for p in list(g.battlefield.values()):
        if p.owner == player or p.controller == player:
            g.leave_battlefield(p)
    g.stack = [s for s in g.stack if s.controller != player]
    if g.normal_turn_player == player:
        g.normal_turn_player = next_seat(g, player, after=False)
    g.players.remove(player)
    g.passed.discard(player)
    g.table.left_any = True
    g.table.watch = True
    r.ordinary = False


def gate(r: Replay, stmt: n.Statement) -> bool:
    """Before an event once a player has left or the game is over: True when the statement is not replayed."""
    g = r.game
    table = g.table
    if isinstance(stmt, _NOT_EVENTS):
        return False
    if table.over:
        if not table.over_flagged:
            table.over_flagged = True
            gone = [x for x, ps in g.pstate.items() if ps.left and ps.left_line == table.over]
            how = " and ".join(f"{x} {g.pstate[x].left}" for x in gone) or "a player left"
            won = f"{table.winner} won" if table.winner else "the game was a draw"
            r.flag(stmt, GAME_OVER, f"the game ended on line {table.over}, when {how} and {won}; nothing happens "
                                    "after the game is over", ("104.5", "104.2a"))
        return True
    actor = getattr(stmt, "player", None)
    name = actor.text if isinstance(actor, n.Ref) else None
    if name is None or name not in g.pstate or not g.pstate[name].left:
        return False
    if name not in table.left_flagged:
        table.left_flagged.add(name)
        ps = g.pstate[name]
        r.flag(stmt, LEFT, f"{name} {ps.left} and left the game on line {ps.left_line}; a player who has left "
                           "takes no further part in it", ("800.4a",))
    return True


def state_based_losses(r: Replay) -> None:
    """Before a player would get priority, a player at 0 life or with ten poison counters loses (704.5a, 704.5c);
    players who lose at once leave together. Runs only once the table was told a player may have lost, before the
    events of a new line; not while a resolution's line goes on, nor for assertions and narrated state-based
    actions, which come before the check."""
    g = r.game
    table = g.table
    if any(ps.drew_from_empty for ps in g.pstate.values()) and _draw_may_be_replaced(r):
        for ps in g.pstate.values():
            ps.drew_from_empty = False
    losing = [ps.name for ps in g.pstate.values() if not ps.left and _losing(ps) and ps.name not in table.kept_in]
    for ps in g.pstate.values():   # each draw from an empty library is checked once (704.5b: since the last check)
        ps.drew_from_empty = False
    if not losing:
        table.at_risk = False
        table.watch = bool(table.over or table.left_any)
        r.ordinary = r.ordinary and not table.watch
        table.risk_lines.clear()
        return
    for name in losing:   # one fault, one finding: a loss that an illegal event the narration made happen caused
        since = table.risk_lines.get(name, g.line)
        if any(f.line >= since for f in r.findings[-8:] if f.severity == "error"):
            table.kept_in.add(name)
    losing = [x for x in losing if x not in table.kept_in and x not in g.uncertain]
    if not losing or g.abilities_unknown or r.unknown_effect is not None or any(
            phrase in t.lower() for p in g.battlefield.values() for t in p.card.texts for phrase in _CANT_LOSE):
        return   # abilities that may keep a player in the game, an effect or a life total the replay doesn't know
    leave(r, losing, "lost")


def _draw_may_be_replaced(r: Replay) -> bool:
    """Text on the battlefield that may replace a draw or win instead (Laboratory Maniac), or unread text that
    resolved and may have put cards into a library (Elixir of Immortality): the draw's loss is not judged."""
    g = r.game
    return any(phrase in t.lower() for p in g.battlefield.values() for t in p.card.texts
               for phrase in _DRAW_REPLACED) or any("library" in text.lower() for _, _, text, _ in r.resolved_unread)


def _losing(ps: PlayerState) -> bool:
    """704.5a, 704.5c, and 704.5b once a model of the library says a draw found it empty (`drew_from_empty`)."""
    return ps.life <= 0 or ps.counters.get("poison", 0) >= POISON_TO_LOSE or ps.drew_from_empty


def before_event(r: Replay, stmt: n.Statement) -> bool:
    """What the engine asks before each event once a player may have lost or has left: True when the statement is
    not replayed (the game is over, or its player has left)."""
    table = r.game.table
    if table.at_risk and r.resolving is None and type(stmt) not in _NO_CHECK:
        state_based_losses(r)
    if table.over or table.left_any:
        return gate(r, stmt)
    return False
