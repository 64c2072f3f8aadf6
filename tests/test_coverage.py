"""docs/coverage.md, the census of the rulebook as it reaches into turns and combat, is checked as data.

Every table row must have the seven columns and a status (`modelled`, `unknown` or `unsupported`, possibly followed
by text); every fixture a row names must exist; a `modelled` row must name at least one fixture that must be
flagged (a line with `# expect:`) and one that must check clean; every named fixture must give exactly its
`# expect:` lines (the `rulecheck check --expect` comparison); and every rule number in the baseline and current
columns must exist in that edition's whole CR text (read from ../shared/editions/ beside the checkout when it is
there, skipped otherwise; nothing from those files is shipped). A failure names the row: its section, line and
mechanic."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner

from rulecheck.cli import cli

ROOT = Path(__file__).resolve().parent.parent
COVERAGE = ROOT / "docs" / "coverage.md"
EDITIONS = ROOT.parent / "shared" / "editions"
HEADER = ("baseline", "current", "2003", "mechanic", "what it does to a turn or combat", "status", "fixtures")
STATUSES = ("modelled", "unknown", "unsupported")
STATUS = re.compile(rf"(?:{'|'.join(STATUSES)})\b(?![-'])")
EXPECT_LINE = re.compile(r"#\s*expect:")
RULE_NUMBER = re.compile(r"(?<![\d.])(\d{3}(?:\.\d+[a-z]?)?)(?![\d])")


@dataclass(frozen=True)
class Row:
    section: str
    line: int
    cells: tuple[str, ...]

    @property
    def name(self) -> str:
        mechanic = self.cells[3] if len(self.cells) > 3 else "|".join(self.cells)
        return f"docs/coverage.md:{self.line} ({self.section}: {mechanic})"

    @property
    def status(self) -> str:
        return self.cells[5].strip().strip("*_")

    @property
    def fixtures(self) -> list[str]:
        cell = self.cells[6].strip()
        parts = re.split(r"<br\s*/?>|,\s+|;\s+", cell)
        return [p.strip().strip("`").strip() for p in parts if p.strip().strip("`").strip() not in ("", "—", "-")]


def _cells(line: str) -> tuple[str, ...]:
    inner = line.strip()
    inner = inner[1:] if inner.startswith("|") else inner
    inner = inner[:-1] if inner.endswith("|") else inner
    # a '|' inside a code span is part of the cell, not a column break
    cells: list[str] = []
    current, in_code = "", False
    for ch in inner:
        if ch == "`":
            in_code = not in_code
        if ch == "|" and not in_code:
            cells.append(current.strip())
            current = ""
        else:
            current += ch
    cells.append(current.strip())
    return tuple(cells)


def parse_rows(text: str) -> tuple[list[Row], list[str]]:
    """The rows of every table (with their section), and the problems of the tables' shape."""
    rows: list[Row] = []
    problems: list[str] = []
    section = "(before any section)"
    in_table = False
    for number, line in enumerate(text.splitlines(), 1):
        if line.startswith("## "):
            section, in_table = line[3:].strip(), False
            continue
        if not line.lstrip().startswith("|"):
            in_table = False
            continue
        cells = _cells(line)
        if not in_table:
            in_table = True
            if tuple(c.lower() for c in cells) != HEADER:
                problems.append(f"docs/coverage.md:{number} ({section}): a table's header must be "
                                f"{' | '.join(HEADER)}, not {' | '.join(cells)}")
            continue
        if all(set(c) <= set("-: ") for c in cells):
            continue
        rows.append(Row(section, number, cells))
    return rows, problems


def shape_problems(rows: list[Row]) -> list[str]:
    problems = []
    for row in rows:
        if len(row.cells) != len(HEADER):
            problems.append(f"{row.name}: {len(row.cells)} columns, a row has {len(HEADER)}")
        elif not STATUS.match(row.status):
            problems.append(f"{row.name}: status {row.cells[5]!r} is not one of {', '.join(STATUSES)} "
                            "(possibly followed by text)")
    return problems


def fixture_problems(rows: list[Row], root: Path) -> list[str]:
    problems = []
    for row in rows:
        if len(row.cells) != len(HEADER):
            continue
        named = row.fixtures
        missing = [f for f in named if not (root / f).is_file()]
        problems += [f"{row.name}: fixture {f} does not exist" for f in missing]
        if row.status.startswith("modelled"):
            present = [root / f for f in named if f not in missing]
            flagged = [p for p in present if EXPECT_LINE.search(p.read_text(encoding="utf-8"))]
            if not flagged:
                problems.append(f"{row.name}: a modelled row names a fixture that must be flagged "
                                "(with a '# expect:' line)")
            if len(flagged) == len(present):
                problems.append(f"{row.name}: a modelled row names a fixture that must check clean "
                                "(without '# expect:')")
    return problems


def rule_numbers(text: str, *, rst: bool) -> set[str]:
    """Every rule number of a whole CR text: `402.2.`/`703.4n` lines (current), or `402.2` headings with
    `    a.` subrule lines under them (the baseline's reStructuredText). Three-digit rules count when one of
    their numbered rules exists."""
    numbers: set[str] = set()
    heading = None
    for line in text.splitlines():
        if rst:
            if re.fullmatch(r"\d{3}\.\d+", line):
                heading = line
                numbers.add(line)
            elif heading and (m := re.match(r"\s+([a-z])\.\s", line)):
                numbers.add(heading + m.group(1))
            elif line.startswith("===="):
                heading = None                              # a section title: its rules come after it
        elif m := re.match(r"(\d{3}(?:\.\d+[a-z]?)?)\.?\s", line):
            numbers.add(m.group(1))
    numbers |= {n.split(".")[0] for n in numbers}
    return numbers


def number_problems(rows: list[Row], editions: dict[str, set[str]]) -> list[str]:
    problems = []
    for row in rows:
        if len(row.cells) != len(HEADER):
            continue
        for column, edition in ((0, "baseline"), (1, "current")):
            if edition not in editions:
                continue
            for number in RULE_NUMBER.findall(row.cells[column]):
                if number not in editions[edition]:
                    problems.append(f"{row.name}: {edition} rule {number} is not in the {edition} CR")
    return problems


ROWS, TABLE_PROBLEMS = parse_rows(COVERAGE.read_text(encoding="utf-8"))
NAMED = sorted({f for row in ROWS if len(row.cells) == len(HEADER) for f in row.fixtures
                if (ROOT / f).is_file()})


def test_the_census_has_rows() -> None:
    assert len(ROWS) >= 1


def test_every_table_has_the_header_and_every_row_seven_columns_and_a_status() -> None:
    assert TABLE_PROBLEMS + shape_problems(ROWS) == []


def test_every_named_fixture_exists_and_modelled_rows_name_a_failing_and_a_passing_one() -> None:
    assert fixture_problems(ROWS, ROOT) == []


def test_every_fixture_written_for_the_census_is_named_by_a_row() -> None:
    named = {f for row in ROWS if len(row.cells) == len(HEADER) for f in row.fixtures}
    own = {p.relative_to(ROOT).as_posix() for p in (ROOT / "fixtures" / "coverage").glob("*.transcript")}
    assert sorted(own - named) == []


@pytest.mark.parametrize("fixture", NAMED)
def test_each_named_fixture_gives_exactly_its_expect_lines(fixture: str) -> None:
    result = CliRunner().invoke(cli, ["check", "--isolated", "--expect", "--format", "concise",
                                       str(ROOT / fixture)])
    rows = [row.name for row in ROWS if fixture in row.fixtures]
    assert result.exit_code == 0, f"{fixture} (named by {', '.join(rows)}):\n{result.output}"


@pytest.mark.parametrize("edition", ["baseline", "current"])
def test_every_rule_number_exists_in_its_edition(edition: str) -> None:
    path = EDITIONS / f"{edition}-full.txt"
    if not path.exists():
        pytest.skip(f"{path} is not beside this checkout")
    numbers = rule_numbers(path.read_text(encoding="utf-8"), rst=edition == "baseline")
    assert number_problems(ROWS, {edition: numbers}) == []


# the checks themselves, on tables made for them


BAD_TABLE = """\
## A family

| baseline | current | 2003 | mechanic | what it does to a turn or combat | status | fixtures |
| --- | --- | --- | --- | --- | --- | --- |
| 402.2 | 402.2 | — | six columns | text | unknown |
| 402.2 | 402.2 | — | bad status | text | maybe | — |
| 402.2 | 402.2 | — | no such file | text | unknown | fixtures/rules/no-such.transcript |
| 402.2 | 402.2 | — | modelled, pass only | text | modelled | fixtures/rules/514.1-pass.transcript |
| 402.2 | 402.9 | — | wrong number | text | unknown: quoted text | — |
| 402.2 | 402.2 | — | `a|b` in code | text | unsupported | — |
"""


def test_the_checks_name_each_bad_row() -> None:
    rows, problems = parse_rows(BAD_TABLE)
    assert problems == []
    assert [r.line for r in rows] == [5, 6, 7, 8, 9, 10]
    assert shape_problems(rows) == [
        "docs/coverage.md:5 (A family: six columns): 6 columns, a row has 7",
        "docs/coverage.md:6 (A family: bad status): status 'maybe' is not one of modelled, unknown, unsupported "
        "(possibly followed by text)"]
    assert fixture_problems(rows, ROOT) == [
        "docs/coverage.md:7 (A family: no such file): fixture fixtures/rules/no-such.transcript does not exist",
        "docs/coverage.md:8 (A family: modelled, pass only): a modelled row names a fixture that must be flagged "
        "(with a '# expect:' line)"]
    assert number_problems(rows, {"current": {"402", "402.2"}}) == [
        "docs/coverage.md:9 (A family: wrong number): current rule 402.9 is not in the current CR"]


def test_a_table_with_another_header_is_named() -> None:
    _, problems = parse_rows("## S\n\n| rule | status |\n| --- | --- |\n| 1 | modelled |\n")
    assert problems == ["docs/coverage.md:3 (S): a table's header must be baseline | current | 2003 | mechanic | "
                        "what it does to a turn or combat | status | fixtures, not rule | status"]


def test_rule_numbers_are_read_from_both_layouts() -> None:
    current = "402. Hand\n402.2. Each player has ...\n703.4n Immediately after ...\nExample: 999.1 x\n"
    assert rule_numbers(current, rst=False) == {"402", "402.2", "703", "703.4n"}
    baseline = ("Hand\n====\n\n402.2\n-----\n\ntext\n\n703.4\n-----\n\n.. _label:\n\nTitle\n\n    m. Immediately\n"
                "\nSection\n=======\n\n    z. not a rule of 703.4\n")
    assert rule_numbers(baseline, rst=True) == {"402", "402.2", "703", "703.4", "703.4m"}


def test_a_fixture_that_gives_other_findings_fails_the_expect_run(tmp_path: Path) -> None:
    fixture = tmp_path / "wrong.transcript"
    fixture.write_text((ROOT / "fixtures" / "expect" / "wrong-rule.transcript").read_text(encoding="utf-8"),
                       encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", "--isolated", "--expect", "--format", "concise", str(fixture)])
    assert result.exit_code == 1
