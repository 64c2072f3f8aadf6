"""Combat triggers (508.2, 508.4, 509.4a-g): owed when a creature attacks, blocks or becomes blocked, and put
on the stack before anyone gets priority; and why one that nothing owed doesn't trigger."""

from __future__ import annotations

from ... import nodes as n
from ...game.combat import (
    ATTACKS,
    BECOMES_BLOCKED,
    BLOCKED_BY_A_CREATURE,
    BLOCKS,
    BLOCKS_A_CREATURE,
    FLANKED,
    KEYWORD_TRIGGERS,
    UNBLOCKED,
    defending_player_of,
    has_trigger,
    keyword_name,
    trigger_count,
    trigger_kind,
)
from ...game.game import Game
from ...game.hooks import ATTACKS_YOU, triggers_on_attacking_alone
from ...game.objects import PendingTrigger, Permanent, StackItem
from ..context import Replay

CHECKS = ("506.5", "508.2", "508.4", "509.4", "509.4a", "509.4b", "509.4c", "509.4d", "509.4g", "508.5")


def owe(r: Replay, p: Permanent, kind: str, rule: str, when: str) -> None:
    """A combat trigger has triggered: it must reach the stack before the next player gets priority."""
    g = r.game
    for _ in range(max(1, trigger_count(p, kind))):   # several abilities of one source: each triggers (603.2c)
        g.pending.append(PendingTrigger(p.name, kind, g.step or "", p.controller, rule, when))
# attack triggers of other creatures, 508.3a-d (current): (condition, whose attackers count: "you" the ability's
# controller's, "at you" those attacking its controller, "all"; once: one trigger however many attack)
ATTACK_WATCHERS = ((ATTACKS_YOU + " or a planeswalker you control", "at you or yours", False),
                   (ATTACKS_YOU, "at you", False),
                   ("whenever a creature you control attacks", "you", False),
                   ("whenever another creature you control attacks", "you, other", False),
                   ("whenever one or more creatures you control attack", "you", True),
                   ("whenever a creature attacks", "all", False))


def attacked(r: Replay, attackers: list[Permanent]) -> None:
    """Triggers on other creatures' attacks, as their conditions read (current 508.3a-d): "Whenever a creature
    attacks you, …" (Hissing Miasma) once for each creature declared attacking the ability's controller ("… or a
    planeswalker you control": or one of theirs; a creature attacking a planeswalker doesn't attack its controller);
    "Whenever a creature you control attacks, …" (Hellrider) once for each of the controller's attackers ("another":
    not itself); "Whenever one or more creatures you control attack, …" once; "Whenever a creature attacks, …" once
    for each attacker. Each must reach the stack before anyone gets priority (508.2). A condition that says more
    ("… attacks alone", "… with flying attacks you") is not read."""
    g = r.game
    for q in list(g.battlefield.values()):
        if q.lost or q.phased_out:
            continue
        for a in q.abilities():
            watch = next((w for w in ATTACK_WATCHERS if a.kind == "trigger" and a.text.startswith(w[0] + ",")), None)
            if watch is None:
                continue
            count = [p for p in attackers if _counts(g, q, p, watch[1])]
            for p in count[:1] if watch[2] else count:
                g.pending.append(PendingTrigger(q.name, watch[0], g.step or "", q.controller, "508.2",
                                                f"when {p.name} attacked" if watch[2] or "at" not in watch[1]
                                                else f"when {p.name} attacked {p.attacking}"))


def _counts(g: Game, q: Permanent, p: Permanent, whose: str) -> bool:
    if whose == "all":
        return True
    if whose.startswith("you"):
        return p.controller == q.controller and not (whose.endswith("other") and p is q)
    walker = g.named(p.attacking) if p.attacking is not None and p.attacking not in g.pstate else None
    return p.attacking == q.controller or whose.endswith("yours") and walker is not None and \
        walker.controller == q.controller


def became_blocker(r: Replay, b: Permanent, attackers: list[Permanent]) -> None:
    """b was declared as a blocker, or an effect made it block (509.4a, 509.4b); not put onto the battlefield."""
    if has_trigger(b, BLOCKS) and not b.blocking:
        owe(r, b, BLOCKS, "509.4", "when it blocked")
    for a in attackers:
        if a.pid not in b.blocking:
            if has_trigger(b, BLOCKS_A_CREATURE):
                owe(r, b, BLOCKS_A_CREATURE, "509.4", f"when it blocked {a.name}")
            if has_trigger(a, BLOCKED_BY_A_CREATURE) and b.pid not in a.blockers:
                owe(r, a, BLOCKED_BY_A_CREATURE, "509.4", f"when {b.name} blocked it")
            if has_trigger(a, FLANKED) and b.pid not in a.blockers and not r.game.may_have(b, "flanking"):
                owe(r, a, FLANKED, "509.4", f"when {b.name}, a creature without flanking, blocked it")


def became_blocked(r: Replay, a: Permanent, blockers: list[Permanent] | None) -> None:
    """a, an unblocked attacker, becomes blocked: by blockers, or by an effect with no creature (None)."""
    if has_trigger(a, BECOMES_BLOCKED):
        owe(r, a, BECOMES_BLOCKED, "509.4", "when it became blocked")


def combat_trigger(r: Replay, stmt: n.Trigger, p: Permanent) -> bool:
    """A combat trigger put on the stack that nothing owed: say why it doesn't trigger (508.2, 509.4)."""
    g = r.game
    kinds = [k for k in (trigger_kind(a.text) for a in p.abilities() if a.kind == "trigger") if k]
    keywords = [a.text for a in p.abilities() if a.kind == "keyword" and keyword_name(a.text) in KEYWORD_TRIGGERS]
    if not kinds and keywords:
        return _keyword_misfire(r, stmt, p, keywords[0])
    if not kinds:
        if any(triggers_on_attacking_alone(a.text) for a in p.abilities()):
            if g.combat_attackers_declared and g.attackers_declared > 1:
                r.flag(stmt, "506.5", f"{p.name}'s ability triggers only when a creature attacks alone, and "
                                      f"{g.attackers_declared} creatures were declared as attackers, so none attacked "
                                      "alone", ("702.81",))
                return True
            r.flag(stmt, "508.2", f"{p.name}'s ability triggers only when a creature {p.controller} controls is "
                                  "declared as the only attacker, and nothing owed that trigger now", ("702.81",))
            return True
        return False
    kind = kinds[0]
    name = p.name
    if (p.attacked or p.blocking or p.blocked) and _triggers_may_repeat(r):
        return True   # an ability that makes triggers trigger an additional time is unknown: not judged (603.2d)
    if kind == UNBLOCKED:
        if p.blocked_by_declaration:
            r.flag(stmt, "509.4g", f"{name} had a blocker declared for it, so its \"attacks and isn't blocked\" "
                                   "ability doesn't trigger, even though the blocker later left", ("509.1h",))
        elif not p.attacked:
            r.flag(stmt, "509.4g", f"{name} was not declared as an attacker, so its \"attacks and isn't "
                                   "blocked\" ability doesn't trigger")
        elif g.step in ("declare attackers step", "beginning of combat step"):
            r.flag(stmt, "509.4g", f"{name}'s \"attacks and isn't blocked\" ability triggers only when blockers "
                                   "are declared")
        else:
            r.flag(stmt, "509.4g", f"{name}'s \"attacks and isn't blocked\" ability triggers only once")
    elif kind == ATTACKS:
        if p.attacked and kinds.count(ATTACKS) > 1:
            r.flag(stmt, "508.2", f"{name}'s {kinds.count(ATTACKS)} attack abilities each triggered once, when "
                                  "attackers were declared; they don't trigger again", ("603.2c",))
        elif p.attacked:
            r.flag(stmt, "508.2", f"{name}'s attack ability triggered once, when attackers were declared; it "
                                  "doesn't trigger again")
        elif p.in_combat:
            r.flag(stmt, "508.4", f"{name}'s attack ability doesn't trigger: it was put onto the battlefield "
                                  "attacking, so for triggers it never attacked")
        else:
            r.flag(stmt, "508.2", f"{name}'s attack ability doesn't trigger: it was not declared as an attacker")
    elif kind in (BLOCKS, BLOCKS_A_CREATURE):
        rule = "509.4a" if kind == BLOCKS else "509.4b"
        if p.entered_blocking:
            r.flag(stmt, rule, f"{name} was put onto the battlefield blocking, so for triggers it never blocked "
                               "and its block ability doesn't trigger", ("509.7",))
        elif not p.blocking:
            r.flag(stmt, rule, f"{name}'s block ability doesn't trigger: {name} is not blocking")
        elif kind == BLOCKS:
            r.flag(stmt, rule, f"{name}'s \"whenever this blocks\" ability triggers only once, however many "
                               "creatures it blocks")
        else:
            r.flag(stmt, rule, f"{name}'s \"blocks a creature\" ability triggers once per attacking creature "
                               f"it blocks ({len(p.blocking)}), and it has already triggered that often")
    elif kind == BECOMES_BLOCKED:
        if not p.blocked:
            r.flag(stmt, "509.4c", f"{name} is not blocked, so its \"becomes blocked\" ability doesn't trigger")
        else:
            r.flag(stmt, "509.4c", f"{name}'s \"becomes blocked\" ability triggers only once, when it first "
                                   "becomes blocked")
    else:
        if not p.blockers:
            r.flag(stmt, "509.4d", f"no creature blocks {name}, so its \"becomes blocked by a creature\" "
                                   "ability doesn't trigger", ("509.1h",) if p.blocked else ())
        else:
            r.flag(stmt, "509.4d", f"{name}'s \"becomes blocked by a creature\" ability triggers once per "
                                   f"creature blocking it ({len(p.blockers)}), and it has already triggered that "
                                   "often")
    return True


# what each keyword trigger waits for, the rule it is owed under, and its keyword rule (baseline key)
_KEYWORD_EVENTS: dict[str, tuple[str, str, str]] = {
    "provoke": ("when it is declared as an attacker", "508.2", "702.37"),
    "annihilator": ("when it is declared as an attacker", "508.2", "702.84"),
    "battle cry": ("when it is declared as an attacker", "508.2", "702.89"),
    "melee": ("when it is declared as an attacker", "508.2", "current:702.121"),
    "myriad": ("when it is declared as an attacker", "508.2", "current:702.116"),
    "rampage": ("when it becomes blocked", "509.4", "702.21"),
    "afflict": ("when it becomes blocked", "509.4", "current:702.130"),
    "bushido": ("when it blocks or becomes blocked", "509.4", "702.43"),
    "flanking": ("when a creature without flanking blocks it, once for each such creature", "509.4", "702.23"),
    "frenzy": ("when it attacks and no creature is declared to block it", "509.4g", "702.66"),
}


def _keyword_misfire(r: Replay, stmt: n.Trigger, p: Permanent, keyword: str) -> bool:
    """A keyword's combat trigger put on the stack that nothing owed (no attack, no block, or it already went
    on the stack as often as it triggered)."""
    when, rule, key = _KEYWORD_EVENTS[keyword_name(keyword)]
    return r.flag(stmt, rule, f"{p.name}'s {keyword} triggers only {when}, and nothing owed that trigger now "
                              "(or it is already on the stack as often as it triggered)", (key,))
ADDITIONAL_TIME = "an additional time"


def _triggers_may_repeat(r: Replay) -> bool:
    """Whether a permanent's quoted text makes triggered abilities trigger an additional time (Isshin, Two Heavens
    as One): how often a combat trigger may then go on the stack is unknown."""
    return any(a.kind == "text" and ADDITIONAL_TIME in a.text.lower()
               for q in r.game.battlefield.values() for a in q.abilities())


def resolve_defending(r: Replay, stmt: n.Resolve, item: StackItem) -> None:
    g = r.game
    assert stmt.defending is not None
    named = g.player(stmt.defending)
    p = g.find_perm(stmt.source)
    if p is None:
        return
    actual = defending_player_of(g, p)
    if actual is not None and actual != named:
        r.flag(stmt, "508.5", f"{p.name} is attacking {p.attacking}, so the defending player for its ability is "
                              f"{actual}, not {named}", ("508.5a",))
