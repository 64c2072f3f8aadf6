"""The forgiving reader: a line the grammar rejects, read as the canonical line its author meant.

Judges write what they saw ("Alice attacks with Grizzly Bears", "Bears die", "Bob goes to 16"), not the
transcript language. Each phrasing read here is an alias of one canonical statement (docs/transcript-language.md,
"Natural phrasings"): the reader writes the canonical line and the LALR parser builds its statements, so the replay
never sees a difference, and the checker says what it read in a note (`read as: ...`). What the reader can't tell
for sure (whom a creature attacks with two opponents, how damage splits) it refuses, and the line stays a syntax
error with its "did you mean".

It runs only on lines the grammar rejected (the common path pays nothing for it). Each rule below is a clause of
English: a subject, a verb, its objects; a line is read whole, or split at ', ', ' and ', ': ' or ';' into clauses
read one by one (one without a subject takes the one before it: "Alice draws a card and loses 1 life"). A line still
unread goes through the normalisation stages (stages.py), then clause by clause (clauses.py), where a clause that
narrates no event is a remark, shown in a note, and one that narrates an event keeps the line an error.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from ..nodes.shortnames import short_form_of
from .clausecounts import after_draw, combat_names, resolved_triggers
from .clauseforms import basic_mana, odd_names, passes_before_move
from .clauses import Remark, by_clauses, header_with_remark
from .lexicon import STEP_WORDS as _STEP_WORDS
from .lineshapes import card, it_names, life_after, nothing, spoken, turn_header, undecorated
from .phrasings import MORE_RULES, attack_in
from .phrasings import ReadingContext as ReadingContext  # the checker fills it (rulecheck/checker/forgive.py)
from .sentences import FIRST_RULES, SENTENCE_RULES, common_noun, together, written_player
from .stages import narrates_event, staged
from .takes import unblocked_deal

Parse = Callable[[str], bool]

_CAST_ON = re.compile(r"(?P<head>[A-Z][\w'’\-]* casts (?P<spell>[A-Z\"][^,;:]*?)) (?P<on>on|at) "
                      r"(?P<rest>(?:(?:her|his|their|the|its) )?[A-Z].*)")
_DETERMINER = re.compile(r"^(?:(?:the|her|his|their|its|your|my)\s+(?:other\s+)?|another\s+)(?=[A-Za-z])")
_LOOKS_LIKE_A_NAME = re.compile(r"\"[^\"]+\"|[A-Z][\w'’\-]*(?:\s+(?:(?:of|the|from|de|in|on|at)\s+)*[A-Z][\w'’\-]*)*")
_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "both": 2, "three": 3, "four": 4, "five": 5, "six": 6,
            "seven": 7, "eight": 8, "nine": 9, "ten": 10}
_IN_COMBAT = re.compile(r"(?:they |the )?(?:both|all)(?: (?P<n>two|three|four|five|six))?(?: creatures| of them)?"
                        r"|they|they both|they all")
_LAST_NAME = re.compile(r"([A-Z][\w'’\-]*(?: (?:of |the )?[A-Z][\w'’\-]*)*)(?: for \{[^;]*)?$")   # 'it'
_ASIDE = re.compile(r"\s*\((?!\d+\)|[0-9WUBRGCX{}]+\)|extra|(?:by )?(?:tapping|paying|sacrificing|discarding)\b)"
                    r"[^()]*\)\s*$")
_NOT_A_NAME = re.compile(r"(?:It|They|The [a-z][\w'’\-]*) ")   # a pronoun, or 'The ability': not a card's name
_SEPARATORS = re.compile(r";\s*|\.\s+|:\s+|,\s*and\s+|,\s*|\s+and\s+|\s+then\s+")
_STEP_RE = re.compile(r"(?:the\s+)?(?P<s>" + "|".join(sorted((re.escape(k) for k in _STEP_WORDS), key=len,
                                                               reverse=True))
                      + r")(?:\s+(?:step|phase))?(?:\s+(?P<edge>begins|starts|ends))?", re.I)
_STEP_NAMES = re.compile(r"(?:the\s+)?(?P<s>(?:first|second) combat damage step|[a-z ]+? (?:step|phase))"
                         r"(?:\s+(?P<edge>begins|starts|ends))?")
_LIFE_VERBS = r"(?:is\s+(?:still\s+|now\s+|back\s+)?(?:at\s+|on\s+)?|still\s+(?:at\s+|on\s+)?" \
              r"|goes\s+(?:down\s+|up\s+)?to\s+|going\s+to\s+" \
              r"|drops\s+to\s+|falls\s+to\s+|(?:is\s+|now\s+)?down\s+to\s+|to\s+|at\s+|now\s+at\s+|ends\s+at\s+|(?:dropping|falling)\s+to\s+)"


class _Reader:
    def __init__(self, ctx: ReadingContext, parses: Parse) -> None:
        self.ctx = ctx
        self.parses = parses
        self.budget = 300
        self.heading: str | None = None   # a step heading read earlier on the same line ('Damage: ...')
        self.resolved = ""   # what resolved earlier on the same line: the source of 'X takes 2 damage'
        self.last = ""       # the statement read just before on the same line: 'Runeclaw Bear deals 2' after it
        self.spell = ""      # the spell cast last on the same line: what 'it resolves' is about

    # ------------------------------------------------------------------ names
    def name(self, written: str) -> str | None:
        """The full name a written name means, or None when it means nothing known or more than one thing."""
        written = written.strip()
        if written.startswith("the "):
            written = written[4:]
        owner, mark, rest = written.partition("'s ")
        if mark and owner in self.ctx.players and rest:
            written = rest   # "Bob's Hill Giant"
        if written in self.ctx.players:
            return written
        found = short_form_of(written, self.ctx.names)
        return found[0] if len(found) == 1 else None

    def names(self, written: str) -> list[str] | None:
        """A list of names ('A, B and two Forests'), each resolved; counts repeat a name, and 'both Bears' means
        the two names that 'Bears' can be a short form of, when there are exactly two."""
        out: list[str] = []
        written = re.sub(r"^both (?=[A-Z\"][^,]*? and [A-Z\"][^,]*$)", "", written.strip())   # 'both A and B'
        for part in re.split(r",\s*(?:and\s+)?|\s+and\s+", written):
            part = _DETERMINER.sub("", part.strip())
            words = part.split(" ", 1)
            count = 1
            if len(words) == 2 and words[0].lower() in _NUMBERS:
                count = _NUMBERS[words[0].lower()]
                part = words[1]
                several = short_form_of(part, self.ctx.names) or common_noun(part, self.ctx.creatures, count) or []
                if count > 1 and len(several) == count and part not in several:
                    out += several
                    continue
            elif len(words) == 2 and words[0].isdigit():
                count = int(words[0])
                part = words[1]
            full = self.name(part)
            if full is None and count == 1 and _LOOKS_LIKE_A_NAME.fullmatch(part.strip()):
                full = part.strip()   # a name the game doesn't know (yet): the replay says so, once
            if full is None or count > 50:
                return None
            out += [full] * count
        return out or None

    def player(self, written: str) -> str | None:
        written = written.strip()
        return written if written in self.ctx.players else None

    def opponent(self, player: str) -> str | None:
        others = [p for p in self.ctx.players if p != player]
        return others[0] if len(others) == 1 else None

    def subject_in_full(self, statement: str) -> str:
        """A statement the grammar reads, with a short form of its subject written in full ('Bolt resolves')."""
        subject = _subject_of(statement)
        if subject is None or subject in self.ctx.players or subject in self.ctx.names:
            return statement
        full = self.name(subject.removesuffix(" ability"))   # 'Arena ability resolves': Phyrexian Arena's
        return full + statement[len(subject.removesuffix(" ability")):] if full else statement

    # ------------------------------------------------------------------ lines
    def line(self, text: str, subject: str | None = None) -> list[str] | None:
        self.budget -= 1
        if self.budget < 0:
            return None
        text = text.strip().rstrip(".!").strip()
        text = _ASIDE.sub(_kept, undecorated(text)).strip()
        if not text:
            return None
        after = life_after(text, self.ctx.players) if self.ctx.started else None
        if after is not None:
            first = self.line(after[0], subject)
            return [*first, after[1]] if first is not None else None
        if text.startswith(("card ", "title", "players", "turn ")):
            return self.clause(text)
        if subject is not None and text[0].islower() and not re.match(r"(?:both|all|they|each)\b", text):
            text = f"{subject} {text}"
        whole = self.clause(text)
        if whole is not None:
            return whole
        if (said := spoken(text, self.ctx.players)) is not None and (out := self.line(said[1], said[0])) is not None:
            return out   # 'Alice: plays Forest', 'Alice: I attack Bob with ...'
        for m in _SEPARATORS.finditer(text):
            left, right = text[:m.start()], text[m.end():]
            if not left or not right:
                continue
            first = self.line(left, subject)
            if not first:   # nothing ('Alice: nothing else, goes to combat'): the rest, with its subject
                rest = None if first is None else self.line(right, _subject_of(undecorated(left)))
                if rest is not None:
                    return rest
                continue
            if re.fullmatch(r"[a-z ]+ (?:step|phase)", first[-1]):
                self.heading = first[-1]
            self.resolved = first[-1][:-9] if first[-1].endswith(" resolves") else self.resolved
            if (pro := re.match(r"(?:[Ss]he|[Hh]e|[Tt]hey) (?=[a-z])", right)) and ((who := _subject_of(first[-1]))
                    in self.ctx.players or (who := written_player(undecorated(left), self.ctx.players)) is not None):
                right = f"{who} {right[pro.end():]}"   # 'She' after a clause about Alice: Alice
            saved, self.last = self.last, first[-1]
            right = "it" + right[2:] if re.match(r"It (?:resolves|is countered|dies)\b", right) else right
            if (cast := re.fullmatch(r"\S+ casts (.+?)(?: targeting .*| paying .*)?", first[-1])) is not None:
                self.spell = cast[1]
            if self.spell and re.match(r"it (?:resolves|is countered)\b", right):
                right = self.spell + right[2:]   # the spell cast last on the line: the top of the stack
            rest = self.line(right)
            if rest is None and right[:1].isupper() and self.name(right.split()[0]) is None:   # 'Down to 7 cards.'
                rest = self.line(right[0].lower() + right[1:], _subject_of(undecorated(left)) or _subject_of(first[-1]))
            if rest is None and right[:1].islower():
                rest = self.line(right, _subject_of(undecorated(left)) or _subject_of(first[-1]))
            if rest is None and re.search(r"\bit\b", right) and (last := it_names(first[-1], right, _LAST_NAME)):
                rest = self.line(re.sub(r"\bit\b", last, right, count=1), _subject_of(undecorated(left)))
            if rest is not None:
                return first + rest
            self.last = saved
        return None

    def clause(self, text: str) -> list[str] | None:
        self.budget -= 1   # rules that rewrite a clause and read it again stop here, whatever they do
        if self.budget < 0:
            return None
        if (who := re.match(r"(\S+) (?:resolves|is countered|triggers|dies)\b", text)) and who[1] in self.ctx.players:
            return None   # 'Resolves' given the subject before it: a player never resolves
        cast_on = _CAST_ON.fullmatch(text)   # the grammar would read 'Giant Growth on Grizzly Bears' as one name
        if cast_on is not None and self.name(cast_on["spell"]) \
                and not self.name(f"{cast_on['spell']} {cast_on['on']} {cast_on['rest']}") \
                and (cast_on["on"] == "on" or self.name(_DETERMINER.sub("", cast_on["rest"]))):
            return self.clause(f"{cast_on['head']} targeting {cast_on['rest']}")
        if self.parses(text) and not _NOT_A_NAME.match(text):
            return [self.subject_in_full(text)]
        if (quiet := nothing(self, text)) is not None:
            return quiet
        for rule in _RULES:
            m = rule[0].fullmatch(text)
            if m is not None:
                out = rule[1](self, m)
                if out is not None and all(self.parses(s) for s in out):
                    return out
        return None


def _kept(m: re.Match[str]) -> str:
    """An aside kept for the stages (stages.py): one that narrates an event, never dropped, or states a number (a
    life total, damage: a fact they check)."""
    return m[0] if narrates_event(m[0]) or re.search(r"\d", m[0]) else ""


def _subject_of(statement: str) -> str | None:
    m = re.match(r"(\"[^\"]+\"|[A-Z][\w'’\-]*(?: (?:of|the|de|from)?\s?[A-Z][\w'’\-]*)*(?: ability(?= ))?)", statement)
    return m.group(1) if m else None   # 'X ability triggers and resolves': the ability resolves


# ---------------------------------------------------------------------- the phrasings, one function each
def _attacks_with(r: _Reader, m: re.Match[str]) -> list[str] | None:
    player, creatures = r.player(m["p"]), r.names(m["list"])
    opponent = r.opponent(player) if player else None
    if player is None or creatures is None or opponent is None:
        return None
    return attack_in(r, f"{player} attacks {opponent} with {', '.join(creatures)}")


def _blocks(r: _Reader, m: re.Match[str]) -> list[str] | None:
    blockers, attacker = r.names(m["b"]), r.name(m["a"])
    if blockers is None or attacker is None:
        return None
    owners = {r.ctx.controllers.get(b) for b in blockers}
    if len(owners) != 1 or None in owners:
        return None
    return [f"{owners.pop()} blocks {attacker} with {', '.join(blockers)}"]


def _die(r: _Reader, m: re.Match[str]) -> list[str] | None:
    written = m["list"].lower()
    group = written.removeprefix("the ").removeprefix("both ").removeprefix("all ")
    if group in ("blockers", "blocking creatures"):
        who: list[str] | None = list(r.ctx.blockers)
    elif group in ("attackers", "attacking creatures"):
        who = list(r.ctx.attackers)
    elif (together := _IN_COMBAT.fullmatch(written)) is not None:   # 'both die', 'all three creatures die'
        who = [*r.ctx.attackers, *r.ctx.blockers]
        count = _NUMBERS.get(together["n"] or ("both" if "both" in written else ""), 0)
        who = f if count == 2 and len(f := [x for x in who if x not in r.ctx.unblocked]) == 2 else who   # fought
        who = who if (len(who) == count if count else len(who) >= 2) else None
    else:
        who = r.names(m["list"])
    if not who or len(set(who)) != len(who):
        return None
    verb = "is destroyed" if m["verb"] == "are destroyed" else "dies"
    return [f"{x} {verb}" for x in who]


def _life(r: _Reader, m: re.Match[str]) -> list[str] | None:
    if (player := r.player(m["p"])) is None:
        return None
    hand = after_draw(r.last, player, m[0], m["n"])   # 'Bob discards one card, down to 7': his hand's count
    return [hand] if hand else [f"{player} has {m['n']} life"] if r.ctx.started else [f"{player}: life {m['n']}"]


def _takes(r: _Reader, m: re.Match[str]) -> list[str] | None:
    """'Bob takes 4, goes to 16': the damage narrated before, or the attackers' damage (takes.py)."""
    life = _life(r, m)
    dealt = unblocked_deal(r.ctx, r.heading, m["p"], int(m["t"])) if life is not None else None
    return [*dealt, *life] if dealt is not None and life is not None else life


def _draws(r: _Reader, m: re.Match[str]) -> list[str] | None:
    player = r.player(m["p"])
    return [f"{player} draws a card"] if player else None


def _step(r: _Reader, m: re.Match[str]) -> list[str] | None:
    written = m["s"].lower()
    step = _STEP_WORDS.get(written) if written in _STEP_WORDS else written
    if step is None:
        return None
    edge = {"starts": " begins", "begins": " begins", "ends": " ends"}.get(m["edge"] or "", "")
    return [f"{step}{edge}"]


def _moves_to(r: _Reader, m: re.Match[str]) -> list[str] | None:
    if r.player(m["p"]) is None or m["p"] != r.ctx.active:
        return None
    step = _STEP_RE.fullmatch(m["to"])
    return [_STEP_WORDS[step["s"].lower()]] if step is not None and not step["edge"] else None


def _no_blocks(r: _Reader, m: re.Match[str]) -> list[str] | None:
    who = r.player(m["p"]) if m["p"] else r.opponent(r.ctx.active)
    return [f"{who} declares no blockers"] if who else None


def _no_attacks(r: _Reader, m: re.Match[str]) -> list[str] | None:
    who = r.player(m["p"]) if m["p"] else r.ctx.active or None
    return [f"{who} declares no attackers"] if who else None


def _all_pass(r: _Reader, m: re.Match[str]) -> list[str] | None:
    return ["all players pass"] if len(r.ctx.players) == 2 or m["all"] != "both" else None


def _stays_untapped(r: _Reader, m: re.Match[str]) -> list[str] | None:
    who = r.name(m["x"])
    return [f"{who} is untapped"] if who and who not in r.ctx.players else None   # 'she doesn't tap': a card


def _hand(r: _Reader, m: re.Match[str]) -> list[str] | None:
    player, cards = r.player(m["p"]), r.names(m["list"])
    if player is None or cards is None or r.ctx.started:
        return None
    return [f"{player} holds {', '.join(cards)}"]


def _controls(r: _Reader, m: re.Match[str]) -> list[str] | None:
    player, things = r.player(m["p"]), r.names(m["list"])
    if player is None or things is None:
        return None
    return [f"{player} controls {', '.join(things)}"]


def _taps(r: _Reader, m: re.Match[str]) -> list[str] | None:
    player, things = r.player(m["p"]), r.names(m["list"])
    if player is None or things is None:
        return None
    return [f"{player} {m['verb']} {', '.join(things)}{m['mana'] or ''}"]


def _untaps_all(r: _Reader, m: re.Match[str]) -> list[str] | None:
    player = r.player(m["p"])
    return [f"{player} untaps all permanents"] if player else None


def _ability_resolves(r: _Reader, m: re.Match[str]) -> list[str] | None:
    source = r.name(m["x"])
    return [f"{source} ability {m['verb']}"] if source else None


def _named(r: _Reader, m: re.Match[str]) -> list[str] | None:
    """A known verb after a short form of a name ('Bolt resolves'): the full name."""
    who = r.name(m["x"])
    return [f"{who} {m['rest']}"] if who and who != m["x"] else None


def _deals_no_damage(r: _Reader, m: re.Match[str]) -> list[str] | None:
    who = r.name(m["x"])
    return [f"{who} assigns no combat damage"] if who is not None and "combat damage" in (r.ctx.step or "") else None


def _no_damage(r: _Reader, m: re.Match[str]) -> list[str] | None:
    """'No damage is dealt' in a combat damage step where no creature deals any: the step's damage is nothing."""
    if r.ctx.step is None or "combat damage" not in r.ctx.step or r.ctx.dealers:
        return None
    return ["combat damage is dealt"]


def _creatures_attack(r: _Reader, m: re.Match[str]) -> list[str] | None:
    """'Grizzly Bears attacks' (or '... attacks Bob'): its controller, the active player, attacks with it, the one
    opponent when the line names none."""
    creatures = r.names(m["list"])
    if not creatures or any(r.ctx.controllers.get(c) != r.ctx.active for c in creatures) or not r.ctx.active:
        return None
    target = r.player(m["p"]) if m["p"] else r.opponent(r.ctx.active)
    return attack_in(r, f"{r.ctx.active} attacks {target} with {', '.join(creatures)}") if target else None


def _mana_braces(r: _Reader, m: re.Match[str]) -> list[str] | None:
    """'taps Forest for G', 'adds RR': mana symbols written without their braces."""
    symbols = re.findall(r"[0-9]+|[WUBRGC]", m["mana"])
    return r.clause(f"{m['head']} {''.join('{' + x + '}' for x in symbols)}{m['tail']}")


def _deals_to(r: _Reader, m: re.Match[str]) -> list[str] | None:
    """'Grizzly Bears deals 2 to Bob': the damage word left out."""
    return r.clause(f"{m['x']} deals {m['n']} damage to {m['y']}")


def _without_article(r: _Reader, m: re.Match[str]) -> list[str] | None:
    """'plays a Forest', 'taps her Forest': names don't take articles or possessives in the language."""
    return r.clause(f"{m['head']} {m['rest']}")


def _blocks_the_attacker(r: _Reader, m: re.Match[str]) -> list[str] | None:
    """'Bob blocks with Grizzly Bears' when exactly one creature attacks: it blocks that one."""
    player, blockers = r.player(m["p"]), r.names(m["list"])
    if player is None or blockers is None or len(r.ctx.attackers) != 1:
        return None
    return [f"{player} blocks {r.ctx.attackers[0]} with {', '.join(blockers)}"]


def _plural_is(r: _Reader, m: re.Match[str]) -> list[str] | None:
    who = r.name(m["x"])
    return [f"{who} is {m['rest']}"] if who else None


def _passes_the_turn(r: _Reader, m: re.Match[str]) -> list[str] | None:
    """'Alice passes the turn': the rest of her turn passes with nothing of note, up to its cleanup step."""
    if m["p"] != r.ctx.active or r.ctx.step == "cleanup step":
        return None
    return ["cleanup step"]


_NAME = r"[A-Z\"][^,;:]*?"
_P = r"(?P<p>[A-Z][\w'’\-]*)"
_RULES: Sequence[tuple[re.Pattern[str], Callable[[_Reader, re.Match[str]], list[str] | None]]] = [
    (re.compile(r"card (?P<name>[^:]+):\s*(?P<props>.+)"), card), *FIRST_RULES,
    (re.compile(r"(?P<head>.*?\b(?:plays|casts|taps|untaps|sacrifices|discards|controls|blocks|attacks|with|"
                r"targeting|on|to)) (?:a|an|the|her|his|their|its|another|the other|her other|his other|their other) "
                r"(?P<rest>[A-Z].*)"), _without_article),
    (re.compile(_P + r" (?:chump[- ]?)?blocks with (?P<list>.+)"), _blocks_the_attacker),
    (re.compile(r"(?P<x>" + _NAME + r") are (?P<rest>\d+/\d+|tapped|untapped|attacking|blocking|blocked|unblocked)"
                r"(?: until (?:the )?end of (?:the )?turn)?"),
     _plural_is),
    (re.compile(_P + r" (?:passes the turn|ends (?:her|his|their|the) turn|is done)"), _passes_the_turn),
    (re.compile(_P + r" attacks with (?P<list>.+)"), _attacks_with),
    (re.compile(r"(?P<b>" + _NAME + r") (?:blocks|block) (?P<a>" + _NAME + ")"), _blocks),
    (re.compile(r"(?P<a>" + _NAME + r") (?:is|gets) blocked by (?P<b>.+)"), _blocks),
    (re.compile(r"(?P<list>" + _NAME + r") (?:attacks|attack)(?: (?P<p>[A-Z][\w'’\-]*))?"), _creatures_attack),
    (re.compile(_P + r" declares (?P<list>.+?) as (?:an? )?attackers?"), _attacks_with),
    (re.compile(r"(?P<head>.+ (?:for|adds)) (?P<mana>[0-9]*[WUBRGC]+)(?P<tail>(?: from pool)?)"), _mana_braces),
    (re.compile(r"(?P<x>" + _NAME + r") deals? (?P<n>\d+) to (?P<y>" + _NAME + ")"), _deals_to),
    (re.compile(_P + r":\s*(?P<n>\d+) life"), _life),
    (re.compile(r"(?P<list>.+?)(?: all| both)? (?P<verb>die|dies|are destroyed|both die|all die)"), _die),
    (re.compile(_P + r"(?:'s life(?: total)?)?:?\s+" + _LIFE_VERBS + r"(?P<n>\d+)(?:\s+life)?"), _life),
    (re.compile(_P + r"'s life(?: total)?(?::\s*|\s+is\s+)(?P<n>\d+)"), _life),
    (re.compile(_P + r" takes (?P<t>\d+)(?: damage)?,?\s+(?:and\s+)?" + _LIFE_VERBS
                + r"(?P<n>\d+)(?: life)?"), _takes),
    (re.compile(_P + r" draws(?: for (?:the|her|his|their) turn| normally)?"), _draws),
    (_STEP_RE, _step),
    (_STEP_NAMES, _step),
    (re.compile(_P + r" (?:moves|goes|proceeds|moves on|passes) (?:in)?to (?:the |her |his |their )?(?P<to>[a-z ]+)"),
     _moves_to),
    (re.compile(r"(?:(?P<p>[A-Z][\w'’\-]*) (?:(?:has no (?:untapped )?creatures|can't block[^,]*|cannot block[^,]*"
                r"|has no (?:untapped )?blockers),? (?:so )?no blocks?|declares no blocks|makes no blocks|doesn't block"
                r"|does not block|chooses not to block|blocks nothing|has no blocks|can't block[^,]*|cannot block[^,]*)"
                r"|no blocks?|no blockers(?: declared)?)"), _no_blocks),
    (re.compile(r"(?:(?P<p>[A-Z][\w'’\-]*) (?:doesn't attack|does not attack|declares no attacks|attacks with nothing"
                r"|makes no attacks)|no attacks?|no attackers(?: declared)?)"), _no_attacks),
    (re.compile(r"(?P<all>both|all|everyone|all players|both players) pass(?:es)?(?: priority)?"), _all_pass),
    (re.compile(r"(?P<x>" + _NAME + r") (?:doesn't tap|does not tap|stays untapped|remains untapped)"),
     _stays_untapped),
    (re.compile(_P + r"(?:'s hand:?| has in hand:?| holds:?)\s+(?P<list>.+)"), _hand),
    (re.compile(_P + r" has (?P<list>.+?) in (?:hand|her hand|his hand|their hand)"), _hand),
    (re.compile(_P + r" controls (?P<list>.+)"), _controls),
    (re.compile(_P + r" (?P<verb>taps|untaps|sacrifices|discards) (?P<list>.+?)(?P<mana> for (?:\{[^{}]+\})+)?"),
     _taps),
    (re.compile(_P + r" untaps (?:everything|all|all (?:her|his|their) permanents)"), _untaps_all),
    (re.compile(r"(?P<x>" + _NAME + r")'s? (?:triggered )?ability (?P<verb>resolves|triggers)"), _ability_resolves),
    (re.compile(r"(?P<x>" + _NAME + r") (?:deals|assigns) no (?:combat )?damage"), _deals_no_damage),
    (re.compile(r"no (?:combat )?damage is dealt"), _no_damage),
    (re.compile(r"(?P<list>" + _NAME + r"(?:,\s*|\s+and\s+)" + _NAME + r") deal (?P<n>\d+)(?: combat)?(?: damage)? to "
                r"(?P<y>" + _NAME + ")"), together),
    (re.compile(r"(?P<x>" + _NAME + r") (?P<rest>(?:resolves|dies|attacks|blocks|deals|assigns|triggers|is|has|"
                r"becomes|gets|gains) .*|resolves|dies|triggers)"), _named),
    *MORE_RULES, *SENTENCE_RULES,
]


def _step_of(written: str) -> str | None:
    m = _STEP_RE.fullmatch(written.strip())
    if m is not None and not m["edge"]:
        return _STEP_WORDS[m["s"].lower()]
    m = _STEP_NAMES.fullmatch(written.strip())
    return m["s"] if m is not None and not m["edge"] else None


def read(code: str, ctx: ReadingContext, parses: Parse) -> str | None:
    """The canonical line for a rejected line, or None when it can't be read without guessing."""
    found = read_with_remarks(code, ctx, parses)
    return found[0] if found is not None else None


def read_with_remarks(code: str, ctx: ReadingContext, parses: Parse) -> tuple[str, list[Remark]] | None:
    """The canonical line for a rejected line and the clauses of it read as remarks (clauses.py), or None when it
    can't be read without guessing."""
    if code.lstrip().startswith("card ") and ":" not in code:
        return None
    h = undecorated(code.strip())
    if re.match(r"(?:[Tt]urn\b|T\d|[A-Z][\w'’\-]*(?:['’]s turn|, turn) \(?\s*(?:turn )?\d)", h):
        # a turn header: only a number, a player and a first step are read; its other words mean something
        header = turn_header(h.rstrip(".").rstrip(), ctx.players, _step_of)   # (a remark after it: clauses.py)
        return (header, []) if header else header_with_remark(h, lambda t: turn_header(t, ctx.players, _step_of))
    remarks: list[Remark] = []
    out = _Reader(ctx, parses).line(code)   # as written, then through the normalisation stages (stages.py)
    out = staged(_Reader(ctx, parses), code, _step_of) if out is None else out
    reader = _Reader(ctx, parses)   # clause by clause, with the remark policy (clauses.py), when that reads nothing
    if (out is None or odd_names(out, lambda w: w in ctx.players or reader.name(w) is not None)) \
            and not re.match(r"\s*(?:card|title|players|priority|format|edition|turn)\b", code):
        out, reader.budget = None, 250   # (or names with the words of a sentence in them)
        found = by_clauses(reader, code, _step_of)
        if found is not None:
            out, remarks = found
    if out is None:
        return None
    out = [s for i, s in enumerate(out) if i == 0 or s != out[i - 1] or not _STEP_NAMES.fullmatch(s)]   # written twice
    out = combat_names(reader, resolved_triggers(basic_mana(passes_before_move(out, code, ctx.explicit))))
    canonical = "; ".join(out) if out else "# " + code.strip()   # only a remark: a comment, nothing happened
    return (canonical, remarks) if canonical.strip() != code.strip() else None
