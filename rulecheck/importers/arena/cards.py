"""Card facts: what the log shows of a card, and Arena's local card database (`Raw_CardDatabase_*.mtga`)."""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path

# Arena's ids of keyword abilities, as they appear in `uniqueAbilities[].grpId` and in the card database's
# `Cards.AbilityIds` (the `Abilities` table, category "keyword"). Only keywords the transcript language knows.
# Source: the ids used by tools that read the database, e.g. leyline-tools `scry/mechanics.py`
# (DIRECT_ABILITY_MECHANICS); 6 = "First strike" is also given in FORMAT.md §8.
KEYWORD_ABILITIES: dict[int, str] = {
    1: "deathtouch", 2: "defender", 3: "double strike", 6: "first strike", 7: "flash", 8: "flying", 9: "haste",
    10: "hexproof", 12: "lifelink", 13: "reach", 14: "trample", 15: "vigilance", 104: "indestructible",
    142: "menace",
}
COLOURS = {"CardColor_White": "white", "CardColor_Blue": "blue", "CardColor_Black": "black",
           "CardColor_Red": "red", "CardColor_Green": "green"}
TYPES = {"CardType_Artifact": "artifact", "CardType_Creature": "creature", "CardType_Enchantment": "enchantment",
         "CardType_Instant": "instant", "CardType_Land": "land", "CardType_Planeswalker": "planeswalker",
         "CardType_Sorcery": "sorcery", "CardType_Kindred": "tribal", "CardType_Tribal": "tribal"}
SUPERTYPES = {"SuperType_Legendary": "legendary", "SuperType_Basic": "basic", "SuperType_Snow": "snow"}


@dataclass
class CardFacts:
    """One card definition of the transcript."""

    name: str
    supertypes: list[str] = field(default_factory=list)
    types: list[str] = field(default_factory=list)
    subtypes: list[str] = field(default_factory=list)
    colours: list[str] = field(default_factory=list)
    power: int | None = None
    toughness: int | None = None
    loyalty: int | None = None
    keywords: set[str] | None = None     # None: not seen on the battlefield yet
    inferred: dict[str, str] = field(default_factory=dict)   # keyword -> why the log implies it
    token: bool = False
    part_time_creature: bool = False     # a creature only at times on the battlefield (vehicle, animated land)
    from_db: bool = False
    grp_ids: set[int] = field(default_factory=set)

    def all_keywords(self) -> list[str]:
        kws = set(self.keywords or ()) | set(self.inferred)
        order = list(KEYWORD_ABILITIES.values())
        return sorted(kws, key=lambda k: order.index(k) if k in order else len(order))


class CardDatabaseError(Exception):
    pass


_TAG = re.compile(r"<[^>]+>")


class CardDatabase:
    """Arena's SQLite card database, opened read-only. Only card names and keyword abilities are read: types,
    power/toughness and colours come from the log itself."""

    def __init__(self, path: str) -> None:
        if not Path(path).is_file():
            raise CardDatabaseError(f"{path}: no such file")
        uri = Path(path).resolve().as_uri() + "?mode=ro"
        try:
            self._db = sqlite3.connect(uri, uri=True)
            tables = {r[0] for r in self._db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        except sqlite3.Error as err:
            raise CardDatabaseError(f"{path}: not an Arena card database ({err})") from None
        if "Cards" not in tables:
            raise CardDatabaseError(f"{path}: not an Arena card database (no Cards table)")
        if "Localizations_enUS" in tables:
            self._loc = ("SELECT Loc FROM Localizations_enUS WHERE LocId = ? AND Loc IS NOT NULL AND Loc != '' "
                         "ORDER BY Formatted = 1 DESC, Formatted LIMIT 1")
        elif "Localizations" in tables:
            self._loc = ("SELECT enUS FROM Localizations WHERE LocId = ? AND enUS IS NOT NULL AND enUS != '' "
                         "ORDER BY Formatted = 1 DESC, Formatted LIMIT 1")
        else:
            raise CardDatabaseError(f"{path}: not an Arena card database (no localisation table)")
        self._cache: dict[int, CardFacts | None] = {}

    def close(self) -> None:
        self._db.close()

    def text(self, loc_id: int) -> str | None:
        """A localised text (a card's name), as a transcript can write it: a card definition's name runs up to
        its colon and cannot hold a double quote, so ':' becomes ' -' and '"' becomes "'" (rare in names)."""
        try:
            row = self._db.execute(self._loc, (loc_id,)).fetchone()
        except sqlite3.Error:
            return None
        if not row or not row[0]:
            return None
        text = " ".join(_TAG.sub("", str(row[0])).split())
        return text.replace(":", " -").replace('"', "'") or None

    def card(self, grp_id: int) -> CardFacts | None:
        if grp_id in self._cache:
            return self._cache[grp_id]
        facts: CardFacts | None = None
        try:
            row = self._db.execute("SELECT TitleId, AbilityIds FROM Cards WHERE GrpId = ?", (grp_id,)).fetchone()
        except sqlite3.Error:
            row = None
        if row is not None:
            title = self.text(row[0]) if row[0] else None
            if title:
                facts = CardFacts(title, from_db=True)
                ability_ids = [int(part.split(":")[0]) for part in str(row[1] or "").split(",")
                               if part.split(":")[0].strip().isdigit()]
                facts.keywords = {KEYWORD_ABILITIES[a] for a in ability_ids if a in KEYWORD_ABILITIES}
        self._cache[grp_id] = facts
        return facts

