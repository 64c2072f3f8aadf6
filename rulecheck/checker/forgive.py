"""Between the parser and the replay, for the lines the grammar rejects: the forgiving reader's context (what the
game so far says about players, names and combat), the statements of its canonical line placed on the original
line, and the note that says what was read. Nothing here runs for a line the grammar reads."""

from __future__ import annotations

import re
from typing import Any
from weakref import WeakKeyDictionary

from .. import nodes as n
from ..diagnostics import NOTE, WARNING, Violation
from ..game.combat import assigns_this_step, strikes_first
from ..game.game import Game, strip_copy
from ..parser import SyntaxProblem, parse_line
from ..parser.forgiving import ReadingContext, read_with_remarks
from ..parser.nearest import nearest_form
from ..parser.slang import at_time
from ..replay.context import Replay

READ_AS = "read-as"
SHORT_NAME = "short-name"
REMARK = "remark"
REMARK_HINT = ("a clause that narrates no event is a remark, left out of the replay; write it as a comment ('# ...') "
               "to say so (docs/transcript-language.md, 'Remarks')")
READ_AS_HINT = "the transcript language writes this line as shown (docs/transcript-language.md, 'Natural phrasings')"


def _declared(r: Replay, kind: str) -> tuple[str, ...]:
    """The creatures of a declaration still being written (judged when a line doesn't continue it)."""
    decl = r.declaration
    if decl is None or decl.kind != kind:
        return ()
    return tuple(p.name for pid, _ in decl.pairs if (p := r.game.by_pid(pid)) is not None)


def _blocked_now(r: Replay) -> set[str]:
    """The attacking creatures a block declaration still being written names (blocked once it is judged)."""
    decl = r.declaration
    return {x for _, what in decl.pairs for x in what} if decl is not None and decl.kind == "block" else set()


def context_of(r: Replay, started: bool) -> ReadingContext:
    g = r.game
    permanents = list(g.battlefield.values())
    names = {strip_copy(p.name) for p in permanents} | set(dict.keys(g.cards))
    damage_step = g.step is not None and "combat damage" in g.step
    blocked_now = _blocked_now(r)
    return ReadingContext(
        players=tuple(g.players), names=tuple(sorted(names)), started=started, active=g.active, step=g.step,
        controllers={p.name: p.controller for p in permanents},
        blockers=tuple(p.name for p in permanents if p.in_combat and p.blocking),
        attackers=tuple(p.name for p in permanents if p.in_combat and p.attacking is not None)
        + _declared(r, "attack"),
        powers={p.name: g.pt(p)[0] for p in permanents if p.is_creature() and not p.pt_unknown(g.effects)}
        if g.started else {},
        dealers=tuple(p.name for p in permanents if damage_step and p.in_combat and g.pt(p)[0] > 0
                      and assigns_this_step(g, p)), explicit=g.mode == "explicit",
        creatures=tuple(p.name for p in permanents if p.is_creature()),
        first_strike=any(strikes_first(g, p) for p in permanents if p.in_combat),
        stack=tuple(item.source for item in g.stack if item.kind == "spell"),
        abilities=tuple(item.source for item in g.stack if item.kind != "spell"),
        unblocked={p.name: p.attacking for p in permanents if p.in_combat and p.attacking in g.players
                   and not p.blocked and not p.blockers and p.name not in blocked_now},
        untapped_lands=tuple((p.controller, strip_copy(p.name)) for p in permanents
                             if "land" in p.types and not p.tapped))


# the player the last clause of a line read by the reader is about, and that line: 'She' on the next line
_SUBJECTS: WeakKeyDictionary[Replay, tuple[int, str]] = WeakKeyDictionary()
_PRONOUN = re.compile(r"(?:She|He|They) (?=[a-z])")


def _with_subject(code: str, r: Replay) -> str:
    """'She casts Grizzly Bears' right after a line the reader read whose last clause is about Alice (no other
    statement between): Alice casts it. Otherwise the pronoun stays, and the line a syntax error."""
    m = _PRONOUN.match(code.strip())
    said = _SUBJECTS.get(r)
    if m is None or said is None or said[0] != r.last_line:
        return code
    return said[1] + " " + code.strip()[m.end():]


def _parses(text: str) -> bool:
    return not isinstance(parse_line(text, 1), SyntaxProblem)


READ_LIMIT = 600   # characters: a judge's natural line is far shorter (the longest in the rounds: 258); the reader's
# patterns are not all linear in a line's length, and a line the grammar rejects must not cost more than a moment


def forgive(code: str, line_no: int, r: Replay, path: str) -> tuple[list[n.Statement], Violation] | None:
    """The statements of the canonical line the reader makes of `code`, on `code`'s line, and the note saying so;
    None when the line can't be read without guessing, or is longer than READ_LIMIT."""
    if len(code.strip()) > READ_LIMIT:
        return None
    _UNREAD.clear()
    ctx = context_of(r, r.game.started or r.turn_written)
    quoted = _quoted_names(code, r)
    try:
        written = at_time(_with_subject(code, r), ctx.step)   # 'EOT Bob casts ...' in the end step
        found = (quoted, []) if quoted is not None and _parses(quoted) else read_with_remarks(written, ctx, _parses)
    except Exception:  # noqa: BLE001 - the reader is a convenience: a failure in it leaves the syntax error
        return None
    if found is None:
        if ctx.unread and len(written) == len(code):
            _UNREAD[code] = ctx.unread[-1]   # the clause that kept the line an error: did_you_mean names it
        return None
    canonical, remarks = found
    last = canonical.split("; ")[-1].split(" ")[0]
    if last in r.game.players:
        _SUBJECTS[r] = (line_no, last)
    parsed = [] if canonical.startswith("#") else parse_line(canonical, line_no)   # '#': a remark, nothing
    if isinstance(parsed, SyntaxProblem):
        return None
    start = len(code) - len(code.lstrip()) + 1
    end = len(code.rstrip()) + 1
    span = n.Span(line_no, start, line_no, end)
    statements = [type(st)(span, *(_relocate(getattr(st, f), code, start, end) for f in n.fields_of(st)
                                    if f != "span")) for st in parsed]
    note = Violation(path, line_no, start, line_no, end, READ_AS, f"read as: {canonical}", NOTE, hint=READ_AS_HINT)
    if remarks:
        _REMARKS[r.game] = (line_no, [_remark_note(code, rm.text, line_no, path) for rm in remarks])
    return statements, note


def _quoted_names(code: str, r: Replay) -> str | None:
    """`code` with the names of the cards the transcript defined that hold a lowercase word (`Quest for Renewal`,
    which the grammar cuts at `for`) in double quotes, as the language writes them; None when there is none."""
    out = code
    for name in sorted((c for c in r.game.cards if " " in c and any(w.islower() for w in c.split()[1:])),
                       key=len, reverse=True):
        if name in out:
            out = "".join(f'"{part}"' if i % 2 else part   # (a name already in quotes is left as it is)
                          for i, part in enumerate(re.split(rf'(?<![\w"])({re.escape(name)})(?![\w"])', out)))
    return out if out != code else None


# the remarks of the line the reader read last (clauses.py), said after its read-as note
_REMARKS: WeakKeyDictionary[Game, tuple[int, list[Violation]]] = WeakKeyDictionary()


def _remark_note(code: str, text: str, line_no: int, path: str) -> Violation:
    at = code.find(text)
    start, end = (at + 1, at + 1 + len(text)) if at >= 0 else (len(code) - len(code.lstrip()) + 1,
                                                                len(code.rstrip()) + 1)
    words = text.strip().strip("()").strip()
    return Violation(path, line_no, start, line_no, end, REMARK, f"not read: a remark — {words}", NOTE,
                     hint=REMARK_HINT)


def _relocate(value: Any, code: str, start: int, end: int) -> Any:
    """Names in the canonical line pointed at where the original line writes them (or at the whole line)."""
    if isinstance(value, n.Ref):
        for written in (value.text, *sorted(value.text.split(), key=len, reverse=True)):
            at = code.find(written)
            if at >= 0 and written:
                return n.Ref(value.text, at + 1, at + 1 + len(written))
        return n.Ref(value.text, start, end)
    if isinstance(value, tuple):
        return tuple(_relocate(v, code, start, end) for v in value)
    if isinstance(value, list):
        return [_relocate(v, code, start, end) for v in value]
    return value


_UNREAD: dict[str, tuple[int, int]] = {}   # the last line the reader couldn't read -> the clause that stopped it
_NUMBERED = re.compile(r"\s*\d{1,3}[.)]\s+(?=\S)")


def unread_clause(problem: SyntaxProblem, code: str) -> SyntaxProblem:
    """The syntax problem of a numbered step ('5. Alice attacks ...') as the grammar finds it in the words after the
    number (not 'expected a counter kind', the number taken for a count), and, when the clause reader stopped at a
    clause that narrates an event, that clause named first."""
    span = _UNREAD.pop(code, None)
    if problem.rule != "syntax":
        return problem
    grammar: SyntaxProblem | None = problem
    if (m := _NUMBERED.match(code)) is not None:
        again = parse_line(" " * m.end() + code[m.end():], problem.line)
        grammar = again if isinstance(again, SyntaxProblem) and again.rule == "syntax" else None
    words = code[m.end():] if m is not None else code
    clause = code[span[0]:span[1]].strip(" .!?") if span is not None else ""
    if span is None or clause == words.strip(" .!?") or not re.search(r"\b[a-z]{3,}", clause) \
            or (grammar is not None and not grammar.message.startswith(("unexpected", "the statement is incomplete"))):
        return problem if grammar is None else grammar   # one clause, names alone, or a problem of its own words
    said = f"the clause '{clause}' can't be read, and is no remark " \
           "(docs/transcript-language.md, 'Remarks')"
    if grammar is None:   # the words after the number read as a line, with that clause taken for a name
        return SyntaxProblem(problem.line, span[0] + 1, span[1] + 1, said, problem.hint, problem.rule)
    return SyntaxProblem(grammar.line, grammar.column, grammar.end_column, f"{said}: {grammar.message}",
                         grammar.hint, grammar.rule)


def did_you_mean(problem: SyntaxProblem, code: str) -> SyntaxProblem:
    """The syntax problem with the nearest canonical form of the line, when it has no hint of its own."""
    problem = unread_clause(problem, code)
    if problem.hint is not None or problem.rule != "syntax":
        return problem
    try:
        form = nearest_form(code)
    except Exception:  # noqa: BLE001
        return problem
    if form is None:
        return problem
    return SyntaxProblem(problem.line, problem.column, problem.end_column, problem.message,
                         f"did you mean '{form}'?", problem.rule)


def notes_of_reading(code: str, line_no: int, path: str, g: Game, read_as: Violation | None) -> list[Violation]:
    """The note saying what a line was read as: the forgiving reader's canonical line, with the short forms of
    names the game read written in full; a warning for a short form that could also mean another card."""
    base = read_as.message.removeprefix("read as: ") if read_as is not None else code.strip()
    out: list[Violation] = []
    for ref, full, others in g.readings:
        base = _in_full(base, ref.text, full)
        if others:
            out.append(Violation(path, line_no, ref.column, line_no, max(ref.end_column, ref.column + 1), SHORT_NAME,
                                 f"'{ref.text}' is read as {full}, the only one on the battlefield, but it could "
                                 f"also name {', '.join(others)}; write the full name", WARNING))
    g.readings.clear()
    start = len(code) - len(code.lstrip()) + 1
    end = len(code.rstrip()) + 1
    if read_as is not None or base != code.strip():
        out.insert(0, Violation(path, line_no, start, line_no, end, READ_AS, f"read as: {base}", NOTE,
                                hint=READ_AS_HINT))
    said = _REMARKS.pop(g, None)
    if said is not None and said[0] == line_no and read_as is not None:
        out[1:1] = said[1]
    return out


def _in_full(base: str, written: str, full: str) -> str:
    """`base` with the first `written` that is not already part of `full` ('Bears', not the Bears of 'Grizzly
    Bears') written as `full`."""
    taken = [(m.start(), m.end()) for m in re.finditer(re.escape(full), base)]
    for m in re.finditer(rf"(?<![\w'’]){re.escape(written)}(?![\w'’])", base):
        if not any(a <= m.start() and m.end() <= b for a, b in taken):
            return base[:m.start()] + full + base[m.end():]
    return base
