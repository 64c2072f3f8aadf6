"""Judge-exam mode (`rulecheck exam`) and expectation annotations (`rulecheck check --expect`)."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from rulecheck.cli import cli
from rulecheck.exam import TEMPLATE, grade_file, grade_text, load_exam
from rulecheck.report import FORMATS

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "cr-examples.exam.yaml"
EXPECT = ROOT / "fixtures" / "expect"

# Line 20 is the first answer; the question's setup is on lines 10-18.
HEAD = """\
exam: Test exam
setup: |
  players: Alice, Bob
  card Craw Wurm: creature 6/4
  card Wall of Wood: creature 0/3, defender
  card Eager Cadet: creature 1/1
questions:
  - id: wurm
    setup: |
      Alice controls Craw Wurm
      Bob controls Wall of Wood, Eager Cadet
      turn 5: Alice, in beginning of combat step
      declare attackers step begins
      Alice declares Craw Wurm attacking Bob
      declare blockers step begins
      Bob declares Wall of Wood and Eager Cadet blocking Craw Wurm
      Alice orders blockers of Craw Wurm: Wall of Wood, Eager Cadet
      combat damage step begins
    answers:
"""
LEGAL_3_3 = '      A: {transcript: "Craw Wurm assigns 3 to Wall of Wood, 3 to Eager Cadet", key: legal}\n'
ILLEGAL_2_4 = ('      B: {transcript: "Craw Wurm assigns 2 to Wall of Wood, 4 to Eager Cadet", key: illegal, '
               'cites: [510.1c]}\n')
WURM_510_1C = ("Craw Wurm assigns damage to Eager Cadet, but Wall of Wood, ahead of it in the damage assignment "
               "order, is not assigned lethal damage")


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), input=stdin)
    return result.exit_code, result.stdout, result.stderr


def write(tmp_path: Path, text: str, name: str = "t.exam.yaml") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def concise(path: str) -> tuple[int, list[str]]:
    code, out, _ = run("exam", path, "--format", "concise")
    return code, out.splitlines()


# ------------------------------------------------------------------------------------------ clean exams

def test_example_exam_grades_cleanly() -> None:
    code, out, err = run("exam", str(EXAMPLE), "--format", "concise")
    assert (code, out, err) == (0, "No violations in 1 file.\n", "Graded 54 answers to 14 questions.\n")


def test_example_exam_covers_the_rulebook_examples() -> None:
    exam, _ = load_exam(EXAMPLE.read_text(encoding="utf-8"))
    assert len(exam.questions) >= 12
    cited = {c.rule for q in exam.questions for a in q.answers for c in a.cites or []}
    assert {"508.1d", "509.1c", "510.1c", "510.5", "514.1", "505.5b", "500.7"} <= cited
    assert [q.qid for q in exam.questions if q.qid.startswith("wurm-")] == [
        "wurm-split", "wurm-giant-growth", "wurm-mending-hands", "wurm-marked-damage"]
    baloth = next(q for q in exam.questions if q.qid == "baloth")
    assert baloth.explanation is not None and "510.1e" in baloth.explanation.text


def test_every_key_of_the_example_matters() -> None:
    """Flipping any one-line key of the example exam is caught: none of them passes by accident."""
    text = EXAMPLE.read_text(encoding="utf-8")
    lines = text.splitlines(keepends=True)
    flipped = 0
    for i, line in enumerate(lines):
        if "key: legal}" in line:
            changed = line.replace("key: legal}", "key: illegal}")
        elif "key: illegal, cites:" in line and line.rstrip().endswith("]}"):
            changed = line[:line.index("key: illegal")] + "key: legal}\n"
        else:
            continue
        report = grade_text("".join(lines[:i] + [changed] + lines[i + 1:]), path="x")
        assert [v.rule for v in report.violations] == ["exam-key"], line
        flipped += 1
    assert flipped >= 25


def test_template_prints_a_starter_exam_that_grades_cleanly(tmp_path: Path) -> None:
    code, out, _ = run("exam", "--template")
    assert code == 0
    assert out == TEMPLATE
    data = yaml.safe_load(out)
    assert [q["id"] for q in data["questions"]] == ["wurm-split", "cleanup"]
    code, out, err = run("exam", write(tmp_path, out), "--format", "concise")
    assert (code, out, err) == (0, "No violations in 1 file.\n", "Graded 5 answers to 2 questions.\n")


def test_template_takes_no_paths_and_a_path_is_needed() -> None:
    code, _, err = run("exam", "--template", str(EXAMPLE))
    assert code == 2
    assert "--template prints a starter exam and takes no files" in err
    code, _, err = run("exam")
    assert code == 2
    assert "give one or more exam files (or --template for a starter exam)" in err


# ------------------------------------------------------------------------------------------ wrong keys

def test_key_says_legal_but_the_answer_breaks_a_rule(tmp_path: Path) -> None:
    answer = '      B: {transcript: "Craw Wurm assigns 2 to Wall of Wood, 4 to Eager Cadet", key: legal}\n'
    path = write(tmp_path, HEAD + LEGAL_3_3 + answer)
    assert concise(path) == (1, [
        f"{path}:21:24: exam-key wurm answer B: the key says legal, but rulecheck finds 510.1c: {WURM_510_1C}",
        "Found 1 violation in 1 file (1 checked).",
    ])


def test_key_says_illegal_but_the_answer_is_legal(tmp_path: Path) -> None:
    answer = ('      A: {transcript: "Craw Wurm assigns 3 to Wall of Wood, 3 to Eager Cadet", key: illegal, '
              'cites: [510.1c]}\n')
    path = write(tmp_path, HEAD + answer + ILLEGAL_2_4)
    assert concise(path) == (1, [
        f"{path}:20:85: exam-key wurm answer A: the key says illegal (510.1c), but rulecheck finds no violation",
        "Found 1 violation in 1 file (1 checked).",
    ])


def test_wrong_citation(tmp_path: Path) -> None:
    path = write(tmp_path, HEAD + LEGAL_3_3 + ILLEGAL_2_4.replace("510.1c", "510.1d"))
    assert concise(path) == (1, [
        f"{path}:21:102: exam-citation wurm answer B: the key cites 510.1d, but rulecheck finds 510.1c "
        f"(line 21: {WURM_510_1C})",
        "Found 1 violation in 1 file (1 checked).",
    ])


def test_citation_without_its_letter_gets_a_hint(tmp_path: Path) -> None:
    path = write(tmp_path, HEAD + ILLEGAL_2_4.replace("[510.1c]", "510.1"))
    code, out, _ = run("exam", path, "--format", "json")
    assert code == 1
    [finding] = json.loads(out)
    assert (finding["line"], finding["column"], finding["end_column"], finding["rule"]) == (20, 101, 106,
                                                                                          "exam-citation")
    assert finding["message"] == (f"wurm answer B: the key cites 510.1, but rulecheck finds 510.1c (line 20: "
                                  f"{WURM_510_1C})")
    assert finding["hint"] == "cite the exact rule, with its letter: 510.1c"
    assert finding["related"] == ["510.1c"]


def test_citation_missing_on_an_illegal_key(tmp_path: Path) -> None:
    answer = "      B:\n        transcript: Craw Wurm assigns 6 to Eager Cadet\n        key: illegal\n"
    path = write(tmp_path, HEAD + answer)
    assert concise(path) == (1, [
        f"{path}:22:14: exam-citation wurm answer B: the key says illegal but cites no rule; rulecheck finds "
        f"510.1c (line 21: {WURM_510_1C})",
        "Found 1 violation in 1 file (1 checked).",
    ])


def test_related_rules_may_be_cited_in_addition_but_not_unrelated_ones(tmp_path: Path) -> None:
    related = ILLEGAL_2_4.replace("[510.1c]", "[510.1c, 702.18]")
    assert concise(write(tmp_path, HEAD + related)) == (0, ["No violations in 1 file."])
    unrelated = ILLEGAL_2_4.replace("[510.1c]", "[510.1c, 702.19]")
    code, out, _ = run("exam", write(tmp_path, HEAD + unrelated), "--format", "json")
    assert code == 1
    [finding] = json.loads(out)
    assert (finding["line"], finding["column"], finding["rule"]) == (20, 110, "exam-citation")
    assert finding["message"].startswith("wurm answer B: the key cites 510.1c, 702.19, but rulecheck finds 510.1c")
    assert finding["hint"] == ("702.19 is outside the rules rulecheck checks; such a citation must be one of the "
                               "related rules of what it finds (509.1h, 702.18, 702.2)")


def test_wrong_rule_in_the_explanation(tmp_path: Path) -> None:
    explanation = "    explanation: A. Under 510.1d the Wall, first in the order, must be assigned lethal damage.\n"
    path = write(tmp_path, HEAD + LEGAL_3_3 + ILLEGAL_2_4 + explanation)
    assert concise(path) == (1, [
        f"{path}:22:27: exam-explanation wurm explanation: quotes 510.1d, but rulecheck finds no 510.1d in this "
        "question's answers (it finds 510.1c)",
        "Found 1 violation in 1 file (1 checked).",
    ])


def test_explanation_rules_found_related_or_checked_through_are_accepted(tmp_path: Path) -> None:
    explanation = ("    explanation: >\n      A. 510.1c wants lethal damage on the Wall first (trample, 702.19, is not "
                   "involved;\n      compare 702.18 and 510.1e).\n")
    path = write(tmp_path, HEAD + LEGAL_3_3 + ILLEGAL_2_4 + explanation)
    assert concise(path) == (1, [
        f"{path}:23:65: exam-explanation wurm explanation: quotes 702.19, but rulecheck finds no 702.19 in this "
        "question's answers (it finds 510.1c)",
        "Found 1 violation in 1 file (1 checked).",
    ])


def test_all_legal_question_cannot_quote_rules(tmp_path: Path) -> None:
    path = write(tmp_path, HEAD + LEGAL_3_3 + "    explanation: Legal under 510.1c.\n")
    assert concise(path)[1][0] == (f"{path}:21:30: exam-explanation wurm explanation: quotes 510.1c, but rulecheck "
                                   "finds no 510.1c in this question's answers (it finds no violation)")


def test_a_setup_that_already_breaks_a_rule(tmp_path: Path) -> None:
    text = HEAD.replace("Alice orders blockers", "Bob orders blockers")
    path = write(tmp_path, text + LEGAL_3_3)
    assert concise(path) == (1, [
        f"{path}:17:7: exam-setup the setup breaks 509.2: Bob announces Craw Wurm's damage assignment order, but "
        "Alice does",
        "Found 1 violation in 1 file (1 checked).",
    ])


def test_line_references_in_messages_point_into_the_yaml_file(tmp_path: Path) -> None:
    text = """\
exam: Lands
questions:
  - setup: |
      players: Alice, Bob
      card Forest: land
      card Mountain: land
      Alice: hand 2, lands played 0
      Alice holds Forest, Mountain
      turn 3: Alice, in precombat main phase
      Alice plays Forest
    answers:
      A: {transcript: Alice plays Mountain, key: legal}
"""
    path = write(tmp_path, text)
    assert concise(path)[1][0] == (f"{path}:12:23: exam-key q1 answer A: the key says legal, but rulecheck finds "
                                   "505.5b: Alice plays Mountain, but Alice already played a land this turn "
                                   "(Forest, line 10)")


# ------------------------------------------------------------------------------------------ positions

def test_syntax_error_in_an_inline_answer_points_into_the_yaml_line(tmp_path: Path) -> None:
    answer = '      C: {transcript: "Craw Wurm asigns 6 to Wall of Wood", key: legal}\n'
    path = write(tmp_path, HEAD + LEGAL_3_3 + answer)
    code, out, err = run("exam", path, "--format", "json")
    assert code == 1
    [finding] = json.loads(out)
    assert (finding["file"], finding["line"], finding["column"], finding["rule"]) == (path, 21, 34, "syntax")
    assert Path(path).read_text().splitlines()[20][33:39] == "asigns"
    assert err == ""
    _, out, _ = run("exam", path, "--format", "concise", "--exit-zero")
    assert out.splitlines()[0].startswith(f"{path}:21:34: syntax unexpected 'as'")


def test_syntax_error_in_a_block_answer_points_into_the_yaml_line(tmp_path: Path) -> None:
    answer = ("      C:\n        transcript: |\n          Craw Wurm assigns 6 to Wall of Wood\n"
              "          Eager Cadet asigns 1 combat damage to Craw Wurm\n        key: legal\n")
    path = write(tmp_path, HEAD + answer)
    code, out, _ = run("exam", path, "--format", "full")
    assert code == 1
    lines = out.splitlines()
    assert lines[0].startswith(f"{path}:23:23: syntax unexpected 'as'")
    assert "Eager Cadet asigns 1 combat damage to Craw Wurm" in lines[2]
    caret = next(line for line in lines if "^" in line)
    assert caret.index("^") == lines[2].index("asigns")


def test_syntax_error_in_a_shared_setup_is_reported_once(tmp_path: Path) -> None:
    text = HEAD.replace("card Eager Cadet: creature 1/1", "card Eager Cadet: creature 1/1/1")
    path = write(tmp_path, text + LEGAL_3_3 + ILLEGAL_2_4)
    code, out, err = run("exam", path, "--format", "json")
    assert code == 1
    findings = json.loads(out)
    assert [(f["line"], f["column"], f["rule"], f["message"]) for f in findings] == [
        (6, 33, "syntax", "unexpected '/1'; expected ',' or ';'"),
        (11, 34, "syntax", "unknown card 'Eager Cadet'"),
        (16, 37, "syntax", "unknown permanent 'Eager Cadet'"),
        (17, 57, "syntax", "unknown permanent 'Eager Cadet'"),
    ]
    assert err == ""


def test_answers_in_a_list_and_double_quoted_line_breaks(tmp_path: Path) -> None:
    answer = '      A: {transcript: ["Craw Wurm assigns 6 to Wall of Wood\\nEager Cadet asigns 1"], key: legal}\n'
    path = write(tmp_path, HEAD + answer)
    code, out, _ = run("exam", path, "--format", "json")
    assert code == 1
    [finding] = json.loads(out)
    assert (finding["line"], finding["column"]) == (20, 74)
    assert Path(path).read_text().splitlines()[19][73:79] == "asigns"


# ------------------------------------------------------------------------------------------ output formats

def test_json_and_junit_output(tmp_path: Path) -> None:
    answer = '      B: {transcript: "Craw Wurm assigns 2 to Wall of Wood, 4 to Eager Cadet", key: legal}\n'
    path = write(tmp_path, HEAD + LEGAL_3_3 + answer)
    code, out, err = run("exam", path, "--format", "json")
    assert (code, err) == (1, "")
    assert json.loads(out) == [{
        "file": path, "line": 21, "column": 24, "end_line": 21, "end_column": 77, "rule": "exam-key",
        "message": f"wurm answer B: the key says legal, but rulecheck finds 510.1c: {WURM_510_1C}",
        "severity": "error", "related": ["510.1c"], "hint": None}]
    code, out, err = run("exam", path, "--format", "junit")
    assert (code, err) == (1, "")
    root = ET.fromstring(out)
    [suite] = root.findall("testsuite")
    assert suite.get("failures") == "1"
    [failure] = suite.findall("testcase/failure")
    assert failure.get("type") == "exam-key"
    assert failure.get("message") == f"wurm answer B: the key says legal, but rulecheck finds 510.1c: {WURM_510_1C}"


@pytest.mark.parametrize("fmt", sorted(FORMATS))
def test_every_output_format_renders_exam_findings(tmp_path: Path, fmt: str) -> None:
    answer = '      B: {transcript: "Craw Wurm assigns 2 to Wall of Wood, 4 to Eager Cadet", key: legal}\n'
    path = write(tmp_path, HEAD + answer)
    code, out, _ = run("exam", path, "--format", fmt)
    assert code == 1
    assert "exam-key" in out


def test_directories_and_stdin(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    write(tmp_path / "sub", TEMPLATE, "a.exam.yml")
    write(tmp_path, HEAD + LEGAL_3_3, "b.exam.yaml")
    write(tmp_path, "not: an exam\n", "cards.yaml")
    code, out, err = run("exam", str(tmp_path), "--format", "concise")
    assert (code, out, err) == (0, "No violations in 2 files.\n", "Graded 6 answers to 3 questions.\n")
    code, out, _ = run("exam", "-", "--format", "concise", stdin=HEAD + LEGAL_3_3.replace("legal", "illegal"))
    assert (code, out.splitlines()[0]) == (1, "<stdin>:20:85: exam-key wurm answer A: the key says illegal, but "
                                              "rulecheck finds no violation")
    empty = tmp_path / "empty"
    empty.mkdir()
    code, _, err = run("exam", str(empty))
    assert (code, err) == (2, "rulecheck: no exam files (*.exam.yaml) found\n")


# ------------------------------------------------------------------------------------------ invalid files

@pytest.mark.parametrize(("text", "line", "column", "message"), [
    ("- just\n- a list\n", 1, 1, "the exam must be a mapping (with 'exam', 'questions')"),
    ("exam: No questions\n", 1, 1, "the exam has no 'questions'"),
    ("exam: T\nquestions: []\n", 2, 12, "'questions' must be a list of questions"),
    ("exam: T\nquestions:\n  - setup: x\n", 3, 5, "question 1 has no 'answers'"),
    ("exam: T\nquestions:\n  - answers: {A: {transcript: x, key: legal, cite: [510.1c]}}\n", 3, 46,
     "question q1, answer A: unknown key 'cite'; did you mean 'cites'?"),
    ("exam: T\nquestions:\n  - answers: {A: {transcript: x, key: ilegal}}\n", 3, 39,
     "question q1, answer A: 'key' must be 'legal' or 'illegal', not 'ilegal'"),
    ("exam: T\nquestions:\n  - answers: {A: {transcript: x, key: legal, cites: [510.1c]}}\n", 3, 46,
     "question q1, answer A: a legal answer cites no rules; remove 'cites' or make the key illegal"),
    ("exam: T\nquestions:\n  - answers: {A: {transcript: x, key: illegal, cites: [510.1 c]}}\n", 3, 56,
     "question q1, answer A: '510.1 c' is not a rule number (such as 510.1c)"),
    ("exam: T\nquestions:\n  - answers: {A: {transcript: x, key: legal}}\n    answers: {}\n", 4, 5,
     "question 1: duplicate key 'answers'"),
    ("exam: T\nquestions:\n  - {id: a, answers: {A: {transcript: x, key: legal}}}\n"
     "  - {id: a, answers: {A: {transcript: x, key: legal}}}\n", 4, 5, "question id 'a' is used twice"),
    ("exam: T\nquestions:\n  - answers: {A: {transcript: , key: legal}}\n", 3, 30,
     "question q1, answer A: 'transcript' is empty"),
    ("exam: !!python/object:os.system T\nquestions: []\n", 1, 7,
     "the tag 'tag:yaml.org,2002:python/object:os.system' is not allowed: an exam is plain YAML (text, lists "
     "and mappings)"),
    ("exam: T\nquestions:\n  - answers: {A: [\n", 4, 1,
     "not valid YAML: while parsing a flow node expected the node content, but found '<stream end>'"),
    ("", 1, 1, "the file is empty; an exam is a mapping with 'exam' and 'questions'"),
])
def test_invalid_exam_files_exit_2_with_a_position(tmp_path: Path, text: str, line: int, column: int,
                                                   message: str) -> None:
    path = write(tmp_path, text)
    code, out, _ = run("exam", path, "--format", "concise")
    assert code == 2
    assert out.splitlines()[0] == f"{path}:{line}:{column}: exam-format {message}"


def test_python_tag_is_never_constructed(tmp_path: Path) -> None:
    marker = tmp_path / "touched"
    text = f"exam: !!python/object/apply:os.system ['touch {marker}']\nquestions: []\n"
    code, out, _ = run("exam", write(tmp_path, text), "--format", "concise")
    assert code == 2
    assert "exam-format the tag 'tag:yaml.org,2002:python/object/apply:os.system' is not allowed" in out
    assert not marker.exists()


def test_unreadable_and_non_utf8_files(tmp_path: Path) -> None:
    missing = str(tmp_path / "missing.exam.yaml")
    code, out, _ = run("exam", missing, str(EXAMPLE), "--format", "concise")
    assert code == 2
    assert out.splitlines()[0] == f"{missing}:1:1: io cannot read file: No such file or directory"
    bad = tmp_path / "bad.exam.yaml"
    bad.write_bytes(b"exam: T\nquestions: [\xff]\n")
    code, out, _ = run("exam", str(bad), "--format", "concise")
    assert (code, out.splitlines()[0]) == (2, f"{bad}:2:13: exam-format the file is not valid UTF-8 (byte 0xff)")


def test_rule_numbers_stay_text() -> None:
    exam, _ = load_exam("exam: T\nquestions:\n  - answers: {A: {transcript: x, key: illegal, "
                        "cites: [500.10, 510.1]}}\n")
    assert [c.rule for c in exam.questions[0].answers[0].cites or []] == ["500.10", "510.1"]


def test_merge_keys_and_anchors(tmp_path: Path) -> None:
    text = HEAD + '      A: &legal {transcript: "Craw Wurm assigns 6 to Wall of Wood", key: legal}\n' \
        '      B: {<<: *legal, transcript: "Craw Wurm assigns 4 to Wall of Wood, 2 to Eager Cadet"}\n'
    report = grade_file(write(tmp_path, text))
    assert (report.violations, report.answers, report.invalid) == ([], 2, False)


def test_extension_keys_hold_anchors_and_aliases_cannot_blow_up(tmp_path: Path) -> None:
    text = ("exam: T\nx-players: &players |\n  players: Alice, Bob\n  # " + "x" * 100_000 + "\nquestions:\n"
            "  - setup: [" + ", ".join(["*players"] * 300) + "]\n    answers: {A: {transcript: x, key: legal}}\n")
    code, out, _ = run("exam", write(tmp_path, text), "--format", "concise")
    assert code == 2
    assert out.splitlines()[0].endswith(":1:1: exam-format the exam is too large to grade: its answers replay "
                                        "60013801 characters of transcript (aliases included); the limit is 20000000")


# ------------------------------------------------------------------------------------------ check --expect

@pytest.mark.parametrize(("name", "code", "lines"), [
    ("agree", 0, ["No violations in 1 file."]),
    ("missing", 1, ["{path}:18:1: expect-missing 510.1c is expected here, but rulecheck found no such violation",
                    "Found 1 violation in 1 file (1 checked)."]),
    ("unexpected", 1, ["{path}:12:1: expect-unexpected 505.5b is found but not expected: Alice plays Mountain, but Alice already played a "
                       "land this turn (Forest, line 11)",
                       "Found 1 violation in 1 file (1 checked)."]),
    ("wrong-rule", 1, ["{path}:18:1: expect-missing 510.1d is expected here, but rulecheck found no such violation",
                       f"{{path}}:18:1: expect-unexpected 510.1c is found but not expected: {WURM_510_1C}",
                       "Found 2 violations in 1 file (1 checked)."]),
])
def test_check_expect_on_fixtures(name: str, code: int, lines: list[str]) -> None:
    path = str(EXPECT / f"{name}.transcript")
    got_code, out, _ = run("check", path, "--expect", "--format", "concise")
    assert (got_code, out.splitlines()) == (code, [line.format(path=path) for line in lines])


def test_check_expect_on_the_fixture_directory() -> None:
    code, out, _ = run("check", str(EXPECT), "--expect", "--format", "concise")
    assert code == 1
    assert [line.split(": ", 1)[0].removeprefix(str(EXPECT) + "/") for line in out.splitlines()[:-1]] == [
        "missing.transcript:18:1", "unexpected.transcript:12:1", "wrong-rule.transcript:18:1",
        "wrong-rule.transcript:18:1"]
    assert out.splitlines()[-1] == "Found 4 violations in 3 files (4 checked)."


def test_without_expect_the_annotated_violation_is_reported() -> None:
    code, out, _ = run("check", str(EXPECT / "agree.transcript"), "--format", "concise")
    assert (code, out.splitlines()[0]) == (1, f"{EXPECT / 'agree.transcript'}:18:1: 510.1c {WURM_510_1C}")
