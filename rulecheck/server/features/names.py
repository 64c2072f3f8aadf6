"""The names a transcript defines (players, cards, permanents), read with the parser alone, for completion."""

from __future__ import annotations

import re
from collections import Counter

from ... import nodes as n
from ...parser import lark_parser, parse_lines
from .common import PERMANENT_TYPES, Symbols


def _name_pattern() -> re.Pattern[str]:
    term = next(t for t in lark_parser().terminals if t.name == "NAME")
    return re.compile(term.pattern.to_regexp())


def written(name: str, pattern: re.Pattern[str]) -> str:
    """A name as a transcript must write it: bare when the grammar reads it as one name, else in quotes."""
    return name if pattern.fullmatch(name) else f'"{name}"'


def symbols_of(text: str) -> Symbols:
    """Players, defined cards and the permanents the transcript puts on the battlefield (`Forest (2)` for the
    second Forest), read with the parser alone: no replay. Runs on the worker thread."""
    players: list[str] = []
    cards: dict[str, str] = {}
    made: Counter[str] = Counter()
    lines = enumerate(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"), 1)
    for parsed in parse_lines(iter(lines)):
        for st in parsed.statements:
            if isinstance(st, n.Players):
                players.extend(r.text for r in st.names if r.text not in players)
            elif isinstance(st, n.CardDef):
                kind = " ".join(st.types)
                if st.power is not None and st.toughness is not None:
                    kind += f" {st.power}/{st.toughness}"
                cards.setdefault(st.name, kind or "card")
            elif isinstance(st, n.Controls):
                made.update(spec.ref.text for spec in st.permanents)
            elif isinstance(st, (n.PutOntoBattlefield, n.PlayLand)) or (isinstance(st, n.Search)
                                                                       and st.dest == "battlefield"):
                made[st.card.text] += 1
            elif isinstance(st, n.Resolve) and not st.ability and st.source.text in cards \
                    and PERMANENT_TYPES.intersection(cards[st.source.text].split()):
                made[st.source.text] += 1
    pattern = _name_pattern()
    details: dict[str, str] = {p: "player" for p in players}
    for c, kind in cards.items():
        details.setdefault(c, f"card: {kind}")
    for base, count in made.items():
        for i in range(1, count + 1):
            label = base if i == 1 else f"{base} ({i})"
            what = "permanent" if i == 1 else f"permanent, copy {i}"
            details[label] = f"{details[label]}; {what}" if label in details else what
    return Symbols(tuple((label, written(label, pattern), detail) for label, detail in details.items()))
