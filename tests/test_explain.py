"""`rulecheck explain` and `rulecheck rules`: every rule in the registry, every tool code, a Comprehensive Rules
file in both layouts, unknown rules.

No Comprehensive Rules text is written here: the reStructuredText tests read the project's source copy in
../shared/seeds at test time (and skip without it); the plain-text tests use a small file with invented wording.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from rulecheck.cli import cli
from rulecheck.editions.registry import BY_NUMBER, NOT_OBSERVABLE, RULES, TOOL_RULES
from rulecheck.explain import all_fixtures, fixture_kind, fixtures_for, normalise, parse_cr

ROOT = Path(__file__).resolve().parent.parent
SEED = ROOT.parent / "shared" / "seeds" / "001_e0367771a6981ff8.txt"
SNAPSHOT = ROOT / "tests" / "snapshots" / "explain-510.1c.txt"


class Run:
    def __init__(self, *args: str) -> None:
        try:
            runner = CliRunner(mix_stderr=False)  # type: ignore[call-arg]  # click < 8.2
        except TypeError:
            runner = CliRunner()
        result = runner.invoke(cli, list(args))
        assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
        self.code: int = result.exit_code
        self.out: str = result.stdout
        self.err: str = result.stderr


def words(text: str) -> str:
    return " ".join(text.split())


# ---------------------------------------------------------------- every rule, every tool code


@pytest.mark.parametrize("number", [r.number for r in RULES])
def test_explain_every_rule_in_the_registry(number: str) -> None:
    r = BY_NUMBER[number]
    run = Run("explain", number)
    assert run.code == 0 and run.err == ""
    lines = run.out.splitlines()
    assert lines[0] == f"{r.number}: {r.title}"
    status = f"status:    {r.status}" + (f" ({r.note})" if r.status == NOT_OBSERVABLE and r.note else "")
    assert lines[2] == status
    assert lines[3].startswith("checks:    ")
    if r.related:
        assert f"related:   {', '.join(r.related)}" in lines
    failing, passing = fixtures_for(number)
    for kind, found in (("Failing", failing), ("Passing", passing)):
        if found:
            at = lines.index(f"{kind} example ({found[0].name}):")
            listing = found[0].text.splitlines()
            width = len(str(len(listing)))
            assert lines[at + 1:at + 1 + len(listing)] == [f"  {i:>{width}} | {line}".rstrip()
                                                          for i, line in enumerate(listing, 1)]
    if failing:
        reported = lines[lines.index("rulecheck reports:") + 1:]
        assert any(re.match(rf"  \d+:\d+: {re.escape(number)} ", line) for line in reported), \
            f"the failing fixture {failing[0].name} is not flagged for {number}"
    if not failing or not passing:
        missing = "failing or passing" if not failing and not passing else "failing" if not failing else "passing"
        assert any(line.startswith(f"No {missing} example of its own") for line in lines)


@pytest.mark.parametrize("code", list(TOOL_RULES))
def test_explain_every_tool_code(code: str) -> None:
    run = Run("explain", code)
    assert run.code == 0
    assert run.out == (f"{code}: {TOOL_RULES[code]}\n\n'{code}' is a rulecheck diagnostic, not a Comprehensive "
                       "Rules number; no fixture of its own.\n")


def test_explain_snapshot_of_one_rule() -> None:
    """The whole layout, once, exactly (regenerate with RULECHECK_UPDATE_SNAPSHOTS=1 like the format snapshots)."""
    import os
    run = Run("explain", "510.1c")
    if os.environ.get("RULECHECK_UPDATE_SNAPSHOTS") == "1":
        SNAPSHOT.write_text(run.out, encoding="utf-8", newline="\n")
    assert run.out == SNAPSHOT.read_text(encoding="utf-8")


def test_explain_a_definition_without_fixtures() -> None:
    r = BY_NUMBER["500.3"]
    assert Run("explain", "500.3").out == (
        f"500.3: {r.title}\n\nstatus:    definition\nchecks:    {r.note}\n\n"
        "No failing or passing example of its own (a definition has nothing a transcript can break on its own).\n")


def test_explain_accepts_loose_spellings() -> None:
    plain = Run("explain", "510.1c").out
    for spelling in ("510.1C", "CR 510.1c", " 510.1c. ", "cr510.1c", "rule 510.1c"):
        assert Run("explain", spelling).out == plain
    assert normalise("SYNTAX") == "syntax"


def test_explain_a_rule_only_cited_as_related() -> None:
    run = Run("explain", "702.2")
    assert run.code == 0
    assert run.out == ("702.2 is not a rule rulecheck checks on its own (see `rulecheck rules` and docs/coverage.md); "
                       "it is cited as related by 510.1c.\n")


def test_explain_a_section_lists_its_rules() -> None:
    inside = [r.number for r in RULES if r.number.startswith("511.")]
    assert Run("explain", "511").out == f"Section 511: rulecheck knows {', '.join(inside)}.\n"


@pytest.mark.parametrize(("asked", "message"), [
    ("510.1x", "unknown rule '510.1x'; did you mean one of 510.1, 510.1a, 510.1b, 510.1c, 510.1d, 510.1e?"),
    ("sytnax", "unknown rule 'sytnax'; did you mean syntax?"),
    ("999.9", "unknown rule '999.9'"),
    ("", "unknown rule ''"),
])
def test_unknown_rule_exits_2_with_a_suggestion(asked: str, message: str) -> None:
    run = Run("explain", asked)
    assert run.code == 2 and run.out == ""
    assert run.err == f"rulecheck: {message} (rulecheck rules lists every rule)\n"


# ---------------------------------------------------------------- the fixtures behind the examples


def test_every_rule_fixture_names_a_known_rule_and_whether_it_passes() -> None:
    names = sorted(p.name for p in (ROOT / "fixtures" / "rules").glob("*.transcript"))
    assert [fx.name for fx in all_fixtures()] == names
    for name in names:
        parsed = fixture_kind(name)
        assert parsed is not None and parsed[0] in BY_NUMBER, name


@pytest.mark.parametrize(("name", "parsed"), [
    ("510.1c-fail.transcript", ("510.1c", "fail")),
    ("510.1c-crawwurm-2-fail.transcript", ("510.1c", "fail")),
    ("508.1d-fail-both.transcript", ("508.1d", "fail")),
    ("510.1e-baloth-pass.transcript", ("510.1e", "pass")),
    ("notes.transcript", None),
    ("510.1c-failing.transcript", None),
])
def test_fixture_names(name: str, parsed: tuple[str, str] | None) -> None:
    assert fixture_kind(name) == parsed


def test_the_plainly_named_fixture_comes_first() -> None:
    failing, passing = fixtures_for("510.1c")
    assert [fx.name for fx in failing] == ["510.1c-fail.transcript", "510.1c-fail-crawwurm-2.transcript",
                                           "510.1c-fail-crawwurm-3.transcript"]
    assert passing[0].name == "510.1c-pass.transcript"


# ---------------------------------------------------------------- --cr: the plain-text layout

# Invented wording in the layout of Wizards' text file: `NNN.Nx` numbers with or without a period, wrapped lines,
# `Example:` paragraphs, a section heading and a glossary after the rules. CRLF and a byte-order mark, as published.
PLAIN_CR = "\ufeff" + "\r\n".join([
    "Invented Rules",
    "",
    "Contents",
    "5. Turn Structure",
    "510. Combat Damage Step",
    "",
    "510. Combat Damage Step",
    "",
    "510.1. First, the wombat announces its plans.",
    "",
    "510.1c A blocked wombat sends its damage down the line, one",
    "blocker after another.",
    "",
    "Example: A wombat is blocked by two teapots.",
    "",
    "Example: A wombat is blocked by no teapots,",
    "so it sulks.",
    "",
    "510.1d. A blocking teapot returns the favour.",
    "",
    "511. End of Combat Step",
    "",
    "Glossary",
    "",
    "Wombat",
    "An animal. See rule 510.1c.",
    "",
])


@pytest.fixture
def plain_cr(tmp_path: Path) -> str:
    path = tmp_path / "invented-rules.txt"
    path.write_bytes(PLAIN_CR.encode("utf-8"))
    return str(path)


def cr_section(out: str, path: str) -> list[str]:
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"Comprehensive Rules ({path})"))
    end = next((i for i in range(start + 1, len(lines)) if lines[i] and not lines[i].startswith("    ")),
               len(lines))
    section = lines[start:end]
    while section and not section[-1]:
        section.pop()
    return section


def test_plain_text_layout_sub_rule_with_examples(plain_cr: str) -> None:
    run = Run("explain", "510.1c", "--cr", plain_cr)
    assert run.code == 0
    assert cr_section(run.out, plain_cr) == [
        f"Comprehensive Rules ({plain_cr}):",
        "    510.1c A blocked wombat sends its damage down the line, one blocker after another.",
        "",
        "    Example: A wombat is blocked by two teapots.",
        "",
        "    Example: A wombat is blocked by no teapots, so it sulks.",
    ]
    assert run.out.index("Comprehensive Rules (") < run.out.index("Failing example (")


def test_plain_text_layout_numbers_with_a_period(plain_cr: str) -> None:
    assert cr_section(Run("explain", "510.1", "--cr", plain_cr).out, plain_cr)[1:] == [
        "    510.1 First, the wombat announces its plans."]
    assert cr_section(Run("explain", "510.1d", "--cr", plain_cr).out, plain_cr)[1:] == [
        "    510.1d A blocking teapot returns the favour."]


def test_plain_text_parser_stops_at_headings_and_the_glossary() -> None:
    rules = parse_cr(PLAIN_CR)
    assert sorted(rules) == ["510.1", "510.1c", "510.1d"]
    assert rules["510.1d"].paragraphs == ["A blocking teapot returns the favour."]
    assert rules["510.1d"].examples == []


def test_a_rule_missing_from_the_cr_file_is_said_plainly(plain_cr: str) -> None:
    run = Run("explain", "510.2", "--cr", plain_cr)
    assert run.code == 1
    assert f"Comprehensive Rules ({plain_cr}): rule 510.2 is not in this file (it has 3 rules; an older or newer " \
           "edition may number it differently)." in run.out.splitlines()
    assert run.out.startswith(f"510.2: {BY_NUMBER['510.2'].title}\n")


def test_a_file_that_is_not_the_cr_or_cannot_be_read(tmp_path: Path) -> None:
    other = tmp_path / "shopping.txt"
    other.write_text("eggs\nmilk\n", encoding="utf-8")
    run = Run("explain", "510.1c", "--cr", str(other))
    assert run.code == 2 and run.out == ""
    assert run.err == (f"rulecheck: '{other}' does not look like the Comprehensive Rules: no rule paragraphs such as "
                       "'510.1c A blocked creature ...', and no reStructuredText rule headings\n")
    missing = tmp_path / "nope.txt"
    run = Run("explain", "510.1c", "--cr", str(missing))
    assert run.code == 2
    assert run.err == f"rulecheck: cannot read the Comprehensive Rules file '{missing}': No such file or directory\n"


def test_a_windows_1252_cr_file_is_read(tmp_path: Path) -> None:
    path = tmp_path / "old.txt"
    path.write_bytes("510.1c A wombat\u2019s damage goes first.\r\n".encode("cp1252"))
    assert cr_section(Run("explain", "510.1c", "--cr", str(path)).out, str(path))[1:] == [
        "    510.1c A wombat\u2019s damage goes first."]


def test_tool_codes_have_no_cr_text(plain_cr: str) -> None:
    run = Run("explain", "syntax", "--cr", plain_cr)
    assert run.code == 0
    assert run.out.splitlines()[-1] == "--cr: 'syntax' has no Comprehensive Rules text."


# ---------------------------------------------------------------- --cr: the reStructuredText layout (the seed)


def seed_text() -> str:
    if not SEED.exists():
        pytest.skip("../shared/seeds is not beside this checkout")
    return SEED.read_text(encoding="utf-8")


def seed_paragraph(text: str, number: str) -> str:
    """The rule's first paragraph, found independently of rulecheck's parser: after the `NNN.N` heading and its
    underline, either the first paragraph or the `x.` item for a lettered rule."""
    base, letter = re.fullmatch(r"(\d{3}\.\d+)([a-z]?)", number).groups()  # type: ignore[union-attr]
    block = re.search(rf"^{re.escape(base)}\n-+\n(.*?)(?=^\S[^\n]*\n[-=*]{{3,}}\n|^\.\. _|\Z)", text,
                      re.S | re.M)
    assert block is not None, number
    body = block.group(1)
    if not letter:
        return words(body.strip().split("\n\n")[0])
    item = re.search(rf"^ +{letter}\. (.+)$", body, re.M)
    assert item is not None, number
    return words(item.group(1))


@pytest.mark.parametrize("number", [r.number for r in RULES])
def test_rst_layout_every_rule(number: str) -> None:
    text = seed_text()
    run = Run("explain", number, "--cr", str(SEED))
    if not number.startswith("5"):   # the seed is the turn structure chapter (500-514) only
        assert run.code == 1
        assert f"rule {number} is not in this file" in run.out
        return
    assert run.code == 0, run.out
    section = cr_section(run.out, str(SEED))
    assert words(" ".join(section[1:])).startswith(f"{number} {seed_paragraph(text, number)}")


def test_rst_layout_examples_belong_to_their_sub_rule() -> None:
    text = seed_text()
    block = text[text.index("\n510.1\n"):text.index("\n510.2\n")]
    item_c = block[block.index("    c. "):block.index("    d. ")]
    run = Run("explain", "510.1c", "--cr", str(SEED))
    section = cr_section(run.out, str(SEED))
    examples = [line for line in section if line.startswith("    Example: ")]
    assert len(examples) == item_c.count(".. admonition:: Example") > 0
    item_d = re.search(r"^    d\. (.+)$", block, re.M).group(1)  # type: ignore[union-attr]
    assert words(item_d)[:60] not in words(" ".join(section))
    assert all(len(line) <= 100 for line in section)


def test_rst_layout_example_after_the_rule_text() -> None:
    text = seed_text()
    block = text[text.index("\n509.7\n"):text.index("\n510.1\n")]
    assert block.count(".. admonition:: Example") == 1
    section = cr_section(Run("explain", "509.7", "--cr", str(SEED)).out, str(SEED))
    assert sum(line.startswith("    Example: ") for line in section) == 1


# ---------------------------------------------------------------- rulecheck rules


def test_rules_table_lists_every_rule() -> None:
    run = Run("rules")
    assert run.code == 0
    assert run.out.splitlines() == [f"{r.number:<8} {r.status:<15} {r.title}" for r in RULES]


def test_rules_json() -> None:
    data: list[dict[str, Any]] = json.loads(Run("rules", "--format", "json").out)
    assert [(d["rule"], d["title"], d["status"], d["note"], tuple(d["related"])) for d in data] == [
        (r.number, r.title, r.status, r.note, r.related) for r in RULES]
    by_rule = {d["rule"]: d["checked_by"] for d in data}
    assert by_rule["510.1c"] == ["rulecheck.replay.combat.damage.assign",
                                 "rulecheck.replay.combat.damage.close_assignment"]
    assert by_rule["505.5b"] == ["rulecheck.replay.mana.play_land"]
    assert all(by_rule[r.number] for r in RULES if r.status == "checked")
    assert by_rule["500.3"] == []   # a definition: nothing checks it on its own


def test_the_cr_parser_survives_any_text() -> None:
    hypothesis = pytest.importorskip("hypothesis")
    st = hypothesis.strategies
    from rulecheck.explain import format_cr_rule

    pieces = st.sampled_from(["510.1", "510.1c ", "-----", "    a. ", ".. admonition:: Example", "Example: ",
                              "\n", "\n\n", "        ", "text", ".. _x:", "\t", "\r"])

    @hypothesis.settings(max_examples=300, deadline=None)
    @hypothesis.given(st.lists(pieces | st.text(max_size=5), max_size=40))
    def check(parts: list[str]) -> None:
        for rule in parse_cr("".join(parts)).values():
            assert all(len(line) <= 100 or " " not in line.strip() for line in format_cr_rule(rule))

    check()
