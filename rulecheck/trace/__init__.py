"""`rulecheck trace`: the game state after every line of a transcript, as text, JSON and a page with the board.

A view: the engine records the state as it replays (`check_lines(..., observer=)`), and the renderers only read
what it recorded. See docs/trace.md.
"""

from __future__ import annotations

from .record import Trace, TraceLine
from .run import trace_file, trace_text

__all__ = ["Trace", "TraceLine", "trace_file", "trace_text"]
