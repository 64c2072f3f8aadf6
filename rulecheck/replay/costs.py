"""Paying costs (CR 118 in the current rules, 117 in the baseline): mana from the pool, and life.

A cost is paid in full or not at all (508.1i, 509.1f): mana that emptied from the pool as a step ended can't
pay it (500.4), and life can be paid only up to the life total (baseline 118.4, current 119.4). What the
transcript says was paid is paid all the same (one fault, one finding): the mana leaves the pool, the life is
lost, and the declaration's total is judged with the amount narrated.
"""

from __future__ import annotations

from .. import nodes as n
from ..game.sources import could_make
from ..game.steps import mana_symbols, mana_value
from .context import Declaration, Replay
from .registry import handles

PAY_LIFE = "118.4"
# the rule broken by paying too little for each purpose: the whole cost, paid in full (508.1i, 509.1f)
_IN_FULL = {"attack": "508.1i", "block": "509.1f"}


@handles(n.PayMana, checks=("500.4",))
def pay(r: Replay, stmt: n.PayMana) -> None:
    """`Alice pays {2} to attack`: mana from the pool."""
    g = r.game
    player = g.player(stmt.player)
    decl = r.declaration
    if decl is not None:
        decl.paid += mana_value(mana_symbols(stmt.mana))
        decl.pay_line = stmt
    paid = pay_from_pool(r, player, stmt.mana, from_pool=False)
    if paid in EMPTIED:
        r.flag(stmt, "500.4", f"{player} pays {stmt.mana} with mana that emptied from the pool {EMPTIED[paid]}",
               ("106.4", "703.4p"))


# how a payment narrated with mana the pool no longer holds got it: when that mana emptied
EMPTIED = {"emptied": "when the previous step ended",
           "emptied earlier": "as an earlier step or phase ended (no mana has been added to it since)"}


def pay_from_pool(r: Replay, player: str, cost: str, from_pool: bool) -> str:
    """Pay mana from the pool: "paid", "short" (the pool didn't hold it all; what it held is spent), "emptied"
    (what was missing emptied from the pool as the last step ended) or "emptied earlier" (it emptied as an
    earlier step or phase ended, and no mana was added since). The last two only when what was missing can't
    have come from mana abilities activated while paying: the payment says it is from the pool, or no untapped
    permanent could make it. In those cases the narration paid with the mana that emptied, so the pool keeps what
    it holds now for what the transcript pays with it next."""
    ps = r.game.pstate[player]
    before = list(ps.pool)
    enough, emptied, missing = r.game.pay_from_pool(player, cost)
    if enough:
        return "paid"
    if not from_pool and could_make(r.game, player, missing):
        return "short"   # mana abilities activated while paying may have made what the pool lacked
    if emptied:
        ps.pool = before
        return "emptied"
    if ps.emptied_mana and mana_value(missing) <= mana_value(ps.emptied_mana):
        ps.pool = before
        return "emptied earlier"
    return "short"


@handles(n.PayLife, checks=("508.1i", "509.1f", PAY_LIFE))
def pay_life(r: Replay, stmt: n.PayLife) -> None:
    """`Alice pays 3 life to attack`, `Alice pays 2 life`: only up to the life total, and lost as narrated."""
    player = r.game.player(stmt.player)
    ps = r.game.pstate[player]
    life = stmt.amount
    decl = r.declaration
    if decl is not None:
        decl.paid_life += life
        decl.pay_line = stmt
    if life > ps.life:
        why = f"{player} pays {life} life with {ps.life} life; a player pays life only up to their life total"
        if stmt.purpose in _IN_FULL:
            r.flag(stmt, _IN_FULL[stmt.purpose], f"{why}, so the cost to {stmt.purpose} can't be paid in full",
                   (PAY_LIFE,))
        else:
            r.flag(stmt, PAY_LIFE, why)
    ps.life -= life   # paid as narrated: the later life totals follow from it


def judge_cost(r: Replay, decl: Declaration, mana: int, life: int, total_rule: str, paid_rule: str,
               what: str, phyrexian: int = 0) -> None:
    """The declaration's total cost (508.1g, 509.1d: per creature, as locked in) against what was narrated.
    `phyrexian` of the `mana` are Phyrexian symbols, each paid with one mana or 2 life instead (107.4f)."""
    if decl.pay_line is not None:
        ways = {(mana - k, life + 2 * k) for k in range(phyrexian + 1)}
        if (decl.paid, decl.paid_life) not in ways:
            either = "" if not phyrexian else \
                f" ({phyrexian} of that mana Phyrexian, each payable with 2 life instead)"
            r.flag(decl.pay_line, total_rule, f"the total cost to {what} is {_cost(mana, life)}{either}, but "
                                              f"{decl.player} pays {_cost(decl.paid, decl.paid_life)}", (paid_rule,))
    elif mana > 0 or life > 0:
        r.flag(decl.lines[0] if decl.lines else None, paid_rule,
               f"{what}ing costs {_cost(mana, life)} in total, and it is not paid")


def _cost(mana: int, life: int) -> str:
    parts = ([f"{{{mana}}}"] if mana or not life else []) + ([f"{life} life"] if life else [])
    return " and ".join(parts)
