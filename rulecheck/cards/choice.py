"""Which card database a run uses (--cards, the configuration, $RULECHECK_CARDS, the fetched default), opening it
with a progress bar, and the `card` line a transcript would write for a card: shared by the commands, the trace and
the language server."""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from dataclasses import replace

import click

from ..config import Config
from .definition import abilities_of, definition
from .facts import CardFacts
from .library import ENV, CardLibrary, default_cards_file, open_library
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


__all__ = ["card_line", "open_with_progress", "resolve_cards", "with_cards"]
