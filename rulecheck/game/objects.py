"""The objects of a game: card definitions, players, permanents, continuous effects, the stack, triggers."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import field
from typing import TYPE_CHECKING

from ..nodes import Ability
from ..records import record
from .zones import PlayerZones

if TYPE_CHECKING:
    from ..cards.facts import CardFacts
    from ..cards.library import CardLibrary

# words of a resolving ability's text that change the turn (replay/cardtext.py reads them): a card without them
# costs nothing at resolution
_TURN_WORDS = re.compile(r"next end step|next upkeep|next cleanup|end of combat|end of turn|counter on it|"
                         r"additional combat phase|\b(?:un)?tap (?:all|target|another target)\b|can't block this turn|"
                         r"able to block target creature this turn")


# unread text that may change creatures' power or toughness while it is on the battlefield (an anthem's "+1/+1",
# "-1/-1", "base power and toughness", "toughness rather than its power", "are 1/1"; not counters, which the replay
# counts); an activated ability's text only as it resolves
PT_WORDS = re.compile(r"[+\-\u2212](?:\d+|x)/[+\-\u2212](?:\d+|x)(?! counter)|\bbase power\b|"
                       r"\bpower and toughness (?:are|is) each\b|\btoughness rather than\b|"
                       r"\b(?:is|are)(?: each)? (?:an? )?\d+/\d+\b|"
                       r"^(?:prowess|training|dethrone|mentor)$")   # unread keywords whose triggers pump
# unread text that changes only the power and toughness of the creature that has it: Kird Ape's "Kird Ape gets +1/+2
# as long as you control a Forest.", "This creature gets +1/+1 for each …", prowess and its kin
_ITSELF = re.compile(r"^(?:(?:as long as|if|during) [^,]+, )?(?:this creature|this|~|cardname|{name})(?: gets\b|'s "
                     r"power\b| has base power\b)|^(?:prowess|training|dethrone)$|"
                     # a trigger of its own whose effect pumps it ("Whenever Gang of Elk becomes blocked, it gets +2/+2
                     # until end of turn for each creature blocking it."; rampage, bushido written out): no other
                     # creature, target or player in the condition that "it" could name
                     r"^(?:when|whenever) (?:this creature|this|~|cardname|{name})\b(?:(?!creature|target|player)"
                     r"[^,])+, (?:it|this creature|this|~|cardname|{name}) gets\b")


def pt_of_itself(text: str, name: str) -> bool:
    """Whether every sentence of the text with power and toughness words is about the creature that has it."""
    pattern = re.compile(_ITSELF.pattern.replace("{name}", re.escape(name.lower())))
    sentences = [x for x in re.split(r"(?<=\.)\s+", text.lower()) if PT_WORDS.search(x)]
    return bool(sentences) and all(pattern.match(x) for x in sentences)


# unread text that may change what damage does to life totals: lifelink given, prevention, replacement ("would deal",
# "double that damage"), infect or wither given; while it is on the battlefield, life after damage is taken as the
# transcript says it
DAMAGE_WORDS = re.compile(r"\blifelink\b|\bprevent\b|\bwould (?:deal|be dealt)\b|\bthat much damage\b|"
                          r"\bdouble that damage\b|\binfect\b|\bwither\b|\bindestructible\b|\bregenerate\b")
# … of which what may change the damage a permanent is dealt, or whether it destroys it: prevention, replacement,
# infect or wither given, indestructible given, a regeneration shield
PREVENTS_WORDS = re.compile(r"\bprevent\b|\bwould (?:deal|be dealt)\b|\bthat much damage\b|\bdouble that damage\b|"
                            r"\binfect\b|\bwither\b|\bindestructible\b|\bregenerate\b")
# unread text that may give first or double strike: whether a first combat damage step is the first-strike one
STRIKE_WORDS = re.compile(r"\b(?:first|double) strike\b")
_ACTIVATED_COST = re.compile(r"^(?:[^.:]*\{[^}]*\}[^.:]*|sacrifice [^.:]+|pay [^.:]+|discard [^.:]+|tap [^.:]+|"
                             r"[+\-\u2212]?\d+):")


@record(slots=True)
class Card:
    name: str
    types: tuple[str, ...]
    power: int | None = None
    toughness: int | None = None
    loyalty: int | None = None
    abilities: tuple[Ability, ...] = ()
    line: int = 0
    mana_cost: str | None = None
    origin: str = ""      # where the facts came from when not from the transcript: a card database
    subtypes: tuple[str, ...] = ()    # lower case, when known (a card database gives them: goblin, forest, ...)
    pt_by_ability: bool = False       # power or toughness is `*` (604.3): defined by an ability the game can't compute
    texts: frozenset[str] = field(init=False, repr=False, compare=False)   # the abilities' texts, for lookups
    about_hand_size: bool = field(init=False, repr=False, compare=False)   # an ability speaks of hand size (402.2)
    reads_text: bool = field(init=False, repr=False, compare=False)   # its text may change the turn as it resolves
    unread: bool = field(init=False, repr=False, compare=False)       # it has text the reader didn't understand
    pt_text: bool = field(init=False, repr=False, compare=False)      # its unread text may change power/toughness
    damage_text: bool = field(init=False, repr=False, compare=False)  # … or what damage does to a life total
    enters_tapped: bool = field(init=False, repr=False, compare=False)   # "enters the battlefield tapped"
    strike_text: bool = field(init=False, repr=False, compare=False)    # unread text about first/double strike
    self_pt: bool = field(init=False, repr=False, compare=False)   # unread text that changes only its own P/T
    attacks_if_yours: bool = field(init=False, repr=False, compare=False)   # "can't attack unless you control a …"
    attacks_beside: bool = field(init=False, repr=False, compare=False)   # "… unless a black creature also attacks"

    def __post_init__(self) -> None:
        self.texts = frozenset(a.text for a in self.abilities)
        self.about_hand_size = any("hand size" in t.lower() for t in self.texts)
        self.enters_tapped = "enters the battlefield tapped" in self.texts   # (cards/oracle.py: ENTERS_TAPPED)
        self.attacks_if_yours = any(t.startswith("can't attack unless you control ") for t in self.texts)
        self.attacks_beside = any(t.endswith(" creature also attacks") for t in self.texts)
        self.unread = any(a.kind == "text" for a in self.abilities)
        self.damage_text = self.unread and any(a.kind == "text" and DAMAGE_WORDS.search(a.text.lower()) is not None
                                               and _ACTIVATED_COST.match(a.text.lower()) is None
                                               for a in self.abilities)
        self.strike_text = self.unread and any(a.kind == "text" and STRIKE_WORDS.search(a.text.lower()) is not None
                                               for a in self.abilities)
        pt = [a.text for a in self.abilities if a.kind == "text" and PT_WORDS.search(a.text.lower()) is not None
              and _ACTIVATED_COST.match(a.text.lower()) is None] if self.unread else []
        self.self_pt = any(pt_of_itself(t, self.name) for t in pt)
        self.pt_text = any(not pt_of_itself(t, self.name) for t in pt)
        self.reads_text = any(a.kind == "resolution" or (a.kind in ("text", "trigger") and
                                                         _TURN_WORDS.search(a.text.lower()) is not None)
                              for a in self.abilities)
        if any(a.kind == "cda" for a in self.abilities):   # `card Tarmogoyf: creature */1+*` in a transcript
            self.pt_by_ability = True

    def is_(self, card_type: str) -> bool:
        return card_type in self.types


class CardBook(dict[str, Card]):
    """The game's cards by name: the ones the transcript defines, then the ones the card layer has (a card
    database, `rulecheck.cards`), kept once found; a definition in the transcript wins.

    A dict of the cards defined or looked up so far; `find` also looks in the library. Iterating gives only
    the cards known so far (never the whole database)."""

    def __init__(self) -> None:
        super().__init__()
        self.library: CardLibrary | None = None
        self.facts: dict[str, CardFacts] = {}      # name -> the database facts a card was made from
        self.has_sagas = False

    def __setitem__(self, name: str, card: Card) -> None:
        super().__setitem__(name, card)
        self.has_sagas = self.has_sagas or card.is_("saga")   # Sagas get lore counters (714.3b): none, no work

    def _load(self, name: str) -> Card | None:
        if self.library is None or not name:
            return None
        facts = self.library.lookup(name)
        if facts is None:
            return None
        from ..cards.definition import definition, subtypes_of  # only a check with a database needs it
        d = definition(facts, name, 0)
        card = Card(name, d.types, d.power, d.toughness, d.loyalty, d.abilities, 0, d.mana_cost,
                    origin=f"{facts.source} ({self.library.info.format})", subtypes=subtypes_of(facts),
                    pt_by_ability=d.power is None and facts.power is not None or d.toughness is None
                    and facts.toughness is not None)
        self[name] = card
        self.facts[name] = facts
        return card

    def find(self, name: str) -> Card | None:
        """The card of this name: defined, or looked up before, or found in the library now."""
        found = super().get(name)
        return found if found is not None else self._load(name)

    def defined(self, name: str) -> Card | None:
        """The card the transcript itself defined under this name (not one from the library)."""
        card = super().get(name)
        return card if card is not None and not card.origin else None

    def define(self, card: Card) -> None:
        """A definition from the transcript (or its card files): it replaces what the library gave."""
        self.facts.pop(card.name, None)
        self[card.name] = card

    def candidates(self, name: str, permanents: Iterable[Permanent] = ()) -> list[str]:
        """Names to suggest instead of an unknown one: the permanents', the known cards', the library's nearest."""
        out = [*(p.name for p in permanents), *self]
        if self.library is not None:
            out += self.library.suggest(name)
        return out


@record(slots=True)
class PlayerState:
    name: str
    _life: int = 20                      # `life`: setting it to 0 or less tells the table (704.5a)
    hand: int | None = None
    hand_cards: list[str] = field(default_factory=list)
    max_hand: int = 7
    max_hand_stated: bool = False      # the setup gave it: the effects of the permanents set up are in it
    pool: list[str] = field(default_factory=list)
    lost_mana: list[str] = field(default_factory=list)
    # mana that emptied from the pool as a step or phase ended (the last one that emptied any), kept until mana is
    # added to the pool again: a payment the pool can't make may have been narrated with it (500.4)
    emptied_mana: list[str] = field(default_factory=list)
    land_played: tuple[str, int] | None = None
    scheme: str | None = None
    team: tuple[str, ...] = ()         # in a team game: the players of this player's team, this player included
    zones: PlayerZones = field(default_factory=PlayerZones)   # library, graveyard, exile, command (400-408)
    counters: dict[str, int] = field(default_factory=dict)   # poison, energy, experience, ... (current 122.1)
    known_counters: set[str] = field(default_factory=set)   # kinds whose count the setup gave (others: at least)
    left: str = ""                       # how the player left the game: "" (still in it), lost, conceded (104.5)
    drew_from_empty: bool = False        # tried to draw from an empty library since the last check (704.5b)
    watch: Table | None = None           # the game's table, told when the player may have lost

    @property
    def life(self) -> int:
        return self._life

    @life.setter
    def life(self, value: int) -> None:
        self._life = value
        if value <= 0 and self.watch is not None:
            self.watch.risk(self.name)
    left_line: int = 0
    # life lifelink gained in a step not yet narrated: (the step's serial, amount); 'Alice gains 2 life' after the
    # damage says that gain happened, it is not another one (510.2, 702.15b)
    lifelink_gain: tuple[int, int] = (-1, 0)

    def lifelink(self, serial: int, amount: int) -> None:
        """Gain life from damage a source with lifelink dealt in the step with this serial (or take it back)."""
        self.life += amount
        step, owed = self.lifelink_gain
        self.lifelink_gain = (serial, max((owed if step == serial else 0) + amount, 0))

    def claim_lifelink(self, serial: int, amount: int) -> int:
        """How much of a narrated life gain of `amount` is lifelink's gain in this step, already counted."""
        step, owed = self.lifelink_gain
        claimed = min(owed, amount) if step == serial else 0
        self.lifelink_gain = (step, owed - claimed)
        return claimed


@record(eq=False, slots=True)
class Permanent:
    pid: int
    name: str
    card: Card
    controller: str
    owner: str
    tapped: bool = False
    damage: int = 0
    counters: dict[str, int] = field(default_factory=dict)
    phased_out: bool = False
    phased_indirectly: bool = False       # phased out with what it is attached to (702.24f, current 702.26g)
    new: bool = False
    extra: list[Ability] = field(default_factory=list)
    entered_serial: int = -1
    token: bool = False
    attached_to: str | None = None
    # combat
    attacking: str | None = None          # the player or planeswalker name it attacks
    in_combat: bool = False
    attacked: bool = False                # declared as an attacker (508.4: put-onto-battlefield never "attacked")
    blocked: bool | None = None
    blockers: list[int] = field(default_factory=list)       # in damage assignment order
    blocking: list[int] = field(default_factory=list)       # in damage assignment order
    declared_blocker: bool = False
    left_combat_at_end: bool = False
    removed_from_combat: bool = False
    blocked_by_declaration: bool = False
    band: int = 0                         # attacking in a band: the band's number (0: not in a band)
    first_strike_at_step: bool = False
    entered_blocking: bool = False        # put onto the battlefield blocking (509.7): it never "blocked"
    left_line: int = 0                    # the line on which it left the battlefield
    left_serial: int = -1                 # the step in which it left the battlefield
    # characteristics as effects leave them (the game refreshes them when an effect begins or ends)
    types: tuple[str, ...] = ()
    base_controller: str = ""             # the controller without control-changing effects
    attached_pid: int | None = None       # the permanent this Aura or Equipment is attached to
    loyalty_used: bool = False            # one of its loyalty abilities was activated this turn
    regenerated_serial: int = -1          # the step in which a regeneration shield last replaced its destruction
    told_tapped: int = 0                  # the line of the last assertion that it is tapped (unread.py)
    lost: bool = False                    # it lost all abilities (613 layer 6): only abilities granted later count
    face_up_card: Card | None = None      # face down (current 708.2): its card, while `card` is the 2/2 face
    # kinds of counters (other than +N/+N) whose count the replay knows: given by the setup, or as it entered; of
    # the others it knows only those narrated since (unread text may have put more)
    known_counters: set[str] = field(default_factory=set)
    stun_replaced: tuple[int, bool] = (-1, False)   # untap step a stun counter replaced its untap, narrated (122.1d)
    annihilated: tuple[int, int] = (-1, 0)   # the step and how many +1/+1 and -1/-1 pairs left as an SBA (704.5r)

    def abilities(self) -> list[Ability]:
        return list(self.card.abilities) + self.extra

    def has(self, text: str) -> bool:
        """Whether the permanent was printed (or set up) with this ability, and hasn't lost it; effects are the
        game's business."""
        return not self.lost and (text in self.card.texts or (bool(self.extra) and any(a.text == text
                                                                                        for a in self.extra)))

    def is_creature(self) -> bool:
        return "creature" in self.types

    def pt_unknown(self, effects: list[Effect]) -> bool:
        """Its power and toughness come from an ability the game can't compute (`*/*`) and no effect sets them."""
        return self.card.pt_by_ability and not any(e.target == self.pid and e.set_pt for e in effects)

    def is_(self, card_type: str) -> bool:
        """Whether it has this type (or colour, or supertype) now, effects applied."""
        return card_type in self.types


@record(eq=False, slots=True)
class Effect:
    """A continuous effect on one permanent. Effects apply in the order they began (their timestamps): the game
    keeps them in that order."""

    target: int                  # permanent id
    power: int = 0
    toughness: int = 0
    ability: Ability | None = None
    duration: str = "end_of_turn"          # end_of_turn, end_of_combat, this_turn, while (condition), always
    line: int = 0
    label: str = ""
    set_pt: tuple[int, int] | None = None  # its power and toughness become these ("becomes a 2/2 ...")
    add_types: tuple[str, ...] = ()        # types (and colours) it gains
    controller: str | None = None          # who controls it
    shield: bool = False                   # a regeneration shield
    prevent: int = 0                       # a prevention shield: how much of the next damage it still prevents
    # "for as long as": (kind, permanent id, other permanent id or player); kinds: on_battlefield, controls,
    # attached, paired
    condition: tuple[str, int, int | str | None] | None = None
    lose_all: bool = False                 # it loses all abilities (those granted by later effects stay)



@record(slots=True)
class StackItem:
    kind: str                    # spell or ability
    source: str
    controller: str
    card: Card | None
    line: int
    trigger: str | None = None
    targets: tuple[str, ...] = ()         # what it targets, by name (an Aura spell enters attached to the first)
    triggered: bool = False               # a triggered ability (its controller orders those put on together)
    origin: str = "hand"                  # a spell: the zone it was cast from
    via: str = ""                         # a spell cast from a zone: what allowed it (rebound, suspend, flashback, ...)
    face_down: bool = False               # a face-down spell: it resolves into a face-down permanent


@record(slots=True)
class PendingTrigger:
    """A triggered ability waiting to be put on the stack before anyone gets priority."""

    source: str
    text: str
    step: str
    controller: str
    rule: str | None = None       # cited when it is missed; by default the step's trigger rule
    when: str | None = None       # what triggered it, in words; by default "as the <step> began"
    created: int = -1             # a delayed trigger made by a resolution: the step serial it was made in


@record(frozen=True, slots=True)
class PlanEntry:
    """A step still to come this turn, and whether an effect added it (extra_step, extra_phase) or not (normal).
    Frozen: the plans of every turn share the entries of a normal turn (`NORMAL_PLAN`)."""

    step: str
    origin: str = "normal"


class ExtraTurns:
    """Extra turns still to come, the most recently created first; each operation is O(1) amortised, so a game
    with tens of thousands of them replays in linear time."""

    __slots__ = ("_owners", "_alive", "_by_player")

    def __init__(self) -> None:
        self._owners: list[str] = []          # in the order created
        self._alive: list[bool] = []
        self._by_player: dict[str, list[int]] = {}

    def push(self, player: str) -> None:
        self._by_player.setdefault(player, []).append(len(self._owners))
        self._owners.append(player)
        self._alive.append(True)

    def _trim(self) -> None:
        while self._alive and not self._alive[-1]:
            self._alive.pop()
            self._owners.pop()

    def next(self) -> str | None:
        """Whose extra turn comes next (the most recently created), or None."""
        self._trim()
        return self._owners[-1] if self._owners else None

    def pop(self) -> None:
        self._trim()
        if self._owners:
            self._remove(self._owners[-1])

    def remove_latest(self, player: str) -> None:
        """The most recently created extra turn of this player is taken (out of order)."""
        self._remove(player)

    def _remove(self, player: str) -> None:
        stack = self._by_player.get(player)
        while stack:
            i = stack.pop()
            if self._alive[i] if i < len(self._alive) else False:
                self._alive[i] = False
                return


@record(slots=True)
class DayNightState:
    """What the untap step's day/night check looks at (the designation itself is in Game.designations)."""

    casts: dict[str, int] = field(default_factory=dict)     # spells cast this turn, by player
    previous: tuple[str, int] | None = None                 # the previous turn's active player and their casts
    changed: str | None = None                              # what the untap check did this untap step


@record(slots=True)
class Table:
    """Who is still in the game and who controls whose turn (104, 800.4; baseline 711, current 722)."""

    over: int = 0                                   # the line on which the game ended (104.1); 0: not over
    winner: str | None = None
    over_flagged: bool = False                      # the one finding for everything after the end was made
    control_next: dict[str, str] = field(default_factory=dict)   # player -> who controls their next turn
    turn_controller: str | None = None              # who controls the active player during this turn
    # player -> the number of the last turn of theirs the replay saw begin: every control effect made for their
    # next turn since then is in the transcript (711.1)
    turn_seen: dict[str, int] = field(default_factory=dict)
    left_flagged: set[str] = field(default_factory=set)   # players whose later events were already flagged
    left_any: bool = False                          # a player has left a multiplayer game (800.4)
    # players not judged to lose: the starting state gives them 0 life or ten poison counters (something the
    # transcript doesn't say keeps them in the game), or a flagged event brought them there (one fault, one finding)
    kept_in: set[str] = field(default_factory=set)
    # a player may have lost (0 life, ten poison counters, a draw from an empty library): the next check before
    # priority looks (704.3); until then nothing is checked, so the common path pays nothing
    at_risk: bool = False
    watch: bool = False   # at_risk or over or left_any: the one test the engine makes before each statement
    risk_lines: dict[str, int] = field(default_factory=dict)   # player -> the line on which the risk began
    clock: Callable[[], int] | None = None          # the line being replayed
    alarm: Callable[[], None] | None = None         # told when the table begins to watch (the replay's ordinary path)

    def risk(self, player: str) -> None:
        self.at_risk = True
        self.watch = True
        if self.alarm is not None:
            self.alarm()
        self.risk_lines.setdefault(player, self.clock() if self.clock is not None else 0)
