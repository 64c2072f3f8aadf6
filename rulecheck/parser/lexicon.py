"""The forgiving reader's lexicon (rulecheck/parser/clauses.py): the verbs of the transcript language's events,
each with its tenses and the words judges use for it, and the judges' abbreviations. The clause reader asks it two
things: does a clause narrate an event (a verb of the lexicon, not negated, not a belief), and what the words of a
clause are in the language's own vocabulary (`w/` → `with`, `swings` → `attacks`, `chumps` → `blocks`, `is dealt`
→ `takes`). docs/transcript-language.md, "Remarks", says how a clause without an event is read."""

from __future__ import annotations

import re
from collections.abc import Callable

from .slang import INTENT, slang_words

# canonical verb -> the words that narrate it (any tense, person, and the synonyms judges write)
VERBS: dict[str, tuple[str, ...]] = {
    "attacks": ("attack", "attacks", "attacked", "attacking", "swing", "swings", "swung", "swinging", "alpha",
                "alphas", "sends in", "send in", "sent in", "goes in", "goes to the red zone"),
    "blocks": ("block", "blocks", "blocked", "blocking", "chump", "chumps", "chumped", "chumping", "double-blocks",
               "gang-blocks", "triple-blocks"),
    "casts": ("cast", "casts", "casting", "plays a spell", "flashes in", "flashed in", "fires off", "fired off"),
    "plays": ("play", "plays", "played", "playing", "drops", "dropped", "drop"),
    "taps": ("tap", "taps", "tapped", "tapping"),
    "untaps": ("untap", "untaps", "untapped", "untapping"),
    "draws": ("draw", "draws", "drew", "drawn", "drawing"),
    "discards": ("discard", "discards", "discarded", "discarding", "pitches", "pitched", "bins", "binned"),
    "passes": ("pass", "passes", "passed", "passing", "respond", "responds", "responded", "responding",
               "response", "lets it resolve", "let it resolve"),
    "resolves": ("resolve", "resolves", "resolved", "resolving"),
    "deals": ("deal", "deals", "dealt", "dealing", "hits", "hit", "hitting", "pings", "pinged", "bolts", "shoots",
              "tramples", "trampled", "strikes", "struck",
              "is dealt", "are dealt", "takes", "take", "took", "taking", "kills", "killed",
              "kill"),
    "assigns": ("assign", "assigns", "assigned", "assigning", "splits", "split", "divides", "divided"),
    "orders": ("order", "orders", "ordered", "ordering"),
    "dies": ("die", "dies", "died", "dying", "dead", "perishes", "perished", "goes to the graveyard",
             "go to the graveyard", "is put into", "are put into", "hits the graveyard", "trades", "traded",
             "trade", "survives", "survive", "survived", "lives", "lived"),
    "sacrifices": ("sacrifice", "sacrifices", "sacrificed", "sacrificing", "sacs", "saced", "sacked"),
    "destroys": ("destroy", "destroys", "destroyed", "destroying"),
    "exiles": ("exile", "exiles", "exiled", "exiling"),
    "counters": ("counter", "counters", "countered", "countering"),
    "activates": ("activate", "activates", "activated", "activating", "uses", "used"),
    "triggers": ("trigger", "triggers", "triggered", "triggering"),
    "loses": ("lose", "loses", "lost", "losing"),
    "gains": ("gain", "gains", "gained", "gaining", "lifelinks"),
    "pays": ("pay", "pays", "paid", "paying"),
    "adds": ("add", "adds", "added", "adding", "floats", "floated"),
    "returns": ("return", "returns", "returned", "returning", "bounces", "bounced", "bounce"),
    "puts": ("put", "puts", "putting"),
    "creates": ("create", "creates", "created", "creating"),
    "searches": ("search", "searches", "searched", "searching", "fetches", "fetched", "tutors", "tutored"),
    "shuffles": ("shuffle", "shuffles", "shuffled", "shuffling"),
    "mills": ("mill", "mills", "milled", "milling"),
    "reveals": ("reveal", "reveals", "revealed", "revealing"),
    "concedes": ("concede", "concedes", "conceded", "conceding", "scoops", "scooped"),
    "mulligans": ("mulligan", "mulligans", "mulliganed", "mulls", "mulled"),
    "regenerates": ("regenerate", "regenerates", "regenerated"),
    "transforms": ("transform", "transforms", "transformed", "flips", "flipped"),
    "fights": ("fight", "fights", "fought"),
    "moves": ("moves to", "move to", "moved to", "goes to", "go to", "went to", "proceeds to", "skips",
              "skipped", "skip"),
    "removes": ("wears off", "wear off", "wore off", "worn off"),
    "declares": ("declare", "declares", "declared", "declaring"),
    "chooses": ("choose", "chooses", "chose", "chosen", "choosing"),
}

# a form of a verb in the present, third person ('casting' -> 'casts'): the forms that are the verb's own
INFLECTED = {f: verb for verb, forms in VERBS.items() for f in forms if " " not in f and f[:3] == verb[:3]}
_FORMS = sorted({f for forms in VERBS.values() for f in forms}, key=len, reverse=True)
EVENT = re.compile(r"(?<![\w'’\-])(?:" + "|".join(re.escape(f) for f in _FORMS) + r")(?![\w'’\-])", re.I)

# words that make a verb near them say that nothing happened, or that it is not a statement of the game
NEGATION = re.compile(r"(?<![\w'’])(?:doesn't|does not|don't|do not|didn't|did not|nothing|no|not|never|can't|"
                      r"cannot|couldn't|won't|without|neither|nor|none|nobody|nor)(?![\w'’])", re.I)
BELIEF = re.compile(r"(?<![\w'’])(?:thought|thinks|think|believed|believes|assumed|assumes|forgot|forgets|wanted|"
                    r"wants|hoping|hopes|hoped|would|could|should|if|whether|planning|plans|expects|"
                    r"expected|considers|considered|keeps|kept|holds back|held back|already|since|"
                    r"because|so that)(?![\w'’])", re.I)


# words that make a number in a clause a belief, not a fact the line asserts ('thought he was at 8')
SUPPOSED = re.compile(r"(?<![\w'’])(?:thought|thinks|think|believed|believes|assumed|assumes|forgot|forgets|wanted|"
                      r"wants|hoping|hopes|hoped|would|could|should|if|whether|expected|expects|supposed)(?![\w'’])",
                      re.I)


def event_words(clause: str) -> list[str]:
    """The words of `clause` that narrate an event, in order ('attacks', 'dies', 'is dealt')."""
    return [m[0].lower() for m in EVENT.finditer(clause)]


_STATE = re.compile(r"(?:is|are|was|were|stays|remains|still|now|gets|got|becomes|became|left|being|['’]s|['’]re"
                    r"|both|all|from)\s+$", re.I)
_STATE_WORDS = frozenset({"tapped", "untapped", "blocked", "attacking", "blocking", "dead"})
_NOTHING_AFTER = re.compile(r"\s+(?:nothing|no|none|not)\b", re.I)


# a verb said again ('as do Grizzly Bears'), and a negation that is itself an event: not responding is a pass
_ELLIPSIS = re.compile(r"\b(?:as|so) (?:do|does|did)\b|\b(?:does|did) too\b|\blikewise\b", re.I)
_NEGATIVE_EVENT = re.compile(r"\b(?:doesn't|does not|didn't|did not|don't|do not|won't) (?:respond|act)\b"
                             r"|\bno (?:response|responses)\b", re.I)


def narrates(clause: str) -> bool:
    """A clause that says an event happened: a verb of the lexicon that is not negated ('Nothing cast', "doesn't
    attack", 'deals nothing'), not under a belief, an intention or a restatement before it ('thought he was at
    8', 'keeps mana up', 'already dealt its damage'), and not a state ('is still blocked', 'stays tapped')."""
    if _ELLIPSIS.search(clause) or _NEGATIVE_EVENT.search(clause):
        return True
    for m in EVENT.finditer(clause):
        before = clause[:m.start()]
        near = " ".join(re.split(r"[,;:(]", before)[-1].split()[-3:])   # in the same clause only
        if NEGATION.search(near) or BELIEF.search(near) or _NOTHING_AFTER.match(clause, m.end()) \
                or INTENT.search(before.rstrip()):   # 'stays back to block': an intention
            continue
        if m[0].lower() in _STATE_WORDS and (_STATE.search(before) or not before.strip()
                                              or before.rstrip().endswith((",", "("))):
            continue
        return True
    return False


# the steps and phases by the names judges write (the forgiving reader's headings)
STEP_WORDS: dict[str, str] = {
    "untap": "untap step", "upkeep": "upkeep step", "draw": "draw step",
    "main": "main phase",
    "main 1": "precombat main phase", "main phase 1": "precombat main phase", "first main": "precombat main phase",
    "precombat main": "precombat main phase", "main 2": "postcombat main phase",
    "main phase 2": "postcombat main phase", "second main": "postcombat main phase",
    "postcombat main": "postcombat main phase", "combat": "combat phase",
    "beginning of combat": "beginning of combat step",
    "declare attackers": "declare attackers step", "declare blockers": "declare blockers step",
    "combat damage": "combat damage step",
    "first strike damage": "first combat damage step", "first strike combat damage": "first combat damage step",
    "first-strike damage": "first combat damage step", "first-strike combat damage": "first combat damage step",
    "regular combat damage": "second combat damage step", "regular damage": "second combat damage step",
    "normal combat damage": "second combat damage step", "second combat damage": "second combat damage step",
    "end of combat": "end of combat step", "end": "end step", "end of turn": "end step",
    "eot": "end step", "cleanup": "cleanup step", "damage": "combat damage step", "beginning": "beginning phase",
    "ending": "ending phase", "pre-combat main": "precombat main phase", "post-combat main": "postcombat main phase",
    "m1": "precombat main phase", "m2": "postcombat main phase",
}


_NM = r"(?:the )?[A-Z\"][\w'’\-\"]*(?: (?:of |the )?[A-Z\"][\w'’\-\"]*)*"   # a name as written

# judges' abbreviations and synonyms, written in the language's words (each certain: the same event)
WORDS: tuple[tuple[re.Pattern[str], str | Callable[[re.Match[str]], str]], ...] = (
    (re.compile(r"(?<![\w/])w/\s*"), "with "),
    (re.compile(r"(?<![\w/])w/o\s+"), "without "),
    (re.compile(r"\b1st\b"), "first"),
    (re.compile(r"\b2nd\b"), "second"),
    (re.compile(r"\b3rd\b"), "third"),
    (re.compile(r"\bdmg\b", re.I), "damage"),
    (re.compile(r"\b(?:EOT|eot)\b"), "end of turn"),
    (re.compile(r"\bthe red zone\b"), "combat"),
    (re.compile(r"\bfirst[- ]strike damage\b", re.I), "first strike damage"),
    (re.compile(r"\b(?:swings|swung|attacks|attacked|goes|went) at (?=[A-Z])"), "attacks "),
    (re.compile(r"\b(?:swings|swung|alphas|sends in|sent in)\b(?= with| at [A-Z]| [A-Z])"), "attacks"),
    (re.compile(r"\bchump(?:s|ed)?(?:[- ]?blocks?)?\b(?= with| [A-Z\"]| the [A-Z])"), "blocks"),
    (re.compile(r"\b(?:goes|go|went|is|are|was|were|remains|stays) unblocked\b"), "is unblocked"),
    (re.compile(r"\b(lives|lived|live)$"), "survives"),
    (re.compile(r"\b(?:elects|chooses|decides|opts|declines) not to (block|attack)\b"), r"doesn't \1"),
    (re.compile(r"^([A-Z][\w'’\-]*(?: [A-Z][\w'’\-]*)*) (?:still|also|then|now|just|finally|again|immediately|"
                r"quickly|simply) (?=[a-z]+s\b)"), r"\1 "),
    (re.compile(r"^[Ii]n response(?: to (?:it|that|the [a-z]+|" + _NM + r"))?,\s*"), ""),
    (re.compile(r",?\s*\bin response(?: to (?:it|that|the [a-z]+|" + _NM + r"))?(,\s*|$)"),
     lambda m: " " if m[1] else ""),
    (re.compile(r"^([A-Z][\w'’\-]*): (attack|block|cast|play|tap|untap|draw|discard|pass|sacrifice|activate)\b"),
     lambda m: f"{m[1]} {m[2]}{'es' if m[2] == 'pass' else 's'}"),
    (re.compile(r"^([A-Z][\w'’\-]*) now (?=\d+$)"), r"\1 "),
    (re.compile(r"^(\d+) (?:combat )?damage to ([A-Z][\w'’\-]*(?: [A-Z][\w'’\-]*)*) from (?:the )?([A-Z][^,;:()]*)$"),
     r"\3 deals \1 damage to \2"),
    (re.compile(r"\b(draws|drew)(?: a card)? for (?:the |her |his |their )?turn\b"), "draws a card"),
    (re.compile(r"\s+[&+]\s+"), " and "),
    (re.compile(r"^(" + _NM + r") (?:is|was|gets|got) (cast|played|tapped|untapped|sacrificed|discarded|activated|"
                r"declared as an attacker) by ([A-Z][\w'’\-]*)$"),
     lambda m: f"{m[3]} " + {"cast": "casts", "declared as an attacker": "attacks with"}.get(
         m[2], m[2].removesuffix("ed").removesuffix("d") + "s").replace("tapps", "taps").replace("untapps", "untaps")
     + f" {m[1]}"),
    (re.compile(r"\s+(?:without|with no) (?:a |any )?(?:response|responses)\b"), ""),
    (re.compile(r"^[Nn]o (?:blocks?|blockers) (?:from|by) ([A-Z][\w'’\-]*)$"), r"\1 declares no blockers"),
    (re.compile(r"^(?:Unblocked|Still unblocked|Blocked|Untapped|Tapped|Meanwhile|Afterwards|Later|Now),\s+"), ""),
    (re.compile(r"^([A-Z][\w'’\-]*) (?:declares|declared|assigns|puts|put|sends|sent) (" + _NM + r") (?:as (?:a |the "
                r"|her |his )?blocker (?:for|on)|in front of|to block) (" + _NM + r")$"), r"\1 blocks \3 with \2"),
    (re.compile(r"^([A-Z][\w'’\-]*) blocks:? (" + _NM + r") (?:on|onto|in front of) (" + _NM + r")$"),
     r"\1 blocks \3 with \2"),
    (re.compile(r"\bis done(?: for (?:the|this|her|his|their) turn)?$"), "is done"),
    (re.compile(r"^([A-Z][\w'’\-]*),? (?:responds|in response)(?: with| by)?[:,]?\s+(?=[a-z]|[A-Z][a-z]+s )"), r"\1 "),
    (re.compile(r"^(?:[Oo]nto|[Oo]n to|[Mm]oving on to|[Oo]n into|[Tt]o) (?=combat|the |[a-z]+ (?:step|phase))"),
     "Go to "),
    (re.compile(r"\b(?:connects?|connected|gets? in|got in|goes? through|went through|hits?) for (?=\d)"), "deals "),
    (re.compile(r"\b([A-Z][\w\-]*)['’]s (?:face|head|life total)\b"), r"\1"),
    (re.compile(r"\b(the|her|his|their) (?:unblocked|blocked|attacking|blocking|tapped|untapped|lone|only) (?=[A-Z])"),
     r"\1 "),
    (re.compile(r"^([A-Z][\w'’\-]*) life:? (?=\d+$)"), r"\1: "),
    (re.compile(r"\b(blocks [A-Z\"][^,;:]*?) (?:using|by means of|by)\b"), r"\1 with"),
    (re.compile(r"\b(for|adds|paying) ((?:[0-9]|[WUBRGC]){1,8})(?![\w{}/])"), lambda m: m[0] if not re.search(
        "[WUBRGC]", m[2]) else f"{m[1]} " + "".join("{" + x + "}" for x in re.findall(r"[0-9]+|[WUBRGC]", m[2]))),
    (re.compile(r"^(?:[Nn]ow|[Ss]till|[Dd]own to|[Uu]p to) (?=\d+ (?:cards? )?in (?:her |his |their )?hand$)"), ""),
    (re.compile(r"^(?:[Dd]own|[Uu]p|[Bb]ack) to (\d+|one|two|three|four|five|six|seven|eight|nine|ten)$"),
     r"\1 cards in hand"),
    (re.compile(r"^(\d+|one|two|three|four|five|six|seven|eight|nine|ten) in (her |his |their )?hand$"),
     r"\1 cards in \2hand"),
    (re.compile(r"^([A-Z][\w'’\-]*) [-–—] (?=\d+ life$)"), r"\1: "),
    (re.compile(r"^(\d+) to (?=(?:the )?[A-Z])"), r"\1 damage to "),
    (re.compile(r"^((?:[Tt]he )?[A-Z][\w'’\-]*(?: (?:of |the )?[A-Z][\w'’\-]*)*) (unblocked|untapped|tapped|blocked)$"),
     r"\1 is \2"),
    (re.compile(r"\b(?:stays|remains|stayed|remained) (?=(?:at|on) \d)"), "is "),
    (re.compile(r"\b(?:returns|returned|is returned|was returned|goes|went|is bounced|was bounced|bounces) (?:back )?"
                r"to (?:[A-Z][\w'’\-]*['’]s|her|his|their|its owner['’]s|its) hand\b"), "returns to its owner's hand"),
    (re.compile(r"\bskips? (?:attacking|the attack|attacks)\b"), "doesn't attack"),
    (re.compile(r"^([A-Z][\w\-]*)['’]s (?=(?:still|now|back|down|at|on) )"), r"\1 is "),
    (re.compile(r"\b(?:is|are|was|were|gets|got) dealt (?=\d)"), "takes "),
    (re.compile(r"\b(?:pings|pinged|shoots|shot) (?=[A-Z][\w'’\-]* for \d)"), "hits "),
    (re.compile(r"\b(?:loses|lost) (\d+)(?! life| damage)(?=$|[ ,.;)(])"), r"loses \1 life"),
    (re.compile(r"\b(?:gains|gained) (\d+)(?! life| damage)(?=$|[ ,.;)(])"), r"gains \1 life"),
    (re.compile(r"\b(?:draws|drew) (?:one|a|1)$"), "draws a card"),
    (re.compile(r"\b(?:draws|drew) (two|three|four|five|six|seven|2|3|4|5|6|7)$"), r"draws \1 cards"),
    (re.compile(r"\b(?:his|her|their) (?:own )?(?:last|remaining|only|untapped|first|second|third) (?=[A-Z])"), ""),
    (re.compile(r"\b(?:the|a|an) (?:last|remaining|only|untapped) (?=[A-Z])"), ""),
    (re.compile(r"\buntaps (?:all )?(?:of )?(?:her|his|their) (?:lands|stuff|cards|things|board)\b"), "untaps"),
    (re.compile(r"\buntaps (?:everything|all)$"), "untaps"),
    (re.compile(r"\bpasses priority (?:over )?(?:to|back to) [A-Z][\w'’\-]*"), "passes"),
    (re.compile(r"\bpasses priority\b"), "passes"),
    (re.compile(r"(?<=[A-Za-z])(?:['’]s?)? (?:trigger|triggered ability|activated ability|ability)\b(?!s)"),
     " ability"),
    (re.compile(r"\bability (?:goes|is put|went|was put) on(?:to)? the stack\b"), "ability triggers"),
    (re.compile(r"^(.+?\bability) (triggers|is activated) and (?:it )?resolves$"), r"\1 \2; \1 resolves"),
)


# the words of the language's structure: a clause with one of them that can't be read is not a remark (a step
# heading written wrong, a life total, a priority pass), whatever its verb
STRUCTURE = re.compile(r"\b(?:steps?|phases?|upkeep|main|(?<!from )(?<!in )combat|cleanup|priority|end of"
                       r"|beginning of|(?<!last )(?<!this )(?<!next )(?<!same )(?<!previous )turn|life|mana pool"
                       r"|begins?|ends|stack|graveyards?|battlefield|library|exile)\b", re.I)


def misspelt_verb(clause: str) -> bool:
    """A word of five letters or more one letter away from a verb of the lexicon (a letter left out, added,
    changed or two swapped), that is no verb itself: 'atacks', 'resovles'."""
    for word in re.findall(r"(?<![\w'’\-])[a-z]{5,}(?![\w'’\-])", clause):
        if EVENT.fullmatch(word) or word in _NOT_VERBS:
            continue
        if any(_one_away(word, f) for f in _SINGLE_FORMS if abs(len(f) - len(word)) <= 1):
            return True
    return False


_SINGLE_FORMS = [f for f in _FORMS if " " not in f and len(f) >= 4]
_NOT_VERBS = frozenset({"costs", "black", "blacks", "clock", "dwelt", "drags", "masses", "lasts", "place",
                        "plans", "palys", "flock", "stack", "untapping", "passed", "drawn", "tapper", "blocker",
                        "attacker", "player", "players", "plays", "tapped", "dealer", "lives", "later", "posts",
                        "livid", "lover", "ladder", "water", "shuffler", "reveal", "gains", "loser"})


def _one_away(a: str, b: str) -> bool:
    if a == b:
        return False
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        return len(diff) == 1 or (len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]]
                                  and a[diff[1]] == b[diff[0]])
    short, long_ = (a, b) if len(a) < len(b) else (b, a)
    return any(long_[:i] + long_[i + 1:] == short for i in range(len(long_)))


def in_language_words(clause: str) -> str:
    """The clause in the language's vocabulary (slang.SLANG, then WORDS), the rest of its words as written."""
    clause = slang_words(clause)
    for pattern, repl in WORDS:
        clause = pattern.sub(repl, clause)
    return clause
