"""The importer's model of one game's transcript: lines, permanents as the transcript has them, snapshots for
rollbacks, Arena's step and phase numbers, and small readers of GRE values."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .cards import CardFacts

Json = dict[str, Any]

STEPS: dict[tuple[int, int], str] = {
    (1, 1): "untap step", (1, 2): "upkeep step", (1, 3): "draw step", (2, 0): "precombat main phase",
    (3, 0): "beginning of combat step", (3, 4): "beginning of combat step", (3, 5): "declare attackers step",
    (3, 6): "declare blockers step", (3, 11): "first combat damage step", (3, 7): "combat damage step",
    (3, 8): "end of combat step", (4, 0): "postcombat main phase", (5, 0): "end step", (5, 9): "end step",
    (5, 10): "cleanup step",
}
COMBAT_STEPS = ("beginning of combat step", "declare attackers step", "declare blockers step",
                "first combat damage step", "combat damage step", "end of combat step")
NO_PRIORITY = ("untap step", "cleanup step")
PHASES = {"Phase_Beginning": 1, "Phase_Main1": 2, "Phase_Combat": 3, "Phase_Main2": 4, "Phase_Ending": 5}
STEP_ENUM = {"Step_Untap": 1, "Step_Upkeep": 2, "Step_Draw": 3, "Step_BeginCombat": 4, "Step_DeclareAttack": 5,
             "Step_DeclareBlock": 6, "Step_CombatDamage": 7, "Step_EndCombat": 8, "Step_End": 9, "Step_Cleanup": 10,
             "Step_FirstStrikeDamage": 11}
SORCERY_SPEED = {"creature", "sorcery", "artifact", "enchantment", "planeswalker"}
KEEP_SNAPSHOTS = 64



@dataclass
class Line:
    """A transcript line: statement text (or '' for a comment line), the game state and log line it is from."""

    text: str
    gs: int
    log_line: int
    comment: str = ""
    unless: tuple[str, str] | None = None   # (card, keyword): dropped if the card's final definition has it
    joined: bool = False   # written on the previous statement's line, after '; ' (a cast during its resolution)


@dataclass
class Perm:
    """What the transcript has said about a permanent (the checker's view of it)."""

    name: str
    card: str
    controller: int
    tapped: bool = False
    pump: tuple[int, int] = (0, 0)
    gained: set[str] = field(default_factory=set)


@dataclass
class Snapshot:
    lines: int
    perms: dict[int, Perm]
    copies: dict[str, int]
    stack: dict[int, tuple[str, str]]
    holder: int | None
    passed: set[int]
    step: str | None
    turn: int
    active: int
    declared: tuple[bool, bool]
    seen: set[int]
    entered_attacking: set[int] = field(default_factory=set)
    turn_steps: set[str] = field(default_factory=set)


def pt_value(wrapper: object) -> int:
    if isinstance(wrapper, dict):
        return int(wrapper.get("value", 0) or 0)
    return 0


def enum_value(value: object, table: dict[str, int]) -> int:
    return table.get(str(value), 0)


def detail(ann: Json, key: str) -> int | None:
    for d in ann.get("details", ()):
        if d.get("key") == key and d.get("valueInt32"):
            return int(d["valueInt32"][0])
    return None


def detail_str(ann: Json, key: str) -> str | None:
    for d in ann.get("details", ()):
        if d.get("key") == key and d.get("valueString"):
            return str(d["valueString"][0])
    return None


def leaves_phrase(category: str, dest: str, facts: CardFacts) -> str:
    if dest == "ZoneType_Graveyard":
        if category.startswith("SBA_"):
            return "dies as a state-based action" if "creature" in facts.types else \
                "is put into its owner's graveyard as a state-based action"
        if category == "Destroy":
            return "is destroyed"
        if category == "Sacrifice":
            return "is sacrificed"
        return "dies" if "creature" in facts.types else "is put into its owner's graveyard"
    if dest == "ZoneType_Exile":
        return "is exiled"
    if dest == "ZoneType_Hand":
        return "returns to its owner's hand"
    return "leaves the battlefield"


def quoted(name: str) -> str:
    """A name as the transcript language reads it: quoted unless it is plain capitalised words."""
    words = name.split(" ")
    plain = all(w[:1].isupper() and w.replace("'", "").replace("-", "").isalnum() and not w[:1].isdigit()
                for w in words if not (w.startswith("(") and w.endswith(")") and w[1:-1].isdigit()))
    if plain and not any(w.isdigit() for w in words):
        return name
    base, copy = name, ""
    if name.endswith(")") and " (" in name and name.rsplit(" (", 1)[1][:-1].isdigit():
        base, copy = name.rsplit(" (", 1)[0], " (" + name.rsplit(" (", 1)[1]
    return f'"{base}{copy}"'

