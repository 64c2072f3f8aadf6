"""Casting a spell from a zone other than the hand, and casting during a resolution (601.2a, 608.2f).

A card is cast from a graveyard, exile, a library or the command zone only with a permission: its own keyword
(flashback and escape from a graveyard, 702.32a and current 702.138a; suspend and rebound from exile, each only as
its ability resolves, 702.60a and 702.86a), or an effect (a resolving spell or ability whose text lets a player
cast a card, such as cascade and discover, or "you may cast it this turn" on a card it exiled). A cast that an
effect makes during its resolution ignores the timing of 505.5a and priority: no player has priority during a
resolution, and the effect says when. What the replay doesn't know is not judged: a card whose history before the
transcript is unknown may have a permission the transcript never mentions, and with abilities unknown (an
imported log) nothing is judged."""

from __future__ import annotations

from .. import nodes as n
from ..game.objects import Card, Effect, StackItem
from ..game.zones import ZoneCard
from ..nodes import Ability
from .context import Replay
from .zone_moves import CAST_WORDS, find_in_zones, grants_casting, keyword_of, text_says

CHECKS = ("702.86a", "702.60a", "current:601.3")

# keywords that let a card be cast from a graveyard when its owner could cast it from the hand (their timing is the
# card's own): flashback (702.32a), retrace, jump-start, escape (current 702.138a), aftermath, disturb
_FROM_GRAVEYARD = ("flashback", "retrace", "jump-start", "escape", "aftermath", "disturb")
# keywords of a card's own text that let it be cast from exile later (current 702.143 foretell, 702.170 plot, warp;
# adventure cards, current 715.4; madness, 702.33)
_EXILE_CASTING = ("foretell", "plot", "warp", "adventure", "madness", "impulse")


def during_resolution(r: Replay, stmt: n.Cast) -> bool:
    """A cast on the line of a resolution, after it, that the resolving spell or ability may make (608.2f): its
    text speaks of casting, or is not known. A resolving object whose known text doesn't lets no spell be cast
    during its resolution, so the cast is judged as any other."""
    res = r.resolving
    if res is None or r.resolving_line != stmt.span.line:
        return False
    card = res.card
    return card is None or not card.abilities or bool(card.origin) or r.game.abilities_unknown or \
        text_says(card, CAST_WORDS + ("suspend", "rebound"))


def take_from_zone(r: Replay, stmt: n.Cast, player: str, card: Card) -> ZoneCard | None:
    """The card leaves the zone it is cast from (the player's own first): the object, if the replay knew it."""
    zone = stmt.from_zone or "hand"
    obj = find_in_zones(r, card.name, zone, player)
    zones = r.game.pstate[obj.owner if obj is not None else player].zones
    zones.pile(zone).take(card.name)
    return obj


def permission(r: Replay, stmt: n.Cast, player: str, card: Card, obj: ZoneCard | None, during: bool) -> str | None:
    """What lets the player cast the card from its zone ('' when not judged); None when the replay knows that
    nothing does (flagged)."""
    g = r.game
    zone = stmt.from_zone or "hand"
    if g.abilities_unknown or zone in ("hand", "library", "command"):
        return ""
    res = r.resolving if during else None
    if res is not None and res.kind == "ability" and res.source == card.name:
        return _own_ability(r, stmt, player, card, obj)
    if res is not None:
        if res.card is None or text_says(res.card, CAST_WORDS) or res.card.origin or obj is None or not obj.known:
            return "effect"
        return _nothing(r, stmt, player, card, zone, obj, f"as {res.source} resolves")
    if zone == "graveyard":
        found = next((w for w in _FROM_GRAVEYARD if keyword_of(card, w)), None)
        if found is not None:
            return found
    if obj is not None and obj.cast_until_turn is not None and obj.cast_until_turn in (0, g.turn):
        return "effect"
    if zone == "exile" and obj is not None and not obj.known and keyword_of(card, "suspend") and \
            obj.counters.get("time", 0) > 0 and not _may_be_allowed(r, player, card):
        # suspended (702.60b: in exile, with suspend and a time counter), whatever its history: suspend casts it
        return _flagged(r.flag(stmt, "702.60a", f"{player} casts {card.name} from exile, but it is suspended, and "
                                                "suspend casts it only as its ability resolves when the last time "
                                                "counter is removed"))
    if obj is None or not obj.known:
        return ""   # its history before the transcript, or what put it there, is unknown
    if zone == "exile" and keyword_of(card, "rebound") and obj.how == "rebound":
        return _flagged(r.flag(stmt, "702.86a", f"{player} casts {card.name} from exile, but rebound lets its owner "
                                                "cast it only as its delayed ability resolves at the beginning of "
                                                "the next upkeep, once", ("603.7b",)))
    if zone == "exile" and keyword_of(card, "suspend"):
        return _flagged(r.flag(stmt, "702.60a", f"{player} casts {card.name} from exile, but suspend casts it only "
                                                "as its ability resolves when the last time counter is removed"))
    if obj.cast_until_turn is not None and not _may_be_allowed(r, player, card):
        return _flagged(r.flag(stmt, "current:601.3", f"{player} casts {card.name} from exile, but the effect that "
                                                      "exiled it let it be cast only in the turn it did"))
    return _nothing(r, stmt, player, card, zone, obj, "")


def _may_be_allowed(r: Replay, player: str, card: Card) -> bool:
    """Text the replay doesn't read may allow the cast: the card's own (an Adventurer, foretell, plot, warp), a
    permanent's on the battlefield (Muldrotha, Snapcaster Mage), or a spell's that resolved for the player this turn
    (Past in Flames)."""
    g = r.game
    if grants_casting(card) or text_says(card, _EXILE_CASTING) or g.pstate[player].zones.granted_turn == g.turn:
        return True
    return any(grants_casting(p.card) for p in g.battlefield.values())


def _own_ability(r: Replay, stmt: n.Cast, player: str, card: Card, obj: ZoneCard | None) -> str:
    """The card's own ability resolves: suspend's last ability casts it once no time counter is left; rebound's
    delayed ability lets its owner cast it."""
    if keyword_of(card, "suspend") and stmt.from_zone == "exile":
        left = obj.counters.get("time", 0) if obj is not None else 0
        if left:
            r.flag(stmt, "702.60a", f"{card.name} still has {left} time counter{'s' if left > 1 else ''}; suspend "
                                    "casts it only when the last one is removed")
        return "suspend"
    if keyword_of(card, "rebound") and stmt.from_zone == "exile":
        return "rebound"
    return "effect"


def _nothing(r: Replay, stmt: n.Cast, player: str, card: Card, zone: str, obj: ZoneCard | None,
             when: str) -> str | None:
    """Nothing the replay knows lets the card be cast from there (current 601.3; the baseline has no such rule).
    A card from a card database is not judged: its text may be more than the replay reads."""
    if card.origin or _may_be_allowed(r, player, card):
        return ""   # text the replay doesn't read may allow it
    where = f"{player}'s {zone}" if obj is None or obj.owner == player else f"{obj.owner}'s {zone}"
    return _flagged(r.flag(stmt, "current:601.3", f"{player} casts {card.name} from {where}"
                                                  f"{' ' + when if when else ''}, but nothing lets a player cast it "
                                                  "from there"))


def _flagged(flagged: bool) -> str | None:
    """None (the cast is illegal) when flagged; an edition without the rule doesn't judge it."""
    return None if flagged else ""


def after_resolution(r: Replay, item: StackItem, pid: int | None) -> None:
    """A creature spell cast with suspend has haste while its caster controls it (702.60a)."""
    if item.via == "suspend" and pid is not None:
        p = r.game.by_pid(pid)
        if p is not None and p.is_creature():
            r.game.add_effect(Effect(pid, ability=Ability("keyword", "haste"), duration="while",
                                     line=r.game.line, label="haste from suspend",
                                     condition=("controls", pid, item.controller)))
