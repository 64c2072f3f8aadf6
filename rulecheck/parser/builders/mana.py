"""Builds lands, mana, cards and life: land plays, mana abilities and payments, draws, discards, life."""

from __future__ import annotations

from ... import nodes as n
from ..tokens import Token
from .base import BuildBase, inline_callbacks


@inline_callbacks
class ManaBuild(BuildBase):
    """The callbacks of the mana statements."""

    def play_land(self, player: n.Ref, card: n.Ref) -> n.PlayLand:
        return n.PlayLand(self._span(player, card), player, card)

    def play_land_from(self, player: n.Ref, card: n.Ref, zone: Token) -> n.PlayLand:
        where = "library" if "library" in zone else "graveyard" if "graveyard" in zone else "hand"
        return n.PlayLand(self._span(player, card, zone), player, card, where)

    def tap_for_mana(self, player: n.Ref, perms: tuple[n.Ref, ...], mana: Token) -> n.TapForMana:
        return n.TapForMana(self._span(player, perms, mana), player, perms, str(mana))

    def add_mana(self, player: n.Ref, mana: Token) -> n.AddMana:
        return n.AddMana(self._span(player, mana), player, str(mana))

    def pay_purpose(self, _to: Token, what: Token) -> str:
        return str(what)

    def pay_mana(self, player: n.Ref, mana: Token, purpose: str | None = None) -> n.PayMana:
        return n.PayMana(self._span(player, mana), player, str(mana), purpose)

    def pay_life(self, player: n.Ref, amount: Token, purpose: str | None = None) -> n.PayLife:
        return n.PayLife(self._span(player, amount), player, int(amount), purpose)

    def mana_empties(self, *toks: Token) -> n.ManaEmpties:
        return n.ManaEmpties(self._span(toks))

    def one(self) -> int:
        return 1

    def count(self, v: Token) -> int:
        return int(v)

    def for_source(self, ref: n.Ref) -> n.Ref:
        return ref

    def draw(self, player: n.Ref, count: int, source: n.Ref | None = None) -> n.Draw:
        return n.Draw(self._span(player, source), player, count, source)

    def discard_one(self) -> tuple[int | None, tuple[n.Ref, ...]]:
        return (1, ())

    def discard_count(self, v: Token) -> tuple[int | None, tuple[n.Ref, ...]]:
        return (int(v), ())

    def discard_none(self) -> tuple[int | None, tuple[n.Ref, ...]]:
        return (0, ())

    def discard_named(self, refs: tuple[n.Ref, ...]) -> tuple[int | None, tuple[n.Ref, ...]]:
        return (len(refs), refs)

    def discard(self, player: n.Ref, what: tuple[int | None, tuple[n.Ref, ...]]) -> n.Discard:
        return n.Discard(self._span(player, what[1]), player, what[0], what[1])

    def discard_to_hand_size(self, player: n.Ref, what: tuple[int | None, tuple[n.Ref, ...]]) -> n.Discard:
        return n.Discard(self._span(player, what[1]), player, what[0], what[1], True)

    def lose_life(self, player: n.Ref, amount: Token, source: n.Ref | None = None) -> n.LoseLife:
        return n.LoseLife(self._span(player, amount, source), player, int(amount), source)

    def gain_life(self, player: n.Ref, amount: Token) -> n.GainLife:
        return n.GainLife(self._span(player, amount), player, int(amount))

    def set_scheme(self, player: n.Ref, scheme: n.Ref) -> n.SetScheme:
        return n.SetScheme(self._span(player, scheme), player, scheme)
