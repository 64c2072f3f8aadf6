"""The `rulecheck trace` command (registered lazily by cli.py, so `rulecheck check` doesn't import it)."""

from __future__ import annotations

import sys
from collections.abc import Iterator

import click

from ..cards.choice import with_cards
from ..cards.index import CardDataError
from ..config import ALWAYS_REPORTED, ConfigError, ConfigResolver, load_config
from ..editions import EDITIONS
from .record import Trace
from .render_html import render_html
from .render_json import iter_json
from .render_text import render_text
from .run import trace_file

EPILOG = """
\b
Examples:
  rulecheck trace examples/craw-wurm.transcript
  rulecheck trace examples/craw-wurm.transcript --line 20
  rulecheck trace game.transcript --format json -o game.trace.json
  rulecheck trace game.transcript --format html -o game.html
"""


def render(trace: Trace, fmt: str, line: int | None) -> Iterator[str]:
    """The output in pieces, so that a long game's JSON is written as it is made."""
    if fmt == "json":
        return iter_json(trace, line)
    return iter([render_html(trace, line) if fmt == "html" else render_text(trace, line)])


@click.command(epilog=EPILOG)
@click.argument("file")
@click.option("--format", "fmt", type=click.Choice(["text", "json", "html"]), default="text", show_default=True,
              help="text: what each line changed (the whole state with --line); json: every line with the whole "
                   "state after it; html: one self-contained page with the board and a step-through.")
@click.option("-o", "--output", metavar="FILE", default=None, help="Write to FILE instead of standard output.")
@click.option("--line", "line", type=click.IntRange(min=1), default=None, metavar="N",
              help="text: the whole state after line N; json: that line's entry only; html: open the page there.")
@click.option("--edition", type=click.Choice(list(EDITIONS)), default=None,
              help="Rules edition (an 'edition:' header in the transcript wins).")
@click.option("--config", "config_file", metavar="FILE", default=None, help="Use this configuration file only.")
@click.option("--isolated", is_flag=True, help="Ignore every configuration file.")
@click.option("--cards", "card_db", metavar="FILE", default=None,
              help="A card database for cards the transcript names without defining, as `rulecheck check "
                   "--cards` (default: the configuration's 'cards', else $RULECHECK_CARDS, else the fetched one); "
                   "'none' for none.")
def trace(file: str, fmt: str, output: str | None, line: int | None, edition: str | None, config_file: str | None,
          isolated: bool, card_db: str | None) -> None:
    """Show the game state after every line of a transcript (FILE, or - for standard input), with the findings
    on their lines.

    Exit status: 0 the trace was written (whatever it found), 2 the file could not be read or the run failed."""
    try:
        if config_file is not None and isolated:
            raise ConfigError("--config and --isolated cannot be used together")
        resolver = ConfigResolver(explicit=load_config(config_file) if config_file else None, isolated=isolated,
                                  overrides={"edition": edition})
        [(_, config)] = with_cards([(file, resolver.for_path(file))], card_db)
    except (ConfigError, CardDataError) as err:
        click.echo(f"rulecheck: {err}", err=True)
        sys.exit(2)
    result = trace_file(file, config)
    pieces = render(result, fmt, line)
    if output is None:
        for piece in pieces:
            click.echo(piece, nl=False)
        click.echo()
    else:
        try:
            with open(output, "w", encoding="utf-8", newline="\n") as fh:
                last = ""
                for piece in pieces:
                    fh.write(piece)
                    last = piece or last
                if not last.endswith("\n"):
                    fh.write("\n")
        except OSError as err:
            click.echo(f"rulecheck: cannot write {output}: {err.strerror or err}", err=True)
            sys.exit(2)
    failed = [v for v in result.findings if v.rule in ALWAYS_REPORTED]
    for v in failed:
        click.echo(f"rulecheck: {v.file}:{v.line}: {v.rule}: {v.message}", err=True)
    if result.failure is not None:
        click.echo(f"rulecheck: {result.path}: the state could not be read after {result.failure} (that line "
                   "shows no change); please report it", err=True)
    sys.exit(2 if failed or result.failure is not None else 0)
