"""The zones beside the battlefield, the hand and the stack (CR 400-408): each player's library and graveyard, and
the cards each player owns in exile and in the command zone.

A transcript rarely says everything a zone holds. A pile therefore keeps two things: the cards the replay knows
are there (by name, as objects), and how many cards there are when the transcript said so (`graveyard 0` in the
setup) or the replay has followed every move since. An unknown count is never judged. A library is mostly
unknown: its count, when given, and the cards known to be in it.

Every move makes a new object (400.7): a card put into a zone gets a new object id, and what was tied to the old
object (a permission to cast it, a link to what exiled it) does not follow it."""

from __future__ import annotations

from dataclasses import field
from itertools import count

from ..records import record

ZONES = ("library", "graveyard", "exile", "command")
_OBJECT_IDS = count(1)


@record(eq=False, slots=True)
class ZoneCard:
    """One card in a zone other than the battlefield, the hand and the stack: a new object each time it moves."""

    name: str
    owner: str
    zone: str
    line: int = 0                  # the line on which it arrived (0: the starting state)
    how: str = ""                  # what put it there: resolved, countered, died, milled, rebound, flashback, ...
    known: bool = True             # the replay saw it arrive (False: set up, its history before the transcript unknown)
    face_down: bool = False        # exiled face down (406.3)
    counters: dict[str, int] = field(default_factory=dict)   # time counters on a suspended card (702.60b), ...
    cast_until_turn: int | None = None   # an effect lets its owner cast it until the end of this turn (0: no end)
    oid: int = field(default_factory=lambda: next(_OBJECT_IDS))

    def remove_counter(self, kind: str) -> int | None:
        """A counter of this kind is removed; how many are left (None: how many it had is unknown)."""
        have = self.counters.get(kind)
        if have is None:
            return None
        self.counters[kind] = max(have - 1, 0)
        return self.counters[kind]


@record(slots=True)
class Pile:
    """One zone of one player: the cards known to be there, in the order they arrived (the top last), and the
    number of cards when known."""

    cards: list[ZoneCard] = field(default_factory=list)
    count: int | None = None

    def add(self, card: ZoneCard, *, top: bool = True) -> None:
        if top:
            self.cards.append(card)
        else:
            self.cards.insert(0, card)
        if self.count is not None:
            self.count += 1

    def find(self, name: str) -> ZoneCard | None:
        """The card of this name that arrived last."""
        for card in reversed(self.cards):
            if card.name == name:
                return card
        return None

    def take(self, name: str) -> ZoneCard | None:
        """The card of this name leaves the zone (an unnamed card of the count when none is known by name)."""
        card = self.find(name)
        if card is not None:
            self.cards.remove(card)
        if self.count is not None:
            self.count = max(self.count - 1, 0)
        return card

    def holds_none(self, name: str) -> bool:
        """Whether the replay knows no card of this name can be here: every card of the count is known by name."""
        return self.count is not None and self.count <= len(self.cards) and self.find(name) is None


class PlayerZones:
    """A player's library and graveyard, and the cards the player owns in exile and in the command zone."""

    __slots__ = ("library", "graveyard", "exile", "command", "found", "granted_turn")

    def __init__(self) -> None:
        self.library = Pile()
        self.graveyard = Pile()
        self.exile = Pile()
        self.command = Pile()
        self.found: list[str] = []    # cards searched for and taken from the library, not yet put anywhere
        # the turn in which a spell whose text lets cards be cast from a graveyard or exile resolved for this player
        # (Past in Flames): what it allowed this turn is not known card by card
        self.granted_turn = -1

    def pile(self, zone: str) -> Pile:
        pile: Pile = getattr(self, zone)
        return pile

    def count(self, zone: str) -> int | None:
        return self.pile(zone).count

    def set_count(self, zone: str, number: int) -> None:
        self.pile(zone).count = max(number, len(self.pile(zone).cards))

    def put(self, zone: str, name: str, owner: str, line: int, how: str = "", *, top: bool = True,
            known: bool = True, face_down: bool = False, counters: dict[str, int] | None = None) -> ZoneCard:
        """A card arrives in one of the player's zones: a new object."""
        card = ZoneCard(name, owner, zone, line, how, known, face_down, dict(counters or {}))
        self.pile(zone).add(card, top=top)
        return card

    def arrive(self, zone: str, name: str, owner: str, line: int) -> None:
        """A permanent that left the battlefield arrives in `zone` ("": a zone the transcript didn't say)."""
        if zone in ZONES:
            self.put(zone, name, owner, line, "left")
        else:
            self.unknown_arrival()

    def unknown_arrival(self) -> None:
        """A card went to a zone the transcript didn't say ('leaves the battlefield'): the counts of the public
        zones it may have gone to are no longer known."""
        self.graveyard.count = None
        self.exile.count = None

    def where(self, name: str) -> ZoneCard | None:
        """The most recent object of this name in any of the player's zones."""
        found = [c for z in ZONES if (c := self.pile(z).find(name)) is not None]
        return max(found, key=lambda c: c.oid) if found else None

    def mill(self, number: int, line: int, owner: str) -> None:
        """The top cards of the library go to the graveyard; which cards is not known (unless the library's
        known cards are all of it)."""
        for _ in range(number):
            top = self._take_top()
            self.graveyard.count = None if self.graveyard.count is None else self.graveyard.count + 1
            if top is not None:
                self.graveyard.cards.append(ZoneCard(top.name, owner, "graveyard", line, "milled"))

    def draw(self, number: int) -> bool:
        """Cards are drawn from the top of the library: whether the library (when its size is known) had them."""
        library = self.library
        if library.count is None:
            return True   # a library of unknown size (nearly every game): nothing known leaves it
        enough = library.count >= number
        for _ in range(number):
            self._take_top()
        return enough

    def _take_top(self) -> ZoneCard | None:
        """The library's top card leaves it: the card, when the library's known cards are all of it (then the
        last known is on top), else None, the count (when known) one less."""
        library = self.library
        top = library.cards[-1] if library.cards and library.count is not None and \
            library.count <= len(library.cards) else None
        if top is not None:
            library.take(top.name)
        else:
            _decrement(library)
        return top

    def discard(self, names: list[str], number: int, owner: str, line: int) -> None:
        """Cards discarded go to the graveyard: the named ones as objects, the others only counted."""
        for name in names:
            self.put("graveyard", name, owner, line, "discarded")
        if self.graveyard.count is not None:
            self.graveyard.count += max(number - len(names), 0)

    def search(self, name: str) -> None:
        """A card of this name is found in the library and taken out of it, to be put somewhere."""
        self.library.take(name)
        self.found.append(name)

    def take_found(self, name: str) -> bool:
        """A card found by a search is put somewhere: whether it was one."""
        if name in self.found:
            self.found.remove(name)
            return True
        return False


def _decrement(pile: Pile) -> None:
    if pile.count is not None:
        pile.count = max(pile.count - 1, 0)
