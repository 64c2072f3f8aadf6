"""The state an Arena game's narration keeps, with its output helpers, card names and priority passes."""

from __future__ import annotations

from .cards import COLOURS, KEYWORD_ABILITIES, SUPERTYPES, TYPES, CardDatabase, CardFacts
from .model import NO_PRIORITY, Json, Line, Perm, Snapshot, pt_value

TRIGGER_HOLDER = 5   # the grpId of Arena's trigger holder objects


class GameBase:
    """What the transcript has said so far and what the log's latest state shows (see game.py)."""

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
        self.turn_steps: set[str] = set()        # the steps this turn (this combat) has had: a repeat is additional
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
        self.changed_later: set[int] = set()     # objects that later events of the state being narrated change
        self.grants: dict[int, tuple[int, list[int], str]] = {}   # AddAbility annotation -> (source, affected, kw)
        self.holder_from_state = False           # after a hole: the next holder is the state's, without passes
        self.first_strike_line = 0
        self.resolving: set[int] = set()        # stack objects whose resolution started and hasn't completed
        self.paid: set[int] = set()             # objects mana was paid for in the state being narrated
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
                facts.power = pt_value(obj.get("power"))
                facts.toughness = pt_value(obj.get("toughness"))
            if not facts.from_db:
                shown = self.keywords_of(obj)
                facts.keywords = shown if facts.keywords is None else facts.keywords & shown
        elif facts.power is None and "creature" in facts.types and "power" in obj:
            facts.power = pt_value(obj.get("power"))
            facts.toughness = pt_value(obj.get("toughness"))

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
        if obj.get("type") in ("GameObjectType_Ability", "GameObjectType_TriggerHolder"):
            # an ability is named after its parent object when the log gives it, else after its source card; a
            # trigger holder is Arena's stand-in for a trigger's source (grpId 5), never a card of its own
            parent = int(obj.get("parentId", 0) or 0)
            if parent and parent != instance and (parent in self.perms or parent in self.objects):
                return self.object_name(parent)
            source = int(obj.get("objectSourceGrpId", 0) or 0)
            if source in {int(a.get("grpId", 0) or 0) for a in obj.get("uniqueAbilities", ())}:
                return None   # the holder's source is the ability itself: no card is known
            return self.card_name({"grpId": source}) if source and source != TRIGGER_HOLDER else None
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
        """Everyone who hasn't passed since the last change passes: a resolution or a step's end follows. When
        nobody is known to hold priority (the log hasn't said since a hole), the passes are not recorded: a gap
        says so, rather than nothing."""
        if self.priority_now() and self.holder is None:
            last = next((x.text for x in reversed(self.lines) if x.text), "")
            if last != "...":
                self.emit("...", "the log doesn't record who passed priority here")
            return
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

