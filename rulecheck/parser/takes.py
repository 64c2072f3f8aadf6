"""What a player takes in combat damage, read as the creatures that dealt it (rulecheck/parser/phrasings.py,
'Damage: Bob takes 3'). A module of its own so that phrasings.py, which the reader's stages build on, imports
nothing back from them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol


class _Combat(Protocol):
    @property
    def step(self) -> str | None: ...

    @property
    def blockers(self) -> tuple[str, ...]: ...

    @property
    def attackers(self) -> tuple[str, ...]: ...

    @property
    def first_strike(self) -> bool: ...

    @property
    def unblocked(self) -> Mapping[str, str]: ...

    @property
    def powers(self) -> Mapping[str, int]: ...


def unblocked_deal(ctx: _Combat, heading: str | None, player: str, amount: int) -> list[str] | None:
    """'Damage: Bob takes 3' under a heading that begins the combat damage step (so none was dealt yet), where no
    creature blocks and every attacking creature attacks Bob: each deals its power, when their powers add up to
    what he takes. In the step already begun, 'takes 3' may be the damage already narrated: not read."""
    if heading != "combat damage step" or ctx.step == heading or ctx.blockers or ctx.first_strike \
            or not ctx.attackers or any(ctx.unblocked.get(a) != player for a in ctx.attackers) \
            or any(a not in ctx.powers for a in ctx.attackers) \
            or sum(ctx.powers[a] for a in ctx.attackers) != amount:
        return None
    return [f"{a} deals {ctx.powers[a]} damage to {player}" for a in ctx.attackers if ctx.powers[a] > 0]

