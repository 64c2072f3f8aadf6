"""Every output format, snapshot-tested on the same transcripts, plus what each format promises on its own:
SARIF valid against the official 2.1.0 schema, JUnit parseable XML with the right counts, GitHub escaping exactly
as @actions/core does it, stable GitLab fingerprints.

Snapshots live in tests/snapshots/; regenerate them with `RULECHECK_UPDATE_SNAPSHOTS=1 python3 -m pytest
tests/test_formats.py` and review the diff.
"""

from __future__ import annotations

import json
import os
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner

from rulecheck import __version__
from rulecheck.checker import check_file
from rulecheck.cli import cli
from rulecheck.diagnostics import WARNING, Violation
from rulecheck.editions.registry import BY_NUMBER
from rulecheck.report import FORMATS, render
from rulecheck.report.common import display_path, uri_of
from rulecheck.report.github import escape_data, escape_property, format_github
from rulecheck.report.gitlab import fingerprint, format_gitlab
from rulecheck.report.junit import format_junit
from rulecheck.report.sarif import format_sarif
from rulecheck.report.text import format_concise, format_full

ROOT = Path(__file__).resolve().parent.parent
SNAPSHOTS = ROOT / "tests" / "snapshots"
SCHEMA = ROOT / "tests" / "sarif-schema-2.1.0.json"
UPDATE = os.environ.get("RULECHECK_UPDATE_SNAPSHOTS") == "1"

# One error with related rules, a clean file, a warning, and a file with several mistakes (a tab, an accent).
INPUTS = (
    "examples/craw-wurm.transcript",
    "fixtures/rules/510.1c-pass.transcript",
    "tests/snapshots/inputs/comments-only.transcript",
    "tests/snapshots/inputs/mistakes.transcript",
)
SUFFIX = {"json": "json", "json-lines": "jsonl", "sarif": "sarif", "junit": "xml", "gitlab": "json"}


@pytest.fixture(autouse=True)
def in_root(monkeypatch: pytest.MonkeyPatch) -> None:
    """Paths in snapshots are relative to the repository, whatever directory pytest was started from."""
    monkeypatch.chdir(ROOT)


def checked() -> list[Violation]:
    return [v for path in INPUTS for v in check_file(path).violations]


def redact(fmt: str, text: str) -> str:
    """The tool version is the one thing in the output that changes without the behaviour changing."""
    if fmt == "sarif":
        line = f'          "version": "{__version__}",'
        assert text.count(line) == 1
        return text.replace(line, '          "version": "<rulecheck version>",')
    return text


def assert_snapshot(name: str, text: str) -> None:
    path = SNAPSHOTS / name
    if UPDATE:
        path.write_text(text + "\n", encoding="utf-8", newline="\n")
    assert path.exists(), f"no snapshot {name}: run RULECHECK_UPDATE_SNAPSHOTS=1 python3 -m pytest {__file__}"
    assert text + "\n" == path.read_text(encoding="utf-8"), f"{name} changed; if that is intended, regenerate"


def test_the_inputs_cover_an_error_a_clean_file_and_a_warning() -> None:
    found = checked()
    by_file = {path: [v.rule for v in found if v.file == path] for path in INPUTS}
    assert by_file == {
        "examples/craw-wurm.transcript": ["510.1c"],
        "fixtures/rules/510.1c-pass.transcript": [],
        "tests/snapshots/inputs/comments-only.transcript": ["empty"],
        "tests/snapshots/inputs/mistakes.transcript": ["703.4f", "506.1", "syntax"],
    }


@pytest.mark.parametrize("fmt", sorted(FORMATS))
def test_snapshot(fmt: str) -> None:
    text = render(fmt, checked(), files=len(INPUTS), paths=INPUTS)
    assert_snapshot(f"{fmt}.{SUFFIX.get(fmt, 'txt')}", redact(fmt, text))


def test_full_format_in_colour_snapshot() -> None:
    text = render("full", checked(), files=len(INPUTS), color=True, paths=INPUTS)
    assert "\x1b[" in text
    assert_snapshot("full-color.txt", text)


@pytest.mark.parametrize("fmt", sorted(FORMATS))
def test_every_format_is_deterministic_and_has_no_colour_unless_asked(fmt: str) -> None:
    first = render(fmt, checked(), files=len(INPUTS), paths=INPUTS)
    assert render(fmt, checked(), files=len(INPUTS), paths=INPUTS) == first
    assert "\x1b" not in first


@pytest.mark.parametrize("fmt", sorted(FORMATS))
def test_every_format_handles_no_violations(fmt: str) -> None:
    text = render(fmt, [], files=1, paths=("fixtures/rules/510.1c-pass.transcript",))
    expected = {
        "full": "No violations in 1 file.",
        "concise": "No violations in 1 file.",
        "json": "[]",
        "json-lines": "",
        "github": "",
        "gitlab": "[]",
    }
    if fmt in expected:
        assert text == expected[fmt]
    elif fmt == "sarif":
        run = json.loads(text)["runs"][0]
        assert (run["results"], run["tool"]["driver"]["rules"]) == ([], [])
    else:
        suite = ET.fromstring(text).find("testsuite")
        assert suite is not None and suite.get("tests") == "1" and suite.get("failures") == "0"


# ---------------------------------------------------------------- full and concise


def handmade(**changes: object) -> Violation:
    base: dict[str, object] = dict(file="<stdin>", line=3, column=2, end_line=3, end_column=5, rule="510.1c",
                                   message="a message", related=("702.2",))
    base.update(changes)
    return Violation(**base)  # type: ignore[arg-type]


def test_full_aligns_the_caret_after_tabs_and_wide_characters(tmp_path: Path) -> None:
    f = tmp_path / "wide.transcript"
    f.write_text("first\n\t全角 Craw Wurm attacks\n", encoding="utf-8")
    v = handmade(file=str(f), line=2, column=5, end_line=2, end_column=14, hint="check the name")
    assert format_full([v]).split("\n")[1:] == [
        "  |",
        "2 |     全角 Craw Wurm attacks",
        "  |          ^^^^^^^^^ 510.1c",
        "  |",
        "  = rule: " + BY_NUMBER["510.1c"].title,
        "  = hint: check the name",
        "  = related: 702.2",
        "",
    ]


def test_full_and_concise_never_pass_terminal_escapes_through(tmp_path: Path) -> None:
    f = tmp_path / "esc.transcript"
    f.write_bytes(b"Craw \x1b[2JWurm\n")
    v = handmade(file=str(f), line=1, column=1, end_line=1, end_column=3, message="bad \x1b]0;title\x07 name\nx")
    full = format_full([v])
    concise = format_concise([v], 1)
    for text in (full, concise):
        assert "\x1b" not in text and "\x07" not in text
    assert "bad \ufffd]0;title\ufffd name\ufffdx" in concise.splitlines()[0]
    assert "1 | Craw \ufffd[2JWurm" in full


def test_full_without_source_shows_the_notes_only() -> None:
    v = handmade(related=())
    assert format_full([v]) == f"<stdin>:3:2: 510.1c a message\n  = rule: {BY_NUMBER['510.1c'].title}\n"


@pytest.mark.parametrize(("violations", "files", "summary"), [
    ([], 1, "No violations in 1 file."),
    ([], 3, "No violations in 3 files."),
    ([handmade(rule="empty", severity=WARNING)], 2, "No violations in 2 files; 1 warning."),
    ([handmade()], 1, "Found 1 violation in 1 file (1 checked)."),
    ([handmade(), handmade(file="b"), handmade(rule="empty", severity=WARNING), handmade(rule="empty",
                                                                                        severity=WARNING)],
     4, "Found 2 violations in 2 files (4 checked); 2 warnings."),
])
def test_concise_summary(violations: list[Violation], files: int, summary: str) -> None:
    assert format_concise(violations, files).splitlines()[-1] == summary


def test_json_lines_are_the_json_objects_one_per_line() -> None:
    found = checked()
    lines = render("json-lines", found).splitlines()
    assert [json.loads(line) for line in lines] == json.loads(render("json", found))
    assert len(lines) == len(found)


# ---------------------------------------------------------------- SARIF


def sarif_validator() -> object:
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    assert schema["title"] == "Static Analysis Results Format (SARIF) Version 2.1.0 JSON Schema"
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    return cls(schema, format_checker=cls.FORMAT_CHECKER)


def schema_errors(log: object) -> list[str]:
    validator = sarif_validator()
    return [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(log)]  # type: ignore[attr-defined]


def test_the_vendored_schema_rejects_a_broken_log() -> None:
    """Proves the validation below can fail: a result without a message, a driver without a name."""
    broken = {"version": "2.1.0", "runs": [{"tool": {"driver": {}}, "results": [{"ruleId": "x"}]}]}
    assert sorted(schema_errors(broken)) == ["['runs', 0, 'results', 0]: 'message' is a required property",
                                             "['runs', 0, 'tool', 'driver']: 'name' is a required property"]


def test_sarif_is_valid_against_the_2_1_0_schema() -> None:
    found = checked()
    log = json.loads(render("sarif", found))
    assert schema_errors(log) == []
    assert log["version"] == "2.1.0" and len(log["runs"]) == 1


def test_sarif_rules_results_and_locations() -> None:
    found = checked()
    run = json.loads(format_sarif(found))["runs"][0]
    driver = run["tool"]["driver"]
    assert (driver["name"], driver["version"]) == ("rulecheck", __version__)
    assert driver["informationUri"].startswith("https://")
    rules = driver["rules"]
    assert [r["id"] for r in rules] == ["506.1", "510.1c", "703.4f", "syntax", "empty"]
    for rule in rules:
        assert rule["shortDescription"]["text"] and rule["fullDescription"]["text"] and rule["help"]["text"]
        assert rule["name"]
    assert rules[1]["shortDescription"]["text"] == BY_NUMBER["510.1c"].title
    assert "702.2, 702.18, 509.1h" in rules[1]["help"]["text"]
    assert rules[4]["defaultConfiguration"]["level"] == "warning"
    results = run["results"]
    assert len(results) == len(found)
    for result, v in zip(results, found, strict=True):
        assert rules[result["ruleIndex"]]["id"] == result["ruleId"] == v.rule
        assert result["level"] == ("warning" if v.severity == WARNING else "error")
        assert result["message"]["text"] == (f"{v.message}\nhint: {v.hint}" if v.hint else v.message)
        location = result["locations"][0]["physicalLocation"]
        assert location["artifactLocation"]["uri"] == v.file
        assert location["region"] == {"startLine": v.line, "startColumn": v.column, "endLine": v.end_line,
                                      "endColumn": v.end_column}
    assert run["columnKind"] == "unicodeCodePoints"
    assert run["invocations"] == [{"executionSuccessful": True}]


def test_sarif_uris_are_relative_with_forward_slashes_and_stdin_is_encoded(tmp_path: Path) -> None:
    inside = str(ROOT / "examples" / "craw-wurm.transcript")
    assert uri_of(inside) == "examples/craw-wurm.transcript"
    assert uri_of("./examples/../examples/a b#1.transcript") == "examples/a%20b%231.transcript"
    assert uri_of("<stdin>") == "%3Cstdin%3E"
    assert uri_of("-") == "%3Cstdin%3E"
    outside = tmp_path / "x y.transcript"
    assert uri_of(str(outside)) == "file://" + str(outside).replace(" ", "%20")
    assert display_path("examples\\craw-wurm.transcript" if os.sep == "\\" else "examples/craw-wurm.transcript") \
        == "examples/craw-wurm.transcript"
    log = json.loads(format_sarif([handmade(), handmade(file=str(outside), rule="io", message="cannot read")]))
    assert schema_errors(log) == []
    assert log["runs"][0]["invocations"] == [{"executionSuccessful": False}]


def test_sarif_describes_a_rule_the_registry_does_not_know() -> None:
    log = json.loads(format_sarif([handmade(rule="expect", message="expected 500.2 here")]))
    assert schema_errors(log) == []
    assert log["runs"][0]["tool"]["driver"]["rules"][0]["shortDescription"] == {
        "text": "rulecheck diagnostic 'expect'"}


# ---------------------------------------------------------------- GitHub


@pytest.mark.parametrize(("text", "data", "prop"), [
    ("50% done", "50%25 done", "50%25 done"),
    ("a:b,c", "a:b,c", "a%3Ab%2Cc"),
    ("one\ntwo\r\nthree", "one%0Atwo%0D%0Athree", "one%0Atwo%0D%0Athree"),
    ("%0A is not a newline", "%250A is not a newline", "%250A is not a newline"),
    ("::error::", "::error::", "%3A%3Aerror%3A%3A"),
])
def test_github_escaping_is_that_of_actions_core(text: str, data: str, prop: str) -> None:
    assert escape_data(text) == data
    assert escape_property(text) == prop


def test_github_command_escapes_properties_and_message() -> None:
    v = handmade(file="dir/a,b:c.transcript", message="100% wrong,\nreally: yes", hint="try: this")
    assert format_github([v]) == (
        "::error file=dir/a%2Cb%3Ac.transcript,line=3,col=2,endLine=3,endColumn=5,"
        f"title=510.1c%3A {escape_property(BY_NUMBER['510.1c'].title)}::100%25 wrong,%0Areally: yes%0Ahint: try: this")
    assert format_github([handmade(rule="empty", severity=WARNING, end_column=2)]).startswith(
        "::warning file=<stdin>,line=3,col=2,endLine=3,endColumn=2,title=empty%3A ")


# ---------------------------------------------------------------- JUnit


def test_junit_has_one_suite_per_checked_file_and_consistent_counts() -> None:
    found = checked()
    root = ET.fromstring(render("junit", found, files=len(INPUTS), paths=INPUTS))
    suites = root.findall("testsuite")
    assert [s.get("name") for s in suites] == list(INPUTS)
    summary = {s.get("name"): (s.get("tests"), s.get("failures"), s.get("errors"), s.get("skipped"))
               for s in suites}
    assert summary == {
        "examples/craw-wurm.transcript": ("1", "1", "0", "0"),
        "fixtures/rules/510.1c-pass.transcript": ("1", "0", "0", "0"),
        "tests/snapshots/inputs/comments-only.transcript": ("1", "0", "0", "1"),
        "tests/snapshots/inputs/mistakes.transcript": ("3", "3", "0", "0"),
    }
    for key in ("tests", "failures", "errors", "skipped"):
        assert root.get(key) == str(sum(int(s.get(key, "0")) for s in suites))
    clean = suites[1].findall("testcase")
    assert [(c.get("name"), list(c)) for c in clean] == [("no violations", [])]
    failure = suites[0].find("testcase/failure")
    assert failure is not None and failure.get("type") == "510.1c"
    assert failure.get("message") == found[0].message
    assert suites[2].find("testcase/skipped") is not None


def test_junit_reports_io_as_error_and_stays_valid_xml_with_control_characters() -> None:
    bad = handmade(file="gone.transcript", rule="io", message="cannot read file: \x00\x1b\ud800 gone")
    root = ET.fromstring(format_junit([bad], ("gone.transcript", "-")))
    assert root.get("errors") == "1" and root.get("tests") == "2"
    assert [s.get("name") for s in root.findall("testsuite")] == ["gone.transcript", "<stdin>"]
    error = root.find("testsuite/testcase/error")
    assert error is not None and error.get("message") == "cannot read file: \ufffd\ufffd\ufffd gone"


# ---------------------------------------------------------------- GitLab


def test_gitlab_code_quality_issues() -> None:
    found = checked()
    issues = json.loads(render("gitlab", found))
    assert len(issues) == len(found)
    for issue, v in zip(issues, found, strict=True):
        assert set(issue) == {"description", "check_name", "fingerprint", "severity", "location"}
        assert issue["check_name"] == v.rule
        assert issue["description"] == f"{v.rule}: {v.message}"
        assert issue["location"] == {"path": v.file, "lines": {"begin": v.line}}
        assert issue["severity"] == ("minor" if v.severity == WARNING else "major")
    assert len({i["fingerprint"] for i in issues}) == len(issues)


def test_gitlab_fingerprints_are_stable_and_repeats_stay_unique() -> None:
    v = handmade(file="a.transcript")
    first = json.loads(format_gitlab([v, v]))
    assert first[0]["fingerprint"] == fingerprint("a.transcript", 3, "510.1c", "a message")
    assert first[0]["fingerprint"] != first[1]["fingerprint"]
    assert json.loads(format_gitlab([v, v])) == first
    assert fingerprint("a.transcript", 4, "510.1c", "a message") != first[0]["fingerprint"]
    assert len(first[0]["fingerprint"]) == 32


# ---------------------------------------------------------------- through the command line


def test_cli_offers_every_format() -> None:
    result = CliRunner().invoke(cli, ["check", "--help"])
    assert result.exit_code == 0
    for fmt in FORMATS:
        assert fmt in result.output


def test_cli_sarif_output_validates() -> None:
    result = CliRunner().invoke(cli, ["check", "examples/craw-wurm.transcript", "--format", "sarif"])
    assert result.exit_code == 1
    log = json.loads(result.output)
    assert schema_errors(log) == []
    assert [r["ruleId"] for r in log["runs"][0]["results"]] == ["510.1c"]


# ---------------------------------------------------------------- any text at all


def test_machine_formats_survive_any_message_and_path() -> None:
    hypothesis = pytest.importorskip("hypothesis")
    st = hypothesis.strategies

    @hypothesis.settings(max_examples=200, deadline=None)
    @hypothesis.given(message=st.text(), path=st.text(min_size=1), hint=st.none() | st.text())
    def check(message: str, path: str, hint: str | None) -> None:
        v = handmade(file=path, message=message, hint=hint)
        assert len(format_github([v, v]).split("\n")) == 2
        ET.fromstring(format_junit([v], (path,)))
        assert json.loads(format_sarif([v]))["runs"][0]["results"][0]["message"]["text"].startswith(message)
        assert json.loads(format_gitlab([v]))[0]["check_name"] == "510.1c"
        assert len(format_concise([v], 1).split("\n")) == 2

    check()


def test_full_format_shows_a_window_of_a_very_long_line(tmp_path: Path) -> None:
    """A 100 000-character line must not be echoed whole (twice, with its carets) for one diagnostic."""
    path = tmp_path / "long.transcript"
    path.write_text("players: Alice, Bob\n" + "x" * 90_000 + "\n", encoding="utf-8")
    result = check_file(str(path))
    text = render("full", result.violations, files=1)
    assert [v.rule for v in result.violations] == ["syntax"]
    assert max(len(line) for line in text.splitlines()) < 260
    assert "unexpected 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…'" in text
    assert "2 | " + "x" * 160 + "…" in text
