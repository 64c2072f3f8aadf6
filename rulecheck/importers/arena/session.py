"""A whole `Player.log`: split it into games and yield each complete game's transcript as soon as it ends.

Only one game is held at a time (its state and its transcript lines), so memory follows the longest game, not
the log; the log itself is read line by line (FORMAT.md §2).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from .cards import CardDatabase, CardFacts
from .framing import GRE, ROOM, SUMMARY, LogError, LogStatus, envelopes
from .game import Game
from .model import Line

# Arena follows the current rules (no damage assignment order since late 2024): its transcripts are checked by the
# `current` edition, and cite its numbers.
EDITION_LINE = "edition: current"
EDITION_NOTE = ("Arena enforces the current Comprehensive Rules (no damage assignment order), hence 'edition: "
                "current'")


@dataclass
class ImportedGame:
    """One complete game: its transcript text and, for each transcript line, where in the log it comes from."""

    name: str                      # <match>-<game>.transcript
    text: str
    origins: dict[int, tuple[int, int]] = field(default_factory=dict)   # transcript line -> (game state, log line)
    first_line: int = 0
    last_line: int = 0
    result: str = ""


@dataclass
class Problem:
    """Something the import could not do, with the log line it is about."""

    line: int
    message: str
    severity: str = "error"


@dataclass
class ImportOptions:
    names: bool = False            # screen names instead of Player/Opponent
    cards: CardDatabase | None = None
    log_name: str = "Player.log"


SHAPE_ERRORS = (AttributeError, TypeError, ValueError, KeyError, IndexError, OverflowError)


class ArenaImport:
    """Iterate over a log's complete games; problems collect in `problems` (and `fatal` for the first error)."""

    def __init__(self, lines: Iterable[str], options: ImportOptions) -> None:
        self.lines = lines
        self.options = options
        self.status = LogStatus()
        self.problems: list[Problem] = []
        self.games = 0
        self.players: dict[str, dict[int, str]] = {}    # match id -> seat -> screen name
        self.seen_gre = False
        self.orphan_line = 0
        self.started_any = False

    def __iter__(self) -> Iterator[ImportedGame]:
        game: Game | None = None
        try:
            for env in envelopes(self.lines, self.status):
                if self.status.detailed is False:
                    raise LogError(self.status.detailed_line,
                                   "Detailed Logs is off in this log, so it holds no games: turn on Options > "
                                   "Account > Detailed Logs (Plugin Support) in Arena, restart it, and play again")
                finished: list[ImportedGame] = []
                try:
                    if env.kind == ROOM:
                        self._room(env.value)
                    elif env.kind == SUMMARY:
                        if game is not None:
                            game.summarized_at = env.line
                    elif env.kind == GRE:
                        self.seen_gre = True
                        finished, game = self._gre(env.value, env.line, game)
                except SHAPE_ERRORS as err:   # valid JSON, but not in Arena's shapes: a damaged or edited log
                    raise LogError(env.line, f"this envelope is not shaped as Arena writes them ({type(err).__name__}: "
                                             f"{err}); the log is damaged, or from a version of Arena rulecheck "
                                             "doesn't know, and is read no further") from None
                yield from finished
        except LogError as err:
            self.problems.append(Problem(err.line, err.message))
            return
        if self.status.detailed is False:
            self.problems.append(Problem(self.status.detailed_line, "Detailed Logs is off in this log, so it holds "
                                         "no games: turn on Options > Account > Detailed Logs (Plugin Support) in "
                                         "Arena, restart it, and play again"))
            return
        if self.status.truncated_line:
            self.problems.append(Problem(self.status.truncated_line, "the log ends in the middle of this envelope "
                                         "(cut off while Arena was writing?); it is left out"))
        if game is not None:
            self.problems.append(Problem(game.first_line, f"game {game.number} of match {game.match_id} starts here "
                                         "but the log ends before it does; it is not imported"))
        if not self.seen_gre and self.status.detailed is None:
            self.problems.append(Problem(1, "no Arena game messages in this file: it is not a Player.log written "
                                            "with Detailed Logs on"))
        elif self.games == 0 and not any(p.severity == "error" for p in self.problems):
            self.problems.append(Problem(max(self.status.lines, 1), "this log holds no complete game"))

    def _gre(self, value: dict[str, Any], line: int, game: Game | None) -> tuple[list[ImportedGame], Game | None]:
        """Apply a GreToClientEvent's messages; the games they finish, and the game going on after them."""
        finished = []
        event = value.get("greToClientEvent", {})
        for msg in event.get("greToClientMessages", ()) if isinstance(event, dict) else ():
            if not isinstance(msg, dict):
                continue
            done = self._message(msg, line, game)
            if done is not None:
                game = done
            if game is not None and game.over:
                finished.append(self._finish(game, line))
                game = None
        return finished, game

    def _room(self, value: dict[str, Any]) -> None:
        info = value.get("matchGameRoomStateChangedEvent", {}).get("gameRoomInfo", {})
        config = info.get("gameRoomConfig", {})
        match = str(config.get("matchId", ""))
        for player in config.get("reservedPlayers", ()):
            seat = int(player.get("systemSeatId", 0) or 0)
            name = str(player.get("playerName", "")).strip()
            if match and seat and name:
                self.players.setdefault(match, {})[seat] = name

    def _message(self, msg: dict[str, Any], line: int, game: Game | None) -> Game | None:
        """Apply one GRE message; returns a new Game when this message starts one."""
        kind = msg.get("type")
        if kind not in ("GREMessageType_GameStateMessage", "GREMessageType_QueuedGameStateMessage"):
            return None
        gsm = msg.get("gameStateMessage", {})
        info = gsm.get("gameInfo", {})
        if int(gsm.get("gameStateId", 0) or 0) == 1 and gsm.get("type") == "GameStateType_Full":
            if game is not None and not game.over:
                self.problems.append(Problem(game.first_line, f"game {game.number} of match {game.match_id} starts "
                                             "here but never ends in the log; it is not imported", "warning"))
            seats = msg.get("systemSeatIds") or [1]
            local = int(seats[0])
            match = str(info.get("matchID", "unknown"))
            game = Game(match, int(info.get("gameNumber", 1) or 1), local, self._seat_names(match, local),
                        self.options.cards, line)
            self.started_any = True
            game.apply(msg, line)
            return game
        if game is not None:
            game.apply(msg, line)
        elif not self.orphan_line and not self.started_any:
            self.orphan_line = line
            self.problems.append(Problem(line, "game states before any game's start are ignored: the log begins in "
                                               "the middle of a game", "warning"))
        return None

    def _seat_names(self, match: str, local: int) -> dict[int, str]:
        names = {local: "Player", 3 - local: "Opponent"}   # third person: "Player declares ..."
        if self.options.names:
            screen = self.players.get(match, {})
            chosen = {seat: _player_name(screen.get(seat, "")) for seat in (1, 2)}
            if all(chosen.values()) and chosen[1] != chosen[2]:
                names = {seat: str(chosen[seat]) for seat in (1, 2)}
        return names

    def _finish(self, game: Game, line: int) -> ImportedGame:
        self.games += 1
        return render(game, self.options, line)


def _player_name(screen: str) -> str | None:
    """A screen name usable as a transcript player name (a capitalised word or words), else None."""
    base = screen.split("#", 1)[0].strip()
    words = [w for w in base.replace("_", " ").split() if w.isalnum() and w[:1].isalpha()]   # '500' isn't a name
    if not words:
        return None
    name = " ".join(w[:1].upper() + w[1:] for w in words)
    return name if name[:1].isalpha() else None


def render(game: Game, options: ImportOptions, last_line: int) -> ImportedGame:
    first = game.first_player or 1
    order = [first, 3 - first]
    head: list[Line] = []

    def h(text: str, comment: str = "") -> None:
        head.append(Line(text, 0, 0, comment))

    h("", f"Imported by rulecheck from an MTG Arena log ({options.log_name}, lines {game.first_line}-{last_line}).")
    h("", f"Match {game.match_id}, game {game.number}, seen from seat {game.local_seat} "
          f"({game.seat(game.local_seat)}). {game.result or ''}".rstrip())
    h("", EDITION_NOTE)
    if options.cards is None:
        h("", "Only the keyword abilities the log shows are known; every other ability is unknown (no card database "
              "given: cards are named by their Arena grpId), hence 'abilities: unknown'")
    else:
        h("", "Keyword abilities come from Arena's card database and the log; other abilities are unknown, hence "
              "'abilities: unknown'")
    h("", "Each statement's comment gives the game state (gs) and the log line it comes from.")
    if game.holes or game.rollbacks:
        h("", f"holes in the log: {game.holes}; rollbacks (Undo): {game.rollbacks}; see the comments below")
    h(f"title: Arena match {game.match_id} game {game.number}")
    h(f"players: {', '.join(game.seat(s) for s in order)}")
    h("abilities: unknown")   # the checker never flags what an ability not in the log could allow
    if EDITION_LINE:
        h(EDITION_LINE)
    h("priority: explicit")
    h("", "")
    for facts in sorted(game.cards.values(), key=lambda f: f.name):
        h(f"card {facts.name}: {card_properties(facts)}", _card_comment(facts))
    h("", "")
    h(f"{game.seat(first)} skips the next draw step", "the player who goes first skips the draw of turn 1")
    lines = head + _joined([line for line in game.lines
                            if line.unless is None or line.unless[1] not in game.cards[line.unless[0]].all_keywords()])
    out: list[str] = []
    origins: dict[int, tuple[int, int]] = {}
    for number, line in enumerate(lines, 1):
        comment = line.comment
        if line.text and line.gs:
            where = f"gs {line.gs}, log line {line.log_line}"
            comment = f"{where}; {comment}" if comment else where
            origins[number] = (line.gs, line.log_line)
        if line.text and comment:
            out.append(f"{line.text}   # {comment}")
        elif line.text:
            out.append(line.text)
        elif comment:
            out.append(f"# {comment}")
        else:
            out.append("")
    name = f"{_safe(game.match_id)}-{game.number}.transcript"
    return ImportedGame(name, "\n".join(out) + "\n", origins, game.first_line, last_line, game.result)


def _joined(lines: list[Line]) -> list[Line]:
    """Lines marked `joined` (a spell cast during a resolution) go on the previous statement's line, after '; '."""
    out: list[Line] = []
    for line in lines:
        k = next((i for i in range(len(out) - 1, -1, -1) if out[i].text), None) if line.joined else None
        if k is None:
            out.append(line)
            continue
        prev = out[k]
        comment = "; ".join(c for c in (prev.comment, line.comment) if c)
        out[k] = Line(f"{prev.text}; {line.text}", prev.gs, prev.log_line, comment, prev.unless)
    return out


def card_properties(facts: CardFacts) -> str:
    words = list(facts.colours) or ["colorless"]
    words += facts.supertypes + facts.types
    if facts.token:
        words.append("token")
    if not facts.types:
        words.append("instant" if not facts.token else "creature")
    line = " ".join(words)
    if "creature" in facts.types:
        line += f" {facts.power or 0}/{facts.toughness or 0}"
    props = [line] + facts.all_keywords()
    return ", ".join(props)


def _card_comment(facts: CardFacts) -> str:
    parts = [f"grpId {', '.join(str(g) for g in sorted(facts.grp_ids))}"]
    if facts.subtypes:
        parts.append("subtypes: " + " ".join(facts.subtypes))
    if not facts.types:
        parts.append("types not shown in the log (a hidden card)")
    if facts.part_time_creature:
        parts.append("a creature only at times in the log (crewed, animated): defined as one throughout")
    for keyword, why in facts.inferred.items():
        parts.append(f"{keyword} inferred: {why}")
    return "; ".join(parts)


def _safe(text: str) -> str:
    return "".join(c if c.isalnum() or c in "-_" else "_" for c in text) or "match"


def write_atomically(path: str, text: str) -> None:
    """Write a file whole or not at all: a temporary file renamed into place."""
    tmp = f"{path}.tmp-{os.getpid()}"
    try:
        with open(tmp, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
        os.replace(tmp, path)
    except OSError:
        with contextlib.suppress(OSError):
            os.remove(tmp)   # no half-written file left behind
        raise
