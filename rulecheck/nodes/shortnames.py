"""Short forms of names: 'Bears' for Grizzly Bears, 'Bolt' for Lightning Bolt, 'Forests' for Forest.

A judge writes a card's full name once and a short form after that. A short form is a run of whole words of one
full name (the last of them may be plural); it means that name when no other name it could mean is in play. Both
the forgiving reader (lines the grammar rejects) and the game's name lookups (lines it reads, whose names are not
known) use this one definition, so a short form means the same wherever it is written.
"""

from __future__ import annotations

from collections.abc import Iterable


def _variants(written: str) -> list[tuple[str, ...]]:
    words = tuple(written.split())
    out = [words]
    if words:
        last = words[-1]
        for ending in ("es", "s"):
            if last.endswith(ending) and len(last) > len(ending) + 1:
                out.append(words[:-1] + (last[:-len(ending)],))
    return out


def _inside(name: tuple[str, ...], part: tuple[str, ...]) -> bool:
    size = len(part)
    return 0 < size <= len(name) and any(name[i:i + size] == part for i in range(len(name) - size + 1))


def short_form_of(written: str, names: Iterable[str]) -> list[str]:
    """The full names `written` may be a short form (or a plural) of, sorted; [written] when it is a name."""
    pool = set(names)
    if written in pool:
        return [written]
    for mark in ("'s", "’s"):   # a possessive: "Phyrexian Arena's ability"
        if written.endswith(mark) and written[:-2] in pool:
            return [written[:-2]]
    if not written or not written[0].isupper():
        return []
    variants = _variants(written)
    found = {name for name in pool for v in variants if _inside(tuple(name.split()), v)}
    return sorted(found)
