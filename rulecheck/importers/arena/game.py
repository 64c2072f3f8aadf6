"""One Arena game: apply its GRE game states in order and narrate them as transcript statements.

The GRE sends a game as a chain of states (FORMAT.md §4): a Full state, then Diffs in which each listed object
is a complete description (replaced, never merged), zones carry their full contents, annotations are the events
of the transition in id order, and an Undo state rolls the game back to an earlier one. The narration follows
the annotations (casts, resolutions, step changes, damage) and then reconciles what the checker would believe
with what the state shows (permanents on the battlefield, control, tapped status, power/toughness and keywords
in force), so that the transcript never disagrees with the log about the board. Priority passes are rebuilt
from `turnInfo.priorityPlayer` (FORMAT.md §6.5): the log never states them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .cards import COLOURS, KEYWORD_ABILITIES, SUPERTYPES, TYPES, CardDatabase, CardFacts

Json = dict[str, Any]

STEPS: dict[tuple[int, int], str] = {
    (1, 1): "untap step", (1, 2): "upkeep step", (1, 3): "draw step", (2, 0): "precombat main phase",
    (3, 0): "beginning of combat step", (3, 4): "beginning of combat step", (3, 5): "declare attackers step",
    (3, 6): "declare blockers step", (3, 11): "first combat damage step", (3, 7): "combat damage step",
    (3, 8): "end of combat step", (4, 0): "postcombat main phase", (5, 0): "end step", (5, 9): "end step",
    (5, 10): "cleanup step",
}
NO_PRIORITY = ("untap step", "cleanup step")
PHASES = {"Phase_Beginning": 1, "Phase_Main1": 2, "Phase_Combat": 3, "Phase_Main2": 4, "Phase_Ending": 5}
STEP_ENUM = {"Step_Untap": 1, "Step_Upkeep": 2, "Step_Draw": 3, "Step_BeginCombat": 4, "Step_DeclareAttack": 5,
             "Step_DeclareBlock": 6, "Step_CombatDamage": 7, "Step_EndCombat": 8, "Step_End": 9, "Step_Cleanup": 10,
             "Step_FirstStrikeDamage": 11}
SORCERY_SPEED = {"creature", "sorcery", "artifact", "enchantment", "planeswalker"}
KEEP_SNAPSHOTS = 64


@dataclass
class Line:
    """A transcript line: statement text (or '' for a comment line), the game state and log line it is from."""

    text: str
    gs: int
    log_line: int
    comment: str = ""
    unless: tuple[str, str] | None = None   # (card, keyword): dropped if the card's final definition has it


@dataclass
class Perm:
    """What the transcript has said about a permanent (the checker's view of it)."""

    name: str
    card: str
    controller: int
    tapped: bool = False
    pump: tuple[int, int] = (0, 0)
    gained: set[str] = field(default_factory=set)


@dataclass
class Snapshot:
    lines: int
    perms: dict[int, Perm]
    copies: dict[str, int]
    stack: dict[int, tuple[str, str]]
    holder: int | None
    passed: set[int]
    step: str | None
    turn: int
    active: int
    declared: tuple[bool, bool]
    seen: set[int]


class Game:
    """Builds the transcript of one game from its GRE messages (see module doc)."""

    def __init__(self, match_id: str, number: int, local_seat: int, seat_names: dict[int, str],
                 cards: CardDatabase | None, first_line: int) -> None:
        self.match_id = match_id
        self.number = number
        self.local_seat = local_seat
        self.seat_names = seat_names
        self.db = cards
        self.first_line = first_line
        self.lines: list[Line] = []
        self.notes: list[Line] = []              # header comments about holes and rollbacks
        self.cards: dict[str, CardFacts] = {}
        self.card_of_grp: dict[int, str] = {}
        self.objects: dict[int, Json] = {}
        self.zones: dict[int, Json] = {}
        self.zone_type: dict[int, str] = {}
        self.turn_info: Json = {}
        self.perms: dict[int, Perm] = {}        # instance id on the battlefield -> its transcript permanent
        self.copies: dict[str, int] = {}
        self.stack: dict[int, tuple[str, str]] = {}   # stack instance -> (kind: spell/ability, transcript name)
        self.alias: dict[int, int] = {}          # new instance id -> previous one
        self.holder: int | None = None
        self.passed: set[int] = set()
        self.step: str | None = None
        self.turn = 0
        self.active = 0
        self.first_player = 0
        self.attacks_declared = False
        self.blocks_declared = False
        self.first_strike_step = False
        self.entered_attacking: set[int] = set()   # put onto the battlefield attacking this turn (508.4)
        self.seen: set[int] = set()
        self.snapshots: dict[int, Snapshot] = {}
        self.last_gs = 0
        self.gs = 0
        self.log_line = 0
        self.summarized_at = 0                  # log line of a "Message summarized" envelope not yet accounted
        self.over = False
        self.result = ""
        self.holes = 0
        self.rollbacks = 0
        self.started = False
        self.drew = False
        self.resolved_names: dict[str, str] = {}
        self.resync = False
        self.first_strike_line = 0
        self.resolving: set[int] = set()        # stack objects whose resolution started and hasn't completed
        self.cleanup_priority = False           # something triggered in this cleanup step: players get priority
        self.suspect_rollback = -1              # where a hole's lines begin, while the hole may be a rollback

    # ------------------------------------------------------------------ output helpers
    def emit(self, text: str, comment: str = "") -> None:
        self.lines.append(Line(text, self.gs, self.log_line, comment))

    def note(self, comment: str) -> None:
        self.lines.append(Line("", self.gs, self.log_line, comment))

    def seat(self, seat: int) -> str:
        return self.seat_names.get(seat, f"Seat {seat}")

    def other(self, seat: int) -> int:
        return 2 if seat == 1 else 1

    # ------------------------------------------------------------------ cards and names
    def card_name(self, obj: Json) -> str:
        """The card definition an object belongs to (made on first sight; facts added as they are seen)."""
        grp = int(obj.get("grpId", 0))
        if obj.get("isFacedown"):
            return self._face_down(obj, grp)
        name = self.card_of_grp.get(grp)
        if name is None:
            facts: CardFacts | None = None
            if self.db is not None:
                title = self.db.text(int(obj["name"])) if obj.get("name") else None
                facts = self.db.card(grp)
                if title and facts is not None and facts.name != title:
                    facts = CardFacts(title, from_db=True, keywords=facts.keywords)
                elif title and facts is None:
                    facts = CardFacts(title, from_db=True)
            if facts is None:
                facts = CardFacts(f"Token {grp}" if obj.get("type") == "GameObjectType_Token" else f"Card {grp}")
            name = facts.name
            existing = self.cards.get(name)
            if existing is None:
                self.cards[name] = facts
            else:
                facts = existing
            facts.grp_ids.add(grp)
            self.card_of_grp[grp] = name
        self._learn(self.cards[name], obj)
        return name

    def _face_down(self, obj: Json, grp: int) -> str:
        """A face-down permanent (manifest, cloak, morph) is a 2/2 without name or abilities: a card of its own."""
        key = -grp if grp else -1
        name = self.card_of_grp.get(key)
        if name is None:
            name = f"Face-down Card {grp}" if grp else "Face-down Card"
            self.cards.setdefault(name, CardFacts(name))
            self.cards[name].grp_ids.add(grp)
            self.card_of_grp[key] = name
        self._learn(self.cards[name], obj)
        return name

    def _learn(self, facts: CardFacts, obj: Json) -> None:
        if obj.get("type") == "GameObjectType_Ability":
            return
        if not facts.types and obj.get("cardTypes"):
            facts.types = [TYPES[t] for t in obj.get("cardTypes", ()) if t in TYPES]
            facts.supertypes = [SUPERTYPES[t] for t in obj.get("superTypes", ()) if t in SUPERTYPES]
            facts.subtypes = [str(t).removeprefix("SubType_") for t in obj.get("subtypes", ())]
            facts.colours = [COLOURS[c] for c in obj.get("color", ()) if c in COLOURS]
            facts.token = facts.token or obj.get("type") == "GameObjectType_Token"
        zone = self.zone_type.get(int(obj.get("zoneId", 0)), "")
        if zone == "ZoneType_Battlefield" and "creature" not in facts.types and \
                "CardType_Creature" in obj.get("cardTypes", ()):
            # a vehicle crewed, a land or artifact animated: a creature for the transcript all along (the
            # language cannot make a permanent a creature for a while; being one never forbids anything)
            facts.types.append("creature")
            facts.part_time_creature = True
            facts.power = None
        if zone == "ZoneType_Battlefield" and "creature" in facts.types:
            if facts.power is None:
                facts.power = _value(obj.get("power"))
                facts.toughness = _value(obj.get("toughness"))
            if not facts.from_db:
                shown = self.keywords_of(obj)
                facts.keywords = shown if facts.keywords is None else facts.keywords & shown
        elif facts.power is None and "creature" in facts.types and "power" in obj:
            facts.power = _value(obj.get("power"))
            facts.toughness = _value(obj.get("toughness"))

    @staticmethod
    def keywords_of(obj: Json) -> set[str]:
        return {KEYWORD_ABILITIES[int(a.get("grpId", 0))] for a in obj.get("uniqueAbilities", ())
                if int(a.get("grpId", 0)) in KEYWORD_ABILITIES}

    def new_perm_name(self, card: str) -> str:
        """The name the checker gives the next permanent of this card: 'X', then 'X (2)', 'X (3)' ..."""
        count = self.copies.get(card, 0) + 1
        self.copies[card] = count
        return card if count == 1 else f"{card} ({count})"

    def object_name(self, instance: int) -> str | None:
        """A name for an object in a statement: its permanent's name, else its card's name."""
        if instance in self.perms:
            return self.perms[instance].name
        obj = self.objects.get(instance)
        if obj is None or not obj.get("grpId"):
            return None
        if obj.get("type") == "GameObjectType_Ability":
            source = obj.get("objectSourceGrpId")
            return self.card_name({"grpId": source}) if source else None
        return self.card_name(obj)

    def target_name(self, target: int) -> str | None:
        if target in self.seat_names:
            return self.seat(target)
        return self.perms[target].name if target in self.perms else None

    # ------------------------------------------------------------------ priority
    def pass_until(self, seat: int) -> None:
        """Players pass in turn until `seat` holds priority (a player acting, or the log's new holder)."""
        if not self.priority_now() or self.holder is None:
            self.holder = seat
            return
        guard = 0
        while self.holder != seat and guard < 2:
            self.emit(f"{self.seat(self.holder)} passes")
            self.passed.add(self.holder)
            self.holder = self.other(self.holder)
            guard += 1

    def all_pass(self) -> None:
        """Everyone who hasn't passed since the last change passes: a resolution or a step's end follows."""
        if not self.priority_now() or self.holder is None:
            return
        for _ in range(2):
            if self.holder not in self.passed:
                self.emit(f"{self.seat(self.holder)} passes")
                self.passed.add(self.holder)
            self.holder = self.other(self.holder)
        self.holder = self.active

    def priority_now(self) -> bool:
        """Whether players get priority in the step the transcript is in: not in the untap step, and in the
        cleanup step only once something triggered there (514.3a)."""
        if self.step is None:
            return False
        return self.step not in NO_PRIORITY or (self.step == "cleanup step" and self.cleanup_priority)

    def stack_changed(self) -> None:
        self.passed = set()

    # ------------------------------------------------------------------ states
    def apply(self, msg: Json, log_line: int) -> None:
        gsm: Json = msg.get("gameStateMessage", {})
        gs = int(gsm.get("gameStateId", msg.get("gameStateId", 0)) or 0)
        self.log_line = log_line
        self.gs = gs
        info = gsm.get("gameInfo", {})
        if gsm.get("update") == "GameStateUpdate_Undo" and self.last_gs:
            self._undo(gsm, gs)
            self.last_gs = gs
            self._snapshot(gs)
            return
        if self.last_gs and gs != self.last_gs + 1:
            if gs <= self.last_gs:
                return   # a state already applied (re-sent): nothing new
            self._hole(self.last_gs + 1, gs - 1)
        self.last_gs = gs
        if gsm.get("type") == "GameStateType_Full":
            self.objects = {}   # a complete description (a reconnection): what it doesn't list is gone
        for zone in gsm.get("zones", ()):
            zid = int(zone.get("zoneId", 0))
            self.zones[zid] = zone
            self.zone_type[zid] = str(zone.get("type", ""))
        for obj in gsm.get("gameObjects", ()):
            self.objects[int(obj["instanceId"])] = obj
        if gsm.get("turnInfo"):
            self.turn_info = gsm["turnInfo"]
        annotations = sorted(gsm.get("annotations", ()), key=lambda a: int(a.get("id", 0)))
        if self.suspect_rollback >= 0 and annotations:
            hole = self.lines[self.suspect_rollback:]
            self.suspect_rollback = -1
            reused = [int(a.get("id", 0)) for a in annotations if int(a.get("id", 0)) in self.seen]
            if reused:
                self._rollback_in_hole(min(reused), hole)
        self._events(annotations)
        if self.resync:
            self._resync()
        self._reconcile()
        self._priority()
        for dead in gsm.get("diffDeletedInstanceIds", ()):
            self.objects.pop(int(dead), None)
        if info.get("stage") == "GameStage_GameOver":
            self._game_over(info)
        self._snapshot(gs)

    def _snapshot(self, gs: int) -> None:
        self.snapshots[gs] = Snapshot(
            len(self.lines), {k: Perm(p.name, p.card, p.controller, p.tapped, p.pump, set(p.gained))
                              for k, p in self.perms.items()},
            dict(self.copies), dict(self.stack), self.holder, set(self.passed), self.step, self.turn, self.active,
            (self.attacks_declared, self.blocks_declared), set(self.seen))
        self.snapshots.pop(gs - KEEP_SNAPSHOTS, None)

    def _undo(self, gsm: Json, gs: int) -> None:
        """A rollback (FORMAT.md §4.1): forget everything narrated after the state it goes back to."""
        back = int(gsm.get("prevGameStateId", 0) or 0)
        snap = self.snapshots.get(back)
        self.rollbacks += 1
        if snap is None:
            self._hole(back + 1, gs - 1, undo=True)
        else:
            self._restore(back, snap)
            undone = f"{back + 1}-{gs - 1}" if gs - 1 > back + 1 else str(back + 1)
            self.note(f"rollback: Arena undid game state {undone} (an action was cancelled); back to state {back}")
        self.objects = {int(o["instanceId"]): o for o in gsm.get("gameObjects", ())}
        for zone in gsm.get("zones", ()):
            zid = int(zone.get("zoneId", 0))
            self.zones[zid] = zone
            self.zone_type[zid] = str(zone.get("type", ""))
        if gsm.get("turnInfo"):
            self.turn_info = gsm["turnInfo"]
        for ann in gsm.get("annotations", ()):
            self.seen.add(int(ann.get("id", 0)))
        if snap is None:
            self._reconcile()

    def _restore(self, back: int, snap: Snapshot) -> None:
        """Forget what was narrated after game state `back`."""
        del self.lines[snap.lines:]
        self.perms = {k: Perm(p.name, p.card, p.controller, p.tapped, p.pump, set(p.gained))
                      for k, p in snap.perms.items()}
        self.copies = dict(snap.copies)
        self.stack = dict(snap.stack)
        self.holder, self.passed, self.step, self.turn, self.active = (snap.holder, set(snap.passed), snap.step,
                                                                       snap.turn, snap.active)
        self.attacks_declared, self.blocks_declared = snap.declared
        self.seen = set(snap.seen)
        for later in [k for k in self.snapshots if k > back]:
            del self.snapshots[later]

    def _rollback_in_hole(self, reused: int, hole: list[Line]) -> None:
        """The state after a hole re-uses annotation ids: the lost state was a rollback (an Undo is a Full state,
        often too big to log). Go back to the last state before those ids, keeping the hole's own lines."""
        candidates = [gs for gs, snap in self.snapshots.items() if max(snap.seen, default=0) < reused]
        if not candidates:
            return
        back = max(candidates)
        self._restore(back, self.snapshots[back])
        self.rollbacks += 1
        self.note(f"rollback in the hole: the log re-uses annotation ids from {reused} on, so the lost state undid "
                  f"what followed game state {back}; that is not narrated")
        self.lines.extend(hole)

    def _hole(self, first: int, last: int, *, undo: bool = False) -> None:
        self.holes += 1
        ids = str(first) if first == last else f"{first}-{last}"
        if undo:
            why = "rolled back before this seat saw them"
        elif self.summarized_at:
            why = f"summarized by Arena (log line {self.summarized_at}: too many objects or annotations to log)"
        else:
            why = "missing from the log"
        self.summarized_at = 0
        self.resync = True
        self.suspect_rollback = len(self.lines)
        self.emit("...", f"log incomplete: game state {ids} {why}; what happened there is not narrated")

    # ------------------------------------------------------------------ annotations
    def _events(self, annotations: list[Json]) -> None:
        actions: dict[int, int] = {}
        for ann in annotations:
            if "AnnotationType_UserActionTaken" in ann.get("type", ()):
                kind = _detail(ann, "actionType")
                for affected in ann.get("affectedIds", ()):
                    actions[int(affected)] = kind or 0
        damage: list[Json] = []
        for ann in annotations:
            aid = int(ann.get("id", 0))
            if aid in self.seen:
                continue
            self.seen.add(aid)
            types = ann.get("type", ())
            if damage and "AnnotationType_DamageDealt" not in types:
                self._combat_damage(damage)
                damage = []
            if "AnnotationType_ObjectIdChanged" in types:
                old, new = _detail(ann, "orig_id"), _detail(ann, "new_id")
                if old and new:
                    self.alias[new] = old
                    if old in self.stack:
                        self.stack[new] = self.stack.pop(old)
            if not {"AnnotationType_NewTurnStarted", "AnnotationType_PhaseOrStepModified"} & set(types):
                self._declarations_first()
            if "AnnotationType_NewTurnStarted" in types:
                self._new_turn(int(ann.get("affectorId", 0) or (ann.get("affectedIds") or [0])[0]))
            elif "AnnotationType_PhaseOrStepModified" in types:
                self._step((_detail(ann, "phase") or 0, _detail(ann, "step") or 0))
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
                        self.emit(f"{_q(item[1])} ability is countered", "removed from the stack unresolved")
                        self.stack_changed()
            elif "AnnotationType_DamageDealt" in types:
                if _detail(ann, "type") == 1 and self.step and "combat damage step" in self.step:
                    damage.append(ann)
                else:
                    self._noncombat_damage(ann)
            elif "AnnotationType_TokenCreated" in types:
                for token in ann.get("affectedIds", ()):
                    self._enter(int(token), "token")
            elif "AnnotationType_LossOfGame" in types:
                for seat in ann.get("affectedIds", ()):
                    reason = _detail_str(ann, "reason") or "reason unknown"
                    self.note(f"{self.seat(int(seat))} loses the game ({reason})")
        if damage:
            self._combat_damage(damage)

    def _declarations_first(self) -> None:
        """Attackers and blockers are declared as their step begins (508.1, 509.1), before anything they cause:
        Arena sends the declaration and its triggers in one state, whose objects show the declaration."""
        if self.step == "declare attackers step" and not self.attacks_declared:
            self._declare_attackers()
        elif self.step == "declare blockers step" and not self.blocks_declared:
            self._declare_blockers()

    def _new_turn(self, seat: int) -> None:
        if seat not in (1, 2):
            seat = int(self.turn_info.get("activePlayer", 0) or 0)
        self.turn += 1
        if not self.started:
            self.started = True
            self.first_player = seat
        self.active = seat
        self.step = None
        self.holder = None
        self.passed = set()
        self.attacks_declared = self.blocks_declared = False
        self.entered_attacking = set()
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

    def _zone_transfer(self, ann: Json) -> None:
        category = _detail_str(ann, "category") or ""
        src, dest = _detail(ann, "zone_src") or 0, _detail(ann, "zone_dest") or 0
        src_type, dest_type = self.zone_type.get(src, ""), self.zone_type.get(dest, "")
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
                self.emit(f"{self.seat(owner_seat)} plays {_q(card)}")
            elif category == "CastSpell":
                card = self.card_name(obj)
                self.pass_until(owner_seat)
                self._note_timing(card, owner_seat)
                self.stack[new] = ("spell", card)
                self.emit(f"{self.seat(owner_seat)} casts {_q(card)}")
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
                    self.perms[new] = Perm(self._pending_name(item[1]), item[1], owner_seat)
                elif category != "Resolve":
                    self.emit(f"{_q(item[1])} is countered", f"log: {category or 'no category'}")
                    self.stack_changed()
            elif src_type == "ZoneType_Battlefield":
                perm = self.perms.pop(old, None) or self.perms.pop(new, None)
                if perm is not None:
                    self.emit(f"{_q(perm.name)} {_leaves(category, dest_type, self.cards[perm.card])}",
                              f"log: {category}")
            elif dest_type == "ZoneType_Battlefield":
                self._enter(new, category)
            elif category == "Draw":
                if self.step == "draw step" and owner_seat == self.active and not self.drew:
                    self.drew = True
                    self.emit(f"{self.seat(owner_seat)} draws a card")
            elif category == "Discard":
                if self.step == "cleanup step":
                    self.emit(f"{self.seat(owner_seat)} discards 1 card")
                else:
                    what = _q(self.card_name(obj)) if obj.get("grpId") else "a card"
                    self.note(f"{self.seat(owner_seat)} discards {what}")

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
            self.emit(f"{_q(item[1])} ability resolves")
        else:
            facts = self.cards[item[1]]
            if set(facts.types) & {"creature", "artifact", "enchantment", "planeswalker", "land"}:
                self.resolved_names[item[1]] = self.new_perm_name(item[1])
            self.emit(f"{_q(item[1])} resolves")
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
            if actions.get(ability) == 2 or actions.get(source) == 2:
                self.pass_until(controller)
                self.emit(f"{self.seat(controller)} activates {_q(name)}")
                self.holder = controller
            else:
                self.emit(f"{_q(name)} triggers")
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
                f"{_q(perm.name)} gains first strike until end of turn", self.gs, self.log_line,
                "it deals damage in the first-strike damage step, so it has first strike (the log doesn't list it)",
                unless=(perm.card, "first strike")))

    def _noncombat_damage(self, ann: Json) -> None:
        amount = _detail(ann, "damage") or 0
        source = self.object_name(int(ann.get("affectorId", 0) or 0)) or "a source"
        for target in ann.get("affectedIds", ()):
            self.note(f"{source} deals {amount} damage to {self.target_name(int(target)) or 'an object'}")

    def _combat_damage(self, anns: list[Json]) -> None:
        by_source: dict[int, list[tuple[int, int]]] = {}
        for ann in anns:
            source = int(ann.get("affectorId", 0) or 0)
            for target in ann.get("affectedIds", ()):
                by_source.setdefault(source, []).append((_detail(ann, "damage") or 0, int(target)))
        ordered = sorted(by_source, key=lambda s: self.perms[s].controller != self.active if s in self.perms else 2)
        if self.step == "first combat damage step":
            self._infer_first_strike(ordered)
        for source in ordered:
            perm = self.perms.get(source)
            parts = [f"{amount} to {_q(self.target_name(target) or '')}" for amount, target in by_source[source]
                     if self.target_name(target)]
            if perm is None or not parts:
                self.note(f"combat damage from an object the transcript doesn't know ({source})")
                continue
            self.emit(f"{_q(perm.name)} assigns {', '.join(parts)}")
        self.emit("combat damage is dealt")

    # ------------------------------------------------------------------ reconciliation
    def _lost_from_stack(self, keep: set[int] | None = None) -> None:
        """Stack objects that left the stack where the log can't show it (a hole): Arena never changes step with
        anything on the stack, so at a step change whatever the transcript still has there left unseen."""
        for instance in [i for i in self.stack if keep is None or i not in keep]:
            kind, name = self.stack.pop(instance)
            if kind == "copy":
                continue
            what = f"{_q(name)} ability" if kind == "ability" else _q(name)
            self.emit(f"{what} is countered", "left the stack unseen, in a hole of the log (resolved or countered: "
                                              "the log doesn't say); this only takes it off the stack")

    def _resync(self) -> None:
        """After a hole: take the turn, step and stack from the state, since the events that changed them are
        lost. Spells and abilities that left the stack unseen are taken off it (the log doesn't say how)."""
        self.resync = False
        info = self.turn_info
        turn = int(info.get("turnNumber", 0) or 0)
        if turn > self.turn and info.get("activePlayer"):
            self.turn = turn - 1
            self._new_turn(int(info["activePlayer"]))
        key = (_enum(info.get("phase"), PHASES), _enum(info.get("step"), STEP_ENUM))
        name = STEPS.get(key)
        if name is not None and name != self.step and not (name == "combat damage step" and
                                                           self.step == "second combat damage step"):
            self.step = name
            self.emit(name, "the step the log is in after the hole")
        on_stack: set[int] = set()
        for zid, zone in self.zones.items():
            if self.zone_type.get(zid) == "ZoneType_Stack":
                on_stack.update(int(i) for i in zone.get("objectInstanceIds", ()))
        self._lost_from_stack(on_stack)
        self.passed = set()
        pp = info.get("priorityPlayer")
        self.holder = int(pp) if pp and self.step not in NO_PRIORITY else None


    def _battlefield(self) -> list[int]:
        ids: list[int] = []
        for zid, zone in self.zones.items():
            if self.zone_type.get(zid) == "ZoneType_Battlefield":
                ids.extend(int(i) for i in zone.get("objectInstanceIds", ()))
        return ids

    def _enter(self, instance: int, how: str) -> None:
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
            tapped = f"{tapped} and attacking {_q(defender)}" if tapped else f" attacking {_q(defender)}"
            self.entered_attacking.add(instance)
        if self.cards[card].token or obj.get("type") == "GameObjectType_Token":
            self.cards[card].token = True
            self.emit(f"{self.seat(seat)} creates {_q(card)}{tapped}", f"log: {how}")
        else:
            self.emit(f"{self.seat(seat)} puts {_q(card)} onto the battlefield{tapped}", f"log: {how}")

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
                self.emit(f"{_q(perm.name)} leaves the battlefield", "no longer on the battlefield in the log")
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
                self.emit(f"{self.seat(seat)} gains control of {_q(perm.name)}")
        if self.step == "declare attackers step" and not self.attacks_declared:
            self._declare_attackers()
        if self.step == "declare blockers step" and not self.blocks_declared:
            self._declare_blockers()
        if self.step not in NO_PRIORITY and self.step is not None:
            for instance, perm in self.perms.items():
                obj = self.objects.get(instance, {})
                if perm.tapped and not obj.get("isTapped"):
                    perm.tapped = False
                    self.emit(f"{self.seat(perm.controller)} untaps {_q(perm.name)}")

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
            names = ", ".join(_q(self.perms[a].name) for a in attackers)
            self.emit(f"{self.seat(self.active)} declares {names} attacking {_q(name)}")
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
            names = ", ".join(_q(self.perms[a].name) for a in attackers if a in self.perms)
            if names:
                self.emit(f"{self.seat(defender)} declares {_q(self.perms[blocker].name)} blocking {names}")

    def view_keywords(self, perm: Perm) -> set[str]:
        facts = self.cards[perm.card]
        return set(facts.keywords or ()) | set(facts.inferred) | perm.gained

    def _sync_characteristics(self) -> None:
        """Power/toughness and keywords in force (counters, auras, static and one-shot effects) that the
        transcript's card definitions don't give: said as effects until end of turn, so the checker sees what
        Arena saw."""
        for instance, perm in self.perms.items():
            obj = self.objects.get(instance)
            facts = self.cards[perm.card]
            if obj is None or "creature" not in facts.types:
                continue
            # every keyword shown and not yet said this turn: the card's definition is only settled when the game
            # ends (a keyword is the card's own if every sighting had it), so the line is dropped then if the
            # definition has the keyword after all
            shown = self.keywords_of(obj) - perm.gained
            for keyword in sorted(shown):
                perm.gained.add(keyword)
                self.lines.append(Line(f"{_q(perm.name)} gains {keyword} until end of turn", self.gs, self.log_line,
                                       "in force in the log", unless=(perm.card, keyword)))
            if "power" in obj or "toughness" in obj:
                power, toughness = _value(obj.get("power")), _value(obj.get("toughness"))
                view = ((facts.power or 0) + perm.pump[0], (facts.toughness or 0) + perm.pump[1])
                if (power, toughness) != view:
                    dp, dt = power - view[0], toughness - view[1]
                    perm.pump = (perm.pump[0] + dp, perm.pump[1] + dt)
                    self.emit(f"{_q(perm.name)} gets {dp:+d}/{dt:+d} until end of turn",
                              f"the log shows {power}/{toughness}")

    def _priority(self) -> None:
        holder = self.turn_info.get("priorityPlayer")
        if holder is None or not self.priority_now():
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


def _value(wrapper: object) -> int:
    if isinstance(wrapper, dict):
        return int(wrapper.get("value", 0) or 0)
    return 0


def _enum(value: object, table: dict[str, int]) -> int:
    return table.get(str(value), 0)


def _detail(ann: Json, key: str) -> int | None:
    for d in ann.get("details", ()):
        if d.get("key") == key and d.get("valueInt32"):
            return int(d["valueInt32"][0])
    return None


def _detail_str(ann: Json, key: str) -> str | None:
    for d in ann.get("details", ()):
        if d.get("key") == key and d.get("valueString"):
            return str(d["valueString"][0])
    return None


def _leaves(category: str, dest: str, facts: CardFacts) -> str:
    if dest == "ZoneType_Graveyard":
        if category.startswith("SBA_"):
            return "dies as a state-based action" if "creature" in facts.types else \
                "is put into its owner's graveyard as a state-based action"
        if category == "Destroy":
            return "is destroyed"
        if category == "Sacrifice":
            return "is sacrificed"
        return "dies" if "creature" in facts.types else "is put into its owner's graveyard"
    if dest == "ZoneType_Exile":
        return "is exiled"
    if dest == "ZoneType_Hand":
        return "returns to its owner's hand"
    return "leaves the battlefield"


def _q(name: str) -> str:
    """A name as the transcript language reads it: quoted unless it is plain capitalised words."""
    words = name.split(" ")
    plain = all(w[:1].isupper() and w.replace("'", "").replace("-", "").isalnum() and not w[:1].isdigit()
                for w in words if not (w.startswith("(") and w.endswith(")") and w[1:-1].isdigit()))
    if plain and not any(w.isdigit() for w in words):
        return name
    base, copy = name, ""
    if name.endswith(")") and " (" in name and name.rsplit(" (", 1)[1][:-1].isdigit():
        base, copy = name.rsplit(" (", 1)[0], " (" + name.rsplit(" (", 1)[1]
    return f'"{base}{copy}"'
