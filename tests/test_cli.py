"""The command line: formats, exit codes, stdin, directories and unreadable input."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from rulecheck.cli import cli
from rulecheck.docs import rules_markdown

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
    assert lines[1] == "    20 | Craw Wurm assigns 2 to Wall of Wood, 4 to Eager Cadet   # expect: 510.1c"
    assert lines[2] == "       | " + "^" * 53


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
        f"{f}:20:1: expect unexpected 510.1c: Craw Wurm assigns damage to Eager Cadet, but Wall of Wood, ahead of "
        "it in the damage assignment order, is not assigned lethal damage",
        f"{f}:21:1: expect expected 500.2 here, but rulecheck found none",
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


def test_docs_rules_md_is_fresh() -> None:
    assert (ROOT / "docs" / "rules.md").read_text(encoding="utf-8") == rules_markdown(), \
        "docs/rules.md is stale: run python -m rulecheck.docs"


def test_console_script_runs(tmp_path: Path) -> None:
    """The installed entry point works from anywhere (run outside the source tree, so the installed package loads)."""
    proc = subprocess.run([sys.executable, "-m", "rulecheck", "check", str(LEGAL)], capture_output=True, text=True,
                          cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
