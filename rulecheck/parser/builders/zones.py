"""Builds the zone statements (400-408): cards in zones in the starting state, searches, shuffles, mills, returns to
hand, casting from a zone, a declined cast, a time counter removed."""

from __future__ import annotations

from typing import Any

from ... import nodes as n
from ..tokens import Token
from .base import BuildBase, inline_callbacks


def zone_name(text: str) -> str:
    """'her graveyard' -> graveyard, 'the top of his library' -> library, 'the command zone' -> command."""
    words = str(text).split()
    for zone in ("graveyard", "hand", "exile", "library", "command"):
        if zone in words:
            return zone
    return "library"


@inline_callbacks
class ZonesBuild(BuildBase):
    """The callbacks of the zone statements."""

    def graveyard_fact(self, v: Token) -> n.Fact:
        return n.Fact("graveyard", int(v))

    def library_fact(self, v: Token) -> n.Fact:
        return n.Fact("library", int(v))

    def exile_fact(self, v: Token) -> n.Fact:
        return n.Fact("exile", int(v))

    def zone_counters_fact(self, v: Token, kind: Token) -> n.Fact:
        return n.Fact("counters", (str(kind), int(v)))

    def face_down_fact(self, *_words: Token) -> n.Fact:
        """`face down`: a card in exile (`... in exile: face down`) or a permanent (`controls X: face down`)."""
        return n.Fact("face_down", True)

    def in_zone(self, player: n.Ref, card: n.Ref, zone: Token, *facts: n.Fact) -> n.InZone:
        return n.InZone(self._span(player, card, zone), player, card, zone_name(zone), facts)

    def search_to_battlefield(self, *opts: tuple[str, Any]) -> tuple[str, bool]:
        return ("battlefield", any(key == "tapped" for key, _ in opts))

    def search_to_hand(self, _words: Token) -> tuple[str, bool]:
        return ("hand", False)

    def search(self, player: n.Ref, _whose: Token, card: n.Ref, dest: tuple[str, bool] | None = None) -> n.Search:
        return n.Search(self._span(player, card), player, card, dest[0] if dest else None,
                        bool(dest and dest[1]))

    def shuffle(self, player: n.Ref, whose: Token) -> n.Shuffle:
        return n.Shuffle(self._span(player, whose), player)

    def mill(self, player: n.Ref, count: Token) -> n.Mill:
        return n.Mill(self._span(player, count), player, int(count))

    def return_to_hand(self, player: n.Ref, card: n.Ref, whose: Token) -> n.ReturnToHand:
        return n.ReturnToHand(self._span(player, card, whose), player, card)

    def put_from_zone(self, player: n.Ref, card: n.Ref, zone: Token, *opts: Any) -> n.PutOntoBattlefield:
        put: n.PutOntoBattlefield = self.put_onto_battlefield(player, card, *opts)  # type: ignore[attr-defined]
        return n.replace(put, from_zone=zone_name(zone))

    def cast_from_zone(self, player: n.Ref, card: n.Ref, zone: Token, *opts: Any) -> n.Cast:
        cast: n.Cast = self.cast(player, card, *opts)  # type: ignore[attr-defined]
        return n.replace(cast, from_zone=zone_name(zone))

    def without_paying(self, _words: Token) -> tuple[str, Any]:
        return ("free", True)

    def decline_cast(self, player: n.Ref, _words: Token, card: n.Ref) -> n.DeclineCast:
        return n.DeclineCast(self._span(player, card), player, card)

    def time_counter_removed(self, _words: Token, target: n.Ref) -> n.TimeCounterRemoved:
        return n.TimeCounterRemoved(self._span(target), target)
