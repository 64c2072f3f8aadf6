"""Build small synthetic Arena logs for the importer's unit tests (the shapes follow the real samples)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

Json = dict[str, Any]
ZONES = [
    {"zoneId": 27, "type": "ZoneType_Stack", "objectInstanceIds": []},
    {"zoneId": 28, "type": "ZoneType_Battlefield", "objectInstanceIds": []},
    {"zoneId": 31, "type": "ZoneType_Hand", "ownerSeatId": 1, "objectInstanceIds": []},
    {"zoneId": 32, "type": "ZoneType_Library", "ownerSeatId": 1, "objectInstanceIds": []},
    {"zoneId": 33, "type": "ZoneType_Graveyard", "ownerSeatId": 1, "objectInstanceIds": []},
    {"zoneId": 35, "type": "ZoneType_Hand", "ownerSeatId": 2, "objectInstanceIds": []},
    {"zoneId": 36, "type": "ZoneType_Library", "ownerSeatId": 2, "objectInstanceIds": []},
    {"zoneId": 37, "type": "ZoneType_Graveyard", "ownerSeatId": 2, "objectInstanceIds": []},
]
PHASE = {1: "Phase_Beginning", 2: "Phase_Main1", 3: "Phase_Combat", 4: "Phase_Main2", 5: "Phase_Ending"}
STEP = {2: "Step_Upkeep", 3: "Step_Draw", 4: "Step_BeginCombat", 5: "Step_DeclareAttack", 6: "Step_DeclareBlock",
        7: "Step_CombatDamage", 8: "Step_EndCombat", 10: "Step_Cleanup", 11: "Step_FirstStrikeDamage"}


def ann(aid: int, kind: str, affector: int = 0, affected: list[int] | None = None, **details: Any) -> Json:
    out: Json = {"id": aid, "type": [f"AnnotationType_{kind}"], "affectedIds": affected or []}
    if affector:
        out["affectorId"] = affector
    out["details"] = [{"key": k, "type": "KeyValuePairValueType_string", "valueString": [v]} if isinstance(v, str)
                      else {"key": k, "type": "KeyValuePairValueType_int32", "valueInt32": [v]}
                      for k, v in details.items()]
    return out


def creature(iid: int, grp: int, seat: int, power: int, toughness: int, **extra: Any) -> Json:
    obj = {"instanceId": iid, "grpId": grp, "type": "GameObjectType_Card", "zoneId": 28, "ownerSeatId": seat,
           "controllerSeatId": seat, "cardTypes": ["CardType_Creature"], "color": ["CardColor_Green"],
           "power": {"value": power}, "toughness": {"value": toughness}}
    obj.update(extra)
    return obj


def land(iid: int, grp: int, seat: int, zone: int = 28) -> Json:
    return {"instanceId": iid, "grpId": grp, "type": "GameObjectType_Card", "zoneId": zone, "ownerSeatId": seat,
            "controllerSeatId": seat, "superTypes": ["SuperType_Basic"], "cardTypes": ["CardType_Land"]}


@dataclass
class LogBuilder:
    """A Player.log under construction: `state(...)` adds one GRE game state (a Diff unless told)."""

    lines: list[str] = field(default_factory=lambda: ["Unity noise line", "DETAILED LOGS: ENABLED"])
    gs: int = 0
    ann_id: int = 100
    battlefield: list[int] = field(default_factory=list)
    stack: list[int] = field(default_factory=list)

    def next_ann(self) -> int:
        self.ann_id += 1
        return self.ann_id

    def envelope(self, *messages: Json, noise: bool = False) -> int:
        """Add a GreToClientEvent; returns the header's line number."""
        self.lines.append("[UnityCrossThreadLogger]1/2/2026 1:00:00 PM: Match to ABC: GreToClientEvent")
        header = len(self.lines)
        if noise:
            self.lines.append("OnSceneLoaded for DuelScene")
        self.lines.append(json.dumps({"transactionId": "t", "timestamp": "1", "greToClientEvent":
                                      {"greToClientMessages": list(messages)}}))
        return header

    def room(self, match: str, names: dict[int, str]) -> None:
        players = [{"userId": f"u{seat}", "playerName": name, "systemSeatId": seat} for seat, name in names.items()]
        self.lines.append("[UnityCrossThreadLogger]1/2/2026 1:00:00 PM: Match to ABC: MatchGameRoomStateChangedEvent")
        self.lines.append(json.dumps({"matchGameRoomStateChangedEvent": {"gameRoomInfo": {
            "gameRoomConfig": {"reservedPlayers": players, "matchId": match},
            "stateType": "MatchGameRoomStateType_Playing"}}}))

    def message(self, body: Json, *, full: bool = False, undo_to: int = 0, gs: int = 0) -> Json:
        self.gs = gs or self.gs + 1
        body = dict(body)
        body.setdefault("type", "GameStateType_Full" if full or undo_to else "GameStateType_Diff")
        body["gameStateId"] = self.gs
        if undo_to:
            body["update"] = "GameStateUpdate_Undo"
            body["prevGameStateId"] = undo_to
        elif self.gs > 1:
            body.setdefault("prevGameStateId", self.gs - 1)
        return {"type": "GREMessageType_GameStateMessage", "systemSeatIds": [1], "gameStateId": self.gs,
                "gameStateMessage": body}

    def start(self, match: str = "m1", game: int = 1) -> int:
        return self.envelope(self.message({"gameInfo": {"matchID": match, "gameNumber": game,
                                                        "stage": "GameStage_Start"},
                                           "zones": ZONES}, full=True, gs=1))

    def turn_info(self, turn: int, phase: int, step: int, active: int, priority: int) -> Json:
        info: Json = {"turnNumber": turn, "phase": PHASE[phase], "activePlayer": active, "priorityPlayer": priority}
        if step:
            info["step"] = STEP[step]
        return info

    def state(self, turn: tuple[int, int, int, int, int] | None = None, annotations: list[Json] | None = None,
              objects: list[Json] | None = None, zones: list[Json] | None = None, **extra: Any) -> Json:
        body: Json = dict(extra)
        if turn is not None:
            body["turnInfo"] = self.turn_info(*turn)
        if annotations:
            body["annotations"] = annotations
        if objects:
            body["gameObjects"] = objects
        if zones:
            body["zones"] = zones
        return self.message(body)

    def step_marker(self, phase: int, step: int, seat: int = 1) -> Json:
        return ann(self.next_ann(), "PhaseOrStepModified", affected=[seat], phase=phase, step=step)

    def zones_now(self) -> list[Json]:
        return [{"zoneId": 27, "type": "ZoneType_Stack", "objectInstanceIds": list(self.stack)},
                {"zoneId": 28, "type": "ZoneType_Battlefield", "objectInstanceIds": list(self.battlefield)}]

    def game_over(self, winner: int = 1) -> int:
        return self.envelope(self.message({"gameInfo": {"matchID": "m1", "gameNumber": 1,
                                                        "stage": "GameStage_GameOver",
                                                        "results": [{"scope": "MatchScope_Game",
                                                                     "result": "ResultType_WinLoss",
                                                                     "winningTeamId": winner,
                                                                     "reason": "ResultReason_Concede"}]}}))

    def text(self) -> str:
        return "\n".join(self.lines) + "\n"


def opening(log: LogBuilder) -> None:
    """Game start, turn 1 (seat 1): untap, upkeep with both passes, then the precombat main phase."""
    log.start()
    log.envelope(log.state(annotations=[ann(log.next_ann(), "NewTurnStarted", 1, [1])]))
    log.envelope(log.state((1, 1, 2, 1, 1), [log.step_marker(1, 1), log.step_marker(1, 2)]),
                 log.state((1, 1, 2, 1, 2)),
                 log.state((1, 2, 0, 1, 1), [log.step_marker(2, 0)]), noise=True)


def play_land(log: LogBuilder, iid: int, grp: int, seat: int = 1) -> int:
    log.battlefield.append(iid)
    return log.envelope(log.state(None, [ann(log.next_ann(), "ZoneTransfer", seat, [iid], zone_src=31, zone_dest=28,
                                             category="PlayLand")],
                                  [land(iid, grp, seat)], log.zones_now()))
