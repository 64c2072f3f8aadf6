"""Narration of a game state's annotations (Arena's events, in id order): turns, steps, zone transfers,
casts, resolutions, abilities, combat damage."""

from __future__ import annotations

from .board import Board
from .model import NO_PRIORITY, SORCERY_SPEED, STEPS, Json, Line, Perm, detail, detail_str, leaves_phrase, quoted

# where a card is cast or put onto the battlefield from, when not the hand (the transcript's `from` zone)
FROM_ZONE = {"ZoneType_Graveyard": " from their graveyard", "ZoneType_Exile": " from exile",
             "ZoneType_Library": " from the top of their library", "ZoneType_Command": " from the command zone"}

# events that change power, toughness or abilities (counters, modifications, granted abilities)
CHANGES_CHARACTERISTICS = {"AnnotationType_CounterAdded", "AnnotationType_CounterRemoved",
                           "AnnotationType_PowerToughnessModCreated", "AnnotationType_AddAbility",
                           "AnnotationType_RemoveAbility"}


ACTIVATE = 2   # ActionType_Activate


class Events(Board):
    # ------------------------------------------------------------------ annotations
    def _events(self, annotations: list[Json]) -> None:
        actions: dict[int, int] = {}
        self.paid = set()
        for ann in annotations:
            if "AnnotationType_UserActionTaken" in ann.get("type", ()):
                kind = detail(ann, "actionType")
                for affected in ann.get("affectedIds", ()):
                    actions[int(affected)] = kind or 0
            elif "AnnotationType_ManaPaid" in ann.get("type", ()):
                # mana paid for an ability as it is put on the stack: an activation, whether or not the log's
                # UserActionTaken comes in this state or a later one (a ninjutsu activation)
                for affected in ann.get("affectedIds", ()):
                    actions.setdefault(int(affected), ACTIVATE)
                    self.paid.add(int(affected))
        damage: list[Json] = []
        # the objects each annotation's later ones touch: the state's characteristics are those after them, so
        # they are not said at a step boundary that comes before them in this state
        later: list[set[int]] = []
        touched: set[int] = set()
        for ann in reversed(annotations):
            later.append(set(touched))
            if CHANGES_CHARACTERISTICS & set(ann.get("type", ())):
                touched.update(int(i) for i in ann.get("affectedIds", ()))
        later.reverse()
        for index, ann in enumerate(annotations):
            aid = int(ann.get("id", 0))
            if aid in self.seen:
                continue
            self.changed_later = later[index]
            self.seen.add(aid)
            types = ann.get("type", ())
            if damage and "AnnotationType_DamageDealt" not in types:
                self._combat_damage(damage)
                damage = []
            if "AnnotationType_ObjectIdChanged" in types:
                self._id_changed(ann)
            if not {"AnnotationType_NewTurnStarted", "AnnotationType_PhaseOrStepModified"} & set(types):
                self._declarations_first()
            if "AnnotationType_NewTurnStarted" in types:
                self._new_turn(int(ann.get("affectorId", 0) or (ann.get("affectedIds") or [0])[0]))
            elif "AnnotationType_PhaseOrStepModified" in types:
                self._step((detail(ann, "phase") or 0, detail(ann, "step") or 0))
            elif "AnnotationType_ZoneTransfer" in types:
                self._zone_transfer(ann)
            elif "AnnotationType_ResolutionStart" in types:
                self.resolving.add(int(ann.get("affectorId", 0)))
                self._resolution(int(ann.get("affectorId", 0)))
            elif "AnnotationType_ResolutionComplete" in types:
                # the start is sometimes not sent to this seat: the completion then says it resolved
                instance = int(ann.get("affectorId", 0))
                if instance in self.resolving:
                    self.resolving.discard(instance)
                else:
                    self._resolution(instance)
            elif "AnnotationType_AbilityInstanceCreated" in types:
                self._ability_created(ann, actions)
            elif "AnnotationType_AbilityInstanceDeleted" in types:
                for ability in ann.get("affectedIds", ()):
                    item = self.stack.pop(int(ability), None)
                    if item is not None:
                        self.emit(f"{quoted(item[1])} ability is countered", "removed from the stack unresolved")
                        self.stack_changed()
            elif "AnnotationType_DamageDealt" in types:
                if detail(ann, "type") == 1 and self.step and "combat damage step" in self.step:
                    damage.append(ann)
                else:
                    self._noncombat_damage(ann)
            elif "AnnotationType_TokenCreated" in types:
                for token in ann.get("affectedIds", ()):
                    self._enter(int(token), "token")
            elif "AnnotationType_LossOfGame" in types:
                for seat in ann.get("affectedIds", ()):
                    reason = detail_str(ann, "reason") or "reason unknown"
                    self.note(f"{self.seat(int(seat))} loses the game ({reason})")
        if damage:
            self._combat_damage(damage)
        self.changed_later = set()

    def _id_changed(self, ann: Json) -> None:
        old, new = detail(ann, "orig_id"), detail(ann, "new_id")
        if old and new:
            self.alias[new] = old
            if old in self.stack:
                self.stack[new] = self.stack.pop(old)

    def _declarations_first(self) -> None:
        """Attackers and blockers are declared as their step begins (508.1, 509.1), before anything they cause:
        Arena sends the declaration and its triggers in one state, whose objects show the declaration."""
        if self.step == "declare attackers step" and not self.attacks_declared:
            self._declare_attackers()
        elif self.step == "declare blockers step" and not self.blocks_declared:
            self._declare_blockers()

    def _new_turn(self, seat: int, number: int = 0) -> None:
        if seat not in (1, 2):
            seat = int(self.turn_info.get("activePlayer", 0) or 0)
        self.turn = number or self.turn + 1
        if not self.started:
            self.started = True
            self.first_player = seat
        self.active = seat
        self.step = None
        self.holder = None
        self.passed = set()
        self.attacks_declared = self.blocks_declared = False
        self.entered_attacking = set()
        self.turn_steps = set()
        self.first_strike_step = False
        self.drew = False
        for perm in self.perms.values():
            perm.pump = (0, 0)
            perm.gained = set()
        self.emit(f"turn {self.turn}: {self.seat(seat)}")

    def _step(self, key: tuple[int, int]) -> None:
        name = STEPS.get(key)
        if name is None or not self.turn:
            return
        if name == "combat damage step" and self.first_strike_step:
            name = "second combat damage step"
        if name == self.step and not (name == "cleanup step" and self.cleanup_priority):
            return   # (after priority in a cleanup step, another cleanup step follows: 514.3a)
        self._lost_from_stack()
        if self.step == "declare attackers step" and not self.attacks_declared:
            self._declare_attackers()      # a Diff covering several steps: the declaration came first
        if self.step == "declare blockers step" and not self.blocks_declared:
            self._declare_blockers()
        if self.priority_now():
            self._sync_characteristics()
            self.all_pass()
        self._additional_phase(name)
        if name == "first combat damage step":
            self.first_strike_step = True
            self.first_strike_line = len(self.lines)
        self.step = name
        self.cleanup_priority = False
        self.holder = self.active if name not in NO_PRIORITY else None
        self.passed = set()
        if name == "untap step":
            for perm in self.perms.values():
                if perm.controller == self.active:
                    perm.tapped = False
        self.emit(name)

    def _additional_phase(self, name: str) -> None:
        """A combat or a main phase the turn already had comes again: an additional phase (500.8, 505.1), which
        the log shows only by going back to it. Its attackers and blockers are declared anew."""
        if name in ("beginning of combat step", "postcombat main phase") and name in self.turn_steps:
            phase = "combat phase" if name == "beginning of combat step" else "main phase"
            self.emit(f"{self.seat(self.active)} gets an additional {phase}",
                      f"the log goes back to the {name} in this turn")
            if phase == "combat phase":
                self.attacks_declared = self.blocks_declared = self.first_strike_step = False
                self.entered_attacking = set()
                self.turn_steps = {name}
            else:
                self.turn_steps.discard("beginning of combat step")
        self.turn_steps.add(name)

    def _zone_transfer(self, ann: Json) -> None:
        category = detail_str(ann, "category") or ""
        src, dest = detail(ann, "zone_src") or 0, detail(ann, "zone_dest") or 0
        src_type, dest_type = self.zone_type.get(src, ""), self.zone_type.get(dest, "")
        if category == "Mill" and src_type == "ZoneType_Library" and dest_type == "ZoneType_Graveyard":
            milled = len(ann.get("affectedIds", ()))
            seat = int(self.zones.get(src, {}).get("ownerSeatId", 0) or 0)
            if milled and seat:
                self.emit(f"{self.seat(seat)} mills {milled} card{'s' if milled > 1 else ''}", "log: Mill")
            return
        for affected in ann.get("affectedIds", ()):
            new = int(affected)
            old = self.alias.get(new, new)
            obj = self.objects.get(new) or self.objects.get(old) or {}
            owner_seat = int(obj.get("controllerSeatId", obj.get("ownerSeatId", 0)) or 0)
            if not owner_seat and category in ("Draw", "Discard"):   # a hidden card: the zone says whose
                owner_seat = int(self.zones.get(src, {}).get("ownerSeatId", 0) or 0)
            if category == "PlayLand":
                card = self.card_name(obj)
                self.pass_until(owner_seat)
                self.perms[new] = Perm(self.new_perm_name(card), card, owner_seat)
                self.emit(f"{self.seat(owner_seat)} plays {quoted(card)}")
            elif category == "CastSpell":
                card = self.card_name(obj)
                if self._cast_by_resolution(int(ann.get("affectorId", 0) or 0), new, card, owner_seat):
                    continue
                self.pass_until(owner_seat)
                self._note_timing(card, owner_seat)
                self.stack[new] = ("spell", card)
                self.emit(f"{self.seat(owner_seat)} casts {quoted(card)}{FROM_ZONE.get(src_type, '')}")
                self.holder = owner_seat
                self.stack_changed()
            elif category == "Copy" and dest_type == "ZoneType_Stack":
                original = self.object_name(new) or self.object_name(int(ann.get("affectorId", 0) or 0)) or "a spell"
                self.stack[new] = ("copy", original)
                self.note(f"a copy of {original} is put on the stack (log: Copy, gs {self.gs}); the transcript "
                          "language has no statement for copies")
                self.stack_changed()
            elif src_type == "ZoneType_Stack" and (new in self.stack or old in self.stack):
                item = self.stack.pop(new, None) or self.stack.pop(old, None)
                if item is None or item[0] == "copy":
                    continue
                if category == "Resolve" and dest_type == "ZoneType_Battlefield":
                    self.perms[new] = Perm(self._pending_name(item[1]), item[1], owner_seat,
                                           tapped=bool(obj.get("isTapped")))
                    if obj.get("attackState") == "AttackState_Attacking":
                        self._resolved_attacking(new, item[1], obj)
                elif category == "Resolve" and dest_type == "ZoneType_Exile" and not self._named_permanent(item[1]) \
                        and {"instant", "sorcery"} & set(self.cards[item[1]].types):
                    self.emit(f"{quoted(item[1])} is exiled", "log: Resolve, to exile")   # rebound, flashback, ...
                elif category != "Resolve":
                    why = f"log: {category or 'no category'}"
                    if category == "nil":
                        # taken off the stack as it would resolve (its targets gone, 608.2b): everyone passed
                        self.all_pass()
                        why += " (it left the stack as it would resolve, without resolving)"
                    self.emit(f"{quoted(item[1])} is countered", why)
                    self.stack_changed()
            elif src_type == "ZoneType_Battlefield":
                perm = self.perms.pop(old, None) or self.perms.pop(new, None)
                if perm is not None:
                    self.emit(f"{quoted(perm.name)} {leaves_phrase(category, dest_type, self.cards[perm.card])}",
                              f"log: {category}")
            elif dest_type == "ZoneType_Battlefield":
                self._enter(new, category, " from their library" if src_type == "ZoneType_Library"
                            else FROM_ZONE.get(src_type, ""))
            elif src_type in ("ZoneType_Graveyard", "ZoneType_Exile") and dest_type == "ZoneType_Hand" \
                    and obj.get("grpId"):
                self._zone_line(f"{self.seat(owner_seat)} returns {quoted(self.card_name(obj))} to their hand",
                                self.card_name(obj), f"log: {category}")
            elif src_type == "ZoneType_Graveyard" and dest_type == "ZoneType_Exile" and obj.get("grpId"):
                self._zone_line(f"{quoted(self.card_name(obj))} is exiled", self.card_name(obj),
                                f"log: {category}, from a graveyard")
            elif category == "Draw":
                if self.step == "draw step" and owner_seat == self.active and not self.drew:
                    self.drew = True
                    self.emit(f"{self.seat(owner_seat)} draws a card")
            elif category == "Discard":
                if self.step == "cleanup step":
                    self.emit(f"{self.seat(owner_seat)} discards 1 card")
                else:
                    what = quoted(self.card_name(obj)) if obj.get("grpId") else "a card"
                    self.note(f"{self.seat(owner_seat)} discards {what}")

    def _cast_by_resolution(self, ability: int, instance: int, card: str, seat: int) -> bool:
        """A spell cast as a resolving ability instructs (cascade, discover, "you may cast ..."; baseline 608.2f,
        current 608.2g): the log's cast has the ability as its affector. It is part of the resolution, so it is
        written on the resolution's line, after it (the resolution first, when the log didn't send its start),
        without passes and without inferring flash from its timing; `without paying its mana cost` unless the
        log shows mana paid for it."""
        item = self.stack.get(ability)
        if ability not in self.resolving and (item is None or item[0] != "ability"):
            return False
        if item is not None:   # the log sent no start of the resolution: the cast shows that it began
            self._resolution(ability)
            self.resolving.add(ability)
        last = next((x for x in reversed(self.lines) if x.text), None)
        if last is None or not (last.joined or last.text.endswith(" ability resolves")):
            return False   # something was narrated since the resolution: an ordinary cast
        free = "" if instance in self.paid else " without paying its mana cost"
        self.lines.append(Line(f"{self.seat(seat)} casts {quoted(card)}{free}", self.gs, self.log_line,
                               f"{quoted(card)} cast during the resolution (gs {self.gs})", joined=True))
        self.stack[instance] = ("spell", card)
        self.stack_changed()
        return True

    def _zone_line(self, text: str, card: str, why: str) -> None:
        """A move between zones other than the battlefield; a comment when a permanent of the card is there."""
        if self._named_permanent(card):
            self.note(f"{text} ({why}; a permanent of this card is on the battlefield, which the line would mean)")
        else:
            self.emit(text, why)

    def _named_permanent(self, card: str) -> bool:
        """Whether a permanent of this card is on the battlefield: a line naming the card would mean it."""
        return any(perm.card == card for perm in self.perms.values())

    def _resolved_attacking(self, instance: int, card: str, obj: Json) -> None:
        """A permanent spell that resolved onto the battlefield attacking (a sneak or ninjutsu-style cast, 508.4):
        its resolution says so."""
        target = int(obj.get("attackInfo", {}).get("targetId", 0) or 0)
        defender = self.target_name(target) or self.seat(self.other(self.perms[instance].controller))
        tapped = "tapped and " if obj.get("isTapped") else ""
        for line in reversed(self.lines):
            if line.text == f"{quoted(card)} resolves":
                line.text = f"{quoted(card)} resolves onto the battlefield {tapped}attacking {quoted(defender)}"
                break
        self.entered_attacking.add(instance)

    def _pending_name(self, card: str) -> str:
        name = self.resolved_names.pop(card, None)
        return name if name is not None else self.new_perm_name(card)

    def _note_timing(self, card: str, seat: int) -> None:
        facts = self.cards[card]
        if not set(facts.types) & SORCERY_SPEED or "flash" in (facts.keywords or ()):
            return
        main = self.step in ("precombat main phase", "postcombat main phase")
        if seat != self.active or not main or self.stack:
            facts.inferred.setdefault("flash", f"cast in the {self.step or 'game'} of turn {self.turn}, game state "
                                               f"{self.gs}: Arena allowed it")

    def _resolution(self, instance: int) -> None:
        item = self.stack.get(instance)
        if item is None:
            return
        self.all_pass()
        if item[0] == "copy":
            self.stack.pop(instance)
            self.note(f"the copy of {item[1]} resolves (gs {self.gs})")
        elif item[0] == "ability":
            self.stack.pop(instance)
            self.emit(f"{quoted(item[1])} ability resolves")
        else:
            facts = self.cards[item[1]]
            if set(facts.types) & {"creature", "artifact", "enchantment", "planeswalker", "land"}:
                self.resolved_names[item[1]] = self.new_perm_name(item[1])
            self.emit(f"{quoted(item[1])} resolves")
        self.holder = self.active
        self.stack_changed()

    def _ability_created(self, ann: Json, actions: dict[int, int]) -> None:
        source = int(ann.get("affectorId", 0) or 0)
        for affected in ann.get("affectedIds", ()):
            ability = int(affected)
            obj = self.objects.get(ability)
            if obj is None or self.zone_type.get(int(obj.get("zoneId", 0))) != "ZoneType_Stack":
                continue   # a mana ability: it never uses the stack
            name = self.object_name(source) if source in self.objects or source in self.perms else None
            if name is None:
                name = self.object_name(ability)
            if name is None:
                continue
            controller = int(obj.get("controllerSeatId", 0) or self.active)
            self.stack[ability] = ("ability", name)
            from_hand = self.zone_type.get(detail(ann, "source_zone") or 0) == "ZoneType_Hand"
            if ACTIVATE in (actions.get(ability), actions.get(source)) or from_hand:
                self.pass_until(controller)
                self.emit(f"{self.seat(controller)} activates {quoted(name)}")
                self.holder = controller
            else:
                self.emit(f"{quoted(name)} triggers")
                if self.step == "cleanup step" and not self.cleanup_priority:
                    self.cleanup_priority = True
                    self.holder = self.active
            self.stack_changed()

    def _infer_first_strike(self, sources: list[int]) -> None:
        """A creature that dealt damage in the first-strike damage step had first strike or double strike then,
        whether the log lists the ability or not: say so before the step began."""
        for source in sources:
            perm = self.perms.get(source)
            if perm is None or {"first strike", "double strike"} & (perm.gained | set(self.cards[perm.card].inferred)):
                continue
            perm.gained.add("first strike")
            self.lines.insert(self.first_strike_line, Line(
                f"{quoted(perm.name)} gains first strike until end of turn", self.gs, self.log_line,
                "it deals damage in the first-strike damage step, so it has first strike (the log doesn't list it)",
                unless=(perm.card, "first strike")))

    def _noncombat_damage(self, ann: Json) -> None:
        amount = detail(ann, "damage") or 0
        source = self.object_name(int(ann.get("affectorId", 0) or 0)) or "a source"
        for target in ann.get("affectedIds", ()):
            self.note(f"{source} deals {amount} damage to {self.target_name(int(target)) or 'an object'}")

    def _combat_damage(self, anns: list[Json]) -> None:
        by_source: dict[int, list[tuple[int, int]]] = {}
        for ann in anns:
            source = int(ann.get("affectorId", 0) or 0)
            for target in ann.get("affectedIds", ()):
                by_source.setdefault(source, []).append((detail(ann, "damage") or 0, int(target)))
        ordered = sorted(by_source, key=lambda s: self.perms[s].controller != self.active if s in self.perms else 2)
        if self.step == "first combat damage step":
            self._infer_first_strike(ordered)
        for source in ordered:
            perm = self.perms.get(source)
            parts = [f"{amount} to {quoted(self.target_name(target) or '')}" for amount, target in by_source[source]
                     if self.target_name(target)]
            if perm is None or not parts:
                self.note(f"combat damage from an object the transcript doesn't know ({source})")
                continue
            self.emit(f"{quoted(perm.name)} assigns {', '.join(parts)}")
        self.emit("combat damage is dealt")

