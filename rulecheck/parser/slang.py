"""Judges' slang for the clause reader (clauses.py, lexicon.py): words written in the language's vocabulary before
the lexicon's own (`SLANG`), and what a clause says that the game already knows, read with the game so far.

- `SLANG`: a land drop (`LD: Bob plays Mountain`, `plays Forest for her LD`), a label before the event it
  names (`Bob double blocks: A and B block C`), `swings with everything: A and B`, `draws her card for the turn`,
  `is at 2 cards` (a hand's count), `lives with 2 damage on it` (`with 5 on it`), `Bears die`,
  `triggers off the Goblin ETB`, `ETB trigger`,
  `1 damage goes to X`, `Serra Angel only`, `In response Bob ...`, `before Alice draws` (a time still to come:
  the event is narrated when it happens).
- `in_context`: `the dome`, `the face` (the one player the line names) and a time that is the step the game is
  in (`EOT Bob casts ...` in the end step, `first thing in her upkeep` in the upkeep step): words the game knows.
- `known_already`: a clause that states what the game already knows, read as a remark: the turn's own player
  (`Alice's turn`), nothing in the step the game is in (`Nothing EOT` in the end step), nothing until a step
  still to come, no response in implicit priority, a turn-based action restated (`the 2 damage from last turn is
  gone`, `won't untap during Bob's next untap step`).
- `INTENT`: words that make a verb after them an intention ('stays back to block'), not an event."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Protocol

from .clausecounts import while_on_stack
from .phrasings import ReadingContext


class _Reader(Protocol):
    ctx: ReadingContext
    heading: str | None

    def name(self, written: str) -> str | None: ...


_NAME = r"[A-Z\"][\w'’\-\"]*(?: (?:of |the )?[A-Z\"][\w'’\-\"]*){0,5}"
_COUNTS = r"\d+|one|two|three|four|five|six|seven|eight|nine|ten"


def _cards(m: re.Match[str]) -> str:
    return _cards_of(m[1])


_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def _digits(n: str) -> str:
    return "1" if n in ("a", "an") else str(_WORDS.index(n)) if n in _WORDS else n   # the grammar counts in digits


def _discards_to(m: re.Match[str]) -> str:
    """'Alice discards a card to get to 7': the discard, then her hand's count."""
    n = _digits(m[2])
    return f"{m[1]} discards {n} card{'' if n == '1' else 's'}; {m[1]} {_cards_of(m[3])}"


def _cards_of(n: str) -> str:
    n = _digits(n)
    return f"has {n} card{'' if n == '1' else 's'} in hand"


# judges' slang in the language's words, applied before the lexicon's WORDS (each certain: the same statement)
SLANG: tuple[tuple[re.Pattern[str], str | Callable[[re.Match[str]], str]], ...] = (
    (re.compile(r"^(?:LD|[Ll]and drop)\s*[:,\-]\s*(?=[A-Z])"), ""),
    (re.compile(r",?\s+(?:for|as) (?:her|his|their|the|a) (?:LD|land drop)(?: (?:for|of) (?:the|this) turn)?\b"), ""),
    (re.compile(r"^[A-Z][\w'’\-]* (?:chumps|chump[- ]blocks|double[- ]blocks|triple[- ]blocks|gang[- ]blocks)"
                r"(?: with [^:]{1,60})?:\s*(?=" + _NAME + r"(?:,? (?:and )?" + _NAME + r"){0,4} blocks? )"), ""),
    (re.compile(r"\b(swings|swung|attacks|attacked|alphas) with (?:everything|it all|all (?:her|his|their) "
                r"(?:creatures|guys|team)|the (?:whole )?team)[:,]?\s+(?=[A-Z\"])"), r"\1 with "),
    (re.compile(r"\b(draws|drew) (?:her|his|their|the) (?:card|one)\b"), r"\1 a card"),
    (re.compile(r"(?:\s+(?:is|are|was|were)|['’]s) (?:now |still )?(?:at|on|down to|up to) (" + _COUNTS
                + r") cards?(?: in (?:hand|her hand|his hand|their hand))?\b"), lambda m: " " + _cards(m)),
    (re.compile(r"\bhas (" + _COUNTS + r") cards?(?! in| left| remaining| from| of| on| to| under| with)\b"), _cards),
    (re.compile(r"\b(he|she|they|He|She|They)['’]s (?=at \d|at (?:" + _COUNTS + r") |now at )"), r"\1 is "),
    (re.compile(r"\b(?:lives|lived|live) with (?=\d+ damage)"), "survives with "),
    (re.compile(r"\b(?:lives|lived|live|survives|survived) with (\d+) (?:marked )?on (?:it|him|her|them)$"),
     r"survives with \1 damage on it"),   # 'Wurm lives with 5 on it'
    (re.compile(r"^(?!(?:Both|They|The two|All|None|Neither)\b)(" + _NAME + r") (?:die|died)$"),
     r"\1 dies"),   # 'Bears die'
    (re.compile(r"\b(triggers|triggered) (?:off|off of|on|from|because of) (?:the |a |an |her |his )?" + _NAME
                + r" (?:ETB|etb|entering(?: the battlefield)?|coming in|entering play|dying|death)$"), r"\1"),
    (re.compile(r"(?<=[A-Za-z])(?:['’]s?)? (?:ETB|etb|enters-the-battlefield|dies|death|LTB|upkeep) "
                r"(?=trigger|triggered ability|ability)"), " "),
    (re.compile(r"^(\d+) (?:damage |dmg )?(?:goes|went|is dealt|was dealt) to (?=[A-Z]|the )"), r"\1 damage to "),
    (re.compile(r"\b([A-Z][\w'’\-]*) only(?=\s*(?:$|[,;.(]))"), r"\1"),
    (re.compile(r"^[Ii]n response\s+(?=[A-Z][\w'’\-]* [a-z])"), ""),
    (re.compile(r"\s+before (?:it|they|he|she|[A-Z][\w'’\-]*) (?:can |could |gets to |got to |is able to )?"
                r"(?:draws?|deals?|untaps?|attacks?|blocks?|acts?|responds?)(?: [a-z]{1,12}){0,3}$"), ""),
    (re.compile(r"\buntaps (?:(?:all|everything)(?: of)? )?(?:(?:her|his|their) )?(?:(?:stuff|permanents|cards|things"
                r"|board|team|guys|lands) )?(?:except(?: for)?|but|other than|besides|save for) (?:the )?(?=[A-Z\"])"),
     "untaps all permanents except "),
    (re.compile(r"^([A-Z][\w'’\-]*) (?:sacrifices|sacrificed|sacs|saced|sacked) (?:the |her |his |their )?(" + _NAME
                + r") (?:targeting|to ping|to shoot|to hit|at|on) ((?:the )?[A-Z\"][^,;:()]*)$"),
     r"\1 activates \2 targeting \3, sacrificing \2"),   # the sacrificed permanent's own ability
    (re.compile(r"^((?:[Tt]he )?" + _NAME + r") (?:takes?|took|is dealt|are dealt|was dealt|were dealt) (\d+)"
                r"(?: damage)?,? and (?:then )?(dies|die|died|is destroyed)$"), r"\1 takes \2 damage; \1 dies"),
    (re.compile(r"^([A-Z][\w'’\-]*) (?:ends|ended) (?:her|his|their|the) turn with (?=(?:" + _COUNTS
                + r") cards?(?: in (?:hand|her hand|his hand|their hand))?$)"), r"\1 has "),
    (re.compile(r"\bhas (" + _COUNTS + r") in (?:hand|her hand|his hand|their hand)\b"), _cards),
    (re.compile(r"(?:\s+(?:is|was)|['’]s) (?:now )?holding (" + _COUNTS + r")(?: cards?)?"
                r"(?: in (?:hand|her hand|his hand|their hand))?(?=\s*$|[.,;)])"), lambda m: " " + _cards(m)),
    (re.compile(r"\b(draws|drew) (?:another|an extra|one more|one additional|1 additional) card\b"),
     r"\1 an additional card"),
    (re.compile(r"^([A-Z][\w'’\-]*) (?:discards|discarded) (a|an|" + _COUNTS + r") cards?,? "
                r"(?:to get|getting|to go|going|to be)(?: down| back)? to (" + _COUNTS + r")(?: cards?)?"
                r"(?: in hand)?$"), _discards_to),
    (re.compile(r"^[Tt]he (?=[A-Z])"), ""),
    (re.compile(r"\b(?:wears|wore|worn|wear) off (?:of )?the (?=[A-Z])"), "wears off "),
)

# words before a verb that make it an intention, not an event ('Juggernaut stays back to block')
INTENT = re.compile(r"\b(?:stays?|stayed|remains?|remained|holds?|held|keeps?|kept|sits?|sat)"
                    r"(?: the| her| his| their)?(?: [A-Z][\w'’\-]*){0,3} (?:back|home|behind|up|untapped)"
                    r" (?:to|for|so it can|so they can)$")


def slang_words(clause: str) -> str:
    """The clause with judges' slang in the language's words (SLANG)."""
    for pattern, repl in SLANG:
        clause = pattern.sub(repl, clause)
    return clause


_SPELL_VERB = re.compile(r"([A-Z][\w'’\-]*(?: [A-Z][\w'’\-]*){0,3}?)(?:s|es|ed|d) (?=the |[A-Z\"])")
_DOME = re.compile(r"\b(?:to|at|in) (?:the )?(?:dome|face|head|grill|dome piece)\b")
_TIME = re.compile(r"^(?:EOT|[Aa]t (?:the )?end of (?:the |her |his |their )?turn|[Ee]nd of turn),?\s+(?=[A-Z])")
def at_time(code: str, step: str | None) -> str:
    """'EOT Bob casts ...' in the end step: the time the line's heading already gave, left out (as spaces, so the
    columns stay)."""
    m = _TIME.match(code.lstrip()) if step == "end step" else None
    if m is None:
        return code
    at = len(code) - len(code.lstrip())
    return code[:at] + " " * m.end() + code[at + m.end():]


_IN_STEP = re.compile(r",?\s+(?:first thing |right away |early |at the start of |at the beginning of )?"
                      r"(?:in|during|at) (?:her|his|their|the|[A-Z][\w'’\-]*['’]s) (?P<s>upkeep|draw step|end step"
                      r"|main phase|first main phase|precombat main phase|postcombat main phase)$")


_IN_MAIN = re.compile(r",?\s+(?:in|during) (?:the |her |his |their )?"
                      r"(?P<s>main (?:phase )?(?:1|2|one|two)|(?:first|second|precombat|postcombat) main(?: phase)?)$")


def in_context(r: _Reader, clause: str, named: str | None, subject: str | None = None) -> str:
    """`goes to the dome`: to the one player the line names; a time that is the step the game is in, left out;
    `Shocks the Bears` after a clause about Alice: she does (a spell's name as its verb, `clauseforms.named_cast`)."""
    if subject is not None and (m := _SPELL_VERB.match(clause)) is not None and r.name(m[1]) is not None \
            and r.name(m[1]) not in r.ctx.controllers:
        clause = f"{subject} {clause}"
    if named is not None:
        clause = _DOME.sub(f"to {named}", clause)
    step = r.heading or r.ctx.step or ""
    if step == "end step":
        clause = _TIME.sub("", clause)
    m = _IN_STEP.search(clause)
    if m is not None and step.startswith(m["s"].split(" ")[0]):
        clause = clause[:m.start()]
    m = _IN_MAIN.search(clause)   # 'passed priority in main 1' in the precombat main phase
    if m is not None and step.startswith("pre" if re.search(r"1|one|first|pre", m["s"]) else "post"):
        clause = clause[:m.start()]
    return clause


_NOTHING = r"(?:[Nn]othing|[Nn]o action|[Nn]o actions|[Nn]othing happens|[Nn]othing happened|[Nn]othing relevant)"
_UNTIL = re.compile(_NOTHING + r"(?: (?:happens|happened|relevant|special|of note|else))? (?:until|till|before|up to)"
                    r" (?:the )?(?:combat|declare attackers|attacks|blocks|(?:her|his|their) (?:attack|combat)"
                    r"|[a-z ]{3,30} (?:step|phase))")
_NOTHING_IN = re.compile(_NOTHING + r"(?: (?:in|during|at) (?:the |her |his |their )?)?\s*(?P<s>EOT|eot|end of turn"
                         r"|[a-z0-9 ]{2,30}?)(?: step| phase)?")
_NO_RESPONSE = re.compile(r"(?:[Nn]o (?:response|responses)|[Nn]obody responds|[Nn]o one responds)")
_EMPTY_STACK = re.compile(r"(?:[Nn]othing|[Nn]o spells?|[Nn]o abilities|[Nn]othing is) on the stack"
                          r"|(?:[Tt]he )?stack is empty|[Ee]mpty stack")
_RESTATED = re.compile(r"(?:[Tt]he |[Aa]ll |[Ii]ts |[Hh]er |[Hh]is )?(?:\d+ )?damage (?:from|of) (?:last|the last|the "
                       r"previous|the other|her|his|their|its) turn (?:is|was|has) (?:gone|been removed|removed"
                       r"|worn off)"
                       r"|" + _NAME + r" (?:won't|will not|doesn't|does not) untap (?:during|in) (?:[A-Z][\w'’\-]*['’]s"
                       r"|her|his|their|its controller['’]s) next untap step")


def known_already(r: _Reader, clause: str, step_of: Callable[[str], str | None]) -> bool:
    """A clause that states what the game already knows (a remark, not an event): the turn's own player, nothing
    in the step the game is in or until a step to come, no response in implicit priority, a turn-based action or
    a card's effect restated."""
    text = re.sub(r"\s+", " ", clause).strip(" .!()")
    m = re.fullmatch(r"([A-Z][\w\-]*)['’]s (?:turn|upkeep|draw step|end step)", text)
    if m is not None:
        return m[1] == r.ctx.active
    if _UNTIL.fullmatch(text) or _RESTATED.fullmatch(text):
        return True
    if while_on_stack(r.ctx, text, r.name):   # 'while Centaur Courser is on the stack, Alice plays Forest'
        return True
    if _EMPTY_STACK.fullmatch(text):
        return not r.ctx.stack and not r.ctx.abilities
    if _NO_RESPONSE.fullmatch(text):
        return not r.ctx.explicit
    m = _NOTHING_IN.fullmatch(text)
    if m is not None:
        said = m["s"].lower()
        step = step_of("eot" if said in ("eot", "end of turn") else said)
        return step is not None and step == (r.heading or r.ctx.step)
    return False
