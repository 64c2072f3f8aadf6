"""What a resolving spell or ability's Oracle text does to the turn, read by `rulecheck.cards.oracle`: "End the
turn." (712, current 723.1) and "End the combat phase." (current 723.2) as the special statement `the turn ends`
does; a delayed trigger "at the beginning of the next end step", "of your next upkeep", "at end of combat", "of the
next cleanup step" (603.7) created as it resolves; a permanent returned "with a +1/+1 counter on it" (undying,
persist) gets that counter, and nothing else of the object that left (400.7).

Only an ability known to be the one resolving counts: a source with several abilities any of which could be
resolving is read only when all of them say the same thing. Costs nothing to a game whose cards say none of it."""

from __future__ import annotations

import re

from .. import nodes as n
from ..cards.groups import mass_pump_of, pump_of
from ..cards.oracle import (
    ADDITIONAL_COMBAT,
    ATTACK_HOMES,
    ATTACKS_IF_YOURS,
    ATTACKS_ONLY_INTO,
    END_COMBAT,
    END_TURN,
    EXTRA_TURN_COUNTS,
    EXTRA_TURNS,
    HELD_TAPPED,
    LAND_PLAYS_NOW,
    REGENERATES,
    SKIP_EXTRA_UNTAP,
    TAP_NOW,
    UNTAP_NOW,
    effect_of,
    flash_types,
    unread_effect,
)
from ..game.actions import KEEP_TAPPED
from ..game.combat import LURE, MUST_ATTACK
from ..game.counters import HELD
from ..game.counters import untap as untap_one
from ..game.game import Game
from ..game.keywords import land_of_type
from ..game.objects import Card, Effect, PendingTrigger, Permanent, PlanEntry, StackItem
from ..game.steps import STEP_PHASE, trigger_step
from .context import Replay
from .plan import plan_phases
from .step_triggers import DELAYED_HOOK
from .steps import end_step

# the delayed trigger conditions of Oracle text, in their wordings, to the language's trigger text
_DELAYED = re.compile(r"\b(?:at the beginning of (?P<whose>the next|your next) (?P<step>end step|upkeep|cleanup step)|"
                      r"at (?P<eoc>end of combat)|at (?P<eot>end of turn))\b")
_RETURNS = re.compile(r"\breturn\b[^.]*\bto the battlefield\b")
_COUNTER = re.compile(r"\bwith an? ([+-]1/[+-]1) counter on it\b")


def resolving_abilities(item: StackItem) -> list[str]:
    """The texts of the abilities that may be the one resolving: a spell's whole text; a triggered ability's
    text when known, else the source's triggered abilities; an activated ability's other abilities."""
    if item.trigger:
        return [item.trigger]
    if item.card is None:
        return []
    abilities = item.card.abilities
    if item.kind == "spell":   # an instant's or sorcery's text is its effect; a permanent's are its abilities
        if any(item.card.is_(t) for t in ("creature", "artifact", "enchantment", "planeswalker", "land", "battle")):
            return []
        return [a.text for a in abilities if a.kind in ("text", "resolution", "trigger")]
    if item.triggered:
        return [a.text for a in abilities if a.kind == "trigger" and trigger_step(a.text) is None]
    return [effect_of(a.text) if a.kind == "resolution" else a.text for a in abilities
            if a.kind == "resolution" or a.kind == "text" and not _FROM_HAND.match(a.text.lower())]


# activated abilities that work only from a hand (cycling and its kin, 702.28; ninjutsu; channel): never the ability
# of a permanent on the battlefield that resolves
_FROM_HAND = re.compile(r"^(?:\w+ ?)?cycling\b|^ninjutsu\b|^channel\b")


def _unanimous(texts: list[str], says: str, spell: bool) -> bool:
    if spell:
        return says in texts
    return bool(texts) and all(t == says for t in texts)


def delayed_condition(text: str, spell: bool) -> str | None:
    """The delayed trigger a resolving ability's text creates, as the language writes it, or None. A triggered
    ability's own condition is not one; a spell's line that reads as a trigger is ("At the beginning of your next
    upkeep, ..." on Pact of Negation)."""
    text = text.lower()
    m = _DELAYED.search(text.split(",", 1)[1] if not spell and text.startswith(("when", "at ")) and "," in text
                        else text)
    if m is None:
        return None
    if m.group("eoc"):
        return "at end of combat"
    if m.group("eot"):
        return "at the beginning of the next end step"   # the old wording of the same trigger (513.1a)
    step = "upkeep" if m.group("step") == "upkeep" else m.group("step")
    return f"at the beginning of {m.group('whose')} {step}"


def on_resolution(r: Replay, item: StackItem) -> str | None:
    """What the resolving object's text does to the turn: it may create a delayed trigger; returns END_TURN or
    END_COMBAT when it ends the turn or the combat phase (the caller ends it once the line's statements are
    applied), else None."""
    texts = resolving_abilities(item)
    if not texts:
        return None
    spell = item.kind == "spell"
    g = r.game
    if not (item.trigger and trigger_step(item.trigger) is not None):   # not itself a delayed or step trigger
        made = [(delayed_condition(t, spell), t) for t in texts]
        conditions = {c for c, _ in made}
        if conditions and None not in conditions or spell and conditions - {None}:
            for condition, text in made:   # the trigger keeps the whole text: what it returns, with what
                if condition is not None:
                    g.delayed.append(PendingTrigger(item.source, f"{condition}, {text.lower()}",
                                                    trigger_step(condition) or "", item.controller,
                                                    created=g.step_serial))
                    g.hooks.subscribe(DELAYED_HOOK)   # the step it waits for looks for it (step_triggers.py)
    # the abilities that return a card to the battlefield: a permanent put onto it by this resolution gets the
    # counter they all name (Kitchen Finks: its persist, not its "enters" trigger)
    returning = [t.lower() for t in texts if _RETURNS.search(t.lower())]
    counters = {m.group(1) if m is not None else None for t in returning for m in [_COUNTER.search(t)]}
    r.returns_with = counters.pop() if len(counters) == 1 else None
    r.made_attack = any(_TOKEN_ATTACKS.match(x) for t in texts for x in _effect_sentences(t)) and \
        (spell or len(texts) == 1)
    _extra_turns(r, item, texts, spell)
    r.text_effects = []
    if spell:
        _target_effect(r, item, texts)
        _mass_effect(r, item, texts)
    _additional_combat(r, item, texts, spell)
    _untap_now(r, item, texts, spell)
    _tap_now(r, item, texts, spell)
    _cant_block(r, item, texts, spell)
    _regenerate(r, item, texts, spell)
    _land_plays(r, item, texts, spell)
    if _unanimous(texts, END_TURN, spell):
        return END_TURN
    if _unanimous(texts, END_COMBAT, spell) and r.edition.ends_combat_phase:
        return END_COMBAT
    return None


def _extra_turns(r: Replay, item: StackItem, texts: list[str], spell: bool) -> None:
    """"Take an extra turn after this one." (500.7) as `Alice takes an extra turn` does, for the controller or the
    player the spell targets ("Target player takes ..."); "Skip the untap step of that turn." (Savor the Moment)
    as `Alice skips her next untap step`: that extra turn is the player's next one."""
    said = [m for t in texts for m in [EXTRA_TURNS.match(t)] if m is not None]
    if not said or not spell and len(said) != len(texts) or len({m.group() for m in said}) != 1:
        return
    g = r.game
    m = said[0]
    player = item.controller
    if m.group("target"):
        targets = [t for t in item.targets if t in g.pstate]
        if len(targets) != 1:
            return   # whose turn it is isn't known: nothing is planned (and nothing judged: see `unread_texts`)
        player = targets[0]
    r.text_turns = [e for e in r.text_turns if e[0] == r.resolving_line]
    for _ in range(EXTRA_TURN_COUNTS[m.group("count")]):
        g.extra_turns.push(player)
        r.text_turns.append((r.resolving_line, player))
    if SKIP_EXTRA_UNTAP in texts:
        g.skips.append((player, "untap step", False))


def _target_effect(r: Replay, item: StackItem, texts: list[str]) -> None:
    """"Target creature gets +3/+3 until end of turn." (and "gains flying", "+X/+0 …, where X is its power") on the
    one creature the spell targets, as `Grizzly Bears gets +3/+3 until end of turn` does; a narration of the same
    effect (on the resolution's line or after it) is that effect, not a second one (effects.py)."""
    read = [e for t in texts for e in [pump_of(t)] if e is not None]
    if len(read) != 1 or len(item.targets) != 1 or item.targets[0] in r.game.pstate:
        return
    g = r.game
    p = g.find_perm_quietly(n.Ref(item.targets[0], 0, 0))
    if p is None:
        return   # the target is gone: the spell did nothing to it
    power, toughness, keywords, x_is_power = read[0]
    x = g.pt(p)[0] if x_is_power else 0
    dp, dt = (x * (-1 if b.startswith("-") else 1) if b[1:] == "x" else int(b) for b in (power, toughness))
    line = r.resolving_line
    made: list[Effect] = []
    if dp or dt:
        made.append(Effect(p.pid, dp, dt, None, "end_of_turn", line, f"{dp:+d}/{dt:+d}"))
    made += [Effect(p.pid, 0, 0, n.Ability("keyword", k), "end_of_turn", line, k) for k in keywords]
    for e in made:
        g.add_effect(e)
    r.text_effects = made


def _mass_effect(r: Replay, item: StackItem, texts: list[str]) -> None:
    """"Creatures you control get +3/+3 and gain trample until end of turn." (Overrun) on each creature of that
    group as the spell resolves (the group is fixed then, 611.2c), as `Grizzly Bears gets +3/+3 until end of turn`
    for each would; a narration of the same effect on one of them is that effect (effects.py)."""
    read = [e for t in texts for e in [mass_pump_of(t)] if e is not None]
    if len(read) != 1:
        return
    who, dp, dt, keywords = read[0]
    g, line = r.game, r.resolving_line
    for p in list(g.battlefield.values()):
        if not p.is_creature() or p.phased_out or ("you" in who and p.controller != item.controller) or (
                "attacking" in who and not (p.in_combat and p.attacking is not None)):
            continue
        made = [Effect(p.pid, dp, dt, None, "end_of_turn", line, f"{dp:+d}/{dt:+d}")] if dp or dt else []
        made += [Effect(p.pid, 0, 0, n.Ability("keyword", k), "end_of_turn", line, k) for k in keywords]
        for e in made:
            g.add_effect(e)
        r.text_effects += made


def _additional_combat(r: Replay, item: StackItem, texts: list[str], spell: bool) -> None:
    """"After this phase, there is an additional combat phase." (500.8) as `Alice gets an additional combat phase
    after this phase` does, for the controller of the resolving spell or ability: a trigger during combat adds it
    straight after this combat phase."""
    said = [m for t in texts for m in [ADDITIONAL_COMBAT.search(t.lower())] if m is not None]
    if not said or not spell and len(said) != len(texts) or len({m.group() for m in said}) != 1:
        return
    m = said[0]
    after = "the first postcombat main phase this turn" if m.group("after").startswith("the first") else "this phase"
    line = r.resolving_line
    stmt = n.ExtraPhase(span=n.Span(line, 1, line, 1), player=n.Ref(item.controller, 1, 1),
                        steps=("combat phase", "main phase") if m.group("main") else ("combat phase",), after=after)
    r.text_phases = (line, plan_phases(r, stmt))


def _effect_sentences(text: str) -> list[str]:
    """A resolving text's sentences, lower case, without the final period; a triggered ability's after its
    condition."""
    text = text.lower()
    if text.startswith(("when", "at ")) and ", " in text:
        text = text.split(", ", 1)[1]
    return [s.strip().rstrip(".") for s in re.split(r"(?<=\.)\s+", text) if s.strip()]


def _untap_now(r: Replay, item: StackItem, texts: list[str], spell: bool) -> None:
    """"Untap all creatures that attacked this turn." (and "… creatures / lands / permanents you control", "Untap
    target creature." with the one target its cast or activation named) as the text resolves: what it names
    untaps, as `Alice untaps …` would. Only the text's own sentence; one inside a condition ("If you do, untap …")
    stays unread. A source with several abilities that could be resolving untaps only when all say the same."""
    said = [m for t in texts for m in [next((UNTAP_NOW.match(x) for x in _effect_sentences(t)
                                             if UNTAP_NOW.match(x)), None)] if m is not None]
    if not said or not spell and len(said) != len(texts) or len({m.group() for m in said}) != 1:
        return
    m, g = said[0], r.game
    if m.group("target"):
        if len(item.targets) != 1 or item.targets[0] in g.pstate:
            return
        p = g.find_perm_quietly(n.Ref(item.targets[0], 0, 0))
        chosen = [p] if p is not None and p.tapped else []
    else:
        what = m.group("what")
        kind = what.split()[0].rstrip("s")
        chosen = [p for p in g.battlefield.values() if p.tapped and not p.phased_out
                  and (kind == "permanent" or p.is_(kind)) and
                  (p.attacked if what.endswith("this turn") else p.controller == item.controller)]
    for p in chosen:
        untap_one(g, p)


def _tap_now(r: Replay, item: StackItem, texts: list[str], spell: bool) -> None:
    """"Tap target creature." (and "… artifact, creature, or land", Icy Manipulator) as the text resolves: the one
    permanent its cast or activation targeted becomes tapped; with Rust Tick's "It doesn't untap during its
    controller's untap step for as long as this creature remains tapped.", it keeps that while the source is tapped
    (the effect ends for good as the source untaps or leaves: game/counters.py). Only the text's own sentence; a
    source with several abilities that could be resolving taps only when all say so."""
    said = [t for t in texts if any(TAP_NOW.match(x) for x in _effect_sentences(t))]
    if not said or not spell and len(said) != len(texts) or len(item.targets) != 1 or item.targets[0] in r.game.pstate:
        return
    g = r.game
    p = g.find_perm_quietly(n.Ref(item.targets[0], 0, 0))
    if p is not None and not p.phased_out:
        p.tapped = True
        source = g.find_perm_quietly(n.Ref(item.source, 0, 0))
        held = any(HELD_TAPPED.match(x) for t in said for x in _effect_sentences(t))
        if held and source is not None and source.tapped:
            g.add_effect(Effect(p.pid, ability=n.Ability("static", KEEP_TAPPED), duration="always",
                                line=r.resolving_line, label="doesn't untap", condition=(HELD, source.pid, None)))


def _regenerate(r: Replay, item: StackItem, texts: list[str], spell: bool) -> None:
    """"Regenerate this." (River Boa's "{G}: Regenerate River Boa.") or "Regenerate target creature." as the text
    resolves: its source, or the one creature the cast or activation targeted, gets a regeneration shield this turn,
    as `River Boa gets a regeneration shield` does."""
    said = [x for t in texts for x in _effect_sentences(t) if x in REGENERATES]
    if not said or not spell and len(said) != len(texts) or len(set(said)) != 1:
        return
    g = r.game
    if said[0] == REGENERATES[0]:
        p = g.find_perm_quietly(n.Ref(item.source, 0, 0))
    else:
        p = g.find_perm_quietly(n.Ref(item.targets[0], 0, 0)) if len(item.targets) == 1 else None
    if p is not None:
        g.add_effect(Effect(p.pid, duration="end_of_turn", line=r.resolving_line, label="regeneration shield",
                            shield=True))


# a target creature's restriction or requirement until end of turn, as the text resolves: Panic's and Hammerhand's
# "Target creature can't block this turn." (509.1b), Alluring Scent's "All creatures able to block target creature
# this turn do so." (509.1c)
_ON_TARGET = {"target creature can't block this turn": "can't block",
              "all creatures able to block target creature this turn do so": LURE}


def _cant_block(r: Replay, item: StackItem, texts: list[str], spell: bool) -> None:
    """"Target creature can't block this turn." (Panic; Hammerhand's and Goblin Shortcutter's "enters" trigger),
    "All creatures able to block target creature this turn do so." (Alluring Scent) on the one creature the cast or
    trigger targeted, until end of turn: its block is flagged 509.1b; a block that leaves it unblocked, 509.1c."""
    said = [x for t in texts for x in _effect_sentences(t) if x in _ON_TARGET]
    if not said or not spell and len(said) != len(texts) or len(item.targets) != 1 or item.targets[0] in r.game.pstate:
        return
    p = r.game.find_perm_quietly(n.Ref(item.targets[0], 0, 0))
    if p is not None:
        for x in dict.fromkeys(said):
            r.game.add_effect(Effect(p.pid, 0, 0, n.Ability("static", _ON_TARGET[x]), "end_of_turn",
                                     r.resolving_line, _ON_TARGET[x]))


def _land_plays(r: Replay, item: StackItem, texts: list[str], spell: bool) -> None:
    """"You may play an additional land this turn." (Explore, Growth Spiral): the controller has one more land play
    for the rest of the turn (305.2, current 505.6b)."""
    said = [x for t in texts for x in _effect_sentences(t) if x in LAND_PLAYS_NOW]
    if said and (spell or len(said) == len(texts)):
        g = r.game
        g.land_bonus[item.controller] = g.land_bonus.get(item.controller, 0) + sum(LAND_PLAYS_NOW[x] for x in said)


def unread_texts(r: Replay, item: StackItem) -> list[str]:
    """The texts of the resolving object that the replay doesn't act on: quoted text it can't read, "End the
    combat phase." in an edition without that rule, and "Target player takes an extra turn …" when the cast named no
    one player as its target."""
    if item.card is None:
        return []
    if item.triggered or item.trigger is not None:   # a trigger's effect, beside the card's quoted text
        effects = [e for t in resolving_abilities(item) for e in [unread_effect(t)] if e]
    else:
        effects = []
    maybe = item.kind == "ability" and not item.triggered and len(resolving_abilities(item)) > 1
    return effects + [a.text for a in item.card.abilities if a.kind == "text" or
            (a.kind == "resolution" and maybe) or   # which of several abilities resolved isn't known
            (a.kind == "resolution" and effect_of(a.text) == END_COMBAT and not r.edition.ends_combat_phase) or
            (a.kind == "resolution" and a.text.startswith("target player takes") and
             len([t for t in item.targets if t in r.game.pstate]) != 1)]


# a token the resolving text creates must attack this combat (Legion Warboss, Goblin Rabblemaster's kin)
_TOKEN_ATTACKS = re.compile(r"^that token (?:gains haste until end of turn and )?attacks this combat if able$")


def made_token(r: Replay, p: Permanent) -> None:
    """A token created by the resolving text that says "that token … attacks this combat if able": the requirement
    lasts until the combat ends (508.1d)."""
    if r.made_attack and r.resolving is not None:
        r.game.add_effect(Effect(p.pid, 0, 0, n.Ability("static", MUST_ATTACK), "end_of_combat", r.resolving_line,
                                 "attacks this combat if able"))


def returned(r: Replay, p: Permanent) -> None:
    """A permanent put onto the battlefield by the resolving text "return it ... with a +1/+1 counter on it" is a
    new object with that counter and nothing else carried over (400.7)."""
    kind = r.returns_with
    if kind is not None and r.resolving is not None:
        p.counters[kind] = p.counters.get(kind, 0) + 1


def end_the_combat(r: Replay, stmt: n.Statement) -> None:
    """The combat phase ends (current 723.2): the stack is exiled, triggers waiting cease to exist, every creature
    leaves combat, and the game goes to the next phase, skipping the rest of combat and its end of combat step."""
    g = r.game
    if STEP_PHASE.get(g.step or "") != "combat":
        return   # nothing happens outside a combat phase (current 723.2g)
    g.stack.clear()
    g.note_stack_change()
    g.pending = []
    r.pending_flagged = False
    declared = g.combat_attackers_declared
    g.end_combat()
    g.combat_attackers_declared = declared   # a step of this combat narrated after it is out of order, nothing else
    if not g.between_steps:
        g.passed = set(g.players)
        end_step(r, stmt)
    while g.plan and STEP_PHASE.get(g.plan[0].step) == "combat":
        g.plan.pop(0)
    if not g.plan:
        g.plan = [PlanEntry("postcombat main phase")]


def flash_permitted(r: Replay, player: str, card: Card) -> bool:
    """Whether a permanent's text lets the player cast this card as though it had flash (Prophet of Kruphix: "You
    may cast creature spells as though they had flash."; Vernal Equinox: "Any player may cast ..."): only the
    timing of 505.5a is lifted, as flash would (702.8a). Asked only before a sorcery-timing finding."""
    for p in r.game.battlefield.values():
        if p.phased_out or p.lost:
            continue
        for a in p.abilities():
            allowed = flash_types(a.text) if a.kind == "static" else None
            if allowed is not None and (allowed[0] or p.controller == player) and \
                    (not allowed[1] or any(card.is_(t) for t in allowed[1])):
                return True
    return False


def lands_missing(g: Game, p: Permanent) -> tuple[str, str] | None:
    """(the defending player, the land type) when p's text says it "can't attack unless defending player controls
    an Island" and that player is known to control none: each of their lands has known types (a card database's,
    a type line's dash, a basic land's name) and none is of that type. Not judged with abilities unknown, or with
    more than one defending player."""
    if not (p.card.texts & ATTACK_HOMES) or g.abilities_unknown or len(g.defenders) != 1:
        return None
    defender = g.defenders[0]
    for text in g.ability_texts(p):
        m = ATTACKS_ONLY_INTO.match(text)
        if m is None or land_of_type(g, defender, m.group("type")) is not None:
            continue
        if any(q.controller == defender and q.is_("land") and not (q.card.subtypes or q.card.origin or
                                                                   q.card.is_("basic"))
               for q in g.battlefield.values()):
            return None   # a land whose types aren't known may be one
        return defender, m.group("type")
    return None



def types_missing(g: Game, p: Permanent) -> tuple[str, str | None] | None:
    """(the types, a permanent whose unread text may give one of them or None) when p's text says its controller
    must control one of those types for it to attack ("can't attack unless you control a Knight or a Soldier", War
    Falcon) and the controller is known to control none: each of their permanents has known types (a card
    database's or a type line's dash) and none is of those. Unread text that names one of the types, changeling or
    creature types (Conspiracy, Amoeboid Changeling) may have given it: the finding is then a note. Not judged with
    abilities unknown, or when a permanent of theirs may have every creature type (changeling)."""
    if not p.card.attacks_if_yours or g.abilities_unknown:
        return None
    for text in g.ability_texts(p):
        m = ATTACKS_IF_YOURS.match(text)
        if m is None:
            continue
        kinds = [k for k in (m.group("a"), m.group("b")) if k]
        mine = [q for q in g.battlefield.values() if q.controller == p.controller and not q.phased_out]
        if any(not (q.card.subtypes or q.card.origin) or any("changeling" in a.text.lower() or "creature type" in
                                                             a.text.lower() for a in q.abilities()) for q in mine):
            return None   # a permanent whose types aren't known may be one
        if not any(q.is_(k) or k in (t.lower() for t in q.card.subtypes) for q in mine for k in kinds):
            words = re.compile(rf"\b(?:{'|'.join(kinds)})s?\b|\bchangeling\b|\bcreature types?\b|\bin addition to its")
            giver = next((q.name for q in g.battlefield.values() if not q.phased_out for a in q.abilities()
                          if a.kind == "text" and words.search(a.text.lower())), None)
            return " or ".join(k.capitalize() for k in kinds), giver
    return None


# a draw-step trigger's extra draws (Howling Mine: "… that player draws an additional card."; Font of Mythos: "…
# draws two additional cards."; Rites of Flourishing's kin)
_ADDITIONAL_DRAW = re.compile(r"\bdraws? (an|one|two|three) additional cards?\b")
_COUNTS = {"an": 1, "one": 1, "two": 2, "three": 3}


def folded_draws(r: Replay, player: str, extra: int) -> bool:
    """Whether the draw-step triggers waiting now draw `player` exactly `extra` additional cards: a judge writes
    the turn's draw and theirs as one (`Alice draws 2 cards`), and they are taken as put on the stack and resolved
    by that line (removed from the triggers waiting) when they draw no more than it says."""
    g = r.game
    folded: list[PendingTrigger] = []
    count = 0
    for t in g.pending:
        perm = g.named(t.source)
        texts = [t.text] + ([a.text for a in perm.abilities()] if perm is not None and not perm.phased_out else [])
        m = next((m for x in texts for m in [_ADDITIONAL_DRAW.search(x.lower())] if m is not None), None)
        if t.step != "draw step" or m is None or ("your draw step" in t.text.lower() and t.controller != player):
            continue
        folded.append(t)
        count += _COUNTS[m.group(1)]
    if not folded or count > extra:
        return False
    g.pending[:] = [t for t in g.pending if all(t is not f for f in folded)]   # in the line, whatever else is
    if not g.pending:
        r.pending_flagged = False
    return count == extra

