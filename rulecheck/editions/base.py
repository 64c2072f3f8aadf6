"""An edition of the Comprehensive Rules: which rules exist, the numbers they are cited by, and the hooks where
editions play differently.

A check names what it enforces by a *key*: the number the rule has in the baseline edition, the one rulecheck
was built on (`"510.1c"`). A rule that only some editions have gets a key of its own, written
`EDITION:NUMBER` (`"2003:300.3"`, mana burn; `"current:702.111"`, menace): it is reported only by the editions that
map it. The edition decides the number printed for that key, or that the rule doesn't exist
in it (`number` returns None and nothing is reported). Behaviour that differs between editions is a hook
here, overridden by the edition's subclass, as python-chess builds its variants by overriding a few methods of
`Board`; handlers ask the edition and never test its name.
"""

from __future__ import annotations

from collections.abc import Mapping

from .registry import TOOL_RULES, Rule


class Edition:
    """The baseline edition's behaviour; other editions override what differs."""

    name = "baseline"
    description = "the edition with damage assignment order, before Magic: The Gathering Foundations (2024)"

    def __init__(self, rules: tuple[Rule, ...], renumber: Mapping[str, str | None] | None = None) -> None:
        self.rules = rules
        self.by_number: dict[str, Rule] = {r.number: r for r in rules}
        self._renumber = dict(renumber or {})

    cr_note = ""
    """Said beside the official text `explain --cr` prints, when the edition's numbers and a text may differ."""

    # ------------------------------------------------------------ citation
    def number(self, key: str) -> str | None:
        """The number printed for a check's key in this edition; None when the rule doesn't exist in it."""
        if key in self._renumber:
            return self._renumber[key]
        if ":" in key:   # a rule of other editions only
            return None
        return key

    def related(self, key: str) -> tuple[str, ...]:
        """The rules related to a key's rule, in this edition's numbers."""
        number = self.number(key)
        rule = self.by_number.get(number) if number is not None else None
        return rule.related if rule is not None else ()

    def cite(self, keys: tuple[str, ...]) -> tuple[str, ...]:
        """Related rules named by a check, in this edition's numbers (rules it lacks are left out)."""
        out = []
        for key in keys:
            number = self.number(key)
            if number is not None:
                out.append(number)
        return tuple(out)

    def knows(self, code: str) -> bool:
        return code in self.by_number or code in TOOL_RULES

    # ------------------------------------------------------------ hooks where editions play differently
    has_damage_assignment_order = True
    """Blockers (and attackers blocked by several creatures) are put in a damage assignment order (509.2-509.3)."""

    combat_damage_uses_stack = False
    """Combat damage is put on the stack after it is assigned and dealt when it resolves."""

    mana_burn = False
    """A player loses life for mana left in the pool when a phase ends."""

    mana_empties_each_step = True
    """Mana pools empty as each step ends (not only as each phase ends)."""

    has_two_headed_giant = True
    """The rulebook has the Two-Headed Giant variant (810) and its shared team turns (805)."""

    team_attacks_as_group = True
    """Two-Headed Giant: creatures attack the defending team as a group, and the active team chooses one defending
    player for each to assign its combat damage to (baseline 810.7f); later rules name the player each attacks
    (current 805.10b)."""

    sagas_gain_lore = False
    """As a player's precombat main phase begins, each Saga they control gets a lore counter (a turn-based
    action), which triggers its chapter ability."""

    walls_cant_attack = False
    """Creatures of the type Wall can't attack (2003 308.1); later editions print defender on them instead."""

    ends_combat_phase = False
    """An effect can end the combat phase (current 723.2, Mandate of Peace): the rest of combat is skipped."""

