"""Bytes to numbered lines: blocks of a stream split at LF, CRLF or a lone CR, decoded as UTF-8, with each
bad byte, NUL and over-long line reported where it is and the rest read on."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from functools import partial
from typing import BinaryIO

from ..diagnostics import Violation
from ..parser import MAX_LINE_LENGTH
from .result import FileResult

READ_BLOCK = 1 << 20
_LINE_BREAK = re.compile(rb"\r\n|\r|\n")
_UTF8_CONTINUATION = bytes(range(0x80, 0xC0))


def _blocks(stream: BinaryIO) -> Iterator[bytes]:
    """A binary stream in blocks of at most READ_BLOCK bytes: never a whole line at once, however long."""
    return iter(partial(stream.read, READ_BLOCK), b"")


def _raw_lines(data: Iterable[bytes]) -> Iterator[tuple[bytes, int]]:
    """Split blocks into lines at LF, CRLF or a lone CR, whatever the block boundaries.

    Yields (line, 0), or (b"", its length in characters) for a line longer than 4 * MAX_LINE_LENGTH bytes (so
    more than MAX_LINE_LENGTH characters), which is counted but never held: memory stays bounded."""
    limit = 4 * MAX_LINE_LENGTH
    pending = bytearray()
    overlong = 0  # characters of an over-long line seen so far (0: the line is not over-long)
    after_cr = False
    for block in data:
        if not block:
            continue
        if after_cr and block.startswith(b"\n"):
            block = block[1:]
        after_cr = block.endswith(b"\r")
        parts = _LINE_BREAK.split(block)
        for i, part in enumerate(parts):
            if overlong:
                overlong += len(part.translate(None, _UTF8_CONTINUATION))
            else:
                pending += part
                if len(pending) > limit:
                    overlong = len(bytes(pending).translate(None, _UTF8_CONTINUATION))
                    pending.clear()
            if i < len(parts) - 1:  # a line break follows this part
                yield (b"", overlong) if overlong else (bytes(pending), 0)
                pending.clear()
                overlong = 0
    if pending or overlong:
        yield (b"", overlong) if overlong else (bytes(pending), 0)


def _lines_of_bytes(data: Iterable[bytes], path: str, result: FileResult) -> Iterator[tuple[int, str]]:
    """Decode line by line: a bad byte is reported with its line and column, and the rest goes on.

    Most input is plain: whole blocks of LF-terminated UTF-8 lines without NUL bytes, none over the length limit.
    Such a stretch is decoded and split at once, in C; anything else (a CR, a bad byte, a NUL, an over-long
    line, a byte order mark) goes line by line through `_decoded`, which says what is wrong and where."""
    line_no = 0
    pending = b""
    blocks = iter(data)
    head = b""
    for block in blocks:
        if not block:
            continue
        head = pending + block if pending else block
        if (line_no == 0 and head.startswith(_BOMS)) or b"\r" in block:
            break
        cut = block.rfind(b"\n") + 1
        if cut == 0:
            pending = head
            if len(pending) > 4 * MAX_LINE_LENGTH:
                break
            continue
        try:
            text = head[:len(pending) + cut - 1].decode("utf-8")
        except UnicodeDecodeError:
            break
        lines = text.split("\n")
        if "\x00" in text or max(map(len, lines)) > MAX_LINE_LENGTH:
            break
        yield from enumerate(lines, line_no + 1)
        line_no += len(lines)
        pending = block[cut:]
    else:
        if pending:
            yield from _decoded(_raw_lines([pending]), path, result, line_no)
        return
    yield from _decoded(_raw_lines(_chain(head, blocks)), path, result, line_no)


_BOMS = (b"\xff\xfe", b"\xfe\xff", b"\xef\xbb\xbf")


def _chain(first: bytes, rest: Iterator[bytes]) -> Iterator[bytes]:
    yield first
    yield from rest


def _decoded(raw_lines: Iterable[tuple[bytes, int]], path: str, result: FileResult,
             line_no: int = 0) -> Iterator[tuple[int, str]]:
    """The careful path of `_lines_of_bytes`: one line at a time, each problem reported where it is."""
    for raw, overlong in raw_lines:
        line_no += 1
        if line_no == 1:
            if raw.startswith(_BOMS[:2]):
                result.violations.append(Violation(path, 1, 1, 1, 2, "syntax", "this file is UTF-16 or UTF-32 (it "
                                                   "begins with a byte order mark); rulecheck reads UTF-8"))
                return
            if raw.startswith(b"\xef\xbb\xbf"):
                raw = raw[3:]
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as err:
            col = len(raw[:err.start].decode("utf-8", errors="replace")) + 1
            result.violations.append(Violation(path, line_no, col, line_no, col + 1, "syntax",
                                               f"this line is not valid UTF-8 (byte 0x{raw[err.start]:02x} "
                                               f"at byte offset {err.start})"))
            continue
        length = overlong or len(text)
        if length > MAX_LINE_LENGTH:
            result.violations.append(Violation(path, line_no, MAX_LINE_LENGTH + 1, line_no, length + 1, "syntax",
                                               f"line is {length} characters long; the limit is {MAX_LINE_LENGTH}"))
            continue
        if "\x00" in text:
            col = text.index("\x00") + 1
            result.violations.append(Violation(path, line_no, col, line_no, col + 1, "syntax",
                                               "this line contains a NUL byte"))
            continue
        yield line_no, text
