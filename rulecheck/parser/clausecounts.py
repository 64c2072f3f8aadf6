"""More shapes of a judge's clause for the clause reader (clauses.py), each certain from the words and the game so
far, or None:

- damage by several creatures in one clause: `A and B deal 2 each to X` (each deals that amount), `A and B deal 4 to
  X in total` (a sum: read only when their powers make it, each dealing its power);
- `Both die` after a clause of the same line that named two creatures dealing damage: those two;
- a hand's count after a draw or a discard: `Alice draws a card. She has 8.`, `Bob discards a card, down to 7` (a
  number after a draw or a discard by the same player, with no 'life', counts her hand);
- a trigger and its effect: `Howling Mine triggers and Alice draws an additional card` is the trigger, its
  resolution, then the effect (an additional card drawn);
- prevention narrated: `Goblin Piker's 2 damage to Alice is prevented` (an unblocked attacker's, in a combat damage
  step): its damage to the player, which the replay leaves to what the transcript says next where an effect may
  prevent it;
- a time the game already knows: `while Centaur Courser is on the stack` (when it is)."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Protocol

from ..nodes.shortnames import short_form_of
from .phrasings import ReadingContext


class _Reader(Protocol):
    ctx: ReadingContext
    last: str
    heading: str | None

    def name(self, written: str) -> str | None: ...

    def names(self, written: str) -> list[str] | None: ...


_Y = r"(?P<y>(?:the )?[A-Z\"][^,;:()]*?)"
_EACH = re.compile(r"(?P<list>[A-Z\"][^;:()]*?) (?:each )?deal (?P<n>\d+)(?: combat)?(?: damage)?(?: each)? to " + _Y
                   + r"(?: each)?")
_TOTAL = re.compile(r"(?P<list>[A-Z\"][^;:()]*?) deal (?P<n>\d+)(?: combat)?(?: damage)? to " + _Y
                    + r",? (?:in total|total|combined|in all|altogether|between them)")


def several_deal(r: _Reader, text: str) -> list[str] | None:
    """'Elvish Warrior and Runeclaw Bear deal 2 each to Craw Wurm': each deals 2; 'Giant Spider and Runeclaw Bear
    deal 4 to Air Elemental in total': each deals its power, when their powers add up to 4 (else who dealt what is
    not known: None, and the line stays an error)."""
    each = _EACH.fullmatch(text) if re.search(r"\beach\b", text) else None
    m = each or _TOTAL.fullmatch(text)
    sources = r.names(m["list"]) if m is not None else None
    target = r.name(m["y"]) if m is not None else None
    if m is None or not sources or len(sources) < 2 or target is None or len(set(sources)) != len(sources) \
            or any(s not in r.ctx.creatures for s in sources):
        return None
    if each is not None:
        return [f"{s} deals {m['n']} damage to {target}" for s in sources]
    powers = [r.ctx.powers.get(s) for s in sources]
    if any(p is None or p <= 0 for p in powers) or sum(p for p in powers if p is not None) != int(m["n"]):
        return None
    return [f"{s} deals {p} damage to {target}" for s, p in zip(sources, powers, strict=True)]


_BOTH = re.compile(r"(?:[Bb]oth|[Tt]hey both|[Bb]oth of them|[Tt]he two|[Bb]oth creatures) (?:die|are destroyed)")


def both_die(r: _Reader, text: str, read: Sequence[str]) -> list[str] | None:
    """'Gray Ogre and Grizzly Bears deal 2 damage to each other. Both die.': the two creatures the damage of the
    line's statements before was between."""
    if not _BOTH.fullmatch(text):
        return None
    named: list[str] = []
    for s in read:
        m = re.fullmatch(r"(.+?) deals \d+ (?:combat )?damage to (.+)", s)
        named += [x for x in (m[1], m[2]) if x not in named] if m is not None else []
    return [f"{x} dies" for x in named] if len(named) == 2 and all(x in r.ctx.creatures for x in named) else None


_COUNT = r"(?P<n>\d+|one|two|three|four|five|six|seven|eight|nine|ten)"
_HAND = re.compile(r"(?P<p>[A-Z][\w'’\-]*) (?:has|is at|is down to|is up to|is now at|now has|goes down to|goes to"
                   r"|gets to|is holding|holds|is on|down to|up to|is left with|has only)(?: only)? " + _COUNT
                   + r"(?: cards?)?(?: in (?:hand|her hand|his hand|their hand)| left)?")


_TO_HAND = {"draws": re.compile(r"\b(?:has|holds|is holding|up to|is left with)\b"),   # not 'is at', 'down to'
            "discards": re.compile(r"\b(?:has|holds|is holding|down to|gets to|goes down to|is left with)\b")}


def after_draw(last: str, player: str, written: str, n: str) -> str | None:
    """A number said of a player right after she drew or discarded ('discards one card, down to 7'), with no
    'life': the count of her hand, when the words go the way the hand went ('has', 'up to' after a draw; 'down
    to' after a discard). 'Is at 17' after a draw stays a life total (Phyrexian Arena's loss, said after it)."""
    verb = re.match(re.escape(player) + r" (draws|discards)\b", last)
    if "life" in written or verb is None or not _TO_HAND[verb[1]].search(written):
        return None
    return f"{player} has {n} card{'' if n in ('1', 'one') else 's'} in hand"


def hand_count(r: _Reader, text: str) -> list[str] | None:
    """'Alice draws a card. She has 8.': a hand's count after the same player's draw or discard."""
    m = _HAND.fullmatch(text)
    said = after_draw(r.last, m["p"], text, m["n"]) if m is not None and m["p"] in r.ctx.players else None
    return [said] if said is not None else None


def resolved_triggers(out: Sequence[str]) -> list[str]:
    """'Howling Mine triggers and Alice draws an additional card': the trigger, then its effect on the same line
    with nothing between; the judge left its resolution unsaid, and it comes before the effect."""
    result: list[str] = []
    for i, s in enumerate(out):
        result.append(s)
        m = re.fullmatch(r"(.+?)(?: ability)? triggers", s)
        if m is not None and i + 1 < len(out) and re.fullmatch(r"\S+ draws an additional card", out[i + 1]):
            result.append(f"{m[1]} ability resolves")
    return result


def while_on_stack(ctx: ReadingContext, text: str, name: Callable[[str], str | None]) -> bool:
    """'while Centaur Courser is on the stack': true of the game (a remark) when it is on the stack now."""
    m = re.fullmatch(r"(?:[Ww]hile|[Ww]ith) (?:the )?(?P<x>[A-Z\"].*?)(?: ability)? (?:is )?(?:still )?on the stack",
                     text)
    if m is None:
        return False
    x = name(m["x"])
    return x is not None and (x in ctx.stack or x in ctx.abilities)


_PREVENTED = re.compile(r"(?:[Aa]ll (?:of )?)?(?:[Tt]he )?(?P<x>[A-Z\"][^,;:()]*?)['’]s? (?:(?P<n>\d+) )?"
                        r"(?:combat )?damage(?: to (?P<y>[A-Z][\w'’\-]*))? (?:is|was|gets|got|are|were)"
                        r" (?:all )?prevented")


def prevented(r: _Reader, text: str) -> list[str] | None:
    """"Goblin Piker's 2 damage to Alice is prevented" in a combat damage step: the unblocked attacker's damage to
    the player it attacks, as the language writes damage a prevention effect then stops (the replay takes the
    player's life from what the transcript says next where an effect may prevent damage). None for a
    creature that is blocked (which part?), an amount that is not its power (when the game knows it), or outside
    combat damage."""
    m = _PREVENTED.fullmatch(text)
    x = r.name(m["x"]) if m is not None else None
    if m is None or x is None or "combat damage" not in f"{r.heading or ''} {r.ctx.step or ''}":
        return None
    attacked = r.ctx.unblocked.get(x)
    if attacked is None or m["y"] and m["y"] != attacked or m["n"] and r.ctx.powers.get(x, int(m["n"])) != int(m["n"]):
        return None
    n = m["n"] or r.ctx.powers.get(x)
    return None if n is None else [f"{x} deals {n} damage to {attacked}"]


_BARE_COUNT = re.compile(r"(?P<n>\d+|one|two|three|four|five|six|seven|eight|nine|ten) cards?(?: in hand| left)?")
_WORD_COUNTS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
_BARE_LIFE = re.compile(r"(?P<a>\d+) ?(?:->|→|=>) ?(?P<b>\d+)")


def bare_count(r: _Reader, clause: str, subject: str | None) -> str | None:
    """'Bob draws, 6 cards': a hand's count with no verb right after the same player's draw or discard (she has
    6); 'Alice gains 2 life, 9 -> 11': a life total's change with no name right after her life changed (her life
    total). The clause with its subject and verb, or None (then it is read as written)."""
    if subject is None:
        return None
    if (m := _BARE_COUNT.fullmatch(clause)) is not None:
        n = str(_WORD_COUNTS.index(m["n"])) if m["n"] in _WORD_COUNTS else m["n"]
        said = f"{subject} has {n} card{'' if n == '1' else 's'} in hand"
        return said if re.match(re.escape(subject) + r" (?:draws|discards)\b", r.last) \
            else None
    if (m := _BARE_LIFE.fullmatch(clause)) is not None and re.fullmatch(
            re.escape(subject) + r" (?:gains|loses) \d+ life|.+ deals \d+ (?:combat )?damage to " + re.escape(subject),
            r.last):
        return f"{subject} {m['a']} -> {m['b']}"
    return None


_DEALS_TO = re.compile(r"(?P<x>.+?) deals (?P<n>\d+) (?:combat )?damage to (?P<y>[A-Z\"][^;]*)")


def combat_names(r: _Reader, said: list[str]) -> list[str]:
    """'Eager Cadet deals 1 damage to Goblin' in a combat damage step, with Raging Goblin in combat and Goblin
    Piker in the graveyard: a short name that means more than one card but exactly one creature in combat, in
    damage dealt by a creature in combat, is that creature (written in full for the replay, which compares
    names)."""
    if "combat damage" not in f"{r.heading or ''} {r.ctx.step or ''}":
        return said
    fighting = set(r.ctx.attackers) | set(r.ctx.blockers)
    out: list[str] = []
    for s in said:
        m = _DEALS_TO.fullmatch(s)
        if m is not None and m["x"] in fighting and m["y"] not in r.ctx.names and m["y"] not in r.ctx.players \
                and r.name(m["y"]) is None and len(one := short_form_of(m["y"], fighting)) == 1:
            s = f"{m['x']} deals {m['n']} damage to {one[0]}"
        out.append(s)
    return out
