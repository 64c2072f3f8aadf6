"""The card database formats: Scryfall's bulk data and MTGJSON's AtomicCards, read as a stream of `CardFacts`.

- Scryfall (https://scryfall.com/docs/api/bulk-data, the `oracle_cards` file): a JSON array of card objects
  (`name`, `layout`, `mana_cost`, `type_line`, `oracle_text`, `power`, `toughness`, `loyalty`, `colors`,
  `keywords`, and `card_faces` for split, flip, transform, modal double-faced and adventure cards). A search
  result page (`{"object": "list", "data": [...]}`) is read the same way.
- MTGJSON (https://mtgjson.com/data-models/card/card-atomic/, `AtomicCards.json`): `{"meta": {...}, "data":
  {name: [face, ...]}}`, each face with `faceName` and `side` when the card has several, and `manaCost`, `type`,
  `types`, `supertypes`, `subtypes`, `power`, `toughness`, `loyalty`, `keywords`, `text`, `colors`, `layout`.

Each record is yielded with the names a transcript may use for it: a face by its own name, and the whole card's
name ("Fire // Ice", "Delver of Secrets // Insectile Aberration") for the face a card shows in hand and on the
battlefield (the front face; both halves of a split card together).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from .facts import CardFacts, split_type_line
from .jsonstream import JSONStreamError, Reader

Entry = tuple[tuple[str, ...], CardFacts]
FACE_LAYOUTS_COMBINED = frozenset({"split"})   # the whole card has both halves' characteristics (709.4)


def read_entries(reader: Reader, source: str) -> tuple[str, Iterator[Entry]]:
    """The format of the document and its entries, read lazily."""
    first = reader.peek()
    if first == "[":
        return "scryfall", _scryfall_array(reader, source)
    if first != "{":
        shown = repr(first) if first else "nothing"
        raise JSONStreamError(f"is not a card database: it should begin with '[' (Scryfall) or '{{' (MTGJSON), "
                              f"not {shown}")
    return _object_document(reader, source)


def _object_document(reader: Reader, source: str) -> tuple[str, Iterator[Entry]]:
    members = reader.members()
    for key in members:
        if key == "data":
            if reader.peek() == "[":
                return "scryfall", _chain(_scryfall_array(reader, source), members, reader)
            return "mtgjson", _chain(_mtgjson_data(reader, source), members, reader)
        reader.value()   # meta, object, has_more, ...: small, skipped
    raise JSONStreamError("is not a card database: a JSON object without 'data' (neither a Scryfall list nor "
                          "MTGJSON's AtomicCards)")


def _chain(entries: Iterator[Entry], members: Iterator[str], reader: Reader) -> Iterator[Entry]:
    yield from entries
    for _ in members:    # what follows 'data' is read to the end, so that a truncated file is noticed
        reader.value()


# ------------------------------------------------------------------ Scryfall
def _scryfall_array(reader: Reader, source: str) -> Iterator[Entry]:
    for card in reader.items():
        if isinstance(card, dict) and isinstance(card.get("name"), str):
            yield from scryfall_entries(card, source)


def _text(value: Any) -> str | None:
    return value if isinstance(value, str) else None


def _strings(value: Any) -> tuple[str, ...]:
    return tuple(v for v in value if isinstance(v, str)) if isinstance(value, list) else ()


def scryfall_entries(card: dict[str, Any], source: str) -> Iterator[Entry]:
    name: str = card["name"]
    layout = _text(card.get("layout")) or "normal"
    keywords = _strings(card.get("keywords"))
    faces = [f for f in card.get("card_faces") or () if isinstance(f, dict) and isinstance(f.get("name"), str)]
    if not faces:
        yield (name,), _scryfall_face(card, card, name, layout, None, keywords, source, ())
        return
    names = tuple(f["name"] for f in faces)
    records = [_scryfall_face(face, card, name, layout, chr(ord("a") + i),
                              _face_keywords(keywords, _text(face.get("oracle_text")) or ""), source, names)
               for i, face in enumerate(faces)]
    for record in records:
        yield (record.name,), record
    if name not in names:
        yield (name,), _whole(records, layout, name)


def _scryfall_face(face: dict[str, Any], card: dict[str, Any], card_name: str, layout: str, side: str | None,
                   keywords: tuple[str, ...], source: str, names: tuple[str, ...]) -> CardFacts:
    types, supertypes, subtypes = split_type_line(_text(face.get("type_line")) or "")
    if "colors" in face or face is card:
        colors = face.get("colors")
    elif names:   # the halves of split and adventure cards have their own colours, those of their costs (202.2)
        colors = [c for c in "WUBRG" if "{" + c in (_text(face.get("mana_cost")) or "")] or card.get("colors")
    else:
        colors = card.get("colors")
    return CardFacts(face["name"], card_name if card_name != face["name"] else "", layout, side, types, supertypes,
                     subtypes, _strings(colors), _text(face.get("mana_cost")) or None, _text(face.get("power")),
                     _text(face.get("toughness")), _text(face.get("loyalty")), keywords,
                     _text(face.get("oracle_text")) or "", source, tuple(n for n in names if n != face["name"]))


def _face_keywords(keywords: tuple[str, ...], text: str) -> tuple[str, ...]:
    """Scryfall lists keywords for the whole card; a face has those its own text names."""
    lowered = text.lower()
    return tuple(k for k in keywords if k.lower() in lowered)


def _whole(records: list[CardFacts], layout: str, name: str) -> CardFacts:
    """What the whole card's name means: a split card is both halves at once (709.4); another multi-faced card
    shows its front face."""
    front = records[0]
    if layout not in FACE_LAYOUTS_COMBINED:
        return front
    def union(attr: str) -> tuple[str, ...]:
        return tuple(dict.fromkeys(v for r in records for v in getattr(r, attr)))
    costs = [r.mana_cost for r in records if r.mana_cost]
    return CardFacts(name, name, layout, None, union("types"), union("supertypes"), union("subtypes"),
                     union("colors"), " // ".join(costs) or None, None, None, None, union("keywords"),
                     "\n//\n".join(r.text for r in records), front.source, tuple(r.name for r in records))


# ------------------------------------------------------------------ MTGJSON
def _mtgjson_data(reader: Reader, source: str) -> Iterator[Entry]:
    for name in reader.members():
        faces = reader.value()
        if isinstance(faces, list):
            yield from mtgjson_entries(name, [f for f in faces if isinstance(f, dict)], source)


def mtgjson_entries(name: str, faces: list[dict[str, Any]], source: str) -> Iterator[Entry]:
    if not faces:
        return
    names = tuple(_text(f.get("faceName")) or name for f in faces)
    layout = _text(faces[0].get("layout")) or "normal"
    records = [_mtgjson_face(f, name, n, source, tuple(x for x in names if x != n))
               for f, n in zip(faces, names, strict=True)]
    if len(records) == 1 and records[0].name == name:
        yield (name,), records[0]
        return
    for record in records:
        yield (record.name,), record
    if name not in names:
        yield (name,), _whole(records, layout, name)


def _mtgjson_face(face: dict[str, Any], card_name: str, name: str, source: str,
                  others: tuple[str, ...]) -> CardFacts:
    if isinstance(face.get("types"), list):
        types = tuple(t.lower() for t in _strings(face.get("types")))
        supertypes = tuple(t.lower() for t in _strings(face.get("supertypes")))
        subtypes = _strings(face.get("subtypes"))
    else:
        types, supertypes, subtypes = split_type_line(_text(face.get("type")) or "")
    return CardFacts(name, card_name if card_name != name else "", _text(face.get("layout")) or "normal",
                     _text(face.get("side")), types, supertypes, subtypes, _strings(face.get("colors")),
                     _text(face.get("manaCost")) or None, _text(face.get("power")), _text(face.get("toughness")),
                     _text(face.get("loyalty")), _strings(face.get("keywords")), _text(face.get("text")) or "",
                     source, others)
