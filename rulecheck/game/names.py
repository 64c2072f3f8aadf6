"""Names the game looks up: the errors a lookup gives, copies' names ('Grizzly Bears (2)'), and short forms of
names ('Bears' for Grizzly Bears) read where a name is not known."""

from __future__ import annotations

from collections.abc import Iterable

from .. import nodes as n
from ..nodes.shortnames import short_form_of


class NotOnBattlefield(LookupError):
    """A statement needs a permanent that the replayed game doesn't have on the battlefield."""

    def __init__(self, ref: n.Ref, message: str) -> None:
        super().__init__(message)
        self.ref = ref
        self.message = message


class UnknownName(Exception):
    """A name that is neither a player, a defined card nor a permanent; the message suggests the closest."""

    def __init__(self, ref: n.Ref, kind: str, candidates: Iterable[str]) -> None:
        import difflib  # only for a suggestion: not imported by a check that needs none

        close = difflib.get_close_matches(ref.text, list(candidates), n=1, cutoff=0.6)
        hint = f"; did you mean '{close[0]}'?" if close else ""
        super().__init__(f"unknown {kind} '{ref.text}'{hint}")
        self.ref = ref
        self.suggestion = close[0] if close else None


def strip_copy(name: str) -> str:
    """'Grizzly Bears (2)', the second one on the battlefield, is a Grizzly Bears card."""
    if name.endswith(")") and " (" in name:
        head, _, tail = name.rpartition(" (")
        if tail[:-1].isdigit():
            return head
    return name


def read_short_name(ref: n.Ref, names: Iterable[str], cards: Iterable[str],
                    readings: list[tuple[n.Ref, str, tuple[str, ...]]], players: tuple[str, ...] = ()) -> str | None:
    """The one name of `names` that `ref` is a short form of ("Bob's Hill Giant" included: a player's possessive
    before it), noted in `readings` with the other cards it could also mean (a warning then); None when there is
    no such name or more than one."""
    written = ref.text
    owner, mark, rest = written.partition("'s ")
    if mark and owner in players and rest:
        written = rest
    names = list(names)
    found = short_form_of(written, names)
    if len(found) != 1 or found[0] == ref.text:
        return None
    others = tuple(c for c in short_form_of(written, cards) if c != found[0])
    readings.append((ref, found[0], others))
    return found[0]
