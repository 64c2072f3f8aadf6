"""More natural phrasings for the forgiving reader (rulecheck/parser/forgiving.py), each a clause of English read
as the canonical line it stands for (docs/transcript-language.md, "Natural phrasings"): verbs in the past tense or
in the plural, life totals written as a change or a bare number, a split of combat damage joined by 'and', the
caster as 'himself', a card put into a graveyard, labels ('Attackers:'), the setup in other words, and more.
Whole-line shapes (turn headers, card definitions, marks around a line) are in lineshapes.py. Like the rest of
the reader it runs only on lines the grammar rejected, and what it can't read for sure it leaves a syntax error."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from .takes import unblocked_deal


@dataclass(frozen=True)
class ReadingContext:
    """What the reader may know of the game so far (filled by the checker from the replay)."""

    players: tuple[str, ...] = ()
    names: tuple[str, ...] = ()          # cards defined and permanents on the battlefield
    started: bool = False                # a turn header came
    active: str = ""
    step: str | None = None
    controllers: dict[str, str] = field(default_factory=dict)   # permanent name -> its controller
    blockers: tuple[str, ...] = ()       # creatures blocking now
    attackers: tuple[str, ...] = ()      # creatures attacking now
    powers: dict[str, int] = field(default_factory=dict)        # creature name -> power now
    dealers: tuple[str, ...] = ()        # creatures that deal combat damage in this step
    creatures: tuple[str, ...] = ()      # the creatures on the battlefield
    first_strike: bool = False           # a creature in combat deals first-strike damage
    explicit: bool = False               # explicit priority (software logs)
    stack: tuple[str, ...] = ()          # the spells on the stack, by name
    abilities: tuple[str, ...] = ()      # the sources of the abilities on the stack
    unblocked: dict[str, str] = field(default_factory=dict)     # an attacking creature not blocked -> the player
    untapped_lands: tuple[tuple[str, str], ...] = ()            # (controller, name) of each untapped land
    unread: list[tuple[int, int]] = field(default_factory=list)  # the clause reader's clause that kept a line unread


class _Reader(Protocol):
    """What a phrasing asks of the reader (rulecheck/parser/forgiving.py)."""

    ctx: ReadingContext
    heading: str | None
    resolved: str
    parses: Callable[[str], bool]

    def name(self, written: str) -> str | None: ...

    def names(self, written: str) -> list[str] | None: ...

    def player(self, written: str) -> str | None: ...

    def clause(self, text: str) -> list[str] | None: ...


Rule = tuple[re.Pattern[str], Callable[[_Reader, re.Match[str]], "list[str] | None"]]

# the past tense of the verbs the canonical forms use: "Alice attacked Bob with ...", "Bob went to 18"
PAST = {
    "attacked": "attacks", "blocked": "blocks", "dealt": "deals", "cast": "casts", "resolved": "resolves",
    "tapped": "taps", "untapped": "untaps", "played": "plays", "went": "goes", "died": "dies", "drew": "draws",
    "discarded": "discards", "passed": "passes", "sacrificed": "sacrifices", "activated": "activates",
    "declared": "declares", "assigned": "assigns", "took": "takes", "gained": "gains", "lost": "loses",
    "got": "gets", "became": "becomes", "was": "is", "were": "are", "had": "has", "added": "adds",
    "moved": "moves", "chose": "chooses", "triggered": "triggers", "returned": "returns", "countered": "counters",
    "ordered": "orders", "paid": "pays", "milled": "mills", "exiled": "exiles", "held": "holds",
    "controlled": "controls", "skipped": "skips", "left": "leaves",
}
# the plural of the verbs, after one name that reads as a plural ("Typhoid Rats deal 1 damage to Craw Wurm")
PLURAL = {
    "deal": "deals", "attack": "attacks", "block": "blocks", "resolve": "resolves", "trigger": "triggers",
    "assign": "assigns", "go": "goes", "get": "gets", "gain": "gains", "become": "becomes", "have": "has",
    "lose": "loses", "leave": "leaves", "stay": "stays", "remain": "remains", "don't": "doesn't",
}
_VERB = re.compile(r"(?P<x>[A-Z\"][^,;:]*?) (?P<v>" + "|".join(sorted({*PAST, *PLURAL}, key=len, reverse=True))
                   + r")(?P<rest>(?: .*)?)")
_WORD_P = r"[A-Z][\w'’\-]*"


def _tense(r: _Reader, m: re.Match[str]) -> list[str] | None:
    """'Alice attacked Bob with X', 'Typhoid Rats deal 1 damage to Y': the verb in the present, singular. A plural
    verb is read only after one name the game knows (a list of names is 'A and B deal ...', read elsewhere)."""
    verb, subject = m["v"], m["x"]
    if verb in PAST:
        present = PAST[verb]
    elif r.name(subject) is not None and subject not in r.ctx.players:
        present = PLURAL[verb]
    else:
        return None
    return r.clause(f"{subject} {present}{m['rest']}")


def _life_change(r: _Reader, m: re.Match[str]) -> list[str] | None:
    """'Bob: 20 -> 15', 'Bob 20 → 17': the life total after the change."""
    player = r.player(m["p"])
    if player is None or not r.ctx.started:
        return None
    return [f"{player} has {m['n']} life"]


def _split(r: _Reader, m: re.Match[str]) -> list[str] | None:
    """'Pelakka Wurm assigns 3 to Siege Mastodon and 4 to Bob': the parts of one assignment. Written in the
    declare blockers step of an implicit transcript (no first strike in combat), its combat damage step began."""
    source = r.name(m["x"])
    if source is None or source in r.ctx.players:   # a player assigns her creature's damage: sentences.py
        return None
    parts: list[str] = []
    for part in re.split(r",\s*(?:and\s+)?|\s+and\s+", m["parts"]):
        one = re.fullmatch(r"(\d+)(?: combat)?(?: damage)? to (.+)", part.strip())
        who = r.name(one[2]) if one is not None else None
        if one is None or who is None:
            return None
        parts.append(f"{one[1]} to {who}")
    if len(parts) < 2:
        return None
    began = r.ctx.step == "declare blockers step" and not r.ctx.explicit and not r.ctx.first_strike
    return [*(["combat damage step"] if began else []), f"{source} assigns {', '.join(parts)}"]


def _reflexive(r: _Reader, m: re.Match[str]) -> list[str] | None:
    """'Bob casts Sign in Blood targeting himself': the target is the player who casts or activates."""
    player = r.player(m["p"])
    return r.clause(f"{player} {m['mid']} {player}{m['tail']}") if player else None


def _to_graveyard(r: _Reader, m: re.Match[str]) -> list[str] | None:
    """'Centaur Courser goes to the graveyard': a creature on the battlefield dies (700.4); another permanent is
    put into its owner's graveyard."""
    who = r.name(m["x"])
    if who is None or who in r.ctx.players or who not in r.ctx.controllers:
        return None
    return [f"{who} dies"] if who in r.ctx.powers else [f"{who} is put into its owner's graveyard"]


def _blocks_several(r: _Reader, m: re.Match[str]) -> list[str] | None:
    """'Bob blocks Grizzly Bears and Goblin Piker with Hill Giant': one blocker declared blocking each of them
    (judged: a creature blocks one attacker unless an ability says otherwise). With several blockers the line
    doesn't say which blocks which, and is refused."""
    player, attackers, blocker = r.player(m["p"]), r.names(m["list"]), r.name(m["b"])
    if player is None or not attackers or len(attackers) < 2 or blocker is None \
            or r.ctx.controllers.get(blocker) != player:
        return None
    return [f"{player} declares {blocker} blocking {', '.join(attackers)}"]


NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
                "ten": 10}   # number words the reader takes as numbers (also sentences.py and stages.py)
_NUMBER_WORDS = NUMBER_WORDS


def _number_word(r: _Reader, m: re.Match[str]) -> list[str] | None:
    """'Alice draws two cards', 'loses three life': the number in digits."""
    return r.clause(f"{m['pre']}{_NUMBER_WORDS[m['w'].lower()]} {m['post']}")


def _takes_from(r: _Reader, m: re.Match[str]) -> list[str] | None:
    """'Bob takes 3 damage from Lightning Bolt', 'Lightning Bolt hits Bob for 3': the source deals the damage;
    'Shock resolves; Grizzly Bears takes 2 damage', 'Shock resolves: 2 damage to Grizzly Bears': the spell that
    resolved earlier on the line deals it."""
    source, target = r.name(m.groupdict().get("x") or r.resolved), r.name(m["y"])
    if source is None and target is not None and not m.groupdict().get("x") and not r.resolved:
        return unblocked_deal(r.ctx, r.heading, target, int(m["n"]))
    if source is None or target is None:
        return None
    return r.clause(f"{source} deals {m['n']} damage to {target}")


def _killed(r: _Reader, m: re.Match[str]) -> list[str] | None:
    who = r.name(m["x"])
    return [f"{who} dies"] if who is not None and who in r.ctx.powers else None


def _now(r: _Reader, m: re.Match[str]) -> list[str] | None:
    return r.clause(f"{m['x']} is {m['rest']}")


def _land_drop(r: _Reader, m: re.Match[str]) -> list[str] | None:
    return r.clause(f"{m['p']} plays {m['land']}")


def _bare_life(r: _Reader, m: re.Match[str]) -> list[str] | None:
    """'Bob: 17', 'Bob 17' during the game: a player and a number alone is the player's life total."""
    player = r.player(m["p"])
    return [f"{player} has {m['n']} life"] if player is not None and r.ctx.started else None


def _life_list(r: _Reader, m: re.Match[str]) -> list[str] | None:
    """'Life: Alice 20, Bob 17': each player's life total."""
    out: list[str] = []
    for part in re.split(r",\s*|\s+and\s+|;\s*", m["list"].strip()):
        one = re.fullmatch(r"(" + _WORD_P + r"):?\s+(?:at\s+)?(\d+)", part.strip())
        player = r.player(one[1]) if one is not None else None
        if one is None or player is None:
            return None
        out.append(f"{player} has {one[2]} life" if r.ctx.started else f"{player}: life {one[2]}")
    return out or None


def _moving_to(r: _Reader, m: re.Match[str]) -> list[str] | None:
    """'Go to combat', 'moving to the end step': a heading (a subject, if any, is the active player's, read
    elsewhere)."""
    out = r.clause(m["to"])
    return out if out is not None and len(out) == 1 and re.fullmatch(r"[a-z ]+(?:step|phase)", out[0]) else None


def _swings(r: _Reader, m: re.Match[str]) -> list[str] | None:
    """'Alice swings with Grizzly Bears', 'Alice swings at Bob with ...': an attack."""
    return r.clause(f"{m['p']} attacks {m['q']} with {m['list']}" if m["q"] else f"{m['p']} attacks with {m['list']}")


def _attackers_label(r: _Reader, m: re.Match[str]) -> list[str] | None:
    """'Attackers: Grizzly Bears, Hill Giant': the active player attacks with them."""
    if m["list"].strip().lower() in ("none", "nothing", "no one"):
        return [f"{r.ctx.active} declares no attackers"] if r.ctx.active else None
    return r.clause(f"{m['list'].strip()} attack")


def _blockers_label(r: _Reader, m: re.Match[str]) -> list[str] | None:
    """'Blockers: Hill Giant blocks Grizzly Bears', 'Blocks: none': what follows the label."""
    rest = m["rest"].strip()
    if rest.lower() in ("none", "nothing", "no blocks", "no blockers"):
        return r.clause("no blocks")
    return r.clause(rest)


def _blocks_alone(r: _Reader, m: re.Match[str]) -> list[str] | None:
    """'Hill Giant blocks' when exactly one creature attacks: its controller blocks that one with it."""
    blocker = r.name(m["b"])
    owner = r.ctx.controllers.get(blocker or "")
    if blocker is None or owner is None or len(r.ctx.attackers) != 1:
        return None
    return [f"{owner} blocks {r.ctx.attackers[0]} with {blocker}"]


def _cast_for(r: _Reader, m: re.Match[str]) -> list[str] | None:
    """'Alice casts Grizzly Bears for 1G': the mana paid for it."""
    symbols = re.findall(r"[0-9]+|[WUBRGCX]", m["mana"].replace("{", "").replace("}", ""))
    return r.clause(f"{m['head']} paying {''.join('{' + x + '}' for x in symbols)}")


def _untaps(r: _Reader, m: re.Match[str]) -> list[str] | None:
    player = r.player(m["p"])
    return [f"{player} untaps all permanents"] if player is not None and "untap step" in (r.ctx.step, r.heading) \
        else None


def _in_play(r: _Reader, m: re.Match[str]) -> list[str] | None:
    """'Alice's battlefield: X, Y', 'Alice has X on the battlefield', 'Alice controls: X' (in the setup)."""
    if r.ctx.started or r.player(m["p"]) is None:
        return None
    return r.clause(f"{m['p']} controls {m['list']}")


def _tapped_in_setup(r: _Reader, m: re.Match[str]) -> list[str] | None:
    """'Bob controls a tapped Hill Giant' (and 'Hill Giant (tapped)', above): the permanent, tapped."""
    things = r.names(m["x"])
    if things is None or len(things) != 1 or r.player(m["p"]) is None:
        return None
    return r.clause(f"{m['p']} controls {things[0]}: tapped")


def _which_dies(r: _Reader, m: re.Match[str]) -> list[str] | None:
    """'Hill Giant deals 3 damage to Grizzly Bears, which dies': the event, then the creature it names last."""
    who, first = r.name(m["y"]), r.clause(m["head"])
    return [*first, f"{who} dies"] if who is not None and first is not None else None


def _damage_list(r: _Reader, m: re.Match[str]) -> list[str] | None:
    """'Grizzly Bears 2 to Hill Giant' in a combat damage step (after 'Damage:'): the creature deals it."""
    source, target, step = r.name(m["x"]), r.name(m["y"]), r.heading or r.ctx.step
    if step is None or "combat damage" not in step or source is None or target is None:
        return None
    return [f"{source} deals {m['n']} damage to {target}"]


def _all_players_life(r: _Reader, m: re.Match[str]) -> list[str] | None:
    """'Both players at 20 life', 'All players have 20 life'."""
    if m["who"].lower() == "both" and len(r.ctx.players) != 2:
        return None
    n = m["n"]
    return [f"{p} has {n} life" if r.ctx.started else f"{p}: life {n}" for p in r.ctx.players] or None


def _zone_count(r: _Reader, m: re.Match[str]) -> list[str] | None:
    """"Alice's library: 40 cards" in the setup: how many cards the zone holds."""
    player = r.player(m["p"])
    return [f"{player}: {m['zone'].lower()} {m['n']}"] if player is not None and not r.ctx.started else None


def _steps_of(r: _Reader, m: re.Match[str]) -> list[str] | None:
    """"Alice's upkeep", "Alice's end step" in Alice's turn: a heading."""
    if m["p"] != r.ctx.active:
        return None
    out = r.clause(m["step"])
    return out if out is not None and len(out) == 1 and re.fullmatch(r"[a-z ]+(?:step|phase)", out[0]) else None


def _setup_facts(r: _Reader, m: re.Match[str]) -> list[str] | None:
    """'Alice: 20 life, 7 cards in hand' before the first turn: `Alice: life 20, hand 7`."""
    if r.ctx.started or r.player(m["p"]) is None:
        return None
    facts: list[str] = []
    for part in re.split(r",\s*(?:and\s+)?|\s+and\s+", m["facts"].strip()):
        one = re.fullmatch(r"(\d+) (life|cards? in (?:her |his |their )?(hand|library|graveyard)|cards?)", part.strip())
        if one is None:
            return None
        facts.append(f"{'life' if one[2] == 'life' else one[3] or 'hand'} {one[1]}")
    return [f"{m['p']}: {', '.join(facts)}"]


def _orders(r: _Reader, m: re.Match[str]) -> list[str] | None:
    """'Alice orders blockers: Grizzly Bears, Hill Giant', 'Damage assignment order: ...' when one attacking
    creature is blocked: the order of its blockers."""
    blocked = [a for a in r.ctx.attackers if r.ctx.controllers.get(a) == r.ctx.active and a not in r.ctx.unblocked]
    blocked = [x for x in [r.name(m["a"] or "")] if x in blocked] if m["a"] else blocked   # 'order for X'
    listed = re.sub(r"\s+(?:first|second|third|last)\b", "", m["list"])
    blockers = r.names(re.sub(r",?\s*\b(?:and then|then)\s+", ", ", listed))
    player = r.player(m["p"] or m["q"] or "") if m["p"] or m["q"] else r.ctx.active
    if len(blocked) != 1 or not blockers or player != r.ctx.active:
        return None
    return [f"{player} orders blockers of {blocked[0]}: {', '.join(blockers)}"]


def _taps_itself(r: _Reader, m: re.Match[str]) -> list[str] | None:
    """'Llanowar Elves taps for G': its controller taps it for that mana."""
    who = r.name(m["x"])
    owner = r.ctx.controllers.get(who or "")
    return r.clause(f"{owner} taps {who} for {m['mana']}") if who is not None and owner is not None else None


def _end_of_turn(r: _Reader, m: re.Match[str]) -> list[str] | None:
    """"End of Alice's turn" in Alice's turn: her end step, as 'end of turn' is."""
    return ["end step"] if m["p"] == r.ctx.active else None


def _damage_of_resolved(r: _Reader, m: re.Match[str]) -> list[str] | None:
    return _takes_from(r, m) if r.resolved else None


def _players_pass(r: _Reader, m: re.Match[str]) -> list[str] | None:
    """'Alice and Bob pass': every player passes."""
    named = set(re.split(r",\s*(?:and\s+)?|\s+and\s+", m["list"]))
    return ["all players pass"] if named == set(r.ctx.players) else None


def _says_none(r: _Reader, m: re.Match[str]) -> list[str] | None:
    """'Bob: no blocks', 'Alice: no attacks'."""
    player = r.player(m["p"])
    what = "blockers" if m["what"].startswith("block") else "attackers"
    return [f"{player} declares no {what}"] if player is not None else None


def attack_in(r: _Reader, attack: str) -> list[str]:
    """An attack written in the beginning of combat step of an implicit transcript: its declare attackers step
    began (as a declaration of blockers right after the attack begins the declare blockers step)."""
    return ["declare attackers step", attack] if r.ctx.step == "beginning of combat step" and not r.ctx.explicit \
        else [attack]


def _survives(r: _Reader, m: re.Match[str]) -> list[str] | None:
    """'The Bears survive with 3 damage marked on them': the damage it has (an assertion); 'Hill Giant survives'
    of a creature on the battlefield says nothing happened to it (nothing)."""
    who = r.name(m["x"])
    if who is None or who not in r.ctx.powers:
        return None
    return [f"{who} has {m['n']} damage"] if m["n"] else []


def _to_each_creature(r: _Reader, m: re.Match[str]) -> list[str] | None:
    """'Pyroclasm deals 2 damage to each creature': to each creature on the battlefield, one line each; refused
    when there is none, or the source is unknown."""
    source, creatures = r.name(m["x"]), r.ctx.creatures
    if source is None or not creatures:
        return None
    return [f"{source} deals {m['n']} damage to {c}" for c in creatures]


def _each_deals(r: _Reader, m: re.Match[str]) -> list[str] | None:
    """'Grizzly Bears deals 2 damage and Llanowar Elves deals 1 damage to Boggart Brute': each part to it."""
    out: list[str] = []
    for part in re.split(r",\s*(?:and\s+)?|\s+and\s+", m["parts"]):
        one = re.fullmatch(r"(.+?) deals? (\d+)(?: combat)?(?: damage)?", part.strip())
        said = r.clause(f"{one[1]} deals {one[2]} damage to {m['y']}") if one is not None else None
        if said is None:
            return None
        out += said
    return out if len(out) > 1 else None


def _blocks_with_all(r: _Reader, m: re.Match[str]) -> list[str] | None:
    """'Bob blocks the Brute with both of his creatures, Grizzly Bears and Llanowar Elves': with the creatures it
    names, when they are as many as it says and all of the player's creatures."""
    player, blockers = r.player(m["p"]), r.names(m["list"])
    count = {"both": 2, "all": 0, "all two": 2, "all three": 3, "all four": 4}.get(m["n"])
    mine = [c for c in r.ctx.creatures if r.ctx.controllers.get(c) == player]
    if player is None or not blockers or count is None or sorted(blockers) != sorted(mine) \
            or (count and len(blockers) != count):
        return None
    return r.clause(f"{player} blocks {m['a']} with {', '.join(blockers)}")


def _hand_size(r: _Reader, m: re.Match[str]) -> list[str] | None:
    """'Alice has 9 cards', 'keeps 8' (during the game): how many cards her hand holds."""
    player = r.player(m["p"])
    n = _NUMBER_WORDS.get(m["n"], m["n"])
    return [f"{player} has {n} cards in hand"] if player is not None and r.ctx.started else None


MORE_RULES: Sequence[Rule] = [
    (re.compile(r"(?P<x>[A-Z\"][^,;:]*?) deals (?P<n>\d+) damage to (?:each|every) creature"), _to_each_creature),
    (re.compile(r"(?P<parts>[A-Z\"][^;:]*? deals? \d+(?: combat)?(?: damage)?(?:(?:,\s*|,?\s+and\s+)[A-Z\"][^;:]*? "
                r"deals? \d+(?: combat)?(?: damage)?)+) to (?P<y>[A-Z\"][^,;:]*)"), _each_deals),
    (re.compile(r"(?P<p>" + _WORD_P + r") blocks (?P<a>[A-Z\"][^,;:]*?) with (?P<n>both|all(?: two| three| four)?) "
                r"of (?:his|her|their) creatures,?\s*(?P<list>[A-Z\"].+)"), _blocks_with_all),
    (re.compile(r"(?:[Ee]verything|[Aa]ll (?:the )?creatures|[Tt]hey all|[Bb]oth) (?:dies|die)\s*:\s*(?P<rest>.+)"),
     lambda r, m: r.clause(m["rest"])),
    (re.compile(r"(?P<list>[A-Z\"][^;:]*?)(?: all| both)? (?:go|are put|are sent) (?:in)?to (?:the|their) "
                r"(?:owners['’]? )?graveyards?"),
     lambda r, m: r.clause(f"{m['list']} die")),
    (re.compile(r"(?P<p>" + _WORD_P + r") (?:has (?=\S+ cards?\b)|keeps )"
                r"(?P<n>\d+|one|two|three|four|five|six|seven|eight|nine|ten)"
                r"(?: cards?)?(?: in (?:her|his|their) hand)?"),
     _hand_size),
    (re.compile(r"(?P<x>[A-Z\"][^,;:]*?) (?:survives|survive)(?: with (?P<n>\d+) damage(?: marked)?"
                r"(?: on (?:it|them|him|her))?)?"), _survives),
    (re.compile(r"(?P<list>" + _WORD_P + r"(?:,\s*" + _WORD_P + r")*,?\s+and\s+" + _WORD_P + r") pass(?: priority)?"),
     _players_pass),
    (re.compile(r"(?P<p>" + _WORD_P + r"):\s*no (?P<what>blocks?|blockers|attacks?|attackers)"), _says_none),
    (re.compile(r"(?P<p>" + _WORD_P + r") passes(?: priority)?(?: to " + _WORD_P + r"| back| too| as well| again)"),
     lambda r, m: r.clause(f"{m['p']} passes")),
    (re.compile(r"(?P<x>[A-Z\"][^,;:]*?) (?:taps|is tapped) for (?P<mana>.+)"), _taps_itself),
    (re.compile(r"(?P<p>" + _WORD_P + r")['’]s turn ends"), lambda r, m: r.clause(f"{m['p']} passes the turn")),
    (re.compile(r"[Ee]nd of (?P<p>" + _WORD_P + r")['’]s turn"),
     _end_of_turn),
    (re.compile(r"(?P<p>" + _WORD_P + r") responds (?:by casting|with) (?P<rest>.+)"),
     lambda r, m: r.clause(f"{m['p']} casts {m['rest']}")),
    (re.compile(r"(?:(?P<p>" + _WORD_P + r") orders (?:the |her |his |their )?blockers"
                r"|(?:(?P<q>" + _WORD_P + r")['’]s )?(?:[Dd]amage )?(?:[Aa]ssignment )?[Oo]rder(?: of blockers)?"
                r"(?: for (?P<a>[A-Z\"][^:,;]*))?)\s*:?\s*(?:as\s+)?(?P<list>[A-Z\"].+)"),
     _orders),
    (re.compile(r"(?P<p>" + _WORD_P + r")(?::| has)\s*(?P<facts>\d+ (?:life|cards?)\b.*)"), _setup_facts),
    (re.compile(r"(?P<p>" + _WORD_P + r")['’]s (?P<step>[a-z][a-z0-9 ]*)"), _steps_of),
    (re.compile(r"(?P<head>.+? to (?P<y>[A-Z\"][^,;:]*?)),? (?:and )?(?:it|which|that creature) (?:dies|is destroyed)"),
     lambda r, m: _which_dies(r, m)),
    (re.compile(r"(?P<p>" + _WORD_P + r") draws (?:her|his|their|a) card(?: for (?:the|her|his|their) turn)?"),
     lambda r, m: r.clause(f"{m['p']} draws a card")),
    (re.compile(r"(?P<x>[A-Z\"][^,;:]*?) now (?P<rest>has .+|is .+)"), lambda r, m: r.clause(f"{m['x']} {m['rest']}")),
    (re.compile(r"(?P<head>.+ (?:gains|loses) \d+ life) (?:from|due to|because of|thanks to|via|for) [^,;:]+"),
     lambda r, m: r.clause(m["head"])),
    (re.compile(r"(?P<p>" + _WORD_P + r") (?:declines to block|does not declare blockers|doesn't declare blockers"
                r"|blocks nothing|won't block|will not block)"), lambda r, m: r.clause(f"{m['p']} doesn't block")),
    (re.compile(r"(?P<p>" + _WORD_P + r")(?:['’]s battlefield|['’]s permanents| controls| has)\s*:\s*(?P<list>.+)"),
     _in_play),
    (re.compile(r"(?P<p>" + _WORD_P + r") (?:has|controls) (?P<list>.+?) (?:on the battlefield|in play)"), _in_play),
    (re.compile(r"(?P<p>" + _WORD_P + r") controls (?:a |an )?tapped (?P<x>[A-Z\"][^,;:()]*)"), _tapped_in_setup),
    (re.compile(r"(?P<head>.+? to (?P<y>[A-Z\"][^,;:]*?)),? which (?:dies|is destroyed|is killed)"), _which_dies),
    (re.compile(r"(?P<x>[A-Z\"][^,;:]*?):? (?P<n>\d+) (?:damage )?to (?P<y>[A-Z\"][^,;:]*)"), _damage_list),
    (re.compile(r"(?P<who>[Bb]oth|[Aa]ll) players (?:are )?(?:at|on|have|start at|start with) (?P<n>\d+)(?: life)?"),
     _all_players_life),
    (re.compile(r"(?P<p>" + _WORD_P + r")['’]s (?P<zone>library|graveyard|[Ll]ibrary|[Gg]raveyard)\s*:\s*(?P<n>\d+)"
                r"(?: cards?)?"), _zone_count),
    (re.compile(r"(?P<pre>.*\b)(?P<w>one|two|three|four|five|six|seven|eight|nine|ten) "
                r"(?P<post>(?:cards?|damage|combat damage|life)\b.*)", re.I), _number_word),
    (re.compile(r"(?P<n>\d+) damage to (?P<y>[A-Z\"][^,;:]*)"), _damage_of_resolved),
    (re.compile(r"(?P<y>[A-Z\"][^,;:]*?) (?:takes|is dealt) (?P<n>\d+)(?: damage)?(?: from (?P<x>[A-Z\"][^,;:]*))?"),
     _takes_from),
    (re.compile(r"(?P<x>[A-Z\"][^,;:]*?) (?:hits|hit) (?P<y>[A-Z\"][^,;:]*?) for (?P<n>\d+)(?: damage)?"),
     _takes_from),
    (re.compile(r"(?P<x>[A-Z\"][^,;:]*?) (?:is|gets|was|got) killed"), _killed),
    (re.compile(r"(?P<x>[A-Z\"][^,;:]*?) is now (?P<rest>[^,;:]+)"), _now),
    (re.compile(r"(?P<p>" + _WORD_P + r") plays (?P<land>.+?),? as (?:her|his|their) (?:land|land drop)"
                r"(?: for (?:the|this) turn)?"), _land_drop),
    (re.compile(r"(?P<p>" + _WORD_P + r")(?::\s*|\s+)(?:at\s+)?(?P<n>\d+)"), _bare_life),
    (re.compile(r"(?:[Ll]ife(?: totals?)?|[Ll]ives)\s*:\s*(?P<list>.+)"), _life_list),
    (re.compile(r"(?:[Gg]o|[Gg]oing|[Mm]ove|[Mm]oving|[Mm]oves|[Pp]roceed|[Pp]roceeding|[Oo]n|[Nn]ow) "
                r"(?:in)?to (?P<to>[A-Za-z0-9 ]+)"), _moving_to),
    (re.compile(r"(?P<p>" + _WORD_P + r") (?:swings|swing)(?: at (?P<q>" + _WORD_P + r"))? with (?P<list>.+)"),
     _swings),
    (re.compile(r"(?:[Aa]ttackers|[Aa]ttacking|[Aa]ttacks?)\s*(?::|-|—)\s*(?P<list>.+)"), _attackers_label),
    (re.compile(r"(?:[Bb]lockers|[Bb]locking|[Bb]locks?)\s*(?::|-|—)\s*(?P<rest>.+)"), _blockers_label),
    (re.compile(r"(?P<b>[A-Z\"][^,;:]*?) (?:blocks|blocks it|chump[- ]?blocks)"), _blocks_alone),
    (re.compile(r"(?P<head>" + _WORD_P + r" casts [A-Z\"][^,;:]*?) for "
                r"(?P<mana>(?:[0-9]|[WUBRGCX]|\{[0-9WUBRGCX]+\})+)"), _cast_for),
    (re.compile(r"(?P<p>" + _WORD_P + r") untaps"), _untaps),
    (re.compile(r"(?P<p>" + _WORD_P + r") blocks (?P<list>[A-Z\"][^;:]*?(?:,\s*|\s+and\s+)[^;:]+?) with "
                r"(?P<b>[A-Z\"][^,;:]*)"), _blocks_several),
    (re.compile(r"(?P<p>" + _WORD_P + r")(?:['’]s life(?: total)?)?:?\s+\d+\s*(?:->|-->|→|=>|⇒)\s*(?P<n>\d+)"
                r"(?:\s+life)?"), _life_change),
    (re.compile(r"(?P<x>[A-Z\"][^,;:]*?) assigns (?P<parts>\d+ .+ to .+)"), _split),
    (re.compile(r"(?P<p>" + _WORD_P + r") (?P<mid>(?:casts|activates) .+? targeting) "
                r"(?:himself|herself|themselves|themself)(?P<tail>(?: .*)?)"), _reflexive),
    (re.compile(r"(?P<x>[A-Z\"][^,;:]*?) (?:goes|is put|is sent|is moved) (?:in)?to (?:the|its owner's|his|her|their"
                r"|a) graveyard"), _to_graveyard),
    (_VERB, _tense),
]
