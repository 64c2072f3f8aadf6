"""Game state kept by the replay: players, cards, permanents, the stack, effects and combat."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..nodes import Ability

# The steps of a turn, in order, with the phase each belongs to.
STEP_PHASE: dict[str, str] = {
    "untap step": "beginning",
    "upkeep step": "beginning",
    "draw step": "beginning",
    "precombat main phase": "main",
    "beginning of combat step": "combat",
    "declare attackers step": "combat",
    "declare blockers step": "combat",
    "combat damage step": "combat",
    "second combat damage step": "combat",
    "end of combat step": "combat",
    "postcombat main phase": "main",
    "end step": "ending",
    "cleanup step": "ending",
}
NORMAL_TURN: tuple[str, ...] = (
    "untap step", "upkeep step", "draw step", "precombat main phase", "beginning of combat step",
    "declare attackers step", "declare blockers step", "combat damage step", "end of combat step",
    "postcombat main phase", "end step", "cleanup step",
)
COMBAT_STEPS: tuple[str, ...] = ("beginning of combat step", "declare attackers step", "declare blockers step",
                                 "combat damage step", "end of combat step")
DAMAGE_STEPS = ("combat damage step", "second combat damage step")
PHASE_FIRST_STEP = {"beginning phase": "untap step", "combat phase": "beginning of combat step",
                    "ending phase": "end step", "main phase": "postcombat main phase"}
PHASE_NAMES = ("beginning phase", "combat phase", "ending phase", "main phase")
PRIORITY_STEPS = frozenset(s for s in STEP_PHASE if s not in ("untap step", "cleanup step"))
SORCERY_TYPES = frozenset({"sorcery", "creature", "artifact", "enchantment", "planeswalker", "tribal"})
PERMANENT_TYPES = frozenset({"creature", "artifact", "enchantment", "planeswalker", "land"})


def canonical_step(name: str) -> str:
    if name in ("first combat damage step",):
        return "combat damage step"
    return name


@dataclass
class Card:
    name: str
    types: tuple[str, ...]
    power: int | None = None
    toughness: int | None = None
    loyalty: int | None = None
    abilities: tuple[Ability, ...] = ()
    line: int = 0

    def is_(self, card_type: str) -> bool:
        return card_type in self.types


@dataclass
class PlayerState:
    name: str
    life: int = 20
    hand: int | None = None
    hand_cards: list[str] = field(default_factory=list)
    max_hand: int = 7
    pool: list[str] = field(default_factory=list)
    lost_mana: list[str] = field(default_factory=list)
    land_played: tuple[str, int] | None = None
    scheme: str | None = None


@dataclass
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
    first_strike_at_step: bool = False
    entered_blocking: bool = False        # put onto the battlefield blocking (509.7): it never "blocked"
    left_line: int = 0                    # the line on which it left the battlefield
    not_in_combat: tuple[str, str] | None = None   # (rule, why) it entered "attacking/blocking" but isn't (506.3)

    def abilities(self) -> list[Ability]:
        return list(self.card.abilities) + self.extra

    def has(self, text: str) -> bool:
        return any(a.text == text for a in self.card.abilities) or any(a.text == text for a in self.extra)

    def is_creature(self) -> bool:
        return self.card.is_("creature")


@dataclass
class Effect:
    target: int                  # permanent id
    power: int = 0
    toughness: int = 0
    ability: Ability | None = None
    duration: str = "end_of_turn"
    line: int = 0
    label: str = ""


@dataclass
class StackItem:
    kind: str                    # spell or ability
    source: str
    controller: str
    card: Card | None
    line: int
    trigger: str | None = None


@dataclass
class PendingTrigger:
    """A triggered ability waiting to be put on the stack before anyone gets priority."""

    source: str
    text: str
    step: str
    controller: str
    rule: str | None = None       # cited when it is missed; by default the step's trigger rule
    when: str | None = None       # what triggered it, in words; by default "as the <step> began"


_TRIGGER_STEP = [
    (re.compile(r"upkeep"), "upkeep step"),
    (re.compile(r"draw step"), "draw step"),
    (re.compile(r"main phase"), "precombat main phase"),
    (re.compile(r"beginning of combat"), "beginning of combat step"),
    (re.compile(r"end of combat"), "end of combat step"),
    (re.compile(r"end step|end of turn"), "end step"),
    (re.compile(r"cleanup"), "cleanup step"),
]


def trigger_step(text: str) -> str | None:
    """The step an 'at the beginning of ...' trigger watches, or None for other triggers."""
    if not (text.startswith("at ")):
        return None
    for pattern, step in _TRIGGER_STEP:
        if pattern.search(text):
            return step
    return None


def trigger_applies(text: str, step: str, controller: str, active: str) -> bool:
    """Whether a beginning-of-step trigger fires for this step and active player."""
    watched = trigger_step(text)
    if watched is None:
        return False
    if watched == "precombat main phase":
        if "precombat" not in text and step not in ("precombat main phase", "postcombat main phase"):
            return False
        if "precombat" in text and step != "precombat main phase":
            return False
        if "precombat" not in text and step not in ("precombat main phase", "postcombat main phase"):
            return False
    elif watched != step:
        return False
    if " your " in f" {text} ":
        return controller == active
    if "each opponent's" in text:
        return controller != active
    return True


STEP_TRIGGER_RULE = {
    "upkeep step": "503.1", "draw step": "504.2", "precombat main phase": "505.4",
    "postcombat main phase": "505.4", "beginning of combat step": "507.2", "end of combat step": "511.1",
    "end step": "513.1",
}


def mana_symbols(text: str) -> list[str]:
    return re.findall(r"\{([^}]*)\}", text)


def mana_value(symbols: list[str]) -> int:
    total = 0
    for s in symbols:
        total += int(s) if s.isascii() and s.isdigit() else 1
    return total
