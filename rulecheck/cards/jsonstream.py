"""Read a very large JSON document one element at a time, with the standard library only.

`json.JSONDecoder.raw_decode` (the C scanner) decodes each array element or object member from a sliding text
buffer, so memory follows the largest single card (a few kilobytes), not the file (~150 MB). The containers
walked are the top level and, for MTGJSON, the `data` object below it.
"""

from __future__ import annotations

import bz2
import gzip
import io
import json
import lzma
import re
import zlib
from collections.abc import Iterator
from typing import IO, Any

CHUNK = 1 << 20
MAX_ELEMENT = 64 << 20   # one card of 64 MB is not a card file: refuse rather than buffer the whole file
_WS = re.compile(r"[ \t\n\r]*")
_DECODER = json.JSONDecoder()


class JSONStreamError(ValueError):
    """The file is not the JSON it should be; the message says where (byte offsets are approximate)."""


def open_text(path: str) -> IO[str]:
    """A text stream of the file, decompressed when it is gzip, xz or bzip2 (as the download sites serve it)."""
    raw = open(path, "rb")  # noqa: SIM115 - returned to the caller, who closes it
    head = raw.peek(6)[:6] if isinstance(raw, io.BufferedReader) else b""
    binary: Any
    if head.startswith(b"\x1f\x8b"):
        binary = gzip.GzipFile(fileobj=raw)  # noqa: SIM115
    elif head.startswith(b"\xfd7zXZ\x00"):
        binary = lzma.LZMAFile(raw)  # noqa: SIM115
    elif head.startswith(b"BZh"):
        binary = bz2.BZ2File(raw)  # noqa: SIM115
    else:
        binary = raw
    return io.TextIOWrapper(binary, encoding="utf-8-sig", errors="strict")


class Reader:
    """A cursor over a JSON text read in chunks."""

    def __init__(self, stream: IO[str]) -> None:
        self.stream = stream
        self.buf = ""
        self.pos = 0
        self.eof = False
        self.consumed = 0   # characters dropped from the front of the buffer

    def _fill(self) -> bool:
        if self.eof:
            return False
        try:
            chunk = self.stream.read(CHUNK)
        except (UnicodeDecodeError, OSError, EOFError, lzma.LZMAError, zlib.error) as err:
            raise JSONStreamError(f"cannot be read: {err}") from None
        if not chunk:
            self.eof = True
            return False
        self.consumed += self.pos
        self.buf = self.buf[self.pos:] + chunk
        self.pos = 0
        return True

    def where(self) -> str:
        return f"near character {self.consumed + self.pos}"

    def peek(self) -> str:
        """The next character that is not white space ("" at the end)."""
        while True:
            self.pos = _WS.match(self.buf, self.pos).end()  # type: ignore[union-attr]
            if self.pos < len(self.buf):
                return self.buf[self.pos]
            if not self._fill():
                return ""

    def expect(self, char: str) -> None:
        found = self.peek()
        if found != char:
            shown = repr(found) if found else "the end of the file"
            raise JSONStreamError(f"expected {char!r} {self.where()}, found {shown}")
        self.pos += 1

    def value(self) -> Any:
        """Decode the next value, reading more text until it is complete."""
        self.peek()
        while True:
            try:
                value, end = _DECODER.raw_decode(self.buf, self.pos)
            except json.JSONDecodeError as err:
                if self.eof or len(self.buf) - self.pos > MAX_ELEMENT:
                    raise JSONStreamError(f"not valid JSON near character {self.consumed + err.pos}: "
                                          f"{err.msg}") from None
                self._fill()
                continue
            except RecursionError:
                raise JSONStreamError(f"nested too deeply {self.where()}") from None
            if end == len(self.buf) and not self.eof and isinstance(value, (int, float)):
                self._fill()   # a number may go on in the next chunk
                continue
            self.pos = end
            return value

    def items(self) -> Iterator[Any]:
        """The elements of the array that starts here."""
        self.expect("[")
        if self.peek() == "]":
            self.pos += 1
            return
        while True:
            yield self.value()
            if self._after_element("]"):
                return

    def members(self) -> Iterator[str]:
        """The keys of the object that starts here; after each key the cursor is at its value, which the caller
        must read (`value()`, `items()`, `members()`) or skip (`value()`)."""
        self.expect("{")
        if self.peek() == "}":
            self.pos += 1
            return
        while True:
            if self.peek() != '"':
                raise JSONStreamError(f"expected a key {self.where()}")
            key = self.value()
            self.expect(":")
            yield key
            if self._after_element("}"):
                return

    def _after_element(self, close: str) -> bool:
        found = self.peek()
        if found == ",":
            self.pos += 1
            return False
        if found == close:
            self.pos += 1
            return True
        shown = repr(found) if found else "the end of the file"
        raise JSONStreamError(f"expected ',' or {close!r} {self.where()}, found {shown}")
