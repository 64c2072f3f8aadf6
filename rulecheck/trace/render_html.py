"""`rulecheck trace --format html`: one self-contained page (inline CSS and JS, no network) with the board.

The page holds each line's *changes* as JSON, not a board per line; its script folds them into the state of the
line shown and draws that one board, so a 2,000-line game costs what its changes cost."""

from __future__ import annotations

import html
import json
from importlib import resources
from typing import Any

from ..report.common import title_of
from .record import Trace


def _asset(name: str) -> str:
    return resources.files(__package__).joinpath(name).read_text(encoding="utf-8")


def page_data(trace: Trace, start_line: int | None = None) -> dict[str, Any]:
    """The page's data; it opens at `start_line`, else at the first finding, else at the first line of play
    (the first turn), so that a reader never lands on the empty board before the game."""
    lines = []
    titles: dict[str, str] = {}
    start = first_finding = first_turn = None
    for i, entry in enumerate(trace.lines):
        for v in entry.findings:
            titles.setdefault(v.rule, title_of(v.rule, v.edition))
        lines.append([entry.line, entry.text, entry.changes, [[v.rule, v.message, v.severity] for v in entry.findings]])
        if start_line is not None and entry.line <= start_line:
            start = i
        if first_finding is None and entry.findings:
            first_finding = i
        if first_turn is None and "turn" in entry.changes:
            first_turn = i
    opening = start if start_line is not None else first_finding if first_finding is not None else first_turn
    return {"file": trace.path, "titles": {k: v for k, v in titles.items() if v}, "lines": lines,
            "start": opening or 0}


def _script_json(data: Any) -> str:
    """JSON that is safe inside a <script> element: no '</' and no '<!--' can end or confuse it."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")


def _short(path: str) -> str:
    name = path.replace("\\", "/").rsplit("/", 1)[-1]
    return name if len(name) <= 48 else name[:45] + "..."


def render_html(trace: Trace, start_line: int | None = None) -> str:
    data = page_data(trace, start_line)
    flagged = sum(1 for entry in trace.lines if entry.findings)
    title = f"rulecheck trace: {trace.path}"
    return "\n".join([
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        # the page loads nothing: no script, style, font or image from anywhere
        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
        "style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">",
        f"<title>{html.escape(title)}</title>",
        f"<style>{_asset('page.css')}</style>",
        "</head><body>",
        "<header>",
        f'<h1 title="{html.escape(trace.path)}">{html.escape(_short(trace.path))}</h1>',
        '<button id="first" title="first line (Home)">« first</button>',
        '<button id="prev" title="previous line (←)">◀</button>',
        '<button id="next" title="next line (→)">▶</button>',
        '<button id="last" title="last line (End)">last »</button>',
        '<button id="prevf" title="previous finding (p)">◀ finding</button>',
        '<button id="nextf" title="next finding (n)">finding ▶</button>',
        '<span class="where" id="where"></span>',
        f'<span class="help">{flagged} flagged line{"s" if flagged != 1 else ""} · ←/→ step · n/p findings</span>',
        "</header>",
        '<ol id="lines"></ol>',
        "<main>",
        '<div id="turn"></div>',
        '<ul id="findings"></ul>',
        '<div id="board"></div>',
        '<div class="panels"><div class="panel"><h3>Stack (top first)</h3><ol id="stack"></ol></div>',
        '<div class="panel"><h3>Waiting</h3><ul id="pending"></ul></div></div>',
        "</main>",
        f'<script type="application/json" id="trace-data">{_script_json(data)}</script>',
        f"<script>{_asset('page.js')}</script>",
        "</body></html>",
    ])
