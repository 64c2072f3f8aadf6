"""The trace view and the html report use the card database `rulecheck check` uses (--cards, $RULECHECK_CARDS):
their findings are the check's."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from rulecheck.cli import cli

ROOT = Path(__file__).resolve().parent.parent
SCRYFALL = ROOT / "fixtures" / "cards" / "scryfall-oracle-cards.json"
NAMED = "title: only named\nplayers: Alice, Bob\nAlice controls Grizzly Bears\n"


def invoke(*args: str, env: dict[str, str] | None = None) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args), env=env)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.output


@pytest.fixture()
def named(tmp_path: Path) -> Path:
    path = tmp_path / "named.transcript"
    path.write_text(NAMED, encoding="utf-8")
    return path


def test_trace_takes_the_card_database_option(named: Path) -> None:
    code, out = invoke("trace", str(named), "--format", "json", "--cards", str(SCRYFALL))
    assert code == 0
    entry = json.loads(out)["lines"][-1]
    assert entry["findings"] == []
    assert [p["name"] for p in entry["state"]["battlefield"]["Alice"]] == ["Grizzly Bears"]
    code, out = invoke("trace", str(named), "--format", "json", "--cards", "none",
                       env={"RULECHECK_CARDS": str(SCRYFALL)})
    assert [f["message"] for f in json.loads(out)["lines"][-1]["findings"]] == ["unknown card 'Grizzly Bears'"]


def test_trace_reads_the_environment_as_check_does(named: Path) -> None:
    code, out = invoke("trace", str(named), env={"RULECHECK_CARDS": str(SCRYFALL)})
    assert code == 0
    assert "unknown card" not in out
    assert invoke("check", str(named), env={"RULECHECK_CARDS": str(SCRYFALL)})[0] == 0


def test_trace_with_a_bad_card_database_exits_2(named: Path, tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"data": [', encoding="utf-8")
    code, out = invoke("trace", str(named), "--cards", str(bad))
    assert code == 2
    assert out.startswith(f"rulecheck: card database '{bad}' not valid JSON")


def test_the_html_report_uses_the_card_database_of_the_check(named: Path, tmp_path: Path) -> None:
    out = tmp_path / "report.html"
    assert invoke("check", str(named), "--cards", str(SCRYFALL))[0] == 0
    assert invoke("check", str(named), "--cards", str(SCRYFALL), "--format", "html", "-o", str(out))[0] == 0
    assert "1 file checked, 0 with findings" in out.read_text(encoding="utf-8")
    assert invoke("check", str(named), "--format", "html", "-o", str(out),
                  env={"RULECHECK_CARDS": str(SCRYFALL)})[0] == 0
    assert invoke("check", str(named), "--cards", "none", "--format", "html", "-o", str(out))[0] == 1
    bad = tmp_path / "bad.json"
    bad.write_text("[", encoding="utf-8")
    code, msg = invoke("check", str(named), "--cards", str(bad), "--format", "html", "-o", str(out))
    assert (code, msg.startswith(f"rulecheck: card database '{bad}'")) == (2, True)


def test_cards_used_on_a_missing_transcript_says_so_plainly(tmp_path: Path) -> None:
    missing = tmp_path / "missing.transcript"
    code, out = invoke("cards", "used", str(missing), "--cards", str(SCRYFALL))
    assert (code, out) == (2, f"rulecheck: cannot read {missing}: No such file or directory\n")


def test_cards_used_names_the_database_it_took(named: Path) -> None:
    assert invoke("cards", "used", str(named), "--cards", str(SCRYFALL)) == (
        0, "Grizzly Bears: scryfall-oracle-cards.json (scryfall)\n")


def test_the_html_report_reads_standard_input_in_the_run_not_in_a_worker(tmp_path: Path) -> None:
    """A worker process has no standard input: `-` among several files checked with -j 2 is traced by the run
    itself, and named `<stdin>` as `check` names it."""
    import subprocess
    import sys

    example = ROOT / "examples" / "craw-wurm.transcript"
    out = tmp_path / "r.html"
    done = subprocess.run([sys.executable, "-m", "rulecheck", "check", "-", str(example), "--format", "html", "-o",
                           str(out), "-j", "2"], input=example.read_bytes(), capture_output=True, check=False)
    assert done.returncode == 1, done.stderr
    index = out.read_text(encoding="utf-8")
    assert "2 files checked, 2 with findings: 2 violations, 0 warnings." in index
    assert '<a href="r.html.traces/0001-stdin.html">&lt;stdin&gt;</a>' in index


EXAM_NAMED = """\
exam: named cards
setup: |
  players: Alice, Bob
  Alice controls Grizzly Bears
  turn 3: Alice, in beginning of combat step
  declare attackers step begins
questions:
  - id: bears
    prompt: May the Bears attack?
    answers:
      A: {transcript: "Alice declares Grizzly Bears attacking Bob", key: legal}
"""


def test_exam_takes_the_card_database_option(tmp_path: Path) -> None:
    """`rulecheck exam --cards` reads the cards an exam names without defining from the database, as `check`
    does; without one, the Bears are unknown and the key can't be graded."""
    exam = tmp_path / "named.exam.yaml"
    exam.write_text(EXAM_NAMED, encoding="utf-8")
    code, out = invoke("exam", str(exam), "--format", "concise", "--cards", str(SCRYFALL))
    assert (code, out) == (0, "No violations in 1 file.\nGraded 1 answer to 1 question.\n")
    code, out = invoke("exam", str(exam), "--format", "json", "--cards", "none", env={"RULECHECK_CARDS": ""})
    assert code == 1
    assert "Grizzly Bears" in out
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    code, out = invoke("exam", str(exam), "--cards", str(bad))
    assert code == 2
    assert out.startswith("rulecheck: ")
