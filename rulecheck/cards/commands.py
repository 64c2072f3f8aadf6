"""`rulecheck cards fetch`, `cards show NAME` and `cards used TRANSCRIPT`: the card database from the command line."""

from __future__ import annotations

import contextlib
import json
import os
import sys
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

import click

from ..config import Config
from .definition import abilities_of, definition
from .facts import CardFacts
from .fetch import SOURCES, base_url, fetch
from .index import CardDataError, cache_dir
from .library import ENV, CardLibrary, default_cards_file, open_library, set_default
from .oracle import as_property


def resolve_cards(option: str | None, configured: str | None = None) -> str | None:
    """The card database of a run: --cards, else the configuration's `cards`, else $RULECHECK_CARDS, else the
    one `rulecheck cards fetch` made the default. `none` (anywhere in that order) means none."""
    for choice in (option, configured, os.environ.get(ENV)):
        if choice:
            return None if choice == "none" else choice
    return default_cards_file()


def with_cards(items: Sequence[tuple[str, Config]], option: str | None) -> list[tuple[str, Config]]:
    """Each file with its configuration's card database made the one its check uses (--cards, else the
    configuration's `cards`, else $RULECHECK_CARDS, else the fetched default; "none" for none), each database
    opened (and indexed, once) now. Raises `CardDataError` before anything is checked."""
    chosen = [(path, replace(config, cards=resolve_cards(option, config.cards) or "none")) for path, config in items]
    for database in dict.fromkeys(config.cards for _, config in chosen):
        if database and database != "none":
            open_with_progress(database)
    return chosen


def open_with_progress(path: str) -> CardLibrary:
    """Open a card database; a first use (building the index) shows a progress bar on a terminal."""
    from .index import index_path, is_current
    size = os.path.getsize(path) if os.path.isfile(path) else 0
    if not sys.stderr.isatty() or not size or is_current(index_path(os.path.realpath(path)), path):
        return open_library(path)
    label = f"Indexing {os.path.basename(path)} (once)"
    with open(path, "rb") as fh:
        compressed = fh.read(6).startswith((b"\x1f\x8b", b"\xfd7zXZ", b"BZh"))
    if compressed:   # the progress counts decompressed text, which the file's size doesn't measure
        click.echo(f"{label}...", err=True)
        return open_library(path)
    with click.progressbar(length=size, label=label, file=sys.stderr) as bar:
        return open_library(path, progress=bar.update)


def card_line(facts: CardFacts, name: str) -> str:
    """The `card` line a transcript would write for what rulecheck takes from the data."""
    d = definition(facts, name, 0)
    head = " ".join(d.types)
    if facts.power is not None and facts.toughness is not None:
        head += f" {facts.power}/{facts.toughness}"
    props = [head]
    if d.loyalty is not None:
        props.append(f"loyalty {d.loyalty}")
    for ability in abilities_of(facts):
        props.append(as_property(ability))
    quoted = f'"{name}"' if ":" in name else name
    return f"card {quoted}: " + ", ".join(props)


@click.group()
def cards() -> None:
    """Card databases: Scryfall's bulk data or MTGJSON's AtomicCards, for transcripts that only name their cards
    (see docs/cards.md)."""


@cards.command("fetch")
@click.option("--source", type=click.Choice(list(SOURCES)), default="scryfall", show_default=True,
              help="Which database to download: Scryfall's Oracle cards or MTGJSON's AtomicCards.")
@click.option("--base-url", "base_override", metavar="URL", default=None,
              help="Download from this site instead (a mirror); also $RULECHECK_SCRYFALL_URL / $RULECHECK_MTGJSON_URL.")
@click.option("--no-default", is_flag=True, help="Download and verify, but don't make it the default --cards.")
def fetch_command(source: str, base_override: str | None, no_default: bool) -> None:
    """Download the current card database into the user cache, check that it parses, and make it the default
    card database of `rulecheck check`."""
    base = base_url(source, base_override)
    try:
        with contextlib.ExitStack() as stack:
            bar = stack.enter_context(click.progressbar(length=1, label=f"Downloading from {base}",
                                                        file=sys.stderr)) if sys.stderr.isatty() else None

            def progress(n: int, total: int | None) -> None:
                if bar is not None:
                    bar.length = max(total or 0, bar.pos + n, 1)
                    bar.update(n)

            path, count = fetch(source, base, progress=progress)
        open_with_progress(str(path))   # the index, built now rather than by the first check
    except CardDataError as err:
        click.echo(f"rulecheck: {err}", err=True)
        sys.exit(2)
    click.echo(f"{count} cards from {source} saved to {path}")
    if not no_default:
        record = set_default(str(path))
        click.echo(f"It is now the default card database (recorded in {record}); --cards FILE or "
                   f"'cards = ...' in the configuration choose another, --cards none none at all.")


@cards.command("show")
@click.argument("name")
@click.option("--cards", "card_db", metavar="FILE", default=None,
              help="The card database (default: $RULECHECK_CARDS, else the one `cards fetch` saved).")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text")
def show_command(name: str, card_db: str | None, fmt: str) -> None:
    """Print what rulecheck takes from the card database for the card NAME."""
    path = resolve_cards(card_db)
    if path is None:
        click.echo("rulecheck: no card database: give one with --cards FILE, or download one with "
                   "'rulecheck cards fetch'", err=True)
        sys.exit(2)
    try:
        library = open_with_progress(path)
    except CardDataError as err:
        click.echo(f"rulecheck: {err}", err=True)
        sys.exit(2)
    facts = library.lookup(name)
    if facts is None:
        close = library.suggest(name)
        hint = f"; did you mean {' or '.join(repr(c) for c in close)}?" if close else ""
        click.echo(f"rulecheck: no card named '{name}' in {path}{hint}", err=True)
        sys.exit(1)
    if fmt == "json":
        data = facts.summary()
        data["source"] = library.info.source
        data["definition"] = card_line(facts, facts.name)
        click.echo(json.dumps(data, indent=2, ensure_ascii=False))
        return
    click.echo(f"{facts.name}  ({library.info.format}: {library.info.source})")
    for key, value in facts.summary().items():
        if key not in ("name", "source"):
            shown = ", ".join(value) if isinstance(value, list) else str(value)
            click.echo(f"  {key}: " + shown.replace("\n", "\n    "))
    click.echo(f"  as a definition: {card_line(facts, facts.name)}")


@cards.command("used")
@click.argument("transcript", type=click.Path(dir_okay=False))
@click.option("--cards", "card_db", metavar="FILE", default=None,
              help="The card database (default: as `rulecheck check` chooses it).")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text")
def used_command(transcript: str, card_db: str | None, fmt: str) -> None:
    """Check TRANSCRIPT and list the cards it uses, each with where its facts came from: a definition (its
    line), a card file (the include line), or the card database."""
    from ..checker.pipeline import check_lines
    from ..checker.reading import _blocks, _lines_of_bytes
    from ..checker.result import FileResult
    from ..config import ConfigError, ConfigResolver
    from ..replay.engine import Engine

    try:
        [(_, config)] = with_cards([(transcript, ConfigResolver().for_path(transcript))], card_db)
        seen: list[Engine] = []
        result = FileResult(transcript)
        with open(transcript, "rb") as fh:
            check_lines(_lines_of_bytes(_blocks(fh), transcript, result), transcript, result,
                        Path(transcript).parent, config=config, seen=seen)
        lines = Path(transcript).read_text(encoding="utf-8", errors="replace").splitlines()
    except (CardDataError, ConfigError) as err:
        click.echo(f"rulecheck: {err}", err=True)
        sys.exit(2)
    except OSError as err:
        click.echo(f"rulecheck: cannot read {transcript}: {err.strerror or err}", err=True)
        sys.exit(2)
    rows = []
    for name, card in sorted(seen[0].replay.game.cards.items()):
        if card.origin:
            source = card.origin
        elif 0 < card.line <= len(lines) and lines[card.line - 1].lstrip().startswith("include"):
            source = f"card file included on line {card.line}"
        else:
            source = f"definition on line {card.line}"
        rows.append({"name": name, "source": source, "types": list(card.types), "power": card.power,
                     "toughness": card.toughness, "loyalty": card.loyalty,
                     "abilities": [a.text for a in card.abilities]})
    if fmt == "json":
        click.echo(json.dumps(rows, indent=2, ensure_ascii=False))
        return
    for row in rows:
        click.echo(f"{row['name']}: {row['source']}")


__all__ = ["cache_dir", "cards", "resolve_cards"]
