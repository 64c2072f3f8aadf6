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

from .cards import KEYWORD_ABILITIES
from .events import Events
from .model import (
    COMBAT_STEPS,
    KEEP_SNAPSHOTS,
    PHASES,
    STEP_ENUM,
    STEPS,
    Json,
    Line,
    Perm,
    Snapshot,
    detail,
    enum_value,
)


class Game(Events):
    """Builds the transcript of one game from its GRE messages (see module doc)."""

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
        self._grants(gsm)
        annotations = sorted(gsm.get("annotations", ()), key=lambda a: int(a.get("id", 0)))
        if self.suspect_rollback >= 0 and annotations:
            hole = self.lines[self.suspect_rollback:]
            self.suspect_rollback = -1
            reused = [int(a.get("id", 0)) for a in annotations if int(a.get("id", 0)) in self.seen]
            if reused:
                self._rollback_in_hole(min(reused), hole)
        if self.resync and not gsm.get("turnInfo"):
            self._still_in_hole(annotations)
        else:
            if self.resync:
                self._resync(annotations, {int(o["instanceId"]) for o in gsm.get("gameObjects", ())})
            self._events(annotations)
            self._reconcile()
            self._priority()
        for dead in gsm.get("diffDeletedInstanceIds", ()):
            self.objects.pop(int(dead), None)
        if info.get("stage") == "GameStage_GameOver":
            self._game_over(info)
        self._snapshot(gs)

    def _grants(self, gsm: Json) -> None:
        """Keywords that permanents grant (persistent AddAbility annotations), kept while the log keeps them."""
        if gsm.get("type") == "GameStateType_Full":
            self.grants = {}
        for pa in gsm.get("persistentAnnotations", ()):
            keyword = KEYWORD_ABILITIES.get(detail(pa, "grpid") or 0)
            if keyword and "AnnotationType_AddAbility" in pa.get("type", ()):
                self.grants[int(pa.get("id", 0))] = (int(pa.get("affectorId", 0) or 0),
                                                     [int(i) for i in pa.get("affectedIds", ())], keyword)
        for gone in gsm.get("diffDeletedPersistentAnnotationIds", ()):
            self.grants.pop(int(gone), None)

    def _snapshot(self, gs: int) -> None:
        self.snapshots[gs] = Snapshot(
            len(self.lines), {k: Perm(p.name, p.card, p.controller, p.tapped, p.pump, set(p.gained))
                              for k, p in self.perms.items()},
            dict(self.copies), dict(self.stack), self.holder, set(self.passed), self.step, self.turn, self.active,
            (self.attacks_declared, self.blocks_declared), set(self.seen), set(self.entered_attacking),
            set(self.turn_steps))
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
        self.entered_attacking, self.turn_steps = set(snap.entered_attacking), set(snap.turn_steps)
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


    def _still_in_hole(self, annotations: list[Json]) -> None:
        """A state after a hole without `turnInfo`: its turn and step are those of the lost states, which the
        log doesn't give, so its events are not narrated (the hole covers them); only renumbered ids are kept."""
        for ann in annotations:
            self.seen.add(int(ann.get("id", 0)))
            if "AnnotationType_ObjectIdChanged" in ann.get("type", ()):
                self._id_changed(ann)
        self.note(f"game state {self.gs} gives no turn or step after the hole, so it is taken as part of the hole")

    def _combat_in_hole(self, described: set[int]) -> None:
        """The combat the transcript is in ended in the hole. Its combat damage step, if it had one, is there too:
        it is written with a gap (what it dealt is not in the log). Objects the state doesn't describe again keep
        their attacking and blocking status from before the hole: that is stale, so it is dropped."""
        if self.attacks_declared and self.step in ("declare attackers step", "declare blockers step",
                                                   "first combat damage step"):
            step = "second combat damage step" if self.step == "first combat damage step" else "combat damage step"
            self.step = step
            self.emit(step, "the combat damage step of this combat is in the hole of the log")
            self.emit("...", "what it dealt is not in the log")
        for instance, obj in list(self.objects.items()):
            if instance not in described and ({"attackState", "blockState"} & set(obj)):
                self.objects[instance] = {k: v for k, v in obj.items()
                                          if k not in ("attackState", "attackInfo", "blockState", "blockInfo")}

    def _resync(self, annotations: list[Json], described: set[int]) -> None:
        """After a hole, before the events of the first state that has `turnInfo`: take the turn, step and stack
        from it, since the events that changed them are lost. Each lost turn gets its header and a gap (turns
        are numbered as Arena numbers them); spells and abilities that left the stack unseen are taken off it
        (the log doesn't say how)."""
        self.resync = False
        info = self.turn_info
        new = [a for a in annotations if int(a.get("id", 0)) not in self.seen]
        kinds = {t for a in new for t in a.get("type", ())}
        starts = "AnnotationType_NewTurnStarted" in kinds
        steps = "AnnotationType_PhaseOrStepModified" in kinds
        turn = int(info.get("turnNumber", 0) or 0)
        active = int(info.get("activePlayer", 0) or 0)
        last = turn - 1 if starts else turn
        key = (enum_value(info.get("phase"), PHASES), enum_value(info.get("step"), STEP_ENUM))
        name = STEPS.get(key)
        combat_over = last > self.turn or starts or name not in COMBAT_STEPS
        if combat_over:
            self._combat_in_hole(described)
        if last > self.turn and active in (1, 2):
            for number in range(self.turn + 1, last + 1):
                seat = self.other(self.active) if self.active else active
                if number == last:
                    seat = active if not starts else self.other(active)
                self._new_turn(seat, number)
                self.emit("...", "this turn's steps before this point are in the hole of the log")
                for perm in self.perms.values():   # its untap step is in the gap: the checker untaps them
                    if perm.controller == seat:
                        perm.tapped = False
        if not steps and not starts and name is not None and name != self.step and not (
                name == "combat damage step" and self.step == "second combat damage step"):
            self.step = name
            self.turn_steps.add(name)
            self.emit(name, "the step the log is in after the hole")
            self.emit("...", "the log joins this step after it began")
        explained = {int(i) for a in new for i in a.get("affectedIds", ()) if {
            "AnnotationType_ZoneTransfer", "AnnotationType_ResolutionStart", "AnnotationType_ResolutionComplete",
            "AnnotationType_AbilityInstanceDeleted"} & set(a.get("type", ()))}
        on_stack: set[int] = set(explained)
        for zid, zone in self.zones.items():
            if self.zone_type.get(zid) == "ZoneType_Stack":
                on_stack.update(int(i) for i in zone.get("objectInstanceIds", ()))
        self._lost_from_stack(on_stack)
        self.passed = set()
        self.holder = None        # who holds priority is taken from the state, without passes (none are seen)
        self.holder_from_state = True
