"""The command-line side of the Arena importer: `rulecheck import arena` and `rulecheck check --from arena`.

Imported only when one of those runs, so `rulecheck check` on transcripts starts no slower.
"""

from __future__ import annotations

import os
import zlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace

import click

from ...config import Config
from ...diagnostics import Violation
from .cards import CardDatabase, CardDatabaseError
from .session import ArenaImport, ImportedGame, ImportOptions, Problem, write_atomically

STDIN = "<stdin>"   # the name of a log read from standard input (`-`), as `rulecheck check -` names a transcript


class ImportFailed(Exception):
    """The import cannot start (unreadable log or card database); the message says why."""


@contextmanager
def _card_database(path: str | None) -> Iterator[CardDatabase | None]:
    if path is None or path == "none":   # `--cards none`: none, as for `rulecheck check`
        yield None
        return
    try:
        db = CardDatabase(path)
    except CardDatabaseError as err:
        raise ImportFailed(f"cannot use the card database {err}") from None
    try:
        yield db
    finally:
        db.close()


class LogImport:
    """One log being imported: iterate over `games()`, then read `problems` (complete once iteration ends)."""

    def __init__(self, log: str, options: ImportOptions) -> None:
        self.log = log
        self.name = STDIN if log == "-" else log   # as the log is named in messages and transcript paths
        self.options = replace(options, log_name=STDIN if log == "-" else os.path.basename(log))
        self.problems: list[Problem] = []

    def games(self) -> Iterator[ImportedGame]:
        from .framing import open_log, read_lines

        try:
            fh = open_log(self.log)
        except OSError as err:
            raise ImportFailed(f"cannot read {self.name}: {err.strerror or err}") from None
        with fh:
            importer = ArenaImport(read_lines(fh), self.options)
            self.problems = importer.problems
            try:
                yield from importer
            except (OSError, EOFError, zlib.error) as err:   # a damaged gzip stream, a read error half-way
                importer.problems.append(Problem(max(importer.status.lines, 1),
                                                 f"cannot read the log further: {err}"))


def report_problems(log: str, problems: list[Problem]) -> None:
    for p in problems:
        click.echo(f"{log}:{p.line}: {p.severity}: {p.message}", err=True)


def run_import(log: str, out_dir: str, names: bool, cards: str | None) -> int:
    """`rulecheck import arena`: write one transcript per complete game; the exit status."""
    try:
        os.makedirs(out_dir, exist_ok=True)
    except OSError as err:
        click.echo(f"rulecheck: cannot create {out_dir}: {err.strerror or err}", err=True)
        return 2
    written = 0
    try:
        with _card_database(cards) as db:
            job = LogImport(log, ImportOptions(names=names, cards=db))
            for game in job.games():
                target = os.path.join(out_dir, game.name)
                try:
                    write_atomically(target, game.text)
                except OSError as err:
                    click.echo(f"rulecheck: cannot write {target}: {err.strerror or err}", err=True)
                    return 2
                written += 1
                click.echo(f"{target}: game of log lines {game.first_line}-{game.last_line}, {game.result}")
    except ImportFailed as err:
        click.echo(f"rulecheck: {err}", err=True)
        return 2
    problems = job.problems
    report_problems(job.name, problems)
    if any(p.severity == "error" for p in problems):
        return 2
    click.echo(f"Imported {written} game{'s' if written != 1 else ''} from {job.name}.", err=True)
    return 0


def check_logs(logs: tuple[str, ...], config_for: Callable[[str], Config], names: bool, cards: str | None,
               transcripts: str | None) -> tuple[list[Violation], list[str], bool]:
    """`rulecheck check --from arena`: import and check game by game, holding one game at a time.

    Returns the violations (each message ends with the log line and game state it comes from), the transcript
    paths checked, and whether the run failed (a log that could not be imported entirely)."""
    from ... import checker

    violations: list[Violation] = []
    checked: list[str] = []
    failed = False
    if transcripts is not None:
        try:
            os.makedirs(transcripts, exist_ok=True)
        except OSError as err:
            raise ImportFailed(f"cannot create {transcripts}: {err.strerror or err}") from None
    with _card_database(cards) as db:
        for log in logs:
            config = config_for(log)
            job = LogImport(log, ImportOptions(names=names, cards=db))
            try:
                for game in job.games():
                    if transcripts is not None:
                        path = os.path.join(transcripts, game.name)
                        try:
                            write_atomically(path, game.text)
                        except OSError as err:
                            raise ImportFailed(f"cannot write {path}: {err.strerror or err}") from None
                    else:
                        path = f"{job.name}#{game.name}"
                    checked.append(path)
                    for v in checker.check_text(game.text, path=path, config=config):
                        violations.append(_with_origin(v, game))
            except ImportFailed as err:
                violations.append(Violation(job.name, 1, 1, 1, 1, "io", str(err)))
                failed = True
                continue
            for p in job.problems:
                if p.severity == "error":
                    violations.append(Violation(job.name, p.line, 1, p.line, 1, "io", p.message))
                    failed = True
                else:
                    report_problems(job.name, [p])
    return violations, checked, failed


def _with_origin(v: Violation, game: ImportedGame) -> Violation:
    origin = game.origins.get(v.line)
    if origin is None:
        return v
    gs, line = origin
    return replace(v, message=f"{v.message} [log line {line}, game state {gs}]")

