"""Configuration (select/ignore/per-file-ignores, discovery, errors) and suppression comments."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from rulecheck.checker import check_text
from rulecheck.cli import cli
from rulecheck.config import Config, ConfigError, ConfigResolver, code_matches, find_config_file, load_config

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "craw-wurm.transcript"
WURM_MESSAGE = ("Craw Wurm assigns damage to Eager Cadet, but Wall of Wood, ahead of it in the damage assignment "
                "order, is not assigned lethal damage")
# Breaks 510.1c (line 14) and, with a typo, has a syntax error (line 15).
TRANSCRIPT = """\
players: Alice, Bob
card Craw Wurm: creature 6/4
card Wall of Wood: creature 0/3, defender
card Eager Cadet: creature 1/1
Alice controls Craw Wurm
Bob controls Wall of Wood, Eager Cadet
turn 5: Alice, in beginning of combat step
declare attackers step
Alice attacks Bob with Craw Wurm
declare blockers step
Bob blocks Craw Wurm with Wall of Wood, Eager Cadet
Alice orders blockers of Craw Wurm: Wall of Wood, Eager Cadet
combat damage step
Craw Wurm assigns 2 to Wall of Wood, 4 to Eager Cadet
Alice atacks Bob
"""


def found(text: str = TRANSCRIPT, config: Config | None = None, path: str = "<string>") -> list[tuple[int, str]]:
    return [(v.line, v.rule) for v in check_text(text, path=path, config=config)]


def run(*args: str, cwd: Path | None = None) -> tuple[int, str, str]:
    old = os.getcwd()
    if cwd is not None:
        os.chdir(cwd)
    try:
        result = CliRunner().invoke(cli, list(args))
    finally:
        os.chdir(old)
    return result.exit_code, result.stdout, result.stderr


# ---------------------------------------------------------------- prefixes
@pytest.mark.parametrize(("selector", "rule", "expected"), [
    ("510", "510.1c", True),
    ("510", "510.2", True),
    ("510", "511.1", False),
    ("510.1", "510.1c", True),
    ("510.1", "510.1", True),
    ("500.1", "500.10", False),
    ("500.1", "500.11", False),
    ("510.1c", "510.1c", True),
    ("510.1c", "510.1", False),
    ("510.1c", "510.1d", False),
    ("syntax", "syntax", True),
    ("syntax", "510.1c", False),
    ("ALL", "syntax", True),
    ("ALL", "510.1c", True),
    ("51", "510.1c", False),
])
def test_prefixes_match_whole_segments(selector: str, rule: str, expected: bool) -> None:
    assert code_matches(selector, rule) is expected


def test_select_ignore_extend_ignore() -> None:
    assert found() == [(14, "510.1c"), (15, "syntax")]
    assert found(config=Config(select=["510"])) == [(14, "510.1c")]
    assert found(config=Config(select=["syntax"])) == [(15, "syntax")]
    assert found(config=Config(ignore=["510.1"])) == [(15, "syntax")]
    assert found(config=Config(ignore=["510.1c", "syntax"])) == []
    assert found(config=Config(extend_ignore=["510"])) == [(15, "syntax")]
    assert found(config=Config(ignore=["syntax"], extend_ignore=["510"])) == []
    assert found(config=Config(select=["514"])) == []


def test_the_more_specific_selector_decides_and_ignore_wins_a_tie() -> None:
    assert Config(select=["510.1c"], ignore=["510"]).enabled("510.1c") is True
    assert Config(select=["510.1c"], ignore=["510"]).enabled("510.1d") is False
    assert Config(select=["510"], ignore=["510.1c"]).enabled("510.1c") is False
    assert Config(select=["510.1"], ignore=["510.1"]).enabled("510.1c") is False
    assert Config(ignore=["500.1"]).enabled("500.10") is True
    assert Config(select=[]).enabled("510.1c") is False


def test_io_and_internal_errors_are_always_reported() -> None:
    assert Config(select=["510"]).enabled("io") is True
    assert Config(select=["510"]).enabled("internal-error") is True
    with pytest.raises(ConfigError, match=r"^'ignore': 'io' cannot be ignored: it reports that the run itself "
                                          r"failed$"):
        Config(ignore=["io"])


def test_per_file_ignores(tmp_path: Path) -> None:
    config = Config(per_file_ignores={"legacy/**/*.transcript": ["510"], "draft-*.transcript": ["syntax"]},
                    root=str(tmp_path))
    assert found(config=config, path=str(tmp_path / "legacy" / "2019" / "a.transcript")) == [(15, "syntax")]
    assert found(config=config, path=str(tmp_path / "legacy" / "a.transcript")) == [(15, "syntax")]
    assert found(config=config, path=str(tmp_path / "new" / "a.transcript")) == [(14, "510.1c"), (15, "syntax")]
    assert found(config=config, path=str(tmp_path / "games" / "draft-1.transcript")) == [(14, "510.1c")]
    assert found(config=config, path=str(tmp_path / "other" / "legacy" / "a.transcript")) == [
        (14, "510.1c"), (15, "syntax")]
    assert config.ignored_in(str(tmp_path / "legacy" / "draft-2.transcript")) == ("510", "syntax")


# ---------------------------------------------------------------- errors
@pytest.mark.parametrize(("kwargs", "message"), [
    ({"select": ["510.1x"]}, "'select': unknown rule '510.1x'; did you mean '510.1'?"),
    ({"ignore": ["515"]}, "'ignore': unknown rule '515'; did you mean '514'?"),
    ({"extend_ignore": ["syntx"]}, "'extend-ignore': unknown rule 'syntx'; did you mean 'syntax'?"),
    ({"select": "510"}, "'select' must be a list of rule codes, not '510'"),
    ({"ignore": [510.1]}, "'ignore' must list rule codes as strings, got 510.1 (quote rule numbers: 510.10 "
                          "unquoted would read as the number 510.1)"),
    ({"per_file_ignores": {"*.transcript": ["5100"]}},
     "'per-file-ignores: *.transcript': unknown rule '5100'; did you mean '510'?"),
    ({"per_file_ignores": {"*.transcript": "510"}},
     "'per-file-ignores' entry '*.transcript' must be a list of rule codes, not '510'"),
    ({"extension": "transcript"}, "'extension' must be a file extension starting with '.', like '.transcript', "
                                  "not 'transcript'"),
    ({"edition": "modern"}, "unknown edition 'modern'; known editions: baseline, current, 2003"),
    ({"format": "jsn"}, "unknown format 'jsn'; did you mean 'json'?"),
])
def test_bad_settings_are_refused(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ConfigError) as err:
        Config(**kwargs)  # type: ignore[arg-type]
    assert str(err.value).split(" (formats:")[0] == message


@pytest.mark.parametrize(("name", "text", "message"), [
    (".rulecheck.yaml", "selct: ['510']\n", "unknown key 'selct'; did you mean 'select'? (known keys: select, "
                                            "ignore, extend-ignore, per-file-ignores, extension, edition, format, cards)"),
    (".rulecheck.yaml", "extend_ignore: ['510']\n", "unknown key 'extend_ignore'; did you mean 'extend-ignore'? "
                                                    "(known keys: select, ignore, extend-ignore, per-file-ignores, "
                                                    "extension, edition, format, cards)"),
    (".rulecheck.yaml", "select: 510\n", "'select' must be a list of rule codes, like ['510', 'syntax'], not 510"),
    (".rulecheck.yaml", "select: [510.10]\n", "'select' must list rule codes as strings, got 510.1 (quote rule "
                                              "numbers: 510.10 unquoted would read as the number 510.1)"),
    (".rulecheck.yaml", "edition: 3\n", "unknown edition '3'; known editions: baseline, current, 2003"),
    (".rulecheck.yaml", "edition: [2003]\n", "'edition' must be a string, not [2003]"),
    (".rulecheck.yaml", "- select\n", "the configuration must be a mapping of keys (select, ignore, extend-ignore, "
                                      "per-file-ignores, extension, edition, format, cards)"),
    (".rulecheck.yaml", "select: [\n", "not valid YAML: expected the node content, but found '<stream end>' "
                                       "(line 2, column 1)"),
    (".rulecheck.yaml", "a: &x ['510']\nselect: *x\n", None),
    ("pyproject.toml", "[tool.rulecheck]\nignore = ['510.1x']\n", "'ignore': unknown rule '510.1x'; did you mean "
                                                                  "'510.1'?"),
    ("pyproject.toml", "[tool.rulecheck\n", "not valid TOML: Expected ']' at the end of a table declaration "
                                            "(at line 1, column 16)"),
    ("pyproject.toml", "[tool]\nrulecheck = 3\n", "[tool.rulecheck] must be a table"),
])
def test_bad_files_are_refused_with_exit_2(tmp_path: Path, name: str, text: str, message: str | None) -> None:
    (tmp_path / name).write_text(text)
    (tmp_path / "a.transcript").write_text(EXAMPLE.read_text())
    code, out, err = run("check", str(tmp_path / "a.transcript"))
    assert (code, out) == (2, "")
    if message is None:  # aliases are refused before anything is built from them
        message = "YAML aliases ('*x') are not allowed in a rulecheck configuration"
        assert err == f"rulecheck: {tmp_path / name}:2:9: {message}\n"
    else:
        assert err == f"rulecheck: {tmp_path / name}: {message}\n"


def test_alias_bomb_is_refused_quickly(tmp_path: Path) -> None:
    lines = ["a0: &a0 ['510']"] + [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 9)}]" for i in range(1, 12)]
    (tmp_path / ".rulecheck.yaml").write_text("\n".join(lines) + "\nselect: *a11\n")
    with pytest.raises(ConfigError, match=r"YAML aliases \('\*a0'\) are not allowed"):
        load_config(tmp_path / ".rulecheck.yaml")


# ---------------------------------------------------------------- files and discovery
def test_yaml_and_pyproject_read_the_same_keys(tmp_path: Path) -> None:
    (tmp_path / ".rulecheck.yaml").write_text(
        "select: ['510', syntax]\nignore: ['510.1e']\nextend-ignore: ['510.2']\n"
        "per-file-ignores:\n  'old/*.transcript': ['syntax']\nextension: .log\nedition: baseline\nformat: json\n")
    (tmp_path / "pyproject.toml").write_text(
        "[project]\nname = 'x'\n[tool.rulecheck]\nselect = ['510', 'syntax']\nignore = ['510.1e']\n"
        "extend-ignore = ['510.2']\nper-file-ignores = { 'old/*.transcript' = ['syntax'] }\nextension = '.log'\n"
        "edition = 'baseline'\nformat = 'json'\n")
    from_yaml = load_config(tmp_path / ".rulecheck.yaml")
    from_toml = load_config(tmp_path / "pyproject.toml")
    assert from_yaml.source == str(tmp_path / ".rulecheck.yaml")
    assert from_toml.source == str(tmp_path / "pyproject.toml")
    for config in (from_yaml, from_toml):
        assert (config.select, config.ignore, config.extend_ignore, dict(config.per_file_ignores), config.extension,
                config.edition, config.format, config.root) == (
            ("510", "syntax"), ("510.1e",), ("510.2",), {"old/*.transcript": ("syntax",)}, ".log", "baseline",
            "json", str(tmp_path))


def test_discovery_walks_up_and_the_nearest_file_wins(tmp_path: Path) -> None:
    deep = tmp_path / "a" / "b" / "c"
    deep.mkdir(parents=True)
    (tmp_path / ".rulecheck.yaml").write_text("ignore: ['514']\n")
    (tmp_path / "a" / "pyproject.toml").write_text("[project]\nname = 'no table here'\n")
    assert find_config_file(deep / "x.transcript") == tmp_path / ".rulecheck.yaml"
    (tmp_path / "a" / "b" / "pyproject.toml").write_text("[tool.rulecheck]\nignore = ['510']\n")
    assert find_config_file(deep / "x.transcript") == tmp_path / "a" / "b" / "pyproject.toml"
    assert find_config_file(deep) == tmp_path / "a" / "b" / "pyproject.toml"
    (tmp_path / "a" / "b" / ".rulecheck.yaml").write_text("ignore: ['500']\n")
    assert find_config_file(deep / "x.transcript") == tmp_path / "a" / "b" / ".rulecheck.yaml"
    resolver = ConfigResolver()
    assert resolver.for_path(str(deep / "x.transcript")).ignore == ("500",)
    assert resolver.for_path(str(tmp_path / "y.transcript")).ignore == ("514",)


def project(tmp_path: Path, config: str | None = None, name: str = ".rulecheck.yaml") -> Path:
    """A project with the example in games/ and games/legacy/, and the text with a typo in drafts/."""
    for sub in ("games", "games/legacy", "drafts"):
        (tmp_path / sub).mkdir(parents=True, exist_ok=True)
    (tmp_path / "games" / "wurm.transcript").write_text(EXAMPLE.read_text())
    (tmp_path / "games" / "legacy" / "wurm.transcript").write_text(EXAMPLE.read_text())
    (tmp_path / "drafts" / "typo.transcript").write_text(TRANSCRIPT)
    if config is not None:
        (tmp_path / name).write_text(config)
    return tmp_path


WURM = "{}:20:1: 510.1c " + WURM_MESSAGE
TYPO = "drafts/typo.transcript:15:7: syntax unknown word 'atacks'"


def test_cli_without_config(tmp_path: Path) -> None:
    code, out, _ = run("check", ".", cwd=project(tmp_path))
    assert code == 1
    assert out.splitlines() == [
        "./drafts/typo.transcript:14:1: 510.1c " + WURM_MESSAGE,
        "./" + TYPO,
        WURM.format("./games/wurm.transcript"),
        WURM.format("./games/legacy/wurm.transcript"),
        "Found 4 violations in 3 files (3 checked).",
    ]


@pytest.mark.parametrize("name", [".rulecheck.yaml", "pyproject.toml"])
def test_cli_reads_the_project_config(tmp_path: Path, name: str) -> None:
    config = ("per-file-ignores:\n  'games/legacy/*.transcript': ['510']\nignore: [syntax]\n" if name.endswith("yaml")
              else "[tool.rulecheck]\nper-file-ignores = { 'games/legacy/*.transcript' = ['510'] }\n"
                   "ignore = ['syntax']\n")
    code, out, _ = run("check", "games", "drafts", cwd=project(tmp_path, config, name))
    assert code == 1
    assert out.splitlines() == [
        WURM.format("games/wurm.transcript"),
        "drafts/typo.transcript:14:1: 510.1c " + WURM_MESSAGE,
        "Found 2 violations in 2 files (3 checked).",
    ]


def test_cli_flags_override_the_config(tmp_path: Path) -> None:
    root = project(tmp_path, "select: ['syntax']\nextend-ignore: ['510.1e']\n")
    code, out, _ = run("check", "drafts", cwd=root)
    assert (code, out.splitlines()) == (1, [TYPO, "Found 1 violation in 1 file (1 checked)."])
    code, out, _ = run("check", "drafts", "--select", "510", cwd=root)
    assert (code, out.splitlines()[0]) == (1, "drafts/typo.transcript:14:1: 510.1c " + WURM_MESSAGE)
    assert len(out.splitlines()) == 2
    code, out, _ = run("check", "drafts", "--select", "510,syntax", "--extend-ignore", "510.1c", cwd=root)
    assert (code, out.splitlines()) == (1, [TYPO, "Found 1 violation in 1 file (1 checked)."])
    code, out, _ = run("check", "drafts", "--select", "ALL", "--ignore", "510", "--ignore", "syntax", cwd=root)
    assert (code, out) == (0, "No violations in 1 file.\n")


def test_cli_config_option_and_isolated(tmp_path: Path) -> None:
    root = project(tmp_path, "select: ['syntax']\n")
    (tmp_path / "ci.yaml").write_text("select: ['510']\nformat: json\n")
    code, out, _ = run("check", "drafts", "--config", "ci.yaml", cwd=root)
    assert code == 1
    assert out.startswith('[\n  {\n    "file": "drafts/typo.transcript",\n    "line": 14,')
    code, out, _ = run("check", "drafts", "--isolated", "--format", "concise", cwd=root)
    assert (code, out.splitlines()[-1]) == (1, "Found 2 violations in 1 file (1 checked).")
    code, out, err = run("check", "drafts", "--isolated", "--config", "ci.yaml", cwd=root)
    assert (code, out, err) == (2, "", "rulecheck: --config and --isolated cannot be used together\n")
    code, out, err = run("check", "drafts", "--config", "missing.yaml", cwd=root)
    assert (code, out, err) == (2, "", "rulecheck: cannot read configuration missing.yaml: No such file or directory\n")
    (tmp_path / "tool.toml").write_text("[tool.other]\nx = 1\n")
    code, out, err = run("check", "drafts", "--config", "tool.toml", cwd=root)
    assert (code, out, err) == (2, "", "rulecheck: tool.toml: no [tool.rulecheck] table\n")


def test_cli_config_extension_and_format(tmp_path: Path) -> None:
    root = project(tmp_path, "extension: .log\nformat: json\n")
    (tmp_path / "games" / "wurm.transcript").rename(tmp_path / "games" / "wurm.log")
    code, out, _ = run("check", "games", cwd=root)
    assert code == 1  # games/wurm.log is checked, games/legacy/wurm.transcript is not
    assert [(v["file"], v["rule"]) for v in json.loads(out)] == [("games/wurm.log", "510.1c")]
    (tmp_path / "games" / "legacy" / "wurm.transcript").rename(tmp_path / "games" / "legacy" / "wurm.log")
    code, out, _ = run("check", "games", "--format", "concise", "--extension", ".transcript", cwd=root)
    assert (code, out, _) == (2, "", "rulecheck: no transcripts found\n")


@pytest.mark.parametrize(("args", "message"), [
    (["--select", "510.1x"], "rulecheck: --select: unknown rule '510.1x'; did you mean '510.1'?"),
    (["--ignore", "bad-supression"], "rulecheck: --ignore: unknown rule 'bad-supression'; did you mean "
                                     "'bad-suppression'?"),
    (["--extend-ignore", "io"], "rulecheck: --extend-ignore: 'io' cannot be ignored: it reports that the run itself "
                                "failed"),
    (["--select", ","], "rulecheck: --select needs at least one rule code"),
])
def test_cli_unknown_rule_exits_2(args: list[str], message: str) -> None:
    code, out, err = run("check", str(EXAMPLE), *args)
    assert (code, out, err) == (2, "", message + "\n")


# ---------------------------------------------------------------- suppression
SYNTAX = (15, 7, 13, "syntax", "unknown word 'atacks'")
LINE_14 = len(TRANSCRIPT.splitlines()[13])


def suppressed(comment: str, line: int = 14, text: str = TRANSCRIPT,
               config: Config | None = None) -> list[tuple[int, int, int, str, str]]:
    lines = text.splitlines()
    lines[line - 1] += comment
    return [(v.line, v.column, v.end_column, v.rule, v.message)
            for v in check_text("\n".join(lines) + "\n", config=config)]


def test_line_suppression_after_a_statement() -> None:
    assert suppressed("  # rulecheck: ignore[510.1c]") == [SYNTAX]
    assert suppressed("  # rulecheck: ignore[510]") == [SYNTAX]
    directive = "rulecheck:ignore[ 510.1 , 514 ] because the wurm is a test"
    assert suppressed("  #" + directive) == [
        (14, LINE_14 + 4, LINE_14 + 4 + len(directive), "unused-suppression",
         "unused suppression: no 514 violation on this line to silence"),
        SYNTAX]


def test_suppression_shares_a_comment_with_expect() -> None:
    text = TRANSCRIPT.replace("4 to Eager Cadet", "4 to Eager Cadet  # expect: 510.1c  # rulecheck: ignore[510.1c]")
    violations = check_text(text)
    assert [(v.line, v.rule) for v in violations] == [(15, "syntax")]


def test_file_suppression_anywhere() -> None:
    assert suppressed("  # rulecheck: ignore-file[syntax]", line=1) == [(14, 1, 54, "510.1c", WURM_MESSAGE)]
    assert suppressed("\n# rulecheck: ignore-file[510, syntax]", line=15) == []


def test_unused_suppressions_are_warnings() -> None:
    assert suppressed("  # rulecheck: ignore[514]") == [
        (14, 1, 54, "510.1c", WURM_MESSAGE),
        (14, LINE_14 + 5, LINE_14 + 27, "unused-suppression",
         "unused suppression: no 514 violation on this line to silence"),
        SYNTAX]
    assert suppressed("# rulecheck: ignore-file[514.1]\n", line=1, text="\n" + TRANSCRIPT)[0] == (
        1, 3, 32, "unused-suppression", "unused suppression: no 514.1 violation in this file to silence")
    assert suppressed("# rulecheck: ignore[510.1c]\n", line=1, text="\n" + TRANSCRIPT)[0] == (
        1, 3, 28, "unused-suppression", "unused suppression: a line suppression silences only its own line, and "
                                        "this line has no statement")
    assert suppressed("  # rulecheck: ignore[510.1c]", config=Config(ignore=["510"]))[0] == (
        14, LINE_14 + 5, LINE_14 + 30, "unused-suppression",
        "unused suppression: 510.1c is not selected, so there is nothing to silence")
    violations = check_text(TRANSCRIPT.replace("4 to Eager Cadet", "4 to Eager Cadet # rulecheck: ignore[514]"))
    assert [(v.rule, v.severity) for v in violations] == [("510.1c", "error"), ("unused-suppression", "warning"),
                                                          ("syntax", "error")]


def test_unused_suppression_warnings_can_be_silenced() -> None:
    assert suppressed("  # rulecheck: ignore[514, unused-suppression]") == [
        (14, 1, 54, "510.1c", WURM_MESSAGE), SYNTAX]
    assert suppressed("  # rulecheck: ignore[514]", config=Config(ignore=["unused-suppression"])) == [
        (14, 1, 54, "510.1c", WURM_MESSAGE), SYNTAX]
    assert [r[3] for r in suppressed("  # rulecheck: ignore[unused-suppression]")] == [
        "510.1c", "unused-suppression", "syntax"]


@pytest.mark.parametrize(("comment", "message"), [
    ("# rulecheck: ignore", "a bare '# rulecheck: ignore' is refused: name the rules it silences, as in "
                            "'# rulecheck: ignore[510.1c]'"),
    ("# rulecheck: ignore-file", "a bare '# rulecheck: ignore-file' is refused: name the rules it silences, as in "
                                 "'# rulecheck: ignore-file[510.1c]'"),
    ("# rulecheck: ignore[]", "'# rulecheck: ignore[]' names no rule: name the rules it silences, as in "
                              "'# rulecheck: ignore[510.1c]'"),
    ("# rulecheck: ignore[ALL]", "'ALL' cannot be suppressed in a comment: name the rules to silence"),
    ("# rulecheck: ignore[510.1c", "'# rulecheck: ignore[' is missing its closing ']'"),
    ("# rulecheck: ignroe[510.1c]", "unknown rulecheck directive 'ignroe'; did you mean 'ignore'?"),
    ("# rulecheck:", "empty rulecheck directive; write '# rulecheck: ignore[510.1c]' or "
                     "'# rulecheck: ignore-file[514]'"),
    ("# rulecheck: ignore[510.1x]", "unknown rule '510.1x' in suppression; did you mean '510.1'?"),
    ("# rulecheck: ignore-file[internal-error]", "'internal-error' cannot be suppressed: it reports that the run "
                                                 "itself failed"),
])
def test_bad_suppressions_are_refused(comment: str, message: str) -> None:
    assert suppressed("  " + comment) == [
        (14, 1, 54, "510.1c", WURM_MESSAGE),
        (14, LINE_14 + 5, LINE_14 + 3 + len(comment), "bad-suppression", message),
        SYNTAX]


def test_syntax_errors_are_silenced_only_when_named() -> None:
    assert [r[3] for r in suppressed("  # rulecheck: ignore[510]", line=15)] == [
        "510.1c", "syntax", "unused-suppression"]
    assert [r[3] for r in suppressed("  # rulecheck: ignore[syntax]", line=15)] == ["510.1c"]


def test_free_text_mentioning_rulecheck_is_not_a_directive() -> None:
    assert [r[3] for r in suppressed("  # rulecheck should flag this")] == ["510.1c", "syntax"]
    assert [r[3] for r in suppressed('  # see "rulecheck: ignore"')] == ["510.1c", "syntax"]


def test_suppressions_in_the_cli(tmp_path: Path) -> None:
    f = tmp_path / "t.transcript"
    f.write_text(EXAMPLE.read_text().replace("# expect: 510.1c", "# rulecheck: ignore[510.1c, 514]"))
    code, out, _ = run("check", str(f), "--format", "concise")
    assert code == 0
    assert out.splitlines() == [
        f"{f}:20:59: unused-suppression unused suppression: no 514 violation on this line to silence",
        "No violations in 1 file; 1 warning."]
    f.write_text(EXAMPLE.read_text().replace("# expect: 510.1c", "# rulecheck: ignore"))
    code, out, _ = run("check", str(f), "--format", "concise", "--extend-ignore", "510")
    assert code == 1
    assert out.splitlines() == [
        f"{f}:20:59: bad-suppression a bare '# rulecheck: ignore' is refused: name the rules it silences, as in "
        "'# rulecheck: ignore[510.1c]'",
        "Found 1 violation in 1 file (1 checked)."]
