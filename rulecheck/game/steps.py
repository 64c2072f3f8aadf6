"""The turn's steps and phases in order, and what the text of a triggered ability says about when it triggers.

Names of steps are the language's names ('declare blockers step'); nothing here knows a rule number."""

from __future__ import annotations

import re

from .objects import PendingTrigger

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


_TRIGGER_STEP = [
    (re.compile(r"upkeep"), "upkeep step"),
    (re.compile(r"draw step"), "draw step"),
    (re.compile(r"postcombat main phase"), "postcombat main phase"),
    (re.compile(r"main phase"), "precombat main phase"),
    (re.compile(r"end of combat"), "end of combat step"),
    (re.compile(r"beginning of (?:each |the )?combat"), "beginning of combat step"),
    (re.compile(r"end step|end of turn"), "end step"),
    (re.compile(r"cleanup"), "cleanup step"),
]


FIRST_EACH_TURN = "first upkeep each turn"
ENCHANTED_PLAYERS = "enchanted player's"


def trigger_condition(text: str) -> str:
    """The trigger condition of a triggered ability's text: what comes before its first comma (the effect after
    it may say "your" or "next" about something else)."""
    return text.split(",", 1)[0]


def trigger_step(text: str) -> str | None:
    """The step an 'at the beginning of ...' trigger watches, or None for other triggers. A postcombat main phase
    trigger watches every main phase after the first (505.1a); a plain "main phase" one is given as the
    precombat main phase and `trigger_applies` lets it fire in either."""
    if not (text.startswith("at ")):
        return None
    condition = trigger_condition(text)
    for pattern, step in _TRIGGER_STEP:
        if pattern.search(condition):
            return step
    return None


def watched_steps(text: str) -> tuple[str, ...]:
    """The steps in which an 'at the beginning of ...' trigger may fire (`trigger_applies` decides), or () for other
    triggers: a plain "main phase" one watches both main phases."""
    watched = trigger_step(text)
    if watched is None:
        return ()
    if watched == "precombat main phase" and "precombat" not in trigger_condition(text):
        return (watched, "postcombat main phase")
    return (watched,)


def trigger_applies(text: str, step: str, controller: str, active: str, first: bool = True) -> bool:
    """Whether a beginning-of-step trigger fires for this step and active player. `controller` is whose step the
    trigger watches ("your", "enchanted player's"); `first` says whether this is the turn's first such step
    ("at the beginning of your first upkeep each turn")."""
    watched = trigger_step(text)
    text = trigger_condition(text)
    if watched is None or (not first and FIRST_EACH_TURN in text):
        return False
    if watched == "precombat main phase" and "precombat" not in text:
        # "at the beginning of your main phase": each main phase, precombat or postcombat (505.1a)
        if step not in ("precombat main phase", "postcombat main phase"):
            return False
    elif watched != step:
        return False
    if " your " in f" {text} " or ENCHANTED_PLAYERS in text:
        return controller == active
    if "each opponent's" in text:
        return controller != active
    return True


def delayed_fires(d: PendingTrigger, step: str, active: str) -> bool:
    """Whether a delayed "at the beginning of the next ..." trigger fires as this step begins: the next such step,
    or the next one of its controller's turns when it says "your next" (603.7b). A "next main phase" one fires
    in any main phase; a "next postcombat main phase" one only after the first."""
    if d.step != step and not (d.step == "precombat main phase" and step == "postcombat main phase"
                               and "precombat" not in trigger_condition(d.text)):
        return False
    return not (" your " in f" {trigger_condition(d.text)} " and d.controller != active)


def mana_symbols(text: str) -> list[str]:
    return re.findall(r"\{([^}]*)\}", text)


def life_amount(text: str) -> int | None:
    """The life a cost written `3 life` asks for; None when the cost is mana."""
    amount, _, rest = text.strip().partition(" ")
    return int(amount) if amount.isascii() and amount.isdigit() and rest.strip() == "life" else None


def phyrexian(symbols: list[str]) -> int:
    """How many of the symbols are Phyrexian ({W/P}): each is paid with one mana of its colour or 2 life."""
    return sum(1 for s in symbols if s.upper().endswith("/P"))


def mana_value(symbols: list[str]) -> int:
    total = 0
    for s in symbols:
        total += int(s) if s.isascii() and s.isdigit() else 1
    return total


# The turn-based actions of each step, in the order they happen.
STEP_TBAS: dict[str, tuple[str, ...]] = {
    "untap step": ("phasing", "untap"),
    "draw step": ("draw",),
    "precombat main phase": ("scheme",),
    "beginning of combat step": ("choose_defender",),
    "declare attackers step": ("declare_attackers",),
    "declare blockers step": ("declare_blockers", "order_attackers", "order_blockers"),
    "combat damage step": ("assign_ap", "assign_dp", "deal"),
    "second combat damage step": ("assign_ap", "assign_dp", "deal"),
    "cleanup step": ("discard", "cleanup_damage"),
}
