"""Builds the starting state (life, hands, permanents and their facts) and the turn header."""

from __future__ import annotations

from ... import nodes as n
from ..limits import NO_MAX_HAND
from ..tokens import Token
from .base import BuildBase, _step_name, inline_callbacks


@inline_callbacks
class SetupBuild(BuildBase):
    """The callbacks of the setup statements."""

    def life_fact(self, v: Token) -> n.Fact:
        return n.Fact("life", int(v))

    def hand_fact(self, v: Token) -> n.Fact:
        return n.Fact("hand", int(v))

    def lands_played_fact(self, v: Token) -> n.Fact:
        return n.Fact("lands_played", int(v))

    def mana_fact(self, v: Token) -> n.Fact:
        return n.Fact("mana", str(v))

    def max_hand_fact(self, v: Token) -> n.Fact:
        return n.Fact("max_hand_size", int(v))

    def no_max_hand_fact(self) -> n.Fact:
        return n.Fact("max_hand_size", NO_MAX_HAND)

    def scheme_fact(self, v: n.Ref) -> n.Fact:
        return n.Fact("scheme", v)

    def player_state(self, player: n.Ref, *facts: n.Fact) -> n.PlayerState:
        return n.PlayerState(self._span(player), player, facts)

    def controls(self, player: n.Ref, refs: tuple[n.Ref, ...]) -> n.Controls:
        return n.Controls(self._span(player, refs), player, tuple(n.PermanentSpec(r, ()) for r in refs))

    def controls_one(self, player: n.Ref, ref: n.Ref, *facts: n.Fact) -> n.Controls:
        return n.Controls(self._span(player, ref), player, (n.PermanentSpec(ref, facts),))

    def holds(self, player: n.Ref, cards: tuple[n.Ref, ...]) -> n.Holds:
        return n.Holds(self._span(player, cards), player, cards)

    def delayed_trigger(self, source: n.Ref, trig: Token) -> n.DelayedTrigger:
        return n.DelayedTrigger(self._span(source, trig), source, " ".join(str(trig).split()))

    def tapped_fact(self) -> n.Fact:
        return n.Fact("tapped", True)

    def untapped_fact(self) -> n.Fact:
        return n.Fact("tapped", False)

    def damage_fact(self, v: Token) -> n.Fact:
        return n.Fact("damage", int(v))

    def counters_fact(self, v: Token, kind: Token) -> n.Fact:
        return n.Fact("counters", (str(kind), int(v)))

    def new_fact(self) -> n.Fact:
        return n.Fact("new", True)

    def phased_out_fact(self) -> n.Fact:
        return n.Fact("phased_out", True)

    def attacking_fact(self, target: n.Ref) -> n.Fact:
        return n.Fact("attacking", target)

    def blocking_fact(self, *refs: n.Ref) -> n.Fact:
        return n.Fact("blocking", refs)

    def blocked_fact(self) -> n.Fact:
        return n.Fact("blocked", True)

    def attacked_fact(self) -> n.Fact:
        return n.Fact("attacked_this_turn", True)

    def attached_fact(self, target: n.Ref) -> n.Fact:
        return n.Fact("attached_to", target)

    def owner_fact(self, owner: n.Ref) -> n.Fact:
        return n.Fact("owner", owner)

    def ability_fact(self, ability: n.Ability) -> n.Fact:
        return n.Fact("ability", ability)

    def team_turn_header(self, num: Token, team: tuple[n.Ref, ...], *rest: Token) -> n.TurnHeader:
        header = self.turn_header(num, team[0], *rest)
        return n.TurnHeader(self._span(num, *team, *rest), header.number, team[0], header.extra, header.in_step,
                            team[1:], header.controlled_by)

    def turn_header(self, num: Token, player: n.Ref, *rest: Token) -> n.TurnHeader:
        extra = any(t.type == "EXTRA" for t in rest)
        steps = [t for t in rest if t.type == "STEP"]
        controlled = next((str(t).strip("() \t").split()[-1] for t in rest if t.type == "CONTROLLED_BY"), None)
        return n.TurnHeader(self._span(num, player, *rest), int(num), player, extra,
                            _step_name(steps[0]) if steps else None, controlled_by=controlled)
