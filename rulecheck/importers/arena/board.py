"""Reconciliation: make the transcript agree with the log's state (permanents, control, declarations of
attackers and blockers, untapping, power/toughness and keywords in force, the priority holder)."""

from __future__ import annotations

from .base import GameBase
from .model import NO_PRIORITY, Json, Line, Perm, pt_value, quoted


class Board(GameBase):
    # ------------------------------------------------------------------ reconciliation
    def _lost_from_stack(self, keep: set[int] | None = None) -> None:
        """Stack objects that left the stack where the log can't show it (a hole): Arena never changes step with
        anything on the stack, so at a step change whatever the transcript still has there left unseen."""
        for instance in [i for i in self.stack if keep is None or i not in keep]:
            kind, name = self.stack.pop(instance)
            if kind == "copy":
                continue
            what = f"{quoted(name)} ability" if kind == "ability" else quoted(name)
            self.emit(f"{what} is countered", "left the stack unseen, in a hole of the log (resolved or countered: "
                                              "the log doesn't say); this only takes it off the stack")
            self.stack_changed()   # the stack changed: the passes that end the step come after it (500.2)


    def _battlefield(self) -> list[int]:
        ids: list[int] = []
        for zid, zone in self.zones.items():
            if self.zone_type.get(zid) == "ZoneType_Battlefield":
                ids.extend(int(i) for i in zone.get("objectInstanceIds", ()))
        return ids

    def _enter(self, instance: int, how: str, source: str = "") -> None:
        if instance in self.perms:
            return
        old = self.alias.get(instance)
        if old is not None and old in self.perms:
            self.perms[instance] = self.perms.pop(old)
            return
        obj = self.objects.get(instance)
        if obj is None or not obj.get("grpId") or obj.get("type") == "GameObjectType_Ability":
            return
        if self.zone_type.get(int(obj.get("zoneId", 0))) != "ZoneType_Battlefield":
            return
        card = self.card_name(obj)
        seat = int(obj.get("controllerSeatId", 0) or 0)
        perm = Perm(self.new_perm_name(card), card, seat, tapped=bool(obj.get("isTapped")))
        self.perms[instance] = perm
        tapped = " tapped" if perm.tapped else ""
        if obj.get("attackState") == "AttackState_Attacking":
            # put onto the battlefield attacking (508.4): never declared, but an attacking creature
            target = int(obj.get("attackInfo", {}).get("targetId", 0) or 0)
            defender = self.target_name(target) or self.seat(self.other(seat))
            tapped = f"{tapped} and attacking {quoted(defender)}" if tapped else f" attacking {quoted(defender)}"
            self.entered_attacking.add(instance)
        if self.cards[card].token or obj.get("type") == "GameObjectType_Token":
            self.cards[card].token = True
            self.emit(f"{self.seat(seat)} creates {quoted(card)}{tapped}", f"log: {how}")
        else:
            self.emit(f"{self.seat(seat)} puts {quoted(card)} onto the battlefield{source}{tapped}", f"log: {how}")

    def _reconcile(self) -> None:
        """Make the transcript agree with the state: permanents, control, attacks and blocks, untapping."""
        if not self.turn:
            return
        on_battlefield = set(self._battlefield())
        for instance in list(self.perms):
            if instance not in on_battlefield:
                moved = [new for new, old in self.alias.items() if old == instance and new in on_battlefield]
                if moved:
                    self.perms[moved[0]] = self.perms.pop(instance)
                    continue
                perm = self.perms.pop(instance)
                self.emit(f"{quoted(perm.name)} leaves the battlefield", "no longer on the battlefield in the log")
        for instance in sorted(on_battlefield):
            if instance not in self.perms:
                self._enter(instance, "on the battlefield")
        for instance, perm in self.perms.items():
            obj = self.objects.get(instance, {})
            if obj:
                self._learn(self.cards[perm.card], obj)
            seat = int(obj.get("controllerSeatId", perm.controller) or perm.controller)
            if seat != perm.controller:
                perm.controller = seat
                self.emit(f"{self.seat(seat)} gains control of {quoted(perm.name)}")
        if self.step == "declare attackers step" and not self.attacks_declared:
            self._declare_attackers()
        if self.step == "declare blockers step" and not self.blocks_declared:
            self._declare_blockers()
        if self.step not in NO_PRIORITY and self.step is not None:
            for instance, perm in self.perms.items():
                obj = self.objects.get(instance, {})
                if perm.tapped and not obj.get("isTapped"):
                    perm.tapped = False
                    self.emit(f"{self.seat(perm.controller)} untaps {quoted(perm.name)}")

    def _declare_attackers(self) -> None:
        by_target: dict[int, list[int]] = {}
        for instance in self.perms:
            obj = self.objects.get(instance, {})
            if obj.get("attackState") == "AttackState_Attacking" and instance not in self.entered_attacking:
                target = int(obj.get("attackInfo", {}).get("targetId", 0) or 0)
                by_target.setdefault(target, []).append(instance)
        if not by_target:
            return
        self.attacks_declared = True
        for target, attackers in by_target.items():
            name = self.target_name(target) or self.seat(self.other(self.active))
            names = ", ".join(quoted(self.perms[a].name) for a in attackers)
            self.emit(f"{self.seat(self.active)} declares {names} attacking {quoted(name)}")
            for a in attackers:
                perm = self.perms[a]
                if "vigilance" not in self.view_keywords(perm):
                    perm.tapped = True

    def _declare_blockers(self) -> None:
        blocks: list[tuple[int, list[int]]] = []
        for instance in self.perms:
            obj = self.objects.get(instance, {})
            if obj.get("blockState") == "BlockState_Blocking":
                attackers = [int(a) for a in obj.get("blockInfo", {}).get("attackerIds", ())]
                blocks.append((instance, attackers))
        if not blocks:
            attacking = [i for i in self.perms
                         if self.objects.get(i, {}).get("blockState") in ("BlockState_Unblocked", "BlockState_Blocked")]
            if attacking:
                self.blocks_declared = True
            return
        self.blocks_declared = True
        defender = self.perms[blocks[0][0]].controller
        for blocker, attackers in blocks:
            names = ", ".join(quoted(self.perms[a].name) for a in attackers if a in self.perms)
            if names:
                self.emit(f"{self.seat(defender)} declares {quoted(self.perms[blocker].name)} blocking {names}")

    def view_keywords(self, perm: Perm) -> set[str]:
        facts = self.cards[perm.card]
        return set(facts.keywords or ()) | set(facts.inferred) | perm.gained

    def _grant_source(self, instance: int, keyword: str) -> str | None:
        """The other permanent whose ability grants this keyword (an Aura, an Equipment, a lord), as the log's
        AddAbility annotation says: the keyword lasts as long as that permanent stays (613, 611.3a)."""
        for source, affected, granted in self.grants.values():
            source = source if source in self.perms else next(
                (new for new, old in self.alias.items() if old == source and new in self.perms), source)
            if granted == keyword and source != instance and source in self.perms and (
                    instance in affected or self.alias.get(instance) in affected):
                return self.perms[source].name
        return None

    def _sync_characteristics(self) -> None:
        """Power/toughness and keywords in force (counters, auras, static and one-shot effects) that the
        transcript's card definitions don't give: said as effects until end of turn, so the checker sees what
        Arena saw."""
        for instance, perm in self.perms.items():
            obj = self.objects.get(instance)
            facts = self.cards[perm.card]
            if obj is None or "creature" not in facts.types or instance in self.changed_later:
                continue
            # every keyword shown and not yet said this turn: the card's definition is only settled when the game
            # ends (a keyword is the card's own if every sighting had it), so the line is dropped then if the
            # definition has the keyword after all
            shown = self.keywords_of(obj) - perm.gained
            for keyword in sorted(shown):
                perm.gained.add(keyword)
                source = self._grant_source(instance, keyword)
                duration = f"for as long as {quoted(source)} is on the battlefield" if source else "until end of turn"
                self.lines.append(Line(f"{quoted(perm.name)} gains {keyword} {duration}", self.gs, self.log_line,
                                       "in force in the log", unless=(perm.card, keyword)))
            if "power" in obj or "toughness" in obj:
                power, toughness = pt_value(obj.get("power")), pt_value(obj.get("toughness"))
                view = ((facts.power or 0) + perm.pump[0], (facts.toughness or 0) + perm.pump[1])
                if (power, toughness) != view:
                    dp, dt = power - view[0], toughness - view[1]
                    perm.pump = (perm.pump[0] + dp, perm.pump[1] + dt)
                    self.emit(f"{quoted(perm.name)} gets {dp:+d}/{dt:+d} until end of turn",
                              f"the log shows {power}/{toughness}")

    def _priority(self) -> None:
        holder = self.turn_info.get("priorityPlayer")
        if holder is None or not self.priority_now():
            return
        if self.holder is None and self.holder_from_state:
            self.holder_from_state = False
            self.holder = int(holder)
            return
        if self.holder is None:
            self.holder = self.active
        holder = int(holder)
        if holder != self.holder:
            self.pass_until(holder)

    def _game_over(self, info: Json) -> None:
        if self.over:
            return
        self.over = True
        for result in info.get("results", ()):
            if result.get("scope") == "MatchScope_Game":
                team = result.get("winningTeamId")
                reason = str(result.get("reason", "")).removeprefix("ResultReason_")
                self.result = f"{self.seat(int(team)) if team else 'nobody'} wins ({reason or 'reason unknown'})"
        self.note(f"game over: {self.result or 'result unknown'}")

