"""Open documents and positions: the editor's text as the server holds it, and the two ways of counting columns.

LSP positions are 0-based lines and 0-based characters counted in the negotiated encoding (UTF-16 code units
unless the client offers another); rulecheck's are 1-based lines and 1-based code points. Lines end at LF, CRLF or
a lone CR for both, and for nothing else (`str.splitlines` would also split at form feeds and U+2028, which would
put the server's text out of step with the editor's). Nothing here imports pygls, so it is plain to test.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

UTF8 = "utf-8"
UTF16 = "utf-16"
UTF32 = "utf-32"

LINE_BREAK = re.compile(r"\r\n|\r|\n")
BOM = "\ufeff"


def units(text: str, encoding: str) -> int:
    """How many code units of `encoding` the text takes (a lone surrogate counts as one code point)."""
    if encoding == UTF32:
        return len(text)
    if encoding == UTF8:
        return len(text.encode("utf-8", errors="surrogatepass"))
    return len(text) + sum(1 for ch in text if ord(ch) > 0xFFFF)


def index_of(line: str, character: int, encoding: str) -> int:
    """The code point index in `line` of an LSP character offset; an offset inside a character (half a
    surrogate pair) or past the end of the line is taken to its nearest end, as the specification asks."""
    if character <= 0:
        return 0
    if encoding == UTF32:
        return min(character, len(line))
    seen = 0
    for i, ch in enumerate(line):
        seen += units(ch, encoding)
        if seen > character:
            return i
        if seen == character:
            return i + 1
    return len(line)


@dataclass(frozen=True, slots=True)
class Pos:
    """A 0-based LSP position (line, character in the negotiated encoding)."""

    line: int
    character: int


@dataclass
class Document:
    """One open document: its text, version and kind, and where each of its lines starts.

    The line starts are kept up to date edit by edit (only the edited stretch is scanned again), so a keystroke in
    a 10,000-line transcript costs little; the lines themselves are split only when all of them are needed."""

    uri: str
    text: str
    version: int | None = None
    language_id: str = ""
    _starts: list[int] | None = field(default=None, repr=False)

    def line_starts(self) -> list[int]:
        """The index in `text` where each line starts (after LF, CRLF or CR)."""
        if self._starts is None:
            self._starts = [0, *(m.end() for m in LINE_BREAK.finditer(self.text))]
        return self._starts

    @property
    def line_count(self) -> int:
        return len(self.line_starts())

    @property
    def lines(self) -> list[str]:
        """The lines without their line breaks; a text ending in a line break has an empty last line."""
        return LINE_BREAK.split(self.text)

    def line(self, number: int) -> str:
        """The text of a 0-based line, without its line break ('' past the end)."""
        starts = self.line_starts()
        if not 0 <= number < len(starts):
            return ""
        end = starts[number + 1] if number + 1 < len(starts) else len(self.text)
        text = self.text[starts[number]:end]
        if text.endswith("\n"):
            text = text[:-1]
        return text[:-1] if text.endswith("\r") else text

    def offset_at(self, pos: Pos, encoding: str) -> int:
        """The index in `text` of an LSP position; positions past the end of a line or of the text are clamped."""
        starts = self.line_starts()
        if pos.line < 0:
            return 0
        if pos.line >= len(starts):
            return len(self.text)
        return starts[pos.line] + index_of(self.line(pos.line), pos.character, encoding)

    def apply(self, start: Pos | None, end: Pos | None, new_text: str, encoding: str) -> None:
        """Apply one content change: the whole text when `start` is None, else the text between two positions."""
        if start is None or end is None:
            self.text = new_text
            self._starts = None
            return
        a, b = self.offset_at(start, encoding), self.offset_at(end, encoding)
        if b < a:
            a, b = b, a
        old = self.line_starts()
        text = self.text = self.text[:a] + new_text + self.text[b:]
        delta = len(new_text) - (b - a)
        # Scan again from just before the edit (a CR there may now start a CRLF) to just after it, past any CR
        # that a LF right after the window would join; the breaks before and after that stretch are unchanged.
        low = max(a - 1, 0)
        high = min(a + len(new_text) + 1, len(text))
        while high < len(text) and text[high - 1] == "\r":
            high += 1
        kept = [s for s in old if s <= low]
        found = [m.end() for m in LINE_BREAK.finditer(text, low, high) if m.end() > low]
        moved = [s + delta for s in old if s > b and s + delta > high]
        self._starts = kept + found + moved

    def to_lsp(self, line: int, column: int, encoding: str) -> Pos:
        """An LSP position from rulecheck's 1-based line and code point column (the line clamped to the text),
        counting a byte order mark that rulecheck does not see on the first line."""
        row = min(max(line - 1, 0), self.line_count - 1)
        text = self.line(row)
        index = max(column - 1, 0)
        if row == 0 and text.startswith(BOM):
            index += 1
        beyond = max(index - len(text), 0)  # past the end of the line: kept, as clients clamp it themselves
        return Pos(row, units(text[:index], encoding) + beyond)
