"""Shapes of a judge's clause that the clause reader (clauses.py) reads as canonical statements: the card's
notation for a {T} ability and other ways of saying an activation, a series of amounts to one target in combat
damage, permanents said to tap, a cast paid with basic lands, a spell's name as its verb; and what is checked of
a whole line's statements: names with the words of a sentence in them, basic lands tapped before a cast, the
passes written after a move to another step. Each is certain from the words and the game so far, or None."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Protocol

from .phrasings import ReadingContext

_BASIC = {"Plains": "{W}", "Island": "{U}", "Swamp": "{B}", "Mountain": "{R}", "Forest": "{G}", "Wastes": "{C}"}


class _Reader(Protocol):
    ctx: ReadingContext
    heading: str | None

    def name(self, written: str) -> str | None: ...

    def names(self, written: str) -> list[str] | None: ...

    def line(self, text: str, subject: str | None = None) -> list[str] | None: ...


_AMOUNT = re.compile(r"(?:[Tt]he )?(?P<x>[A-Z\"][^,;:()]*?)(?: deals| assigns)? (?P<n>\d+)")   # 'A deals 3, B 2'


def damage_series(r: _Reader, text: str) -> list[str] | None:
    """'Warrior 2, Bears 2, Elves 1 to the Baloth' in a combat damage step: a series of names and amounts, with
    the one target written last; each creature deals its amount to it. None when a name is not a creature on the
    battlefield, or outside combat damage."""
    if "combat damage" not in f"{r.heading or ''} {r.ctx.step or ''}":
        return None
    m = re.fullmatch(r"(?P<series>.+?) to (?P<y>(?:the )?[A-Z\"][^,;:()]*)", text)
    if m is None:
        return None
    items = re.split(r",\s*(?:and\s+)?|\s+and\s+", m["series"])
    target = r.name(m["y"])
    out: list[str] = []
    for item in items:
        one = _AMOUNT.fullmatch(item.strip())
        x = r.name(one["x"]) if one is not None else None
        if one is None or x is None or x not in r.ctx.powers or target is None:
            return None
        out.append(f"{x} deals {one['n']} damage to {target}")
    return out if len(out) > 1 else None


_TAP_STATE = re.compile(r"(?P<list>[A-Z\"].*?)(?: both| all)? (?:(?P<un>untap|untaps|stays? untapped|remains? untapped"
                        r"|(?:is|are|gets?|becomes?) untapped)|tap|taps|(?:is|are|gets?|becomes?) tapped)")


def tapped_state(r: _Reader, text: str) -> list[str] | None:
    """'Wind Drake and Grizzly Bears tap', 'Serra Angel stays untapped': permanents named with 'tap' and no object
    (no player tapping them) are said to be tapped (or untapped): each an assertion the replay checks."""
    m = _TAP_STATE.fullmatch(text)
    things = r.names(m["list"]) if m is not None else None
    if m is None or not things or any(x not in r.ctx.controllers for x in things):
        return None
    return [f"{x} is {'untapped' if m['un'] else 'tapped'}" for x in things]


_CAST_WITH = re.compile(r"(?P<head>(?P<p>[A-Z][\w'’\-]*) casts [A-Z\"][^,;:()]*?),? \(?(?:using|with|off|off of"
                        r"|by tapping|tapping|paying with|paid with|paid for with|from) (?P<lands>[A-Z\"][^;:()]*?)\)?")


def cast_with(r: _Reader, text: str) -> list[str] | None:
    """'Alice casts Goblin Piker using Mountain and Forest' ('with', 'off', 'by tapping'): each land, a basic land
    of hers whose name says its mana, tapped for that mana, then the spell. None for any other land (what mana?)."""
    m = _CAST_WITH.fullmatch(text)
    lands = r.names(m["lands"]) if m is not None else None
    if m is None or not lands or m["p"] not in r.ctx.players \
            or any(x not in _BASIC or r.ctx.controllers.get(x) != m["p"] for x in lands):
        return None
    cast = r.line(m["head"])
    return None if cast is None else [*(f"{m['p']} taps {x} for {_BASIC[x]}" for x in lands), *cast]


_NAMED_CAST = re.compile(r"(?P<p>[A-Z][\w'’\-]*) (?P<spell>[A-Z][\w'’\-]*(?: (?:of |the )?[A-Z][\w'’\-]*)*?)"
                         r"(?:s|es|ed|d) (?P<target>(?:the |her |his |their |[A-Z][\w'’\-]*['’]s )?[A-Z\"][^,;:()]*)")


def named_cast(r: _Reader, text: str) -> list[str] | None:
    """'Bob Shocks the Bears', 'Alice Giant Growths her Bears': a spell's name as the verb is that spell cast
    targeting what follows, when the name is a card the game knows that is not a permanent on the battlefield."""
    m = _NAMED_CAST.fullmatch(text)
    if m is None or m["p"] not in r.ctx.players:
        return None
    spell = r.name(m["spell"])
    if spell is None or spell in r.ctx.controllers or spell in r.ctx.players:
        return None
    return r.line(f"{m['p']} casts {spell} targeting {m['target']}")


_ACTIVATIONS = (   # the card's notation, 'to' and what follows, 'uses X on T', 'pings T with X'
    re.compile(r"(?P<p>[A-Z][\w'’\-]*) (?P<tap>taps|tapped) (?:the |her |his |their )?(?P<x>[A-Z\"][^:;,.()]*?)"
               r"(?::| to) (?P<effect>[^.;()]+)"),
    re.compile(r"(?P<p>[A-Z][\w'’\-]*) (?:uses|used|activates|activated) (?:the |her |his |their )?(?P<x>[A-Z\"]"
               r"[^:;,.()]*?)(?:['’]s? ability)?,? (?P<effect>(?:on|against|targeting|at) [^.;()]+)"),
    re.compile(r"(?P<p>[A-Z][\w'’\-]*) (?:pings|pinged|shoots|shot) (?P<effect>[A-Z\"][^.;()]*?) with (?:the |her |his "
               r"|their )?(?P<x>[A-Z\"][^:;,.()]*)"),
)


def activation(r: _Reader, text: str) -> str | None:
    """'Bob taps Prodigal Pyromancer: 1 dmg to Alice' (the card's own notation for a {T} ability), 'Bob taps the
    Pyromancer to ping Alice', 'Bob uses Prodigal Pyromancer on Alice', 'Bob pings Alice with the Pyromancer': Bob
    activates its ability (having tapped it, when he says so), targeting the one player or permanent the effect
    names (the effect itself is the ability's, done when it resolves). None when the words are not that: a land
    ('taps Forest: G' is mana), a permanent Bob doesn't control, or an effect that names more than one thing."""
    for pattern in _ACTIVATIONS:
        m = pattern.fullmatch(text.strip().rstrip("."))
        if m is not None:
            break
    if m is None or m["p"] not in r.ctx.players:
        return None
    x = r.name(m["x"])
    if x is None or r.ctx.controllers.get(x) != m["p"] or any(x == name for _, name in r.ctx.untapped_lands):
        return None
    named = {p for p in r.ctx.players if re.search(rf"\b{re.escape(p)}\b", m["effect"])}
    for written in re.findall(r"[A-Z\"][\w'’\-]*(?: [A-Z][\w'’\-]*)*", m["effect"]):
        if written not in r.ctx.players and (full := r.name(written)) is not None:
            named.add(full)
    if len(named) > 1 or x in named:
        return None
    target = f" targeting {named.pop()}" if named else ""
    tap = f"{m['p']} taps {x}; " if m.groupdict().get("tap") else ""
    return f"{tap}{m['p']} activates {x}{target}"


_MOVES = re.compile(r"\b(?:moves|goes|proceeds|moving|going)(?: on)? (?:in)?to\b")
_STEP_OR_PHASE = re.compile(r"[a-z ]+ (?:step|phase)")


def passes_before_move(out: list[str], code: str, explicit: bool) -> list[str]:
    """'Alice moves to combat; Bob passes' (implicit priority): the passes written after the move are the ones that
    ended the step she left, so they come before the heading of the step she moves to."""
    if explicit or len(out) < 2 or not _STEP_OR_PHASE.fullmatch(out[0]) or not _MOVES.search(code) \
            or not all(re.fullmatch(r"\S+ passes|all players pass", x) for x in out[1:]):
        return out
    return [*out[1:], out[0]]


_CONNECTORS = frozenset({"of", "the", "from", "de", "in", "on", "at", "to", "a", "an", "and", "for", "with", "into",
                         "upon", "under", "over", "by", "la", "le", "du", "des", "der", "van", "von"})
_OBJECTS = re.compile(r"\b(?:taps|untaps|casts|plays|activates|sacrifices|discards|destroys|exiles|targeting|with|"
                      r"blocks|holds|controls)\s+([A-Z\"][^;:]*)")


_SUBJECT = re.compile(r"([A-Z\"][^;:]*?)(?: ability)? (?:resolves|triggers|dies|deals|assigns|is|has|becomes|gets)\b")


def odd_names(out: Sequence[str], known: Callable[[str], bool]) -> bool:
    """Statements with a name the game doesn't know that has words of a sentence in it ('Bob taps Pyromancer to
    ping the Bears' read by the grammar as tapping 'Pyromancer to ping the Bears') or is a possessive ("Arena's
    resolves"): not a reading."""
    for statement in out:
        written = [m[1] for m in _OBJECTS.finditer(statement)]
        written += [m[1]] if (m := _SUBJECT.match(statement)) is not None else []
        for names in written:
            words = re.sub(r"\s+(?:targeting|paying|for|with|from|sacrificing|onto|into|as|blocking|attacking|"
                           r"discarding|exiling|without)\b.*$", "", names)
            for item in re.split(r",\s*", words):
                item = item.strip()
                if known(item) or item.startswith('"'):
                    continue
                if item.endswith(("'s", "’s")) or any(w[:1].islower() and w not in _CONNECTORS for w in item.split()):
                    return True
    return False


def basic_mana(out: list[str]) -> list[str]:
    """'Alice taps Forest and Mountain, casts Goblin Piker': basic lands a player taps with no mana said, before she
    casts a spell on the same line, are tapped for the mana their names say (the only mana they make)."""
    result = list(out)
    for i, statement in enumerate(out):
        m = re.fullmatch(r"(\S+) taps (.+)", statement)
        casts = rf"{re.escape(m[1])} casts .+" if m is not None else ""
        if m is None or " for " in m[2] or not any(re.fullmatch(casts, s) for s in out[i + 1:]):
            continue
        lands = re.split(r",\s*(?:and\s+)?|\s+and\s+", m[2])
        if all(x in _BASIC for x in lands):
            result[result.index(statement)] = "; ".join(f"{m[1]} taps {x} for {_BASIC[x]}" for x in lands)
    return [x for s in result for x in s.split("; ")]
