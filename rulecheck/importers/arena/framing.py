"""Line framing of MTG Arena's `Player.log`: find the GRE envelopes, one at a time.

A log is read line by line and only one envelope is ever held: a header line (`[UnityCrossThreadLogger]...`)
and the lines up to the next header. Only the three kinds of envelope an importer needs are kept; every other
line is dropped as soon as it is read, so memory follows the largest envelope, never the log.
"""

from __future__ import annotations

import errno
import gzip
import io
import json
import re
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import IO, Any, cast

HEADER = re.compile(r"^\[(?:UnityCrossThreadLogger|Client GRE)\]")
SUMMARIZED = "[Message summarized"
DETAILED = re.compile(r"DETAILED LOGS:\s*(ENABLED|DISABLED)")
MAX_ENVELOPE_CHARS = 64 << 20   # one envelope larger than this is not a GRE message: the log is damaged

GRE = "gre"                  # GreToClientEvent: a list of GRE messages
ROOM = "room"                # MatchGameRoomStateChangedEvent: players, match start and end
SUMMARY = "summarized"       # a GreToClientEvent Arena left out ("Message summarized ...")


class LogError(Exception):
    """The log cannot be imported (or not entirely): what, and the log line it is on."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(message)
        self.line = line
        self.message = message


@dataclass
class Envelope:
    kind: str
    line: int                          # the header's line in the log (1-based)
    value: dict[str, Any] = field(default_factory=dict)
    note: str = ""                     # for SUMMARY: Arena's own words


def open_log(path: str) -> IO[str]:
    """The log as text, gzip or not (Arena writes plain text; samples are often kept gzipped); `-` is standard
    input."""
    if path == "-":
        raw = sys.stdin.buffer
        if raw.closed:   # `-` given twice: the first log read it to its end and closed it
            raise OSError(errno.EBADF, "standard input was read already")
        buffered = raw if isinstance(raw, io.BufferedReader) else io.BufferedReader(cast(io.RawIOBase, raw))
        binary: IO[bytes] = buffered
        if buffered.peek(2)[:2] == b"\x1f\x8b":
            binary = cast(IO[bytes], gzip.GzipFile(fileobj=buffered))
        return io.TextIOWrapper(cast(io.BufferedReader, binary), encoding="utf-8", errors="replace", newline="")
    with open(path, "rb") as probe:
        magic = probe.read(2)
    if magic == b"\x1f\x8b":
        return gzip.open(path, "rt", encoding="utf-8", errors="replace", newline="")
    return open(path, encoding="utf-8", errors="replace", newline="")


def read_lines(stream: IO[str], limit: int = MAX_ENVELOPE_CHARS) -> Iterator[str]:
    """The lines of a stream, never one longer than `limit` characters in memory: such a line is not Arena's."""
    number = 0
    while True:
        line = stream.readline(limit + 1)
        if not line:
            return
        number += 1
        if len(line) > limit:
            raise LogError(number, f"this line is over {limit:,} characters long; this is not an Arena log, or it is "
                                   "damaged")
        yield line


def _kind(header: str) -> str | None:
    if header.endswith("GreToClientEvent"):
        return GRE
    if header.endswith("MatchGameRoomStateChangedEvent"):
        return ROOM
    return None


@dataclass
class LogStatus:
    """What the framing learnt about the log as a whole."""

    detailed: bool | None = None       # None: the log never said
    detailed_line: int = 0
    lines: int = 0
    truncated_line: int = 0            # the last envelope could not be read: where it starts


def envelopes(lines: Iterable[str], status: LogStatus) -> Iterator[Envelope]:
    """The envelopes of a log, in order. An envelope that can't be decoded raises LogError, except the
    last one, which is taken as a log cut off while Arena was writing (`status.truncated_line`)."""
    kind: str | None = None
    start = 0
    chunk: list[str] = []
    size = 0
    number = 0
    for number, raw in enumerate(lines, 1):
        status.lines = number
        line = raw.rstrip("\r\n")
        if HEADER.match(line):
            if kind is not None:
                yield _decode(kind, start, chunk)
            header = line.split("]", 1)[1].rstrip()
            kind = _kind(header)
            start = number
            chunk = []
            size = 0
            continue
        if status.detailed is None and "DETAILED LOGS" in line:
            m = DETAILED.search(line)
            if m:
                status.detailed = m.group(1) == "ENABLED"
                status.detailed_line = number
        if kind is not None:
            size += len(line)
            if size > MAX_ENVELOPE_CHARS:
                raise LogError(start, f"the envelope that starts here is over {MAX_ENVELOPE_CHARS >> 20} MB; "
                                      "this is not an Arena log, or it is damaged")
            chunk.append(line)
    if kind is not None:
        try:
            yield _decode(kind, start, chunk)
        except LogError:
            status.truncated_line = start


def _decode(kind: str, start: int, chunk: list[str]) -> Envelope:
    if kind == GRE and chunk and chunk[0].startswith(SUMMARIZED):
        return Envelope(SUMMARY, start, note=chunk[0].strip())
    text = "\n".join(chunk)
    brace = text.find("{")
    if brace < 0:
        raise LogError(start, "this GRE envelope has no JSON payload")
    try:
        value, _ = json.JSONDecoder().raw_decode(text, brace)
    except json.JSONDecodeError as err:
        raise LogError(start + 1 + text.count("\n", 0, err.pos),
                       f"the JSON payload of the envelope on line {start} cannot be read: {err.msg}") from None
    if not isinstance(value, dict):
        raise LogError(start, "the payload of this envelope is not a JSON object")
    return Envelope(kind, start, value)
