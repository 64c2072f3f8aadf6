"""Characteristics as continuous effects leave them (613), where the game needs more than timestamp order of one
kind of effect: abilities lost and granted (layer 6)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from functools import lru_cache

from ..nodes import Ability
from .objects import Effect, Permanent, PlayerState

Bonuses = Callable[[Permanent], list[Ability]] | None   # the Auras' and Equipment's bonuses to a permanent
Allied = Callable[[str, str], bool] | None   # whether two players are on one team (None: a game without teams)


def granted_after_loss(effects: list[Effect], pid: int) -> list[Effect]:
    """The effects granting an ability to a permanent that began after the last effect that took all its
    abilities away (within a layer, effects apply in timestamp order)."""
    mine = [e for e in effects if e.target == pid]
    last = max((i for i, e in enumerate(mine) if e.lose_all), default=-1)
    return [e for e in mine[last + 1:] if e.ability is not None]



def has_ability_now(effects: list[Effect], p: Permanent, text: str, bonuses: Bonuses) -> bool:
    """Whether p has the ability now: printed or set up (unless it lost all abilities), granted by an effect
    (after the loss, if any), or by what is attached to it (lost with the rest)."""
    if p.lost:
        return any(e.ability.text == text for e in granted_after_loss(effects, p.pid) if e.ability is not None)
    if p.has(text):
        return True
    if effects and any(e.target == p.pid and e.ability is not None and e.ability.text == text for e in effects):
        return True
    return bonuses is not None and any(g.text == text for ab in bonuses(p) for g in ab.grants)


def ability_texts_now(effects: list[Effect], p: Permanent, bonuses: Bonuses) -> list[str]:
    """Every ability p has now, as has_ability_now counts them."""
    if p.lost:
        return [e.ability.text for e in granted_after_loss(effects, p.pid) if e.ability is not None]
    texts = [a.text for a in p.abilities()]
    texts += [e.ability.text for e in effects if e.target == p.pid and e.ability is not None]
    if bonuses is not None:
        texts += [g.text for ab in bonuses(p) for g in ab.grants]
    return texts


def bonuses_for(holders: Iterable[Permanent], p: Permanent, allied: Allied = None) -> list[Ability]:
    """The bonuses p gets from other permanents: an Aura's or Equipment's (kind "attached") when attached to p, and
    a group static's (kind "group", "Creatures you control get +1/+1") when p is one of the creatures it names (the
    holder not phased out, nor without its abilities)."""
    out: list[Ability] = []
    for q in holders:
        if q.phased_out:
            continue
        on_p = q.attached_pid == p.pid or (q.attached_pid is None and q.attached_to == p.name)
        for ab in q.abilities():
            if (ab.kind == "attached" and on_p) or \
                    (ab.kind == "group" and not q.lost and covers(q, p, ab.text, allied)):
                out.append(ab)
    return out


_GROUP_WHO = re.compile(r"^(?:each creature (?P<each>you) control(?: with defender)?|"
                        r"all (?P<all_other>other )?creatures|"
                        r"(?P<other>other )?(?:(?!creatures\b)(?P<kind>[a-z]+)(?: creatures)?|creatures)"
                        r"(?: (?P<whose>you|your opponents) control)?) (?:get|have|can)\b")
_COLOURS = ("white", "blue", "black", "red", "green")
_PLURALS = {"elves": "elf", "dwarves": "dwarf", "wolves": "wolf", "werewolves": "werewolf", "merfolk": "merfolk",
            "allies": "ally", "fungus": "fungus", "octopi": "octopus", "djinn": "djinn", "efreet": "efreet"}


@lru_cache(maxsize=256)
def _group(text: str) -> tuple[str | None, bool, str | None]:
    """Whose creatures a group static names ("you", "your opponents", None: everyone's; "nobody": it can't be read),
    whether "other", and the creature type or colour it names (Goblin King's "Other Goblins": goblin)."""
    m = _GROUP_WHO.match(text)
    if m is None:
        return "nobody", False, None
    kind = m.group("kind")
    if kind is not None:
        kind = _PLURALS.get(kind, kind[:-1] if kind.endswith("s") and not kind.endswith("ss") else kind)
    return m.group("each") or m.group("whose"), bool(m.group("other") or m.group("all_other")), kind


def allies(pstate: dict[str, PlayerState]) -> Allied:
    """Whether two players are on one team (Two-Headed Giant): not each other's opponents."""
    return lambda a, b: a in pstate and b in pstate[a].team


def covers(q: Permanent, p: Permanent, text: str, allied: Allied = None) -> bool | None:
    """Whether the group static `text` of q applies to p; None when that isn't known: it names a creature type p's
    definition doesn't give (no type line's dash, no card database; changeling), or a colour its definition
    may have (no colour word). "Your opponents" are the players of the other team where there are teams."""
    whose, other, kind = _group(text)
    if not p.is_creature() or (other and p.pid == q.pid) or whose == "nobody":
        return False
    if whose is not None and (p.controller == q.controller) != (whose == "you"):
        return False
    if whose == "your opponents" and allied is not None and allied(p.controller, q.controller):
        return False   # a teammate's creature (Two-Headed Giant)
    if kind is None:
        return True
    if kind == "nontoken":   # Always Watching: a token made, or defined as one, is left out
        return not (p.token or p.card.is_("token"))
    if kind in _COLOURS:
        if any(p.is_(c) for c in (*_COLOURS, "colorless")) or p.card.origin:
            return p.is_(kind)
        return None
    subtypes = [t.lower() for t in p.card.subtypes]
    if any("changeling" in a.text.lower() or "creature type" in a.text.lower() for a in p.card.abilities):
        return None
    if kind in subtypes:
        return True
    return False if subtypes or p.card.origin else None
