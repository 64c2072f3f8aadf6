"""Build an edition's registry from the baseline one: renumber each rule, drop the rules the edition lacks, merge
the rules it joins into one, and give our own titles where the edition's rule says something else."""

from __future__ import annotations

import re
from collections.abc import Mapping

from .registry import CHECKED, Rule

Title = str | tuple[str, str, str]   # a new title, or (title, status, note)
_NUMBER = re.compile(r"\b\d{3}\.\d+[a-z]?\b")


def sort_key(number: str) -> tuple[int, int, str]:
    m = re.match(r"(\d+)(?:\.(\d+))?([a-z]*)", number)
    if m is None:
        return (10_000, 0, number)
    return (int(m.group(1)), int(m.group(2) or 0), m.group(3))


def derive(base: tuple[Rule, ...], renumber: Mapping[str, str | None], titles: Mapping[str, Title],
           added: tuple[Rule, ...] = (), *, keep_unknown_related: bool = True) -> tuple[Rule, ...]:
    """The baseline rules in an edition's numbers.

    `renumber` maps a baseline number to the edition's (None: the edition lacks the rule); a number it doesn't
    name is unchanged. Several baseline rules mapped to one number become one rule, checked if any of them is.
    `titles` replaces the title (and status and note) of a rule, by the edition's number. Related rules outside
    the baseline registry are kept as they are, or dropped with `keep_unknown_related=False`."""
    known = {r.number for r in base}

    def convert(number: str) -> str | None:
        if number in renumber:
            return renumber[number]
        if ":" in number or (not keep_unknown_related and number not in known):
            return None
        return number

    out: dict[str, Rule] = {}
    for r in base:
        number = convert(r.number)
        if number is None:
            continue
        related = tuple(dict.fromkeys(x for x in (convert(k) for k in r.related) if x is not None and x != number))
        note = _NUMBER.sub(lambda m: convert(m.group()) or m.group(), r.note)   # rules a note names, renumbered
        old = out.get(number)
        if old is None:
            out[number] = Rule(number, r.title, r.status, note, related)
        else:
            status = CHECKED if CHECKED in (old.status, r.status) else old.status
            note = "" if status == CHECKED else old.note
            out[number] = Rule(number, old.title, status, note,
                               tuple(dict.fromkeys(old.related + tuple(x for x in related if x != number))))
    for number, title in titles.items():
        old = out.get(number)
        if old is None:
            raise KeyError(f"title for {number}, which the edition doesn't have")
        if isinstance(title, str):
            out[number] = Rule(number, title, old.status, old.note, old.related)
        else:
            out[number] = Rule(number, title[0], title[1], title[2], old.related)
    for r in added:
        out[r.number] = r
    return tuple(sorted(out.values(), key=lambda r: sort_key(r.number)))
