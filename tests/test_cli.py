"""The command line: formats, exit codes, stdin, directories and unreadable input."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from rulecheck.cli import cli
from rulecheck.docs import rules_file, rules_markdown
from rulecheck.editions import EDITIONS
from rulecheck.report import FORMATS

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "craw-wurm.transcript"
LEGAL = ROOT / "fixtures" / "scenarios" / "C049.transcript"


def run(*args: str, stdin: str | None = None) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args), input=stdin)
    return result.exit_code, result.output


def test_json_format_has_the_documented_keys() -> None:
    code, out = run("check", str(EXAMPLE), "--format", "json")
    assert code == 1
    data = json.loads(out)
    assert [(d["line"], d["column"], d["end_line"], d["end_column"], d["rule"]) for d in data] == [
        (20, 1, 20, 54, "510.1c")]
    assert set(data[0]) >= {"file", "line", "column", "end_line", "end_column", "rule", "message", "severity",
                            "related"}
    assert data[0]["related"] == ["702.2", "702.18", "509.1h"]
    assert data[0]["message"] == ("Craw Wurm assigns damage to Eager Cadet, but Wall of Wood, ahead of it in the "
                                  "damage assignment order, is not assigned lethal damage")


def test_clean_file_exits_zero() -> None:
    code, out = run("check", str(LEGAL), "--format", "concise")
    assert code == 0
    assert out.strip() == "No violations in 1 file."


def test_full_format_shows_excerpt_and_caret() -> None:
    code, out = run("check", str(EXAMPLE), "--format", "full")
    assert code == 1
    lines = out.splitlines()
    assert lines[0].endswith(":20:1: 510.1c Craw Wurm assigns damage to Eager Cadet, but Wall of Wood, ahead of "
                             "it in the damage assignment order, is not assigned lethal damage")
    assert lines[1:5] == ["   |",
                          "20 | Craw Wurm assigns 2 to Wall of Wood, 4 to Eager Cadet   # expect: 510.1c",
                          "   | " + "^" * 53 + " 510.1c",
                          "   |"]


def test_stdin() -> None:
    code, out = run("check", "-", "--format", "concise", stdin=EXAMPLE.read_text())
    assert code == 1
    assert out.splitlines()[0].startswith("<stdin>:20:1: 510.1c ")


def test_directory_and_expect_mode() -> None:
    code, out = run("check", str(ROOT / "fixtures" / "scenarios"), "--expect", "--format", "concise")
    assert code == 0, out
    assert out.strip() == "No violations in 88 files."


def test_expect_reports_missing_and_unexpected(tmp_path: Path) -> None:
    f = tmp_path / "t.transcript"
    f.write_text(EXAMPLE.read_text().replace("# expect: 510.1c", "") + "Alice passes priority  # expect: 500.2\n")
    code, out = run("check", str(f), "--expect", "--format", "concise")
    assert code == 1
    assert out.splitlines()[:2] == [
        f"{f}:20:1: expect-unexpected 510.1c is found but not expected: Craw Wurm assigns damage to Eager Cadet, but Wall of Wood, ahead of "
        "it in the damage assignment order, is not assigned lethal damage",
        f"{f}:21:1: expect-missing 500.2 is expected here, but rulecheck found no such violation",
    ]


def test_unreadable_file_is_reported_and_others_still_checked(tmp_path: Path) -> None:
    code, out = run("check", str(tmp_path / "missing.transcript"), str(EXAMPLE), "--format", "concise")
    assert code == 2
    assert f"{tmp_path / 'missing.transcript'}:1:1: io cannot read file: No such file or directory" in out
    assert "510.1c" in out


def test_non_utf8_line_is_reported_with_position(tmp_path: Path) -> None:
    f = tmp_path / "bad.transcript"
    f.write_bytes(EXAMPLE.read_bytes().replace(b"title: Craw Wurm", b"title: Cr\xffw Wurm"))
    code, out = run("check", str(f), "--format", "concise")
    assert code == 1
    assert f"{f}:2:10: syntax this line is not valid UTF-8 (byte 0xff at byte offset 9)" in out


def test_crlf_and_bom_are_accepted(tmp_path: Path) -> None:
    f = tmp_path / "crlf.transcript"
    f.write_bytes(b"\xef\xbb\xbf" + LEGAL.read_bytes().replace(b"\n", b"\r\n"))
    code, _ = run("check", str(f))
    assert code == 0


def test_empty_file_warns_and_exits_zero(tmp_path: Path) -> None:
    f = tmp_path / "empty.transcript"
    f.write_text("# only a comment\n")
    code, out = run("check", str(f), "--format", "concise")
    assert code == 0
    assert "empty the transcript contains no statements" in out


def test_version_and_help() -> None:
    code, out = run("--version")
    assert code == 0 and out.strip() == "rulecheck, version 0.1.0"
    code, out = run("check", "--help")
    assert code == 0 and "rulecheck check logs/ --format json" in out


def test_explain_unknown_rule_suggests() -> None:
    code, out = run("explain", "510.1x")
    assert code == 2


@pytest.mark.parametrize("edition", list(EDITIONS))
def test_docs_rules_md_is_fresh(edition: str) -> None:
    e = EDITIONS[edition]
    assert (ROOT / "docs" / rules_file(e)).read_text(encoding="utf-8") == rules_markdown(e), \
        f"docs/{rules_file(e)} is stale: run python -m rulecheck.docs"


def test_each_edition_lists_its_own_numbers() -> None:
    assert '| <a id="510.5"></a>510.5 | With first or double strike' in rules_markdown(EDITIONS["baseline"])
    assert '| <a id="510.4"></a>510.4 | With first or double strike' in rules_markdown(EDITIONS["current"])
    assert '| <a id="502.2b"></a>502.2b | With first or double strike' in rules_markdown(EDITIONS["2003"])
    assert "</a>509.2 | The attacking player orders" in rules_markdown(EDITIONS["baseline"])
    assert "</a>509.2 | The attacking player orders" not in rules_markdown(EDITIONS["current"])
    assert "</a>300.3 | Mana burn" in rules_markdown(EDITIONS["2003"])


def test_console_script_runs(tmp_path: Path) -> None:
    """The installed entry point works from anywhere (run outside the source tree, so the installed package loads)."""
    proc = subprocess.run([sys.executable, "-m", "rulecheck", "check", str(LEGAL)], capture_output=True, text=True,
                          cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr


# ---------------------------------------------------------------- running at scale, exit codes, output
TYPO_TRANSCRIPT = EXAMPLE.read_text() + "Alice atacks Bob\n"
WURM = ("510.1c Craw Wurm assigns damage to Eager Cadet, but Wall of Wood, ahead of it in the damage assignment "
        "order, is not assigned lethal damage")


def run3(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


def games(tmp_path: Path) -> Path:
    """Three copies of the example (510.1c on line 20), the last with a typo added on line 21 (syntax)."""
    (tmp_path / "a.transcript").write_text(EXAMPLE.read_text())
    (tmp_path / "b.transcript").write_text(EXAMPLE.read_text())
    (tmp_path / "c.transcript").write_text(TYPO_TRANSCRIPT)
    return tmp_path


@pytest.mark.parametrize("fmt", sorted(FORMATS))
def test_jobs_give_byte_identical_output(fmt: str) -> None:
    paths = [str(ROOT / "fixtures"), str(ROOT / "examples")]
    code1, out1, err1 = run3("check", *paths, "-j", "1", "--format", fmt)
    code2, out2, err2 = run3("check", *paths, "-j", "2", "--format", fmt)
    assert (code1, err1) == (code2, err2) == (1, "")
    assert out1 == out2
    assert len(out1) > 10_000


def test_jobs_with_expect_and_statistics() -> None:
    for extra in (["--expect"], ["--statistics"]):
        outputs = {run3("check", str(ROOT / "fixtures"), "-j", j, "--format", "concise", *extra) for j in ("1", "2")}
        assert len(outputs) == 1, extra


def _die(item: object) -> object:
    os._exit(3)


def test_a_dead_worker_becomes_an_internal_error(monkeypatch: pytest.MonkeyPatch) -> None:
    from rulecheck import checker
    from rulecheck.config import DEFAULT
    monkeypatch.setattr(checker.batch, "_check_one", _die)
    items = [(str(ROOT / "fixtures" / "scenarios" / f"C0{n}.transcript"), DEFAULT) for n in range(40, 50)]
    results = checker.check_files(items, jobs=2)
    assert [r.path for r in results] == [p for p, _ in items]
    for r in results:
        assert [(v.rule, v.line) for v in r.violations] == [("internal-error", 1)]
        assert r.violations[0].message.startswith("the worker process checking this file stopped unexpectedly (")
        assert r.violations[0].message.endswith("); run with -j 1 to check it on its own")


def test_statistics(tmp_path: Path) -> None:
    code, out, _ = run3("check", str(games(tmp_path)), "--statistics")
    assert code == 1
    assert out.splitlines() == [
        "3  510.1c  A blocked creature damages its blockers in order, lethal damage to each before the next",
        "1  syntax  The line is not a statement of the transcript language, or names something not defined",
        "Found 4 violations in 3 files (3 checked)."]
    code, out, _ = run3("check", str(games(tmp_path)), "--statistics", "--format", "json", "-q")
    assert code == 1
    assert json.loads(out) == [
        {"rule": "510.1c", "count": 3,
         "title": "A blocked creature damages its blockers in order, lethal damage to each before the next"},
        {"rule": "syntax", "count": 1,
         "title": "The line is not a statement of the transcript language, or names something not defined"}]
    code, out, _ = run3("check", str(LEGAL), "--statistics")
    assert (code, out) == (0, "No violations in 1 file.\n")


def test_quiet(tmp_path: Path) -> None:
    games(tmp_path)
    code, out, _ = run3("check", str(tmp_path), "-q", "--format", "concise")
    assert code == 1
    assert out.splitlines() == [f"{tmp_path / 'a.transcript'}:20:1: {WURM}",
                                f"{tmp_path / 'b.transcript'}:20:1: {WURM}",
                                f"{tmp_path / 'c.transcript'}:20:1: {WURM}",
                                f"{tmp_path / 'c.transcript'}:21:7: syntax unknown word 'atacks'"]
    code, out, _ = run3("check", str(tmp_path / "a.transcript"), "--quiet", "--format", "full")
    assert code == 1
    full = run3("check", str(tmp_path / "a.transcript"), "--format", "full")[1]
    assert out == full[:full.index("\n\nFound 1 violation")] + "\n"
    for fmt in ("full", "concise"):
        assert run3("check", str(LEGAL), "-q", "--format", fmt) == (0, "", "")
    assert run3("check", str(LEGAL), "-q", "--format", "json") == (0, "[]\n", "")


def test_exit_codes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    games(tmp_path)
    missing = str(tmp_path / "missing.transcript")
    assert run3("check", str(LEGAL))[0] == 0
    assert run3("check", str(EXAMPLE))[0] == 1
    assert run3("check", str(EXAMPLE), "--exit-zero")[0] == 0
    assert run3("check", missing, str(LEGAL))[0] == 2
    assert run3("check", missing, str(EXAMPLE), "--exit-zero")[0] == 2
    assert run3("check", str(EXAMPLE), "--format", "nope")[0] == 2
    assert run3("check", str(EXAMPLE), "-j", "0")[0] == 2
    warning_only = tmp_path / "w.transcript"
    warning_only.write_text(LEGAL.read_text() + "# rulecheck: ignore-file[514]\n")
    assert run3("check", str(warning_only), "--format", "concise")[:2] == (
        0, f"{warning_only}:{len(LEGAL.read_text().splitlines()) + 1}:3: unused-suppression unused suppression: "
           "no 514 violation in this file to silence\nNo violations in 1 file; 1 warning.\n")

    from rulecheck.replay.engine import Engine

    def broken(self: Engine, stmt: object) -> None:
        raise RuntimeError("boom")
    monkeypatch.setattr(Engine, "feed", broken)
    code, out, _ = run3("check", str(LEGAL), "--format", "concise", "-j", "1")
    assert code == 2
    assert "internal-error rulecheck failed on this statement (RuntimeError: boom); the rest of the file is still " \
           "checked" in out


def test_output_file(tmp_path: Path) -> None:
    games(tmp_path)
    target = tmp_path / "report.json"
    code, out, _ = run3("check", str(tmp_path), "--format", "json", "--output", str(target))
    assert (code, out) == (1, "")
    assert target.read_text(encoding="utf-8") == run3("check", str(tmp_path), "--format", "json")[1]
    code, out, _ = run3("check", str(tmp_path), "-o", str(tmp_path / "report.txt"))
    assert (tmp_path / "report.txt").read_text().splitlines()[-1] == "Found 4 violations in 3 files (3 checked)."
    code, out, err = run3("check", str(LEGAL), "-o", str(tmp_path / "no" / "such" / "dir.txt"))
    assert (code, out, err) == (2, "", f"rulecheck: cannot write {tmp_path / 'no' / 'such' / 'dir.txt'}: No such file "
                                       "or directory\n")


class _Stream:
    def __init__(self, tty: bool) -> None:
        self.tty = tty

    def isatty(self) -> bool:
        return self.tty


def test_progress_bar_only_on_a_terminal_for_many_files() -> None:
    from rulecheck.cli import PROGRESS_MIN_FILES, show_progress
    assert show_progress(PROGRESS_MIN_FILES, _Stream(True)) is True  # type: ignore[arg-type]
    assert show_progress(PROGRESS_MIN_FILES - 1, _Stream(True)) is False  # type: ignore[arg-type]
    assert show_progress(PROGRESS_MIN_FILES, _Stream(False)) is False  # type: ignore[arg-type]
    assert show_progress(PROGRESS_MIN_FILES, _Stream(True), quiet=True) is False  # type: ignore[arg-type]
    code, out, err = run3("check", str(ROOT / "fixtures"), "--format", "concise")  # stderr is not a terminal here
    assert (code, err) == (1, "")


# ---------------------------------------------------------------- CI integrations
def _check_options() -> set[str]:
    from rulecheck.cli import check
    return {opt for param in check.params for opt in param.opts if opt.startswith("-")}


def _assert_real_command(words: list[str]) -> None:
    """`rulecheck check ...` words: every option exists, and every --format value is a format."""
    assert words[:2] == ["rulecheck", "check"], words
    options = _check_options()
    for i, word in enumerate(words):
        if word.startswith("-"):
            assert word in options, f"{word} is not an option of rulecheck check"
        if word == "--format":
            assert words[i + 1] in FORMATS


def test_pre_commit_hook() -> None:
    import re
    import shlex

    import yaml
    hooks = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    [hook] = hooks
    assert (hook["id"], hook["entry"], hook["language"], hook["files"]) == (
        "rulecheck", "rulecheck check", "python", r"\.transcript$")
    _assert_real_command(shlex.split(hook["entry"]) + [str(a) for a in hook.get("args", [])])
    assert re.search(hook["files"], "games/round-1.transcript")
    assert not re.search(hook["files"], "games/round-1.transcript.bak")
    code, out, _ = run3("check", *[str(a) for a in hook.get("args", [])], str(EXAMPLE), str(LEGAL))
    assert (code, out.splitlines()[-1]) == (1, "Found 1 violation in 1 file (2 checked).")


def test_github_action() -> None:
    import shlex

    import yaml
    action = yaml.safe_load((ROOT / "action.yml").read_text(encoding="utf-8"))
    assert action["runs"]["using"] == "composite"
    assert set(action["inputs"]) == {"paths", "args", "sarif-file", "python"}
    assert all("description" in spec for spec in action["inputs"].values())
    steps = action["runs"]["steps"]
    assert all(step["shell"] == "bash" for step in steps)
    assert '"$GITHUB_ACTION_PATH"' in steps[0]["run"]  # installs the action's own checkout
    commands = [shlex.split(step["run"]) for step in steps if step["run"].startswith("rulecheck check")]
    assert len(commands) == 2
    for words in commands:
        _assert_real_command(words)
        assert "${{" not in " ".join(words)  # inputs reach the shell through env, never pasted into the script
    sarif, github = commands
    assert sarif[2:6] == ["--format", "sarif", "--output", "$RULECHECK_SARIF"]
    assert github[2:4] == ["--format", "github"]
    assert steps[1]["if"] == "${{ inputs.sarif-file != '' }}"



def _raised(call: Callable[[], object]) -> BaseException:
    try:
        call()
    except Exception as exc:  # the exception as the checker's guard catches it
        return exc
    raise AssertionError("no exception")


def test_internal_error_names_only_the_package_s_own_frames(tmp_path: Path) -> None:
    """A frame of a file in some other folder called `rulecheck` (a clone of the repository, a plugin) is not
    rulecheck's code; a frame of the package is named by its module, wherever the package is."""
    import importlib.util

    from rulecheck.checker.result import _failure
    from rulecheck.editions import find_edition

    outside = tmp_path / "rulecheck" / "tests"
    outside.mkdir(parents=True)
    (outside / "broken.py").write_text("def fail():\n    raise RuntimeError('boom')\n", encoding="utf-8")
    spec = importlib.util.spec_from_file_location("broken_outside", outside / "broken.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert _failure(_raised(lambda: module.fail())) == "(RuntimeError: boom)"
    assert _failure(_raised(lambda: find_edition("nope"))).startswith(
        "in rulecheck.editions.find_edition (line ")
