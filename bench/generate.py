"""Deterministic generator of legal two-player games in the transcript language (benchmark only).

The generator plays both sides of a game of Magic with a small card pool and writes what happens the way a
game log does: every turn and step, priority passes (explicit mode), land plays, mana, spells with responses,
an upkeep trigger, attacks with multiple blocks, first and double strike, trample, damage assignment orders and
assignments, cleanup discards, and now and then a state assertion that pins the generator's model of the game
to the replay's.  It keeps its own model of the game so every line it writes is legal: rulecheck must report
nothing on its output (the benchmark and ``tests/test_bench_generator.py`` assert it).

Everything is driven by one ``random.Random(seed)``, so the same arguments always give the same bytes.

    python bench/generate.py --events 100000 --seed 1 -o game.transcript
    python bench/generate.py --tournament 200 --events 1500 -o tournament/
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

PLAYERS = ("Alice", "Bob")
MAX_HAND = 7


@dataclass(frozen=True)
class CardSpec:
    name: str
    kind: str                     # land, creature, instant, sorcery, enchantment
    cost: str = ""                # "{1}{G}"; generic first, as printed
    power: int = 0
    toughness: int = 0
    keywords: tuple[str, ...] = ()
    color: str = ""               # the colour a land taps for, or the card's colour
    definition: str = ""          # what follows 'card NAME:' in the transcript

    def has(self, keyword: str) -> bool:
        return keyword in self.keywords


def _creature(name: str, cost: str, pt: str, *keywords: str) -> CardSpec:
    p, t = (int(x) for x in pt.split("/"))
    colors = [c for c in "WUBRG" if "{" + c + "}" in cost]
    props = ", ".join((f"creature {pt}",) + keywords)
    return CardSpec(name, "creature", cost, p, t, tuple(keywords), colors[0] if colors else "", props)


CARDS: dict[str, CardSpec] = {c.name: c for c in [
    CardSpec("Forest", "land", color="G", definition="basic land"),
    CardSpec("Mountain", "land", color="R", definition="basic land"),
    CardSpec("Plains", "land", color="W", definition="basic land"),
    CardSpec("Island", "land", color="U", definition="basic land"),
    CardSpec("Swamp", "land", color="B", definition="basic land"),
    # green
    _creature("Llanowar Elves", "{G}", "1/1"),
    _creature("Grizzly Bears", "{1}{G}", "2/2"),
    _creature("Wall of Wood", "{G}", "0/3", "defender"),
    _creature("Giant Spider", "{3}{G}", "2/4", "reach"),
    _creature("Craw Wurm", "{4}{G}{G}", "6/4"),
    _creature("Colossal Dreadmaw", "{4}{G}{G}", "6/6", "trample"),
    CardSpec("Giant Growth", "instant", "{G}", color="G", definition="instant, target creature"),
    # red
    _creature("Raging Goblin", "{R}", "1/1", "haste"),
    _creature("Goblin Piker", "{1}{R}", "2/1"),
    _creature("Hill Giant", "{3}{R}", "3/3"),
    _creature("Lava Runner", "{2}{R}", "2/2", "haste", "trample"),
    CardSpec("Pyroclasm", "sorcery", "{1}{R}", color="R",
             definition='sorcery, "Pyroclasm deals 2 damage to each creature."'),
    CardSpec("Lightning Bolt", "instant", "{R}", color="R",
             definition='instant, "Lightning Bolt deals 3 damage to any target."'),
    # white
    _creature("Elite Vanguard", "{W}", "2/1"),
    _creature("Youthful Knight", "{1}{W}", "2/1", "first strike"),
    _creature("Fencing Ace", "{1}{W}", "1/1", "double strike"),
    _creature("Serra Angel", "{3}{W}{W}", "4/4", "flying", "vigilance"),
    CardSpec("Renewed Faith", "instant", "{2}{W}", color="W", definition='instant, "You gain 6 life."'),
    CardSpec("Day of Judgment", "sorcery", "{2}{W}{W}", color="W", definition='sorcery, "Destroy all creatures."'),
    # colourless
    CardSpec("Healing Draught", "instant", "{1}", definition='instant, "You gain 5 life."'),
    CardSpec("All Is Dust", "sorcery", "{7}",
             definition='sorcery, "Each player sacrifices all colored permanents they control."'),
    # blue
    _creature("Wind Drake", "{2}{U}", "2/2", "flying"),
    _creature("Air Elemental", "{3}{U}{U}", "4/4", "flying"),
    _creature("Horned Turtle", "{2}{U}", "1/4"),
    CardSpec("Divination", "sorcery", "{2}{U}", color="U", definition='sorcery, "Draw two cards."'),
    # black
    _creature("Scathe Zombies", "{2}{B}", "2/3"),
    _creature("Vampire Bats", "{B}", "1/1", "flying"),
    _creature("Sengir Vampire", "{3}{B}{B}", "5/5", "flying"),
    CardSpec("Murder", "instant", "{1}{B}{B}", color="B", definition="instant, target creature"),
    CardSpec("Damnation", "sorcery", "{2}{B}{B}", color="B", definition='sorcery, "Destroy all creatures."'),
    CardSpec("Phyrexian Arena", "enchantment", "{1}{B}{B}", color="B",
             definition="enchantment, at the beginning of your upkeep"),
]}
SWEEPERS = ("Day of Judgment", "Damnation", "Pyroclasm", "All Is Dust")
LAND_OF = {"G": "Forest", "R": "Mountain", "W": "Plains", "U": "Island", "B": "Swamp"}
DECK_COLORS = (("G", "R"), ("W", "U"), ("B", "G"), ("R", "W"), ("U", "B"), ("G", "W"), ("R", "B"), ("U", "G"))


def _can_block(blocker: Perm, attacker: Perm) -> bool:
    return not attacker.has("flying") or blocker.has("flying") or blocker.has("reach")


def _kills(source: Perm, victim: Perm) -> bool:
    """Whether ``source``'s combat damage alone is lethal to ``victim`` (the AI's rough estimate)."""
    return source.power * (2 if source.has("double strike") else 1) >= victim.toughness - victim.damage > 0


def _symbols(cost: str) -> list[str]:
    return [s.strip("{}") for s in cost.replace("}{", "} {").split()] if cost else []


@dataclass
class Perm:
    name: str                      # as the transcript names it: 'Forest', 'Forest (3)'
    card: CardSpec
    owner: str
    tapped: bool = False
    sick: bool = False             # not controlled continuously since the turn began
    damage: int = 0
    bonus: list[tuple[int, int]] = field(default_factory=list)   # until-end-of-turn pumps
    # combat
    attacking: bool = False
    blockers: list[Perm] = field(default_factory=list)            # in damage assignment order
    blocking: Perm | None = None
    was_blocked: bool = False
    in_combat: bool = False        # attacking or blocking, even once what it blocked has gone (506.4)
    first_striker: bool = False

    @property
    def power(self) -> int:
        return self.card.power + sum(b[0] for b in self.bonus)

    @property
    def toughness(self) -> int:
        return self.card.toughness + sum(b[1] for b in self.bonus)

    def has(self, keyword: str) -> bool:
        return self.card.has(keyword)


@dataclass
class Player:
    name: str
    colors: tuple[str, str]
    life: int = 20
    hand: list[str] = field(default_factory=list)
    lands: list[Perm] = field(default_factory=list)
    creatures: list[Perm] = field(default_factory=list)
    others: list[Perm] = field(default_factory=list)
    land_played: bool = False


@dataclass
class Settings:
    events: int = 10_000          # stop after the turn in which this many statements are reached
    seed: int = 1
    board_size: int = 6           # most creatures one player keeps on the battlefield
    max_lands: int = 7            # a player stops playing lands here (a real deck runs out of them)
    priority: str = "explicit"    # explicit: every pass narrated, as software logs do; implicit: as judges write
    assertions: float = 0.15      # how often a state assertion follows a combat or a resolution


class Game:
    """One game.  ``lines()`` yields the transcript line by line; ``events`` counts statements so far."""

    def __init__(self, settings: Settings) -> None:
        self.s = settings
        self.rng = random.Random(settings.seed)
        colors = list(DECK_COLORS)
        self.rng.shuffle(colors)
        self.players = [Player(PLAYERS[0], colors[0]), Player(PLAYERS[1], colors[1])]
        self.copies: dict[str, int] = {}
        self.events = 0
        self.priority_taken = False   # someone acted with priority in the current step
        self.turn = 0
        self.last_death = 0
        self.out: list[str] = []
        self.stack: list[tuple[str, Player, Callable[[], list[str]]]] = []

    # ------------------------------------------------------------ output
    def emit(self, *statements: str) -> None:
        self.out.append("; ".join(statements))
        self.events += len(statements)

    def passes(self, first: Player) -> None:
        """Both players pass in succession, ``first`` first (explicit mode narrates it)."""
        self.priority_taken = True
        if self.s.priority == "explicit":
            other = self.opponent(first)
            roll = self.rng.random()
            if roll < 0.04:
                self.emit("all players pass")
            elif roll < 0.12:
                self.emit(f"{first.name} passes")
                self.emit(f"{other.name} passes")
            else:
                self.emit(f"{first.name} passes priority")
                self.emit(f"{other.name} passes priority")
        elif self.rng.random() < 0.03:
            self.emit(f"{first.name} passes priority")

    # ------------------------------------------------------------ model helpers
    def join(self, names: list[str]) -> str:
        if len(names) == 2 and self.rng.random() < 0.3:
            return f"{names[0]} and {names[1]}"
        return ", ".join(names)

    def opponent(self, p: Player) -> Player:
        return self.players[1] if p is self.players[0] else self.players[0]

    def new_perm(self, card: CardSpec, owner: Player) -> Perm:
        n = self.copies.get(card.name, 0) + 1
        self.copies[card.name] = n
        return Perm(card.name if n == 1 else f"{card.name} ({n})", card, owner.name, sick=True)

    def player(self, name: str) -> Player:
        return self.players[0] if self.players[0].name == name else self.players[1]

    def draw_card(self, p: Player) -> None:
        rng = self.rng
        heal = "Renewed Faith" if "W" in p.colors else "Healing Draught"
        if p.life < self.reserve(p) and "Healing Draught" not in p.hand:   # an Arena would end the game
            p.hand.append("Healing Draught")
            return
        if rng.random() < 0.4:
            p.hand.append(LAND_OF[rng.choice(p.colors)])
            return
        if p.life <= 8 and rng.random() < 0.5:
            p.hand.append(heal)
            return
        pool = [c for c in CARDS.values() if c.kind != "land" and (c.color in p.colors or not c.color)]
        if any(o.card.name == "Phyrexian Arena" for o in p.others) or "Phyrexian Arena" in p.hand:
            pool = [c for c in pool if c.name != "Phyrexian Arena"]
        p.hand.append(rng.choice(pool).name)

    def untapped_lands(self, p: Player) -> list[Perm]:
        return [land for land in p.lands if not land.tapped]

    def payment(self, p: Player, cost: str) -> list[Perm] | None:
        """Lands that pay ``cost``: generic first then coloured, so the pool pays in the order it was filled."""
        free = self.untapped_lands(p)
        colored: list[Perm] = []
        generic = 0
        for sym in _symbols(cost):
            if sym.isdigit():
                generic += int(sym)
                continue
            land = next((x for x in free if x.card.color == sym and x not in colored), None)
            if land is None:
                return None
            colored.append(land)
        rest = [x for x in free if x not in colored]
        if len(rest) < generic:
            return None
        return rest[:generic] + colored

    def can_cast(self, p: Player, name: str) -> bool:
        return name in p.hand and self.payment(p, CARDS[name].cost) is not None

    def tap_and_cast(self, p: Player, name: str, target: str | None = None) -> None:
        card = CARDS[name]
        lands = self.payment(p, card.cost)
        assert lands is not None
        for land in lands:
            land.tapped = True
        mana = "".join("{" + land.card.color + "}" for land in lands)
        target_text = f" targeting {target}" if target else ""
        tap = f"{p.name} taps {', '.join(land.name for land in lands)} for {mana}"
        cast = f"{p.name} casts {name}{target_text} paying {card.cost} from pool"
        if self.rng.random() < 0.15:
            self.emit(tap, cast)
        else:
            self.emit(tap)
            self.emit(cast)
        p.hand.remove(name)

    def find(self, name: str) -> Perm | None:
        for pl in self.players:
            for c in pl.creatures:
                if c.name == name:
                    return c
        return None

    def remove_creature(self, c: Perm) -> None:
        owner = self.player(c.owner)
        if c in owner.creatures:
            owner.creatures.remove(c)
        if c.blocking is not None and c in c.blocking.blockers:
            c.blocking.blockers.remove(c)
        for b in c.blockers:
            b.blocking = None
        c.blockers = []
        c.attacking = False
        c.blocking = None

    def maybe_assert(self, active: Player) -> None:
        if self.rng.random() >= self.s.assertions:
            return
        roll = self.rng.random()
        who = self.rng.choice(self.players)
        if roll < 0.4:
            self.emit(f"{who.name} has {who.life} life")
        elif roll < 0.7:
            self.emit(f"{who.name} has {len(who.hand)} card{'' if len(who.hand) == 1 else 's'} in hand")
        elif who.creatures:
            c = self.rng.choice(who.creatures)
            self.emit(f"{c.name} is {c.power}/{c.toughness}")

    # ------------------------------------------------------------ spells
    def resolve_top(self) -> None:
        _, _, effect = self.stack.pop()
        self.emit(*effect())

    def cast_spell(self, p: Player, name: str, active: Player, target: Perm | Player | None = None) -> None:
        """Cast; the opponent passes or responds; everything resolves, each after both players passed."""
        card = CARDS[name]
        foe = self.opponent(p)
        explicit = self.s.priority == "explicit"
        if explicit and p is not active and not self.priority_taken:
            self.emit(f"{active.name} passes priority")   # the active player receives priority first in a step
        self.priority_taken = True
        self.tap_and_cast(p, name, target.name if target is not None else None)
        self.stack.append((name, p, self.effect_of(p, card, target)))
        if explicit:
            self.emit(f"{p.name} passes priority")
        if self.respond(foe, p, name, target):
            if explicit:
                self.emit(f"{foe.name} passes priority")
                self.emit(f"{p.name} passes priority")
        elif explicit:
            self.emit(f"{foe.name} passes priority")
        self.resolve_top()
        self.maybe_assert(active)
        while self.stack:
            self.passes(active)
            self.resolve_top()
            self.maybe_assert(active)

    def respond(self, responder: Player, caster: Player, spell: str, target: Perm | Player | None) -> bool:
        """A few realistic responses: save a creature from a Bolt, or Bolt a creature before it is pumped."""
        if isinstance(target, Perm) and target.owner == responder.name and spell == "Lightning Bolt" \
                and self.can_cast(responder, "Giant Growth") and self.rng.random() < 0.7 \
                and (not target.attacking or self.safe_pump(responder, caster, target)):
            self.tap_and_cast(responder, "Giant Growth", target.name)
            self.stack.append(("Giant Growth", responder, self.effect_of(responder, CARDS["Giant Growth"], target)))
            return True
        if isinstance(target, Perm) and target.owner == caster.name and spell == "Giant Growth" \
                and self.can_cast(responder, "Lightning Bolt") and target.toughness - target.damage <= 3 \
                and self.rng.random() < 0.6:
            self.tap_and_cast(responder, "Lightning Bolt", target.name)
            self.stack.append(("Lightning Bolt", responder,
                               self.effect_of(responder, CARDS["Lightning Bolt"], target)))
            return True
        return False

    def effect_of(self, p: Player, card: CardSpec, target: Perm | Player | None) -> Callable[[], list[str]]:
        def effect() -> list[str]:
            head = f"{card.name} resolves"
            if card.kind in ("creature", "enchantment"):
                perm = self.new_perm(card, p)
                (p.creatures if card.kind == "creature" else p.others).append(perm)
                return [head]
            if card.name in ("Day of Judgment", "Damnation"):
                victims = [c for pl in self.players for c in pl.creatures]
                for c in victims:
                    self.remove_creature(c)
                return [head] + [f"{c.name} is destroyed" for c in victims]
            if card.name == "Pyroclasm":
                out = [head]
                for c in [c for pl in self.players for c in pl.creatures]:
                    c.damage += 2
                    out.append(f"Pyroclasm deals 2 damage to {c.name}")
                    if c.damage >= c.toughness:
                        self.remove_creature(c)
                        out.append(f"{c.name} dies")
                return out
            if card.name == "All Is Dust":
                out = [head]
                for pl in self.players:
                    gone = pl.creatures + pl.others
                    for c in list(pl.creatures):
                        self.remove_creature(c)
                    pl.others = []
                    if gone:
                        out.append(f"{pl.name} sacrifices {', '.join(c.name for c in gone)}")
                return out
            if card.name == "Divination":
                self.draw_card(p)
                self.draw_card(p)
                return [head, f"{p.name} draws 2 cards"]
            if card.name in ("Renewed Faith", "Healing Draught"):
                gain = 6 if card.name == "Renewed Faith" else 5
                p.life += gain
                return [head, f"{p.name} gains {gain} life"]
            if isinstance(target, Perm):
                alive = self.find(target.name) is target
                if not alive:
                    return [f"{card.name} is countered"]
                if card.name == "Giant Growth":
                    target.bonus.append((3, 3))
                    return [head, f"{target.name} gets +3/+3 until end of turn"]
                if card.name == "Murder":
                    self.remove_creature(target)
                    return [head, f"{target.name} is destroyed"]
                if card.name == "Lightning Bolt":
                    target.damage += 3
                    out = [head, f"Lightning Bolt deals 3 damage to {target.name}"]
                    if target.damage >= target.toughness:
                        self.remove_creature(target)
                        out.append(f"{target.name} dies")
                    return out
            if isinstance(target, Player) and card.name == "Lightning Bolt":
                target.life -= 3
                return [head, f"Lightning Bolt deals 3 damage to {target.name}"]
            raise AssertionError(f"no effect for {card.name}")  # pragma: no cover
        return effect

    def instant_window(self, p: Player, active: Player, *, combat: bool = False) -> None:
        """``p`` may cast a removal spell or burn now (instant speed)."""
        rng = self.rng
        foe = self.opponent(p)
        if rng.random() > (0.35 if combat else 0.12):
            return
        targets = [c for c in foe.creatures if (c.attacking or c.blocking is not None) or not combat]
        if self.can_cast(p, "Murder") and targets:
            self.cast_spell(p, "Murder", active, max(targets, key=lambda c: c.power))
        elif self.can_cast(p, "Lightning Bolt"):
            killable = [c for c in targets if c.toughness - c.damage <= 3]
            if killable:
                self.cast_spell(p, "Lightning Bolt", active, rng.choice(killable))
            elif foe.life - self.reserve(foe) > 3 + self.threat(p, foe) and (not combat or rng.random() < 0.3):
                self.cast_spell(p, "Lightning Bolt", active, foe)
        elif combat and self.can_cast(p, "Giant Growth"):
            mine = [c for c in p.creatures if c.blocking is not None
                    or (c.attacking and c.was_blocked and self.safe_pump(p, foe, c))]
            if mine:
                self.cast_spell(p, "Giant Growth", active, rng.choice(mine))

    # ------------------------------------------------------------ turn structure
    def step(self, name: str) -> None:
        self.emit(f"{name} begins" if self.rng.random() < 0.85 else name)
        self.priority_taken = False

    def play_turn(self) -> None:
        self.turn += 1
        ap = self.players[(self.turn - 1) % 2]
        nap = self.opponent(ap)
        for pl in self.players:
            pl.land_played = False
            for perm in pl.creatures + pl.lands + pl.others:
                perm.sick = False
        self.emit(f"turn {self.turn}: {ap.name}")
        # beginning phase
        self.step("untap step")
        self.emit(f"{ap.name} untaps all permanents")
        for perm in ap.creatures + ap.lands + ap.others:
            perm.tapped = False
        self.step("upkeep step")
        for arena in [o for o in ap.others if o.card.name == "Phyrexian Arena"]:
            self.emit(f"{arena.name} triggers")
            self.passes(ap)
            self.draw_card(ap)
            ap.life -= 1
            if ap.life <= 0:
                raise AssertionError(f"generator bug: {ap.name} lost to Phyrexian Arena in turn {self.turn}")
            self.emit(f"{arena.name} ability resolves", f"{ap.name} draws a card", f"{ap.name} loses 1 life")
        self.passes(ap)
        if self.turn > 1:   # in a two-player game the starting player skips the first draw step (103.7a)
            self.step("draw step")
            self.draw_card(ap)
            self.emit(f"{ap.name} draws a card")
            self.instant_window(nap, ap)
            self.passes(ap)
        # precombat main
        self.step("precombat main phase")
        self.main_phase(ap, first=True)
        self.passes(ap)
        self.combat(ap, nap)
        self.step("postcombat main phase")
        self.main_phase(ap, first=False)
        self.passes(ap)
        # ending phase
        self.step("end step")
        self.instant_window(nap, ap)
        self.passes(ap)
        self.step("cleanup step")
        extra = len(ap.hand) - MAX_HAND
        if extra > 0:
            dropped = sorted(ap.hand, key=lambda c: (CARDS[c].kind != "land", c))[:extra]
            for c in dropped:
                ap.hand.remove(c)
            if self.rng.random() < 0.5:
                self.emit(f"{ap.name} discards {', '.join(dropped)}")
            else:
                self.emit(f"{ap.name} discards {'a card' if extra == 1 else f'{extra} cards'}")
        for pl in self.players:
            for creature in pl.creatures:
                creature.damage = 0
                creature.bonus = []
        if self.rng.random() < 0.2:
            self.emit(f"turn {self.turn} ends")
        if min(pl.life for pl in self.players) <= 0:
            raise AssertionError(f"generator bug: a player reached 0 life in turn {self.turn} (seed {self.s.seed})")

    def maybe_sweep(self, ap: Player) -> None:
        """Wipe the board when behind on it, or when nothing has died for a while (a stalled board)."""
        foe = self.opponent(ap)
        mine = sum(c.power for c in ap.creatures)
        theirs = sum(c.power for c in foe.creatures)
        stalled = self.turn - self.last_death > 6 and len(foe.creatures) >= 3
        if not (theirs >= mine + 5 or stalled):
            return
        for sweeper in ("Day of Judgment", "Damnation", "Pyroclasm", "All Is Dust"):
            if self.can_cast(ap, sweeper) and (sweeper != "Pyroclasm" or any(c.toughness <= 2 for c in
                                                                              foe.creatures)):
                self.cast_spell(ap, sweeper, ap)
                self.last_death = self.turn
                return

    def main_phase(self, ap: Player, *, first: bool) -> None:
        rng = self.rng
        lands_in_hand = [c for c in ap.hand if CARDS[c].kind == "land"]
        if lands_in_hand and not ap.land_played and len(ap.lands) < self.s.max_lands and (first or rng.random() < 0.5):
            # prefer a land of a colour not yet on the battlefield
            have = {land.card.color for land in ap.lands}
            choice = next((c for c in lands_in_hand if CARDS[c].color not in have), lands_in_hand[0])
            ap.hand.remove(choice)
            perm = self.new_perm(CARDS[choice], ap)
            ap.lands.append(perm)
            ap.land_played = True
            self.emit(f"{ap.name} plays {perm.name}")
        for heal in ("Renewed Faith", "Healing Draught"):
            if ap.life <= 10 and self.can_cast(ap, heal):
                self.cast_spell(ap, heal, ap)
        if first:
            self.maybe_sweep(ap)
        budget = 3 if first else 2
        while budget:
            budget -= 1
            options = [c for c in dict.fromkeys(ap.hand) if self.can_cast(ap, c)]
            if ap.life <= self.reserve(ap) + 1:   # its next upkeep's life loss would end the game (704.5a)
                options = [c for c in options if c != "Phyrexian Arena"]
            creatures = [c for c in options if CARDS[c].kind == "creature"] if len(ap.creatures) < self.s.board_size \
                else []
            sorcery = [c for c in options if CARDS[c].kind in ("sorcery", "enchantment") and c not in SWEEPERS]
            if creatures and (not first or rng.random() < 0.8):
                self.cast_spell(ap, max(creatures, key=lambda c: (CARDS[c].power, c)), ap)
            elif sorcery and rng.random() < 0.7:
                self.cast_spell(ap, sorcery[0], ap)
            elif first and rng.random() < 0.2:
                self.instant_window(ap, ap)
                break
            else:
                break
        if first and rng.random() < 0.1:
            self.instant_window(self.opponent(ap), ap)

    # ------------------------------------------------------------ combat
    def combat(self, ap: Player, nap: Player) -> None:
        rng = self.rng
        self.step("beginning of combat step")
        self.passes(ap)
        self.step("declare attackers step")
        able = [c for c in ap.creatures if not c.tapped and not c.sick and not c.has("defender")]
        home = [b for b in nap.creatures if not b.tapped]
        # the crack-back: everything the defender has untaps and may attack next turn
        crack = sum(c.power * (2 if c.has("double strike") else 1) for c in nap.creatures if not c.has("defender"))
        careful = ap.life - crack <= self.reserve(ap) + 4
        attackers: list[Perm] = []
        budget = nap.life - self.reserve(nap)   # the generator never deals lethal damage: the game goes on
        for c in sorted(able, key=lambda x: (-x.power, x.name)):
            hit = c.power * (2 if c.has("double strike") else 1)
            if hit > budget:
                continue
            blockers = [b for b in home if _can_block(b, c)]
            if not blockers:
                chance = 0.9
            elif any(_kills(b, c) and not _kills(c, b) for b in blockers):
                chance = 0.15           # a blocker would eat it
            elif any(_kills(b, c) for b in blockers):
                chance = 0.45           # a trade is on offer
            else:
                chance = 0.75
            if careful and not c.has("vigilance"):
                chance *= 0.4           # rather stay home to block
            if rng.random() < chance:
                attackers.append(c)
                budget -= hit
        if not attackers:
            self.emit(f"{ap.name} declares no attackers")
            self.passes(ap)
            self.step("end of combat step")
            self.passes(ap)
            return
        names = [c.name for c in attackers]
        roll = rng.random()
        if roll < 0.5:
            self.emit(f"{ap.name} declares {self.join(names)} attacking {nap.name}")
        elif roll < 0.8:
            self.emit(f"{ap.name} attacks {nap.name} with {self.join(names)}")
        else:
            for nm in names:
                self.emit(f"{ap.name} declares {nm} attacking {nap.name}")
        for c in attackers:
            c.attacking = True
            c.in_combat = True
            if not c.has("vigilance"):
                c.tapped = True
        self.instant_window(nap, ap, combat=True)
        self.passes(ap)
        # declare blockers
        self.step("declare blockers step")
        attackers = [c for c in attackers if c.attacking]
        free = [c for c in nap.creatures if not c.tapped]
        rng.shuffle(free)
        desperate = nap.life - self.threat(ap, nap) <= self.reserve(nap) + 3
        blocks: list[tuple[Perm, list[Perm]]] = []
        for a in sorted(attackers, key=lambda c: (-c.power, c.name)):
            can = [b for b in free if _can_block(b, a)]
            if not can:
                continue
            survivors = [b for b in can if not _kills(a, b)]
            traders = [b for b in can if _kills(b, a)]
            roll = rng.random()
            if survivors and roll < 0.8:
                chosen = [max(survivors, key=lambda b: (_kills(b, a), -b.power))]
            elif traders and roll < 0.7:
                chosen = [min(traders, key=lambda b: b.power)]
            elif len(can) >= 2 and can[0].power + can[1].power >= a.toughness - a.damage and roll < 0.85:
                chosen = can[:2]        # a double block kills it
            elif desperate and roll < 0.95:
                chosen = [min(can, key=lambda b: b.power)]   # chump block
            else:
                continue
            for b in chosen:
                free.remove(b)
            blocks.append((a, chosen))
        if not blocks:
            self.emit(f"{nap.name} declares no blockers")
        else:
            for a, chosen in blocks:
                if len(chosen) == 1 and rng.random() < 0.5:
                    self.emit(f"{nap.name} declares {chosen[0].name} blocking {a.name}")
                else:
                    self.emit(f"{nap.name} blocks {a.name} with {self.join([b.name for b in chosen])}")
                for b in chosen:
                    b.blocking = a
                    b.in_combat = True
                a.blockers = list(chosen)
                a.was_blocked = True
            for a, chosen in blocks:
                if len(chosen) > 1:
                    order = list(chosen)
                    rng.shuffle(order)
                    a.blockers = order
                    self.emit(f"{ap.name} orders blockers of {a.name}: {', '.join(b.name for b in order)}")
        self.instant_window(ap, ap, combat=True)
        self.instant_window(nap, ap, combat=True)
        self.passes(ap)
        # combat damage
        fighters = self.fighters(ap, nap)
        strikers = [c for c in fighters if c.has("first strike") or c.has("double strike")]
        for c in fighters:
            c.first_striker = c in strikers
        if strikers:
            self.step("combat damage step" if rng.random() < 0.7 else "first combat damage step")
            self.damage_step(ap, nap, lambda c: c.first_striker)
            self.passes(ap)
            self.step("second combat damage step")
            self.damage_step(ap, nap, lambda c: not c.first_striker or c.has("double strike"))
            self.passes(ap)
        else:
            self.step("combat damage step")
            self.damage_step(ap, nap, lambda c: True)
            self.passes(ap)
        self.step("end of combat step")
        self.passes(ap)
        for pl in self.players:
            for c in pl.creatures:
                c.attacking = False
                c.blocking = None
                c.in_combat = False
                c.blockers = []
                c.was_blocked = False

    def safe_pump(self, p: Player, foe: Player, attacker: Perm) -> bool:
        """+3/+3 on one of ``p``'s attackers still leaves ``foe`` alive, whatever is blocked."""
        return foe.life - self.reserve(foe) > self.threat(p, foe) + 3 * (2 if attacker.has("double strike") else 1)

    def reserve(self, p: Player) -> int:
        """Life ``p`` must keep after combat: one, and one for each Phyrexian Arena before the next main phase."""
        return 1 + sum(1 for o in p.others if o.card.name == "Phyrexian Arena")

    def threat(self, p: Player, foe: Player) -> int:
        """Damage ``p``'s attacking creatures could still deal to ``foe`` this combat."""
        return sum(c.power * (2 if c.has("double strike") else 1) for c in p.creatures if c.attacking)

    def fighters(self, ap: Player, nap: Player) -> list[Perm]:
        """Attacking and blocking creatures, in combat even when what they blocked has left (first strike)."""
        return [c for c in ap.creatures if c.in_combat] + [c for c in nap.creatures if c.in_combat]

    def damage_step(self, ap: Player, nap: Player, assigns: Callable[[Perm], bool]) -> None:
        fighters = self.fighters(ap, nap)
        hits: list[tuple[Perm | Player, int]] = []
        for a in [c for c in fighters if c.attacking]:
            if not assigns(a) or a.power <= 0:
                continue
            parts: list[tuple[Perm | Player, int]] = []
            if not a.was_blocked:
                parts.append((nap, a.power))
            else:
                left = a.power
                for i, b in enumerate(a.blockers):
                    if left <= 0:
                        break
                    last = i == len(a.blockers) - 1
                    lethal = max(b.toughness - b.damage, 0)
                    give = left if last and not a.has("trample") else min(left, lethal)
                    parts.append((b, give))
                    left -= give
                if left > 0 and a.has("trample"):
                    parts.append((nap, left))
                parts = [(r, amt) for r, amt in parts if amt > 0]
                if not parts:
                    continue
            self.emit(f"{a.name} assigns " + ", ".join(f"{amt} combat damage to {r.name}" for r, amt in parts))
            hits += parts
        for b in fighters:
            if b.blocking is None or not assigns(b) or b.power <= 0:
                continue
            self.emit(f"{b.name} assigns {b.power} combat damage to {b.blocking.name}")
            hits.append((b.blocking, b.power))
        dealt = ["combat damage is dealt"]
        for recipient, amount in hits:
            if isinstance(recipient, Player):
                recipient.life -= amount
            else:
                recipient.damage += amount
        for c in list(fighters):
            if c.damage >= c.toughness:
                self.remove_creature(c)
                self.last_death = self.turn
        if self.rng.random() < self.s.assertions:
            dealt.append(f"{nap.name} has {nap.life} life")
        self.emit(*dealt)

    # ------------------------------------------------------------ whole transcript
    def header(self) -> Iterator[str]:
        yield f"# generated by bench/generate.py: seed {self.s.seed}, about {self.s.events} events"
        yield f"title: Benchmark game {self.s.seed}"
        yield f"players: {', '.join(PLAYERS)}"
        yield f"priority: {self.s.priority}"
        yield ""
        for card in CARDS.values():
            yield f"card {card.name}: {card.definition}"
        yield ""
        for p in self.players:
            for _ in range(MAX_HAND):
                self.draw_card(p)
            yield f"{p.name}: life 20, hand {len(p.hand)}"
        yield ""

    def lines(self) -> Iterator[str]:
        for line in self.header():
            self.events += bool(line) and not line.startswith("#")
            yield line
        while self.events < self.s.events:
            self.play_turn()
            yield from self.out
            self.out = []


def game_lines(events: int, seed: int = 1, **kw: object) -> Iterator[str]:
    """The lines of one generated game of about ``events`` statements."""
    return Game(Settings(events=events, seed=seed, **kw)).lines()  # type: ignore[arg-type]


def write_game(path: Path, events: int, seed: int = 1, **kw: object) -> int:
    """Write one game; return the number of statements (events) written."""
    game = Game(Settings(events=events, seed=seed, **kw))  # type: ignore[arg-type]
    with open(path, "w", encoding="utf-8") as fh:
        buf: list[str] = []
        for line in game.lines():
            buf.append(line)
            if len(buf) >= 4096:
                fh.write("\n".join(buf) + "\n")
                buf = []
        if buf:
            fh.write("\n".join(buf) + "\n")
    return game.events


def write_tournament(directory: Path, files: int, events: int, seed: int = 1) -> int:
    """A tournament's logs: ``files`` games of about ``events`` statements each, both priority styles."""
    directory.mkdir(parents=True, exist_ok=True)
    total = 0
    for i in range(files):
        rng = random.Random(seed * 100_003 + i)
        size = int(events * rng.uniform(0.6, 1.4))
        total += write_game(directory / f"round{i // 8 + 1:02d}-table{i % 8 + 1}.transcript", size,
                            seed=seed * 100_003 + i, priority="explicit" if i % 4 else "implicit")
    return total


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--events", type=int, default=10_000, help="statements per game (the game ends after the turn "
                                                                "that reaches it)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--board-size", type=int, default=6)
    ap.add_argument("--priority", choices=["explicit", "implicit"], default="explicit")
    ap.add_argument("--tournament", type=int, metavar="FILES", help="write FILES games into the -o directory")
    ap.add_argument("-o", "--output", default="-", help="file (or directory with --tournament); - for stdout")
    args = ap.parse_args(argv)
    if args.tournament:
        total = write_tournament(Path(args.output), args.tournament, args.events, args.seed)
        print(f"{args.tournament} files, {total} events", file=sys.stderr)
        return 0
    if args.output == "-":
        game = Game(Settings(events=args.events, seed=args.seed, board_size=args.board_size, priority=args.priority))
        for line in game.lines():
            sys.stdout.write(line + "\n")
        return 0
    n = write_game(Path(args.output), args.events, args.seed, board_size=args.board_size, priority=args.priority)
    print(f"{n} events", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
