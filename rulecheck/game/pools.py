"""Mana pools as steps and phases end: what empties, and what effects keep (Upwelling keeps all of it, Omnath,
Locus of Mana one colour). Queries and moves only."""

from __future__ import annotations

from .game import Game
from .objects import PlayerState

KEEP_ALL = "players don't lose unspent mana as steps and phases end"
COLOUR_SYMBOL = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G", "colorless": "C"}
KEEP_COLOUR = {colour: f"you don't lose unspent {colour} mana as steps and phases end" for colour in COLOUR_SYMBOL}


def kept_symbols(g: Game, player: str) -> set[str] | None:
    """The mana symbols `player` keeps as a step or phase ends (None: all of it)."""
    if g.global_static(KEEP_ALL):
        return None
    return {symbol for colour, symbol in COLOUR_SYMBOL.items() if g.global_static(KEEP_COLOUR[colour], player)}


def unspent(g: Game, ps: PlayerState) -> tuple[list[str], list[str]]:
    """The mana in the pool that empties as the step or phase ends, and the mana that stays."""
    keep = kept_symbols(g, ps.name) if ps.pool else set()
    if keep is None:
        return [], list(ps.pool)
    if not keep:
        return list(ps.pool), []
    return [s for s in ps.pool if s not in keep], [s for s in ps.pool if s in keep]


def empty_pools(g: Game) -> None:
    """Each pool loses its unspent mana but what an effect keeps; what it lost is remembered (for 500.4)."""
    for ps in g.pstate.values():
        if ps.pool:
            ps.lost_mana, ps.pool = unspent(g, ps)
            note_emptied(ps)
        elif ps.lost_mana:
            ps.lost_mana = []   # an empty pool loses nothing (and keeps nothing)


def note_emptied(ps: PlayerState) -> None:
    """What emptied now is what a later payment may have been narrated with, until mana is added again."""
    if ps.lost_mana:
        ps.emptied_mana = list(ps.lost_mana)


def mana_added(g: Game, ps: PlayerState, symbols: list[str]) -> None:
    ps.pool.extend(symbols)
    g.mana_held = True
    ps.emptied_mana = []
