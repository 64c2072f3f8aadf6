"""Cards moving between zones (400-408): a card in a zone in the starting state, searching, shuffling and milling a
library, returning a card to its owner's hand, a spell finishing its resolution or countered (404.1, 608.2k), a card
exiled or put into a graveyard from a zone other than the battlefield, and a time counter removed from a suspended
card. Each move makes a new object (400.7).

What a zone holds is mostly unknown to the replay: a move from a zone it knows nothing about is taken as told, and
only a zone whose every card the replay knows (`graveyard 0` in the setup, then the moves) is judged."""

from __future__ import annotations

from functools import lru_cache

from .. import nodes as n
from ..game.objects import Card, StackItem
from ..game.zones import ZONES, PlayerZones, ZoneCard
from .context import Replay
from .registry import handles

# words of a card's rules text that let its owner cast it from a zone, and of a resolving object's text that let a
# player cast a card during its resolution (608.2f)
CAST_WORDS = ("cast", "play", "cascade", "discover")


_CASTING_WORDS = CAST_WORDS + ("flashback", "adventure")

# (a card's texts are asked about on every spell that resolves: each answer is kept, by the card's set of texts)


def keyword_of(card: Card | None, word: str) -> bool:
    """Whether the card's text has this keyword ability ('Rebound (If you cast ...)', 'Suspend 4—{R}')."""
    return card is not None and _starts(card.texts, word)


def text_says(card: Card | None, words: tuple[str, ...]) -> bool:
    return card is not None and _says(card.texts, words)


def grants_casting(card: Card | None) -> bool:
    """Whether a card's text may let cards be cast from a graveyard or exile (Past in Flames, Muldrotha, Snapcaster
    Mage, an Adventurer card): not read, so not judged against."""
    return card is not None and _says(card.texts, ("graveyard", "exile")) and _says(card.texts, _CASTING_WORDS)


@lru_cache(maxsize=4096)
def _starts(texts: frozenset[str], word: str) -> bool:
    return any(t.lower().startswith(word) for t in texts)


@lru_cache(maxsize=4096)
def _says(texts: frozenset[str], words: tuple[str, ...]) -> bool:
    return any(w in t.lower() for t in texts for w in words)


def _owner_zones(r: Replay, player: str) -> PlayerZones | None:
    ps = r.game.pstate.get(player)
    return ps.zones if ps is not None else None


def find_in_zones(r: Replay, name: str, zone: str | None = None, first: str | None = None) -> ZoneCard | None:
    """The latest object of this name in a zone (any of them when `zone` is None), the player `first`'s first."""
    players = ([first] if first in r.game.pstate else []) + [p for p in r.game.players if p != first]
    for player in players:
        zones = r.game.pstate[player].zones
        card = zones.pile(zone).find(name) if zone in ZONES else zones.where(name) if zone is None else None
        if card is not None:
            return card
    return None


@handles(n.InZone, when="any", checks=())
def in_zone(r: Replay, stmt: n.InZone) -> None:
    """In the setup: the card is there. In the game: an assertion that it is."""
    g = r.game
    player = g.player(stmt.player)
    card = g.card(stmt.card)
    ps = g.pstate[player]
    facts = {f.key: f.value for f in stmt.facts}
    counters = {str(v[0]): int(v[1]) for f in stmt.facts if f.key == "counters" and isinstance(v := f.value, tuple)}
    if not g.started:
        if stmt.zone == "hand":
            ps.hand_cards.append(card.name)
            ps.hand = max(ps.hand or 0, len(ps.hand_cards))
            return
        pile = ps.zones.pile(stmt.zone)
        before = pile.count
        ps.zones.put(stmt.zone, card.name, player, stmt.span.line, "setup", known=False,
                     face_down=bool(facts.get("face_down")), counters=counters)
        if before is not None:
            pile.count = max(before, len(pile.cards))
        return
    if stmt.zone == "hand":
        return
    there = ps.zones.pile(stmt.zone).find(card.name)
    if there is None:
        if ps.zones.pile(stmt.zone).holds_none(card.name):
            r.flag(stmt, "assert", f"{player}'s {stmt.zone} holds no {card.name} in the replay")
        return
    for kind, number in counters.items():
        have = there.counters.get(kind)
        if have is not None and have != number:
            r.flag(stmt, "assert", f"{card.name} has {have} {kind} counters in the replay, not {number}")


@handles(n.Search, checks=())
def search(r: Replay, stmt: n.Search) -> None:
    """A card found in the library: out of it, then onto the battlefield or into the hand, or kept to be put
    somewhere by the next statement."""
    g = r.game
    player = g.player(stmt.player)
    card = g.card(stmt.card)
    zones = g.pstate[player].zones
    if zones.library.holds_none(card.name):
        r.state(stmt.card, stmt.span.line, f"{player}'s library holds no {card.name} in the replay")
    zones.search(card.name)
    if stmt.dest == "battlefield":
        zones.take_found(card.name)
        p = g.new_perm(card.name, card, player, new=True)
        p.tapped = stmt.tapped or p.tapped   # (its text may make it enter tapped)
    elif stmt.dest == "hand":
        zones.take_found(card.name)
        _to_hand(r, player, card.name)


@handles(n.Shuffle, checks=())
def shuffle(r: Replay, stmt: n.Shuffle) -> None:
    r.game.player(stmt.player)   # the library's order is unknown either way


@handles(n.Mill, checks=())
def mill(r: Replay, stmt: n.Mill) -> None:
    player = r.game.player(stmt.player)
    r.game.pstate[player].zones.mill(stmt.count, stmt.span.line, player)


def _to_hand(r: Replay, player: str, name: str) -> None:
    ps = r.game.pstate[player]
    ps.hand_cards.append(name)
    if ps.hand is not None:
        ps.hand += 1


@handles(n.ReturnToHand, checks=())
def return_to_hand(r: Replay, stmt: n.ReturnToHand) -> None:
    """A card from the player's graveyard (else exile) returns to the hand; with none known there, a permanent of
    that name (`Gravedigger returns to its owner's hand` says that one unambiguously)."""
    g = r.game
    player = g.player(stmt.player)
    zones = g.pstate[player].zones
    known = zones.graveyard.find(stmt.card.text) or zones.exile.find(stmt.card.text)
    p = g.find_perm_quietly(stmt.card) if known is None else None
    if p is not None:
        g.leave_battlefield(p, "hand")
        if not p.token:
            _to_hand(r, p.owner if p.owner in g.pstate else player, g.card(stmt.card).name)
        return
    card = g.card(stmt.card)
    for zone in ("graveyard", "exile"):
        if zones.pile(zone).find(card.name) is not None:
            zones.pile(zone).take(card.name)
            break
    else:
        if zones.graveyard.holds_none(card.name) and zones.exile.holds_none(card.name):
            r.state(stmt.card, stmt.span.line, f"{player} has no {card.name} in graveyard or exile in the replay")
        if zones.graveyard.count:
            zones.graveyard.take(card.name)
    _to_hand(r, player, card.name)


def put_from_zone(r: Replay, stmt: n.PutOntoBattlefield, player: str, name: str) -> None:
    """A card put onto the battlefield from a zone leaves it (a card found by a search has already left the
    library)."""
    zone = stmt.from_zone
    if zone not in ZONES:
        return
    card = find_in_zones(r, name, zone, player)
    r.game.pstate[card.owner if card is not None else player].zones.pile(zone).take(name)


@handles(n.DeclineCast, checks=())
def decline_cast(r: Replay, stmt: n.DeclineCast) -> None:
    """A "may cast" declined: the card stays where it is."""
    r.game.player(stmt.player)
    r.game.card(stmt.card)


@handles(n.TimeCounterRemoved, checks=())
def time_counter_removed(r: Replay, stmt: n.TimeCounterRemoved) -> None:
    g = r.game
    p = g.find_perm_quietly(stmt.target)
    if p is not None:
        if p.counters.get("time"):
            p.counters["time"] -= 1
        return
    card = find_in_zones(r, g.card(stmt.target).name, "exile")
    if card is not None and card.counters.get("time") == 0:
        r.state(stmt.target, stmt.span.line, f"{card.name} has no time counter left to remove")
    elif card is not None:
        card.remove_counter("time")


# ------------------------------------------------------------ spells leaving the stack, cards between zones

def spell_leaves_stack(r: Replay, item: StackItem, why: str) -> None:
    """An instant or sorcery that finished resolving goes to its owner's graveyard (608.2k), as does a countered
    spell (404.1); rebound exiles a spell cast from the hand instead (702.86a), flashback any spell cast with it
    (702.32a)."""
    card = item.card
    if card is None or item.kind != "spell":
        return
    zones = _owner_zones(r, item.controller)
    if zones is None:
        return
    if why == "resolved" and grants_casting(card):
        zones.granted_turn = r.game.turn
    if item.via == "flashback":
        zone, how = "exile", "flashback"
    elif why == "resolved" and item.origin == "hand" and keyword_of(card, "rebound"):
        zone, how = "exile", "rebound"
    else:
        zone, how = "graveyard", why
    zones.put(zone, card.name, item.controller, r.game.line, how)


def card_moves(r: Replay, stmt: n.Leaves) -> None:
    """'X is exiled', 'X is put into its owner's graveyard' for something not on the battlefield: the spell that is
    resolving (its destination as narrated), or a card in another zone."""
    g = r.game
    name = stmt.permanent.text
    zone = {"exiled": "exile", "graveyard": "graveyard", "library": "library", "hand": "hand",
            "dies": "graveyard", "destroyed": "graveyard", "sacrificed": "graveyard"}.get(stmt.how)
    res = r.resolving
    owner = res.controller if res is not None and res.source == name else None
    if owner is None and _off_the_stack(r, name, zone):
        return
    card = find_in_zones(r, name, None, owner)
    if card is None:
        zones = _owner_zones(r, res.controller) if res is not None else None
        if zones is not None and res is not None and zone in ZONES and (owner is not None or zone == "exile"):
            # the resolving spell whose card the replay doesn't know, or a card the resolution exiles from a zone
            # the replay doesn't follow (the top of a library): taken as its controller's
            moved = zones.put(zone, name, res.controller, g.line, "resolved" if owner is not None else "moved")
            if owner is None:
                grant_cast_permission(r, moved, res)
        return
    if zone == card.zone and card.line == g.line:
        return   # where the resolution already put it: the narration confirms it
    zones = g.pstate[card.owner].zones
    zones.pile(card.zone).take(name)
    if zone == "hand":
        _to_hand(r, card.owner, name)
    elif zone in ZONES:
        moved = zones.put(zone, name, card.owner, g.line, "rebound" if card.how == "rebound" else "moved")
        if zone == "exile" and res is not None:
            grant_cast_permission(r, moved, res)


def _off_the_stack(r: Replay, name: str, zone: str | None) -> bool:
    """A spell on the stack that an effect moves ('Lightning Bolt is exiled', '... returns to its owner's hand'):
    it leaves the stack for that zone without resolving."""
    g = r.game
    for i in range(len(g.stack) - 1, -1, -1):
        item = g.stack[i]
        if item.kind == "spell" and item.source == name:
            del g.stack[i]
            g.note_stack_change()
            zones = _owner_zones(r, item.controller)
            if zone == "hand":
                _to_hand(r, item.controller, name)
            elif zones is not None and zone in ZONES:
                zones.put(zone, name, item.controller, g.line, "moved")
            return True
    return False


def grant_cast_permission(r: Replay, card: ZoneCard, res: StackItem) -> None:
    """A card exiled by a resolution whose text lets a player cast or play it ("you may cast it this turn"): the
    permission lasts this turn, or (another duration) is taken to last."""
    source = res.card
    if source is None or not text_says(source, ("may cast", "may play")):
        return
    texts = " ".join(a.text.lower() for a in source.abilities)
    this_turn = ("this turn" in texts or "until end of turn" in texts) and "next turn" not in texts
    card.cast_until_turn = r.game.turn if this_turn else 0
