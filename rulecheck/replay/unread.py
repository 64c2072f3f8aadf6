"""What the replay can't read, it doesn't judge: a finding that a card's unread text could explain is a note.

Card text the reader (`rulecheck.cards.oracle`) doesn't understand is kept as quoted text. Such text may allow what
the replay is about to flag ("Untap each creature you control with a +1/+1 counter on it during each other player's
untap step."). The rule of "could explain" is narrow and explicit: a finding is turned into a note only when (1) its
rule is reached by one of the families below (a rule may be reached by several), (2) the unread text of a permanent
on the battlefield (not phased out; an activated ability's or a trigger's text counts only once it resolves, except
a draw-step trigger the replay doesn't owe, whose draw a judge may write with the turn's draw (504.1); a lord's text
when some creature's types aren't known), or of a spell or ability (a trigger's effect included) that resolved this
turn with its effect not narrated on its line (an effect narrated there is the whole effect), has one of that
family's words, and (3) the game doesn't say these abilities are unknown anyway (`abilities: unknown` has its own,
wider policy). Any other finding stays a violation, however much unread text is around. Documented in
docs/transcript-language.md ("Unread card text"); costs nothing until something is flagged. (What unread text may do
to power, toughness, first strike and life totals is in `rulecheck.game.unknown_pt`: those are unknown, not noted.)
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from .. import nodes as n
from ..cards.oracle import is_activated
from ..game.combat import KEYWORD_TRIGGERS, trigger_kind
from ..game.game import Game
from ..game.hooks import ATTACK_CONDITIONS, triggers_on_attacking_alone
from ..game.layers import covers
from ..game.objects import Permanent, pt_of_itself
from ..game.steps import trigger_condition, trigger_step
from ..game.unknown_pt import own_pump

# (words of unread text, the findings they reach (baseline keys), what the text may allow, in words)
_STEP_ORDER = frozenset({"500.1", "500.7", "500.8", "500.9", "500.10", "501.1", "505.1", "506.1", "512.1",
                         "508.6", "506.1a"})
# a permission explains a move made that a restriction forbids; a restriction explains a requirement not obeyed
_STOPS = r"can't|only|unless"
# what makes a creature tapped or keeps it so: a requirement it could not obey (508.1d, 509.1c)
_TAPS = r"\b(?:un)?tap(?:s|ped)?\b|\benters?(?: the battlefield)? tapped"
# an untap outside the untap step (Vitalize, "Whenever this attacks, untap it"), or vigilance given: a creature
# the replay has tapped may be untapped (an untap "during … untap step" is the untap family's)
_UNTAPS_NOW = r"\buntap\b(?! step)(?![^.]*\buntap step)|\bvigilance\b"
# what changes a creature's power or toughness, or how it assigns combat damage (anthems, "-1/-1", Doran's
# "toughness rather than its power", Thorn Elemental's "as though it weren't blocked", trample or deathtouch given)
_PT = r"[+\-\u2212]?(?:\d+|x)/[+\-\u2212]?(?:\d+|x)|\bpower\b|\btoughness\b|^(?:prowess|training|dethrone|mentor)$"
# "combat damage" only in a sentence about assigning it (Butcher Orgg's "assign … combat damage divided as you choose",
# "assigns no combat damage"): prevention ("Prevent all combat damage …", Holy Day) changes what is dealt, not what
# is assigned (510.1c: lethal damage is checked without effects that change the damage actually dealt)
_FIGHT = (rf"{_PT}|\bassign[^.]*\bcombat damage\b|\bcombat damage\b[^.]*\bassign|\btrample\b|\bdeathtouch\b|"
          r"\bas though (?:it|they) (?:weren't|wasn't|were not) blocked")
# what a blocker's evasion check reads that unread text may change: flying or reach given or lost, an ability
# lost, a colour, a card type or a land type changed (fear, intimidate, protection, landwalk, "except by Walls")
_EVASION = (r"\b(?:has|have|gains?)\b[^.]*\b(?:flying|reach)\b|"
            r"\blos(?:e|es|t)\b[^.]*\b(?:flying|fear|intimidate|shadow|horsemanship|menace|protection|\w+walk|"
            r"abilities)\b|"
            r"\b(?:is|are|becomes?|become)\b[^.]*\b(?:white|blue|black|red|green|colorless|colors?|artifacts?|"
            r"walls?|plains|islands?|swamps?|mountains?|forests?|types?)\b")


def _permitted(verb: str) -> str:
    """A permission to attack or block: "can block creatures with shadow as though …", "may attack as though it
    didn't have defender", "attacks as though …"; not 'as though' about damage (Siege Behemoth's "as long as it is
    attacking, … assign its combat damage as though it weren't blocked")."""
    return rf"\b(?:can|could|may) {verb}|\b{verb}s? as though"


def _taxed(verb: str) -> str:
    """A cost to attack or block the reader doesn't follow: "Creatures can't attack you … unless their controller pays
    {X} for each …" (Sphere of Safety), War Cadence's "… can't block unless their controller pays {X} …"."""
    return rf"\b{verb}[^.]*\b(?:pays?|costs?)\b|\b(?:pays?|costs?)\b[^.]*\b{verb}"


@lru_cache(maxsize=1)
def reach() -> tuple[tuple[re.Pattern[str], frozenset[str], str], ...]:
    """The families, compiled the first time a finding asks (most checks flag nothing that unread text is near).
    A rule may be reached by several families: the first whose words the text has names what it may allow."""
    return (
        (re.compile(r"\buntap"), frozenset({"502.2", "703.4b"}), "this untap"),
        (re.compile(r"\bphas(?:e|es|ed|ing)\b"), frozenset({"502.1", "703.4a"}), "this phasing"),
        (re.compile(rf"{_permitted('attack')}|\bhaste\b|(?<!with )\bdefender\b"), frozenset({"508.1a", "508.1c"}),
         "this attack"),   # ("creatures with defender" only qualifies: what they are given is another family's)
        (re.compile(_UNTAPS_NOW), frozenset({"508.1a", "509.1a"}), "this creature to be untapped"),
        (re.compile(r"\b(?:is|are|becomes?)\b[^.]*\b(?:plains|islands?|swamps?|mountains?|forests?)\b"),
         frozenset({"508.1c"}), "this attack"),   # a land type changed ("Enchanted land is an Island")
        (re.compile(rf"\b(?:{_STOPS})\b[^.]*\battack|{_TAPS}"), frozenset({"508.1d"}), "these attackers"),
        (re.compile(_permitted("block")), frozenset({"509.1a", "509.1b"}),
         "this block"),
        (re.compile(_EVASION), frozenset({"509.1b"}), "this block"),
        (re.compile(rf"\b(?:{_STOPS})\b[^.]*\bblock|{_TAPS}"), frozenset({"509.1c"}), "these blockers"),
        (re.compile(_taxed("attack")), frozenset({"508.1g", "508.1i"}), "this attack's cost"),
        (re.compile(_taxed("block")), frozenset({"509.1d", "509.1f"}), "this block's cost"),
        (re.compile(r"\bend the (?:turn|combat)|\bextra turn|\badditional (?:\w+ )?(?:combat|phase|step)|\bskip"),
         _STEP_ORDER, "the turn to go this way"),
        (re.compile(r"\b(?:first|double) strike\b"), frozenset({"506.1", "510.5"}), "this combat damage step"),
        (re.compile(_FIGHT), frozenset({"510.1a", "510.1b", "510.1c", "510.1d"}), "this combat damage"),
        (re.compile(_PT), frozenset({"506.1"}), "this creature's power"),   # a damage step left out
        (re.compile(r"\bhaste\b|\bas though|\buntapped (?:\w+ )?creatures?\b|\bconvoke\b"), frozenset({"302.6"}),
         "this {T} ability"),
        (re.compile(r"\bdraws?\b"), frozenset({"504.1"}), "this draw"),
        (re.compile(r"\bflash\b|as though (?:it|they) had flash|any time you could cast an instant"),
         frozenset({"505.5a"}), "this cast at this time"),
        (re.compile(r"\badditional lands?\b|\bnumber of lands\b|\bplay\b[^.]*\blands?\b"), frozenset({"505.5b"}),
         "this land play"),
        (re.compile(r"\bunspent mana\b|\bmana\b[^.]*\b(?:empt|lose|lost)|\b(?:lose|empty)\b[^.]*\bmana\b"),
         frozenset({"500.4", "703.4p"}), "this mana to stay in the pool"),
        (re.compile(r"\bbecomes?\b[^.]*\bcreature|\b(?:is|are) (?:also )?(?:an? )?(?:[\w/-]+ ){0,3}creatures?\b|"
                    r"\bcrew\b"),
         frozenset({"506.3"}), "this permanent to be a creature"),
    )


def family(key: str) -> tuple[tuple[re.Pattern[str], str], ...]:
    """The families that reach this finding's rule: their words and what they may allow; () when no unread text
    explains it. A rule may be reached by several (a tapped attacker: a permission to attack, or an untap)."""
    return _families(key)


@lru_cache(maxsize=64)
def _families(key: str) -> tuple[tuple[re.Pattern[str], str], ...]:
    return tuple((words, allows) for words, keys, allows in reach() if key in keys)


_KEEPS_TAPPED = r"\b(?:doesn't|don't|not to|not) untap"   # compiled (by `re`, once) when an untap asks


def explaining_source(g: Game, key: str, resolved: Iterable[tuple[int, str, str, int]],
                      stmt: n.Statement | None = None) -> tuple[str, str] | None:
    """(source, what its text may allow) for the first permanent on the battlefield, or spell or ability resolved
    this turn, whose unread text has words that reach the finding `key`; None when nothing could explain it. An
    untap is explained only by the text of a permanent of the untapping player's, and a permanent kept tapped in
    its controller's untap step only by text that keeps something tapped."""
    found = family(key)
    if not found or g.abilities_unknown:
        return None
    untap = isinstance(stmt, (n.Untap, n.UntapAll))
    who = stmt.player.text if isinstance(stmt, (n.Untap, n.UntapAll)) else None
    since = g.turn   # resolved text counts in the turn it resolved ...
    if untap and isinstance(stmt, n.UntapAll) and stmt.except_ and who == g.active:
        found = ((re.compile(_KEEPS_TAPPED), "this permanent to stay tapped"),)
        since = 0    # ... but "don't untap during … next untap step" (Frost Breath) is about a later turn
    elif untap:
        found = tuple((words, f"{who} to untap here") for words, _ in found)

    def allowed(text: str) -> str | None:
        lower = text.lower()
        return next((allows for words, allows in found if words.search(lower)), None)

    for p in g.battlefield.values():
        if (who is not None and p.controller != who) or p.phased_out:
            continue
        for a in p.abilities():
            if a.kind == "text" and _elsewhere(g, p, a.text, stmt):
                continue
            if (a.kind == "text" and not is_activated(a.text) or a.kind == "group" and _uncertain(g, p, a.text)
                    or key == "504.1" and a.kind == "trigger" and "draw step" in a.text.lower()
                    and all(t.source != p.name for t in g.pending) and not _owed_draw(g, p)) \
                    and (allows := allowed(a.text)) is not None:   # a draw-step trigger's draw told with the turn's
                return p.name, allows
    told = _told_tapped(g, key, stmt)   # the transcript said these creatures were tapped after: an untap before is told
    before = tuple((words, allows) for words, allows in found if words.pattern != _UNTAPS_NOW) if told else found
    for turn, source, text, line in resolved:
        if _beside(g, key, stmt, source, text):
            continue
        if since <= turn <= g.turn and (allows := allowed(text) if line > told else
                                        next((a for w, a in before if w.search(text.lower())), None)) is not None:
            return source, allows
    return None


def _beside(g: Game, key: str, stmt: n.Statement | None, source: str, text: str) -> bool:
    """A resolved pump of its own source and nothing else (Gang of Elk's "it gets +2/+2 … for each creature blocking
    it") explains no damage assignment order (510.1c-d weigh what each recipient is dealt against its toughness)
    when its source is not one of the recipients."""
    if key not in ("510.1c", "510.1d") or not isinstance(stmt, n.AssignDamage) or \
            re.search(r"\btrample\b|\bdeathtouch\b|\bassign|\bas though\b|\bdamage\b", text.lower()):
        return False
    return source not in {x.recipient.text for x in stmt.assignments} and own_pump(g, source, text)


def _elsewhere(g: Game, p: Permanent, text: str, stmt: n.Statement | None) -> bool:
    """Text that changes only p's own power and toughness (Kird Ape's "… gets +1/+2 as long as …"; pt_of_itself)
    explains nothing about a combat damage assignment p has no part in (not the creature assigning, nor one it
    may assign to: a recipient, a creature blocking it or blocked by it)."""
    if not isinstance(stmt, n.AssignDamage) or not p.card.self_pt or not pt_of_itself(text, p.card.name):
        return False
    src = g.find_perm_quietly(stmt.creature)
    near = {stmt.creature.text, *(x.recipient.text for x in stmt.assignments)}
    return src is not None and p is not src and p.pid not in (*src.blockers, *src.blocking) and p.name not in near


def _owed_draw(g: Game, p: Permanent) -> bool:
    """Whether p's draw-step trigger was owed as this draw step began (its condition read, without an "if" the
    reader doesn't follow): then the replay counts its draw, and its text explains nothing more."""
    return g.step == "draw step" and any(a.kind == "trigger" and "draw step" in a.text.lower() and ", if " not in
                                         a.text.lower() for a in p.abilities())


def _told_tapped(g: Game, key: str, stmt: n.Statement | None) -> int:
    """The earliest line on which the transcript said that the creatures an attack or block declares were tapped
    (`Brass Man is tapped` after its upkeep trigger resolved unread): unread text resolved before that line untapped
    none of them; 0 when one of them wasn't told so."""
    named = stmt.attackers if key == "508.1a" and isinstance(stmt, n.DeclareAttackers) else \
        stmt.blockers if key == "509.1a" and isinstance(stmt, n.DeclareBlockers) else ()
    lines = [p.told_tapped if p is not None else 0 for p in (g.find_perm_quietly(ref) for ref in named)]
    return min(lines) if lines else 0


def _uncertain(g: Game, q: Permanent, text: str) -> bool:
    """A group static of q that may or may not apply to some creature (its types or colours aren't known): its
    text explains what it could allow, as unread text does."""
    return any(covers(q, p, text) is None for p in g.battlefield.values())


def may_have_stayed_tapped(g: Game, resolved: Iterable[tuple[int, str, str, int]], p: Permanent) -> bool:
    """Whether unread text may have kept p tapped in its controller's untap step this turn, which the replay untapped:
    text that keeps something tapped ("doesn't untap", "don't untap during … next untap step") on a permanent on the
    battlefield, or of a spell or ability resolved since the controller's previous turn (Frost Breath)."""
    if g.abilities_unknown or p.controller != g.active:
        return False
    words = re.compile(_KEEPS_TAPPED)
    if any(a.kind == "text" and words.search(a.text.lower()) for q in g.battlefield.values() if not q.phased_out
           for a in q.abilities()):
        return True
    return any(words.search(text.lower()) for _turn, _source, text, _line in resolved)


# what unread text may have changed that an assertion states: a hand (a draw replaced or added, a discard), a life
# total (life gained or lost by a trigger not narrated, "Whenever another creature enters, you gain 1 life"), a
# permanent tapped or untapped ("Creatures your opponents control enter the battlefield tapped."), its counters and
# the power and toughness they give (Ajani's Pridemate: "Whenever you gain life, you may put a +1/+1 counter on …")
_ASSERTED = {"hand": r"\bdraws?\b|\bdiscards?\b|\bhand\b", "life": r"\blife\b|\bdamage\b|\blifelink\b",
             "tapped": r"\btap(?:s|ped)?\b|\buntap", "untapped": r"\buntap|\bvigilance\b", "counters": r"\bcounters?\b",
             "pt": r"[+\-\u2212]1/[+\-\u2212]1 counters?\b"}


def explains_assertion(g: Game, resolved: Iterable[tuple[int, str, str, int]], what: str) -> bool:
    """Whether unread text may have made the state an assertion gives (`Alice has 4 cards in hand`, `Bob has 21
    life`, `Grizzly Bears is tapped`): the text of a permanent on the battlefield (a triggered ability's too, whose
    resolution a judge may leave out; an activated one's once it resolves) or of a spell or ability resolved this
    turn has that state's words. Then the assertion is taken as told."""
    if what not in _ASSERTED or g.abilities_unknown:
        return False
    words = re.compile(_ASSERTED[what])
    if any(a.kind in ("text", "trigger") and not is_activated(a.text) and words.search(a.text.lower())
           for p in g.battlefield.values() if not p.phased_out for a in p.abilities()):
        return True
    return any(turn == g.turn and words.search(text.lower()) for turn, _source, text, _line in resolved)


# unread text that may be a triggered ability of its own: "When …", "Whenever …", "At …" (after an ability word's
# dash too: "Battalion — Whenever …"), a delayed trigger set up by an effect (". At the beginning of the next end
# step, …"), or a triggered keyword the reader keeps as text ("Mentor", "Training", "Ward {2}", "Evolve")
_OWN_TRIGGER = r"^(?:[\w' -]+ \u2014 )?(?:when|whenever|at)\b|[.;] (?:when|whenever|at the beginning)\b|" \
               r"^(?:mentor|training|prowess|dethrone|evolve|extort|ward|cascade|backup|exploit|fabricate|renown|" \
               r"afterlife|modular|graft|soulbond|squad|casualty|toxic|poisonous|ingest|mobilize|riot|bloodthirst|" \
               r"enlist|outlast|bolster|support|amplify|living weapon|for mirrodin!|decayed|job select)\b"


def own_trigger(p: Permanent) -> tuple[str, str] | None:
    """(p, what its text may allow) when p has an ability the trigger checks don't follow that may be what a
    narrated trigger of p is: unread text with trigger words or a triggered keyword kept as text, or a read trigger
    of an event the replay doesn't watch ("Whenever you cast a noncreature spell", "When this dies"); None
    otherwise. (A read trigger's effect, the text after it, is that trigger's.) A finding that p's ability doesn't
    trigger now is then a note."""
    words = re.compile(_OWN_TRIGGER)
    after_trigger = False
    for a in p.abilities():
        text = a.text.lower()
        if a.kind == "text" and not after_trigger and not is_activated(a.text) and words.search(text) or \
                a.kind == "trigger" and not watched_trigger(text):
            return p.name, "another of its triggered abilities to trigger here"
        after_trigger = a.kind == "trigger"
    return None


def watched_trigger(text: str) -> bool:
    """Whether the replay follows the event of this read trigger (lower case): the beginning of a step, a combat
    event of its own creature, another creature's attack (508.3a-d), attacking alone."""
    condition = trigger_condition(text)
    return trigger_step(text) is not None or trigger_kind(text) is not None or condition in KEYWORD_TRIGGERS \
        or condition in ATTACK_CONDITIONS or triggers_on_attacking_alone(text)
