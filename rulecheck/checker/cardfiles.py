"""`include:` card files: bounded, plain YAML read into the replay; every problem is a `syntax` diagnostic on
the `include:` line."""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path

from .. import nodes as n
from ..diagnostics import Violation
from ..parser import parse_line
from ..replay.engine import Engine
from .result import FileResult

MAX_INCLUDE_DEPTH = 8
MAX_CARD_FILE_BYTES = 1_000_000
MAX_CARD_FILE_PROBLEMS = 20
MAX_CARD_FILE_NESTING = 50
_FLOW_BRACKET = re.compile(rb"[\[\]{}]")
_ALIAS = re.compile(rb"(?:^|[\s\[{,])\*[^\s\[\]{},]", re.MULTILINE)  # a YAML alias, or text that looks like one


def _include(replay: Engine, stmt: n.Include, base_dir: Path | None, path: str, result: FileResult) -> None:
    """Read a YAML card file, and the card files it includes, into the replay.

    Every problem is a `syntax` diagnostic on the `include:` line; none is an exception, whatever the file holds."""
    line, column, end = stmt.span.line, stmt.span.column, stmt.span.end_column
    problems: list[str] = []
    read: set[str] = set()

    def load(target: Path, shown: str, chain: tuple[tuple[str, str], ...]) -> None:
        key = os.path.realpath(target)
        names = " -> ".join([name for _, name in chain] + [shown])
        if any(key == k for k, _ in chain):
            problems.append(f"circular card file include: {names}")
            return
        if len(chain) >= MAX_INCLUDE_DEPTH:
            problems.append(f"card file includes are nested more than {MAX_INCLUDE_DEPTH} deep: {names}")
            return
        if key in read:  # reached twice without a cycle (a diamond): its cards are already in
            return
        read.add(key)
        data = _load_card_file(target, shown, problems)
        if data is None:
            return
        nested = data.get("include") if isinstance(data, dict) else None
        if nested is not None:
            files = [nested] if isinstance(nested, str) else nested
            if not isinstance(files, list) or not all(isinstance(f, str) and f.strip() for f in files):
                problems.append(f"card file '{shown}': 'include' must be a file name or a list of file names")
            else:
                for name in files:
                    load(target.parent / name.strip(), name.strip(), (*chain, (key, shown)))
        cards = (data.get("cards", [] if nested is not None else None) if isinstance(data, dict) else data)
        if not isinstance(cards, list):
            problems.append(f"card file '{shown}' must hold a list under 'cards'")
            return
        for i, entry in enumerate(cards, 1):
            problem = _card_from_yaml(replay, entry, line)
            if problem:
                problems.append(f"card file '{shown}', card {i}: {problem}")

    load((base_dir or Path.cwd()) / stmt.path, stmt.path, ())
    for message in problems[:MAX_CARD_FILE_PROBLEMS]:
        result.violations.append(Violation(path, line, column, line, end, "syntax", message))
    if len(problems) > MAX_CARD_FILE_PROBLEMS:
        result.violations.append(Violation(path, line, column, line, end, "syntax",
                                           f"... and {len(problems) - MAX_CARD_FILE_PROBLEMS} more problems with "
                                           f"card file '{stmt.path}'"))


def _load_card_file(target: Path, shown: str, problems: list[str]) -> object | None:
    """The data of one card file, or None with the reason in `problems`: bounded in size, plain YAML only."""
    try:
        info = os.stat(target)
    except FileNotFoundError:
        problems.append(f"card file '{shown}' not found")
        return None
    except OSError as err:
        problems.append(f"card file '{shown}' cannot be read: {err.strerror or err}")
        return None
    if not stat.S_ISREG(info.st_mode):  # a directory, a FIFO, a device: opening one may block forever
        kind = "a directory" if stat.S_ISDIR(info.st_mode) else "not a regular file"
        problems.append(f"card file '{shown}' cannot be read: it is {kind}")
        return None
    try:
        with open(target, "rb") as fh:
            raw = fh.read(MAX_CARD_FILE_BYTES + 1)
    except OSError as err:
        problems.append(f"card file '{shown}' cannot be read: {err.strerror or err}")
        return None
    if len(raw) > MAX_CARD_FILE_BYTES:
        problems.append(f"card file '{shown}' is larger than {MAX_CARD_FILE_BYTES} bytes, the limit for a card file")
        return None
    if _flow_depth(raw) > MAX_CARD_FILE_NESTING:  # PyYAML's scanner is quadratic in [ { nesting
        problems.append(f"card file '{shown}' cannot be read: it is nested more than {MAX_CARD_FILE_NESTING} "
                        "levels deep")
        return None
    import yaml  # only transcripts with card files pay for it
    try:
        alias = _first_alias(raw) if _ALIAS.search(raw) else None
        if alias is not None:
            problems.append(f"card file '{shown}', line {alias[1]}: YAML aliases ('*{alias[0]}') are not allowed in "
                            "card files")
            return None
        data: object = yaml.safe_load(raw)
        return data
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        where = f" (line {mark.line + 1})" if mark is not None else ""
        reason = getattr(err, "problem", None) or str(err).splitlines()[0]
        problems.append(f"card file '{shown}' cannot be read{where}: {reason}")
    except RecursionError:
        problems.append(f"card file '{shown}' cannot be read: it is nested too deeply")
    return None


def _flow_depth(raw: bytes) -> int:
    """How deep [ ] and { } nest (quotes not considered: a card file has no reason to nest deeply at all)."""
    depth = deepest = 0
    for m in _FLOW_BRACKET.finditer(raw):
        depth = depth + 1 if m.group() in (b"[", b"{") else max(0, depth - 1)
        deepest = max(deepest, depth)
        if deepest > MAX_CARD_FILE_NESTING:
            break
    return deepest


def _first_alias(raw: bytes) -> tuple[str, int] | None:
    import yaml
    """The first alias in a YAML text, with its line: aliases build YAML bombs (billion laughs, merge keys)."""
    for token in yaml.scan(raw, Loader=yaml.SafeLoader):
        if isinstance(token, yaml.AliasToken):
            return str(token.value), token.start_mark.line + 1
    return None


def _card_from_yaml(replay: Engine, entry: object, line: int) -> str | None:
    """Add one card file entry to the replay; the problem with it, if any. Nothing here walks unknown data."""
    if not isinstance(entry, dict) or not isinstance(entry.get("name"), str) or not entry["name"].strip():
        return "each card needs a 'name'"
    types = entry.get("types", "")
    if isinstance(types, str):
        types = [types]
    if not isinstance(types, list) or not all(isinstance(t, str) for t in types):
        return "'types' must be text or a list of text"
    pt, loyalty, cost = entry.get("pt"), entry.get("loyalty"), entry.get("mana_cost")
    for key, value in (("pt", pt), ("loyalty", loyalty), ("mana_cost", cost)):
        if value is not None and (isinstance(value, bool) or not isinstance(value, (str, int))):
            return f"'{key}' must be text or a number"
    abilities = entry.get("abilities") or []
    if not isinstance(abilities, list) or not all(isinstance(a, str) for a in abilities):
        return "'abilities' must be a list of text"
    props = [" ".join(types) + (f" {pt}" if pt else "")]
    if loyalty is not None:
        props.append(f"loyalty {loyalty}")
    if cost is not None:
        props.append(f"mana cost {cost}")
    props += abilities
    code = f"card {entry['name']}: " + ", ".join(props)
    if "\n" in code or "\r" in code:
        return "a card's name, types and abilities must each fit on one line"
    parsed = parse_line(code, line)
    if not isinstance(parsed, list):
        return parsed.message
    for stmt in parsed:
        if isinstance(stmt, n.CardDef):
            first = replay.replay.game.cards.get(stmt.name)
            if first is not None:  # said here, so the position is the include line's, not the generated text's
                return f"card '{stmt.name}' is defined twice (first on line {first.line})"
            replay.add_card(stmt)
    return None
