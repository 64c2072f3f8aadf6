"""Every surface form docs/transcript-language.md promises is read by the grammar: the cases are generated from
the doc itself, so the doc and the grammar can't drift apart.

What the doc promises, and how each is checked:

- every line of its transcript code blocks is a statement;
- in its tables, every backticked snippet of a `statement`, `examples` or `form` column, and every snippet of
  another column that holds a placeholder (an upper-case word such as KEYWORD, or +N/+N) or an ellipsis, is a
  whole statement, a whole card property (`card NAME: ...`), a card-file entry, or a fragment of one of the
  table's statements (below);
- under "Cards", every property of the bulleted list (the bare keywords of the **keywords** item included) is a
  card property or a fragment of one of its item's properties;
- under "Starting state" and "Turns, phases and steps", every backticked snippet is a statement or a fragment of
  one of the section's statements.

A fragment fits a statement when some run of the statement's words (possibly empty) can be replaced by the
fragment and the line still parses into statements of the same kinds. An ellipsis at an end of a fragment stands
for the rest of a statement of the doc in which the fragment's words appear. Placeholders stand for every value
the doc lists: KEYWORD for each keyword of the **keywords** item, COLOUR for each colour, and so on.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from pathlib import Path
from typing import cast

import pytest
from lark.exceptions import UnexpectedInput

from rulecheck import nodes as n
from rulecheck.checker import check_text
from rulecheck.parser import SyntaxProblem, lark_parser, parse_line, split_comment

ROOT = Path(__file__).resolve().parent.parent
DOC = (ROOT / "docs" / "transcript-language.md").read_text(encoding="utf-8")
FORM_COLUMNS = ("statement", "examples", "form")
COLOURS = ("white", "blue", "black", "red", "green")
PROBE = "card Doc Probe: creature 2/2, "


def _sections() -> dict[str, str]:
    parts = re.split(r"^## (.+)$", DOC, flags=re.M)
    return {"Introduction": parts[0]} | {t.strip(): body for t, body in zip(parts[1::2], parts[2::2], strict=True)}


SECTIONS = _sections()


def _code_lines(text: str) -> list[str]:
    """The statements of the transcript code blocks (not the YAML ones) of a text."""
    out = []
    for lang, block in re.findall(r"^```(\w*)\n(.*?)^```", text, flags=re.M | re.S):
        if lang:
            continue
        for raw in block.splitlines():
            code, _ = split_comment(raw)
            if code.strip():
                out.append(code.strip())
    return out


def _snippets(text: str) -> list[str]:
    """The backticked snippets of a text, but for the names of diagnostics (a `syntax` diagnostic) and paths of
    the repository (`fixtures/`)."""
    text = re.sub(r"^```.*?^```", "", text, flags=re.M | re.S)
    text = re.sub(r"`[^`]+` (?:diagnostic|warning)", "", text)
    snippets = [" ".join(s.split()) for s in re.findall(r"`([^`]+)`", text)]
    return [s for s in snippets if " " in s or not (ROOT / s).exists()]


def _words(text: str) -> list[str]:
    return re.findall(r"[^\s,;]+|[,;]", text)


def _join(words: list[str]) -> str:
    return " ".join(words).replace(" ,", ",").replace(" ;", ";")


def _names(value: object) -> set[str]:
    """Every name in parsed statements (what a fragment must not be swallowed into)."""
    if isinstance(value, n.Ref):
        return {value.text}
    if isinstance(value, (list, tuple)):
        return set().union(*(_names(v) for v in value))
    if isinstance(value, n.Node):
        found = {value.name} if isinstance(value, n.CardDef) else set()
        return found.union(*(_names(getattr(value, f)) for f in n.fields_of(value)))
    return set()


def _tables() -> Iterator[list[dict[str, str]]]:
    """Each markdown table of the doc as a list of rows (column name to cell)."""
    rows: list[list[str]] = []
    for line in [*DOC.splitlines(), ""]:
        if line.startswith("|"):
            rows.append([c.strip() for c in line.strip().strip("|").split("|")])
            continue
        if len(rows) > 2:
            head = rows[0]
            yield [dict(zip(head, r, strict=False)) for r in rows[2:]]
        rows = []


def _keywords() -> list[str]:
    """The keywords of the **keywords** item, COLOUR expanded."""
    item = re.search(r"^- \*\*keywords\*\*: (.*?)\.(?: |$)", SECTIONS["Cards"], flags=re.M | re.S)
    assert item is not None, "the Cards section lists its keywords"
    text = re.sub(r"\([^)]*\)", "", item.group(1))
    words = [" ".join(w.strip(" `\n").split()) for w in text.split(",")]
    return [k for w in words if w for k in _instances(w)]


PLACEHOLDERS = {"NAME": ("Bob",), "SOURCE": ("Phyrexian Arena",), "N": ("2",), "P": ("Alice",),
                "KIND": ("+1/+1",), "COLOUR": COLOURS}


def _instances(form: str) -> list[str]:
    """A form with each placeholder replaced by every value it stands for."""
    form = form.replace("+N/+N", "+2/+2")
    m = re.search(r"\b(KEYWORD|NAME|SOURCE|KIND|COLOUR|N|P)\b", form)
    if m is None:
        return [form]
    values = KEYWORDS if m.group(1) == "KEYWORD" else PLACEHOLDERS[m.group(1)]
    return [x for v in values for x in _instances(form[:m.start()] + v + form[m.end():])]


def _is_form(snippet: str) -> bool:
    return bool(re.search(r"\b(?:KEYWORD|NAME|SOURCE|KIND|COLOUR)\b|\+N/\+N|…|^\.\.\. ", snippet))


@functools.lru_cache(maxsize=65536)
def _parsed(line: str) -> list[n.Statement] | None:
    """The statements of a line, None when the grammar does not read it (without composing a message: the
    fragment search tries many lines that don't parse)."""
    try:
        got = lark_parser().parse(line)
    except UnexpectedInput:
        return None
    stmts = cast("list[n.Statement]", got if isinstance(got, list) else [got])
    assert not isinstance(parse_line(line, 1), SyntaxProblem)  # the parser proper agrees
    return stmts


def _whole(snippet: str) -> bool:
    return _parsed(snippet) is not None


def _property(snippet: str) -> bool:
    return _parsed(PROBE + snippet) is not None or _parsed("card Doc Probe: " + snippet) is not None


def _card_file_entry(snippet: str) -> bool:
    m = re.fullmatch(r"(mana_cost|loyalty|pt|types): (.+)", snippet)
    if m is None:
        return False
    entry = f"cards:\n  - name: Doc Probe\n    types: creature\n    {m.group(1)}: {m.group(2)}\n"
    Path("doc-probe.yaml").write_text(entry, encoding="utf-8")
    found = check_text("include: doc-probe.yaml\nplayers: Alice, Bob\n", base_dir=Path.cwd())
    return not [v for v in found if v.rule in ("syntax", "internal-error")]


def _completions(fragment: str, bases: list[str]) -> list[str]:
    """The fragment with an ellipsis at its start replaced by what comes before its first word in a statement,
    and one at its end by what comes after its last word."""
    words = _words(fragment.replace("…", " … "))
    lead, trail = words[:1] in (["..."], ["…"]), words[-1:] in (["..."], ["…"])
    core = [w for w in words if w not in ("...", "…")]
    if not (lead or trail):
        return [_join(core)]
    heads: set[str] = set()
    tails: set[str] = set()
    for base in bases:
        b = _words(base)
        heads.update(_join(b[:i]) for i, w in enumerate(b) if lead and w == core[0])
        tails.update(_join(b[i + 1:]) for i, w in enumerate(b) if trail and w == core[-1])
    return sorted(f"{h} {_join(core)} {t}".strip() for h in (heads or {""}) for t in (tails or {""}))


def _appears(fragment: str) -> bool:
    """The fragment's words are a run of the words of a statement of the doc."""
    fw = _words(fragment)
    return any(b[i:i + len(fw)] == fw for b in map(_words, _statements()) for i in range(len(b)))


@functools.cache
def _statements() -> list[str]:
    """Every whole statement of the doc: the lines of its code blocks and the snippets that parse."""
    return [s for s in _code_lines(DOC) + _snippets(DOC) if _whole(s)]


def _fits(fragment: str, bases: list[str]) -> bool:
    """The fragment's words are a run of a base statement's, or replace a run of them (possibly empty) so that
    the line still parses into statements of the same kinds, with no name taking in any of its words."""
    for f in _completions(fragment, bases):
        if _whole(f) or _property(f) or _appears(f):
            return True
        fw = _words(f)
        for anchored in (True, False):  # first the runs that begin or end with a word of the fragment
            for base in bases:
                if '"' in base:
                    continue  # a quoted ability would take any text
                before = _parsed(base)
                assert before is not None, base
                b = _words(base)
                kinds, names = [type(s) for s in before], _names(before)
                for i in range(len(b) + 1):
                    for j in range(i, len(b) + 1):
                        if anchored != (b[i:i + 1] == fw[:1] or b[j - 1:j] == fw[-1:]):
                            continue
                        got = _parsed(_join(b[:i] + fw + b[j:]))
                        if got is not None and [type(s) for s in got] == kinds \
                                and all(name in f for name in _names(got) - names):
                            return True
    return False


KEYWORDS = _keywords()


def _cases() -> Iterator[tuple[str, str, list[str]]]:
    """(where, snippet, the statements it may be a fragment of)."""
    for section, body in SECTIONS.items():
        for line in _code_lines(body):
            yield f"{section}: code", line, []
    for table in _tables():
        statements = [s for row in table for col in FORM_COLUMNS for s in _snippets(row.get(col, ""))
                      if _whole(s) or (s.startswith("card ") and _property(s[s.index(":") + 1:]))]
        for row in table:
            name = next(iter(row.values()))
            for col, cell in row.items():
                for snippet in _snippets(cell):
                    if col in FORM_COLUMNS or _is_form(snippet):
                        for instance in _instances(snippet):
                            yield f"table row {name}, {col}", instance, statements
    properties = re.search(r"come comma-separated properties:\n\n(.*?)\n\n", SECTIONS["Cards"], flags=re.S)
    assert properties is not None
    for item in re.split(r"^- ", properties.group(1), flags=re.M)[1:]:
        label = re.match(r"\*\*([^*]+)\*\*|`([^`]+)`", item)
        if label is None:
            continue  # prose, as "anything else in double quotes: ..."
        where = f"Cards, {label.group(1) or label.group(2)}"
        snippets = [i for s in _snippets(item) for i in _instances(s)]
        bases = [PROBE + s for s in snippets if _property(s) and _parsed(PROBE + s)]
        for snippet in snippets:
            yield where, snippet, bases
    for keyword in KEYWORDS:
        yield "Cards, keywords", keyword, []
    for section in ("Starting state", "Turns, phases and steps"):
        statements = [s for s in _code_lines(SECTIONS[section]) + _snippets(SECTIONS[section]) if _whole(s)]
        for snippet in _snippets(SECTIONS[section]):
            for instance in _instances(snippet):
                yield section, instance, statements


CASES = list(_cases())


def test_the_doc_promises_many_forms() -> None:
    """The cases come from the doc: this many, or its layout changed under the test."""
    assert len(CASES) > 350
    assert len(KEYWORDS) >= 25 and "protection from red" in KEYWORDS and "first strike" in KEYWORDS
    wheres = {w for w, _, _ in CASES}
    for where in ("table row combat, examples", "table row `tokens`, form", "table row `for-as-long-as`, meaning",
                  "table row `players: Alice, Bob, Carol`, statement", "Cards, keywords", "Cards, restrictions and "
                  "requirements", "Starting state", "Turns, phases and steps", "Introduction: code"):
        assert where in wheres


@pytest.mark.parametrize(("where", "snippet", "bases"), CASES, ids=[f"{w}: {s}" for w, s, _ in CASES])
def test_the_grammar_reads_every_form_the_doc_promises(where: str, snippet: str, bases: list[str],
                                                        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    ok = _whole(snippet) or _property(snippet) or _card_file_entry(snippet) or _fits(snippet, bases)
    assert ok, f"{where}: the doc promises `{snippet}`, which the grammar does not read"


@pytest.mark.parametrize("keyword", KEYWORDS)
def test_every_keyword_can_be_gained_until_end_of_turn(keyword: str) -> None:
    """`gains KEYWORD` (the doc's statement) with every keyword of the doc, read as the ability it names."""
    got = _parsed(f"Grizzly Bears gains {keyword} until end of turn")
    assert got is not None
    assert [(type(s), s.ability.text, s.duration) for s in got if isinstance(s, n.GainAbility)] == \
        [(n.GainAbility, keyword, "end_of_turn")]


def test_a_fragment_must_fit() -> None:
    """The fragment rule is not a blank cheque."""
    assert _fits("gains flying", ["Grizzly Bears gains double strike until end of turn"])
    assert not _fits("gains flapping", ["Grizzly Bears gains double strike until end of turn"])
    assert not _fits("gains flapping", ["card Rancor: green enchantment aura"])  # not into a name
    assert not _fits("declares no flappers", ["Bob declares no blockers"])
    assert _fits("for as long as …", ["Alice gains control of Hill Giant until end of turn",
                                      "Alice gains control of Hill Giant for as long as Sower is on the battlefield"])
