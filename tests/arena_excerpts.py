"""Cut a minimal excerpt of one game from a shared Arena sample log (used once, to make fixtures/arena/excerpts/).

    python tests/arena_excerpts.py SAMPLE.log.gz MATCH GAME LAST_GS OUT.log.gz

The excerpt keeps, verbatim and in order, the `DETAILED LOGS` line and every `GreToClientEvent` and
`MatchGameRoomStateChangedEvent` envelope of that game (match id, game number) from its first game state up to
the envelope holding game state LAST_GS; then it ends the game with one synthetic envelope (a GameOver state,
marked `"synthetic": true`) so that the importer writes it. Every other line is left out, so the excerpt's
line numbers differ from the sample's; game state ids are the sample's (see fixtures/arena/LICENSE.md).
"""

from __future__ import annotations

import gzip
import json
import sys

from rulecheck.importers.arena.framing import HEADER, open_log


def cut(sample: str, match: str, game: int, last_gs: int, out: str) -> None:
    kept: list[str] = []
    chunk: list[str] = []
    state = {"in_game": False, "done": False, "last": 0}

    def flush() -> None:
        if not chunk or state["done"]:
            return
        header = chunk[0]
        if header.endswith("MatchGameRoomStateChangedEvent") and match in "\n".join(chunk):
            if not state["in_game"]:
                kept.extend(chunk)
            return
        if not header.endswith("GreToClientEvent"):
            return
        text = "\n".join(chunk[1:])
        if text.startswith("[Message summarized"):
            if state["in_game"]:
                kept.extend(chunk)
            return
        brace = text.find("{")
        if brace < 0:
            return
        value, _ = json.JSONDecoder().raw_decode(text, brace)
        for msg in value.get("greToClientEvent", {}).get("greToClientMessages", ()):
            gsm = msg.get("gameStateMessage") or {}
            info = gsm.get("gameInfo", {})
            if gsm.get("gameStateId") == 1 and gsm.get("type") == "GameStateType_Full":
                state["in_game"] = info.get("matchID") == match and int(info.get("gameNumber", 1)) == game
            if state["in_game"] and gsm.get("gameStateId"):
                state["last"] = max(state["last"], int(gsm["gameStateId"]))
        if state["in_game"]:
            kept.extend(chunk)
            if state["last"] >= last_gs:
                state["done"] = True

    with open_log(sample) as fh:
        for raw in fh:
            line = raw.rstrip("\r\n")
            if "DETAILED LOGS" in line and not kept:
                kept.append(line)
                continue
            if HEADER.match(line):
                flush()
                chunk = [line]
            elif chunk:
                chunk.append(line)
        flush()
    over = {"type": "GREMessageType_GameStateMessage", "systemSeatIds": [1], "gameStateId": state["last"] + 1,
            "synthetic": True,
            "gameStateMessage": {"type": "GameStateType_Diff", "gameStateId": state["last"] + 1,
                                 "prevGameStateId": state["last"],
                                 "gameInfo": {"matchID": match, "gameNumber": game, "stage": "GameStage_GameOver",
                                              "results": [{"scope": "MatchScope_Game",
                                                           "reason": "ResultReason_Concede"}]}}}
    kept.append("[UnityCrossThreadLogger]excerpt end: Match to excerpt: GreToClientEvent")
    kept.append(json.dumps({"greToClientEvent": {"greToClientMessages": [over]}}))
    with gzip.open(out, "wt", encoding="utf-8", newline="\n") as fh:
        fh.write("\n".join(kept) + "\n")


if __name__ == "__main__":
    cut(sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5])
