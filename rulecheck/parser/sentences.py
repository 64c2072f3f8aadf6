"""Sentences and clauses with words left out, for the forgiving reader (rulecheck/parser/forgiving.py): what a
judge writes after the event itself, on the same line ("Runeclaw Bear deals 2" after "Hill Giant deals 3 damage to
Enormous Baloth", "Bob loses 3 life, 17 left" after the damage that made him lose it), several creatures dealing
damage together ("the blockers deal 3 to the Wurm", "deal 4 damage to each other"), a circumstance the replay can
check ("while Divination was on the stack"), a duration that the effect itself carries ("is 5/5 until end of
turn"), and turn-based actions narrated in words ("Damage wears off Serra Angel"). docs/transcript-language.md,
"Natural phrasings", has a row for each. Every reading here is certain from the words and the game so far; what
would need a guess returns None, and the line stays a syntax error."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Protocol

from .phrasings import NUMBER_WORDS, ReadingContext

_N = r"[A-Z\"][^,;:]*?"
_P = r"(?P<p>[A-Z][\w'’\-]*)"
_NAMES = _N + r"(?:(?:,\s*|\s+and\s+)" + _N + r")*"
_MANA = r"(?:\{[0-9WUBRGCX]+\}|[0-9]|[WUBRGCX])+"   # one digit a repeat (no nested quantifier)
_COUNT = NUMBER_WORDS


class _Reader(Protocol):
    ctx: ReadingContext
    heading: str | None
    last: str   # the canonical statement read just before, on the same line ("" at the line's start)

    def name(self, written: str) -> str | None: ...

    def names(self, written: str) -> list[str] | None: ...

    def player(self, written: str) -> str | None: ...

    def clause(self, text: str) -> list[str] | None: ...

    def line(self, text: str, subject: str | None = None) -> list[str] | None: ...


Rule = tuple[re.Pattern[str], Callable[[_Reader, re.Match[str]], "list[str] | None"]]


def common_noun(written: str, creatures: Sequence[str], count: int) -> list[str] | None:
    """'both bears', 'the two elves': a common noun in lower case, the creatures on the battlefield whose name
    ends with it (singular or plural), when they are exactly as many as the count says."""
    if count < 2 or not re.fullmatch(r"[a-z]+", written):
        return None
    stem = written.removesuffix("s")
    found = [c for c in creatures if re.sub(r"\s*\(\d+\)$", "", c).split()[-1].lower().removesuffix("s") == stem]
    return found if len(found) == count and len(set(found)) == count else None


def written_player(clause: str, players: Sequence[str]) -> str | None:
    """The player a clause written about a non-player names, when it names exactly one ('Bob takes 6 damage from
    Craw Wurm; he is at 14'): what a following 'he' or 'she' stands for."""
    named = {p for p in players if re.search(rf"(?<![\w'’]){re.escape(p)}(?![\w'’])", clause)}
    return named.pop() if len(named) == 1 and clause.startswith(tuple(named)) else None


def deal_together(r: _Reader, sources: Sequence[str], target: str, amount: int) -> list[str] | None:
    """Creatures that deal N damage to one target together: N is their total, or what each deals; read only when
    their powers say which (and leave no doubt)."""
    powers = [r.ctx.powers.get(s) for s in sources]
    if len(sources) < 2 or any(p is None for p in powers):
        return None
    known = [p for p in powers if p is not None]
    if sum(known) == amount:
        return [f"{s} deals {p} damage to {target}" for s, p in zip(sources, known, strict=True)]
    if all(p == amount for p in known):
        return [f"{s} deals {amount} damage to {target}" for s in sources]
    return None


def together(r: _Reader, m: re.Match[str]) -> list[str] | None:
    """'Giant Spider and Runeclaw Bear deal 4 damage to Enormous Baloth'."""
    sources, target = r.names(m["list"]), r.name(m["y"])
    return deal_together(r, sources, target, int(m["n"])) if sources and target is not None else None


def _blockers_deal(r: _Reader, m: re.Match[str]) -> list[str] | None:
    """'The blockers deal 3 to the Wurm': the creatures blocking it, when it is the one attacking creature."""
    target = r.name(m["y"])
    if target is None or r.ctx.attackers != (target,) or not r.ctx.blockers:
        return None
    return deal_together(r, r.ctx.blockers, target, int(m["n"]))


def _each_other(r: _Reader, m: re.Match[str]) -> list[str] | None:
    """'Air Elemental and Serra Angel deal 4 damage to each other' (or '3 and 6', in the order written): each deals
    it to the other, when each one's power is that number."""
    a, b = r.name(m["a"]), r.name(m["b"])
    n, k = int(m["n"]), int(m["m"] or m["n"])   # 'deal 3 and 6 to each other': in the order written
    if a is None or b is None or a == b or r.ctx.powers.get(a) != n or r.ctx.powers.get(b) != k:
        return None
    return [f"{a} deals {n} damage to {b}", f"{b} deals {k} damage to {a}"]


def _elided_target(r: _Reader, m: re.Match[str]) -> list[str] | None:
    """'Hill Giant deals 3 damage to Enormous Baloth, Runeclaw Bear deals 2': a damage clause without its target
    after one with a target, on the same line: the same target."""
    before = re.fullmatch(r".+ deals \d+ (?:combat )?damage to (.+)", r.last)
    if before is not None:
        return r.clause(f"{m['x']} deals {m['n']} damage to {before[1]}")
    x = r.name(m["x"])   # an unblocked attacker in combat damage ('Combat damage - Lion 2'): the player it attacks
    if x is None or "combat damage step" not in (r.ctx.step or "", r.heading or "") or r.ctx.blockers \
            or x not in r.ctx.unblocked:
        return None
    return r.clause(f"{x} deals {m['n']} damage to {r.ctx.unblocked[x]}")


def _until_end_of_turn(r: _Reader, m: re.Match[str]) -> list[str] | None:
    """'Runeclaw Bear is 5/5 until end of turn' (after the spell that made it so): its size now, checked; how long
    it lasts is the effect's own."""
    return r.clause(f"{m['x']} is {m['pt']}")


def _floating(r: _Reader, m: re.Match[str]) -> list[str] | None:
    """'Alice casts Giant Growth on Grizzly Bears with the floating G': paid with mana already in her pool."""
    symbols = re.findall(r"[0-9]+|[WUBRGCX]", (m["mana"] or m["mana2"]).replace("{", "").replace("}", ""))
    return r.clause(f"{m['head']} paying {''.join('{' + x + '}' for x in symbols)} from pool")


def _while_on_stack(r: _Reader, m: re.Match[str]) -> list[str] | None:
    """'Alice played Island while Divination was on the stack': the event, when the replay has that spell on the
    stack (the circumstance is then the game's own, and the rules judge the event in it); refused otherwise."""
    spell = r.name(m["x"])
    return r.clause(m["head"]) if spell is not None and spell in r.ctx.stack else None


def _life_from_to(r: _Reader, m: re.Match[str]) -> list[str] | None:
    """"Bob's life goes from 20 to 17": the life total after the change."""
    player = r.player(m["p"])
    return [f"{player} has {m['n']} life"] if player is not None and r.ctx.started else None


def _loses_after_damage(r: _Reader, m: re.Match[str]) -> list[str] | None:
    """'Briarpack Alpha deals 3 damage to Bob. Bob loses 3 life, 17 left.': the loss is the damage's own (120.3a),
    so only the total after it is read; without that damage just before it on the line, the line doesn't say
    whether the loss is another event, and it is refused."""
    player = r.player(m["p"])
    if player is None or not r.ctx.started or not re.fullmatch(rf".+ deals {m['n']} (?:combat )?damage to "
                                                                rf"{re.escape(player)}", r.last):
        return None
    return [f"{player} has {m['m'] or m['m2']} life"]


def _down_to_cards(r: _Reader, m: re.Match[str]) -> list[str] | None:
    """'Bob played Mountain. Down to 7 cards.': the hand of the player the sentence before was about."""
    player = r.player(m["p"] or (r.last.split(" ")[0] if r.last else ""))   # '1 card left': the clause before's
    n = _COUNT.get(m["n"]) or int(m["n"])
    return [f"{player} has {n} card{'' if n == 1 else 's'} in hand"] if player is not None and r.ctx.started else None


def _damage_wears_off(r: _Reader, m: re.Match[str]) -> list[str] | None:
    """'Damage wears off Serra Angel', 'All damage wears off' in the cleanup step: the step's removal of damage
    (514.2), from every permanent at once."""
    written = m["list"] or m["on"]
    who = r.names(written) if written else []
    if r.ctx.step != "cleanup step" or who is None or any(w not in r.ctx.controllers for w in who) \
            or (m["list"] and m["on"]):
        return None
    return ["all damage is removed"]


def _orders_of(r: _Reader, m: re.Match[str]) -> list[str] | None:
    """"Alice orders Rumbling Baloth's blockers: Hill Giant, then Grizzly Bears", 'Alice orders them Grizzly Bears
    then Llanowar Elves' (after the block): the order of the attacking creature's blockers. 'them' is the blockers
    of the one attacking creature the active player controls."""
    player = r.player(m["p"])
    if m["a"] is not None:
        attacker = r.name(m["a"])
    else:
        mine = [a for a in r.ctx.attackers if r.ctx.controllers.get(a) == r.ctx.active]
        attacker = mine[0] if len(mine) == 1 else None
    parts = [x for x in re.split(r",?\s+(?:and\s+)?then\s+|,\s*(?:and\s+)?|\s+and\s+", m["list"].strip()) if x]
    order = [r.name(re.sub(r"\s+(?:first|second|third|last)$", "", x)) for x in parts]
    if player is None or player != r.ctx.active or attacker is None or attacker not in r.ctx.attackers \
            or len(order) < 2 or None in order:
        return None
    return [f"{player} orders blockers of {attacker}: {', '.join(x for x in order if x)}"]


def _respectively(r: _Reader, m: re.Match[str]) -> list[str] | None:
    """'Grizzly Bears and Hill Giant deal 2 and 3 damage to Craw Wurm': in the order written, when each amount is
    that creature's power (else the pairing would be a guess)."""
    sources, target = r.names(m["list"]), r.name(m["y"])
    amounts = [int(x) for x in re.split(r",\s*(?:and\s+)?|\s+and\s+", m["nums"])]
    if not sources or target is None or len(sources) != len(amounts) \
            or any(r.ctx.powers.get(s) != a for s, a in zip(sources, amounts, strict=True)):
        return None
    return [f"{s} deals {a} damage to {target}" for s, a in zip(sources, amounts, strict=True)]


def _elided_source(r: _Reader, m: re.Match[str]) -> list[str] | None:
    """'Craw Wurm deals 2 damage to Grizzly Bears and 4 to Hill Giant': a part without its source after a damage
    clause on the same line: the same source."""
    before = re.fullmatch(r"(.+?) deals \d+ (?:combat )?damage to .+", r.last)
    return r.clause(f"{before[1]} deals {m['n']} damage to {m['y']}") if before is not None else None


def _life_after_damage(r: _Reader, m: re.Match[str]) -> list[str] | None:
    """'Craw Wurm deals 6 damage to Bob, who goes to 14', '..., putting him at 14': the event, then the life total
    of the player it names last."""
    first, player = r.clause(m["head"]), r.player(m["p"])
    if first is None or player is None or not r.ctx.started:
        return None
    return [*first, f"{player} has {m['n']} life"]


def _player_assigns(r: _Reader, m: re.Match[str]) -> list[str] | None:
    """'Alice assigns 2 damage to Grizzly Bears and 4 to Hill Giant' (the attacking player assigns her creature's
    damage, 510.1): the one attacking creature she controls; "Alice assigns Craw Wurm's damage: ...": that one."""
    player = r.player(m["p"])
    if m["x"] is not None:
        source = r.name(m["x"])
        mine = [source] if source is not None and r.ctx.controllers.get(source) == player else []
    else:
        mine = [a for a in r.ctx.attackers if r.ctx.controllers.get(a) == player]
    return r.clause(f"{mine[0]} assigns {m['parts']}") if player is not None and len(mine) == 1 else None


def _resolves_dealing(r: _Reader, m: re.Match[str]) -> list[str] | None:
    """'Lightning Bolt resolves, dealing 3 damage to Hill Giant': it resolves, and deals that damage."""
    spell = r.name(m["x"])
    deals = r.clause(f"{spell} deals {m['rest']}") if spell is not None else None
    return [f"{spell} resolves", *deals] if deals is not None else None


def _so_does(r: _Reader, m: re.Match[str]) -> list[str] | None:
    """'Grizzly Bears dies. So does Hill Giant.', 'Craw Wurm dies, as do Grizzly Bears and Hill Giant': what the
    clause before on the line said of a creature (dying, being destroyed), of these too."""
    before = re.fullmatch(r".+ (dies|is destroyed)", r.last)
    who = r.names(m["list"])
    return [f"{w} {before[1]}" for w in who] if before is not None and who else None


def _life_arrow_after_damage(r: _Reader, m: re.Match[str]) -> list[str] | None:
    """'Craw Wurm deals 6 to Bob: 20 -> 14': a change of life alone, after damage to a player on the same line,
    is that player's."""
    before = re.fullmatch(r".+ deals \d+ (?:combat )?damage to (\S+)", r.last)
    player = r.player(before[1]) if before is not None else None
    return [f"{player} has {m['n']} life"] if player is not None and r.ctx.started else None


def _dash_heading(r: _Reader, m: re.Match[str]) -> list[str] | None:
    """'Main 1 - Alice plays Forest', 'Combat damage — Craw Wurm deals 6 to Bob': a step heading, a dash, and what
    happened in the step (as after a colon)."""
    step = r.clause(m["h"])
    if step is None or len(step) != 1 or not re.fullmatch(r"[a-z ]+(?:step|phase)", step[0]):
        return None
    r.heading = step[0]
    rest = r.line(m["rest"])
    return [*step, *rest] if rest is not None else None


def _blocks_with_list(r: _Reader, m: re.Match[str]) -> list[str] | None:
    """'Bob blocks Craw Wurm with both Grizzly Bears and Hill Giant': the list read as names ('both A and B' is A
    and B), each a creature Bob controls."""
    player, attacker, blockers = r.player(m["p"]), r.name(m["a"]), r.names(m["list"])
    if player is None or attacker is None or not blockers \
            or any(r.ctx.controllers.get(b) != player for b in blockers):
        return None
    return [f"{player} blocks {attacker} with {', '.join(blockers)}"]


def _cast_tapping(r: _Reader, m: re.Match[str]) -> list[str] | None:
    """'Alice casts Giant Growth on Craw Wurm, tapping Forest for G': the mana ability first (it makes the mana the
    spell is paid with), then the spell."""
    tap, cast = r.clause(f"{m['p']} taps {m['what']} for {m['mana']}"), r.clause(m["head"])
    return [*tap, *cast] if tap is not None and cast is not None else None


FIRST_RULES: Sequence[Rule] = [   # before the rules that would take 'tapping ...' into a name
    (re.compile(r"(?P<head>" + _P + r" casts [^()]+?)\s*\((?=[^)]*[WUBRGCX{])(?P<mana>" + _MANA + r")\)"
                r"(?P<tail>(?: [^()]*)?)"),   # mana, not the number of a copy ('Grizzly Bears (2)')
     lambda r, m: r.clause(f"{m['head']}{m['tail']} for {m['mana']}")),
    (re.compile(r"(?P<head>" + _P + r" casts .+?)(?:,\s*|\s+|\s*\(\s*)(?:by |after )?tapping (?P<what>.+?) for "
                r"(?P<mana>" + _MANA + r")\)?"), _cast_tapping),
]

SENTENCE_RULES: Sequence[Rule] = [
    (re.compile(r"(?P<x>" + _N + r") deals? (?P<n>\d+)(?: combat)?(?: damage)?"), _elided_target),
    (re.compile(r"(?:[Tt]he |[Bb]oth |[Aa]ll )?(?:the )?(?:blockers|blocking creatures)(?: together)? deal "
                r"(?P<n>\d+)(?: combat)?(?: damage)? to (?P<y>" + _N + ")"), _blockers_deal),
    (re.compile(r"(?P<a>" + _N + r") and (?P<b>" + _N + r") deal (?P<n>\d+)(?: and (?P<m>\d+))?(?: combat)? damage "
                r"to each other"),
     _each_other),
    (re.compile(r"(?P<x>" + _N + r") (?:is|are) (?:an? |now )?(?P<pt>\d+/\d+) until (?:the )?end of (?:the )?turn"),
     _until_end_of_turn),
    (re.compile(r"(?P<head>[A-Z][\w'’\-]* casts .+?),? (?:with|using) (?:the )?(?:(?:floating|remaining|leftover) "
                r"(?P<mana>" + _MANA + r")(?: mana)?|(?P<mana2>" + _MANA + r") (?:floating|from (?:her|his|their) "
                r"(?:mana )?pool))"), _floating),
    (re.compile(r"(?P<head>.+?),? (?:while|when|as|with) (?P<x>" + _N + r") (?:is|was) (?:still )?on the stack"),
     _while_on_stack),
    (re.compile(_P + r"(?:['’]s life(?: total)?)? (?:goes|drops|falls) from \d+ to (?P<n>\d+)(?: life)?"),
     _life_from_to),
    (re.compile(_P + r" loses (?P<n>\d+) life(?:,\s*(?P<m>\d+)(?: life)? (?:left|remaining)"
                r"|,?\s+(?:and\s+)?(?:is\s+)?(?:now\s+)?at\s+(?P<m2>\d+)(?: life)?)"),
     _loses_after_damage),
    (re.compile(_P + r" (?:is )?down to (?P<n>\d+|one|two|three|four|five|six|seven|eight|nine|ten) cards?"
                r"(?: in (?:her|his|their) hand)?"), _down_to_cards),
    (re.compile(r"(?:(?P<p>[A-Z][\w'’\-]*)(?: has| now has| is left with)? )?(?P<n>\d+|" + "|".join(_COUNT)
                + r") cards? (?:left(?: in (?:her |his |their )?hand)?|in (?:her |his |their )?hand)"),
     _down_to_cards),
    (re.compile(r"(?:[Tt]he |[Aa]ll )?(?:combat )?[Dd]amage (?:(?:marked )?on (?P<on>" + _NAMES + r") )?"
                r"(?:wears off|is removed)(?: from)?(?: (?P<list>" + _NAMES + r"))?"), _damage_wears_off),
    (re.compile(_P + r" adds (?P<mana>" + _MANA + r")(?: mana)? to (?:her|his|their) (?:mana )?pool"),
     lambda r, m: r.clause(f"{m['p']} adds {m['mana']}")),
    (re.compile(r"(?P<list>" + _N + r"(?:,\s*|,?\s+and\s+)" + _N + r") deal (?P<nums>\d+(?:(?:,\s*|,?\s+and\s+)\d+)+)"
                r"(?: combat)?(?: damage)? to (?P<y>" + _N + ")"), _respectively),
    (re.compile(r"(?P<n>\d+)(?: combat)?(?: damage)? to (?P<y>" + _N + ")"), _elided_source),
    (re.compile(r"(?P<head>.+ to " + _P + r"),? (?:who|which) (?:goes|is|drops|falls)(?: now)?(?: down)? (?:to|at|on) "
                r"(?P<n>\d+)(?: life)?"), _life_after_damage),
    (re.compile(r"(?P<head>.+ to " + _P + r"),? (?:putting|leaving|taking) (?:him|her|them) (?:at|to|on) (?P<n>\d+)"
                r"(?: life)?"), _life_after_damage),
    (re.compile(_P + r" blocks (?P<a>" + _N + r") with (?P<list>[^;:]+)"), _blocks_with_list),
    (re.compile(r"(?P<h>[A-Z][A-Za-z0-9 ]*?)\s+[-–—]\s+(?P<rest>.+)"), _dash_heading),
    (re.compile(r"(?:[Ss]o (?:does|do)|[Aa]s (?:does|do)) (?P<list>[^;:]+)"), _so_does),
    (re.compile(r"\d+\s*(?:->|-->|→|=>)\s*(?P<n>\d+)(?: life)?"), _life_arrow_after_damage),
    (re.compile(r"(?P<x>" + _N + r") (?P<v>deals|assigns) (?:all )?(?:of )?(?:its|his|her|their) (?P<rest>\d+ .+)"),
     lambda r, m: r.clause(f"{m['x']} {m['v']} {m['rest']}")),
    (re.compile(r"(?P<x>" + _N + r") has (?P<n>\d+) damage (?:marked(?: on (?:it|them))?|on (?:it|them))"),
     lambda r, m: r.clause(f"{m['x']} has {m['n']} damage")),
    (re.compile(_P + r" (?:assigns|splits|divides) (?:(?P<x>" + _N + r")['’]s (?:combat )?damage(?: as follows)?:?\s*)?"
                r"(?P<parts>\d+ .+ to .+)"), _player_assigns),
    (re.compile(r"(?P<x>" + _N + r") resolves,? (?:and )?(?:dealing|deals) (?P<rest>\d+ (?:combat )?damage to .+)"),
     _resolves_dealing),
    (re.compile(r"(?P<head>" + _P + r" taps .+?),? (?:adding|making|producing) (?P<mana>" + _MANA + r")(?: mana)?"),
     lambda r, m: r.clause(f"{m['head']} for {m['mana']}")),
    (re.compile(_P + r" orders (?:them|(?P<a>" + _N + r")['’]s blockers)\s*:?\s*(?P<list>[A-Z\"].+)"), _orders_of),
]
