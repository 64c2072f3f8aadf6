"""`rulecheck trace`: the state after every line (JSON, text, HTML), its schema, and that it only reads the game."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from bench_modules import bench_module
from click.testing import CliRunner

from rulecheck.checker import check_file, check_text
from rulecheck.cli import cli
from rulecheck.replay.engine import Engine
from rulecheck.trace import trace_file, trace_text
from rulecheck.trace.render_html import render_html
from rulecheck.trace.render_json import render_json
from rulecheck.trace.render_text import render_text

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "craw-wurm.transcript"
FOUR_PLAYERS = ROOT / "fixtures" / "audit" / "independent5" / "03-each-defender-blocks-its-own-attackers.transcript"
SCHEMA = json.loads((ROOT / "docs" / "trace.schema.json").read_text(encoding="utf-8"))
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)


def run(*args: str, stdin: str | None = None) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args), input=stdin)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.output


def entry(doc: dict[str, Any], line: int) -> dict[str, Any]:
    found = [e for e in doc["lines"] if e["line"] == line]
    assert len(found) == 1
    return found[0]


def perm(state: dict[str, Any], controller: str, name: str) -> dict[str, Any]:
    found = [p for p in state["battlefield"][controller] if p["name"] == name]
    assert len(found) == 1
    return found[0]


# ---------------------------------------------------------------- JSON


def test_craw_wurm_line_20_shows_the_attack_the_blockers_in_order_and_the_finding() -> None:
    code, out = run("trace", str(EXAMPLE), "--format", "json")
    assert code == 0
    doc = json.loads(out)
    e = entry(doc, 20)
    assert e["text"] == "Craw Wurm assigns 2 to Wall of Wood, 4 to Eager Cadet   # expect: 510.1c"
    state = e["state"]
    assert state["turn"] == {"edition": "baseline", "number": 5, "active": "Alice", "phase": "combat phase",
                             "step": "combat damage step", "between": None, "priority": "Alice"}
    wurm = perm(state, "Alice", "Craw Wurm")
    assert (wurm["attacking"], wurm["blocked"], wurm["blockers"], wurm["ordered"], wurm["tapped"]) == (
        "Bob", True, ["Wall of Wood", "Eager Cadet"], True, True)
    assert (wurm["power"], wurm["toughness"]) == (6, 4)
    assert wurm["assigned"] == [[2, "Wall of Wood"], [4, "Eager Cadet"]]
    assert [(p["name"], p["blocking"]) for p in state["battlefield"]["Bob"]] == [
        ("Wall of Wood", ["Craw Wurm"]), ("Eager Cadet", ["Craw Wurm"])]
    assert e["findings"] == [{
        "rule": "510.1c", "title": "A blocked creature damages its blockers in order, lethal damage to each before "
                                   "the next",
        "message": "Craw Wurm assigns damage to Eager Cadet, but Wall of Wood, ahead of it in the damage assignment "
                   "order, is not assigned lethal damage",
        "severity": "error", "column": 1, "end_column": 54, "related": ["702.2", "702.18", "509.1h"]}]
    assert [x["line"] for x in doc["lines"]] == [2, 3, 4, 6, 7, 8, 10, 11, 13, 14, 15, 16, 17, 18, 19, 20]
    assert [x["line"] for x in doc["lines"] if x["findings"]] == [20]


def test_the_state_follows_the_lines_before_and_after_the_blocks() -> None:
    doc = json.loads(render_json(trace_file(str(EXAMPLE))))
    assert entry(doc, 15)["state"]["battlefield"]["Alice"][0]["blockers"] == []
    assert perm(entry(doc, 17)["state"], "Alice", "Craw Wurm")["ordered"] is False   # declared, not yet ordered
    assert perm(entry(doc, 18)["state"], "Alice", "Craw Wurm")["ordered"] is True
    assert entry(doc, 11)["state"]["turn"]["number"] is None
    assert perm(entry(doc, 11)["state"], "Alice", "Craw Wurm")["tapped"] is False


def test_line_option_gives_one_entry() -> None:
    code, out = run("trace", str(EXAMPLE), "--format", "json", "--line", "17")
    assert code == 0
    assert [e["line"] for e in json.loads(out)["lines"]] == [17]


@pytest.mark.parametrize("path", [EXAMPLE, FOUR_PLAYERS,
                                  ROOT / "fixtures" / "rules" / "510.1c-pass.transcript"])
def test_json_output_is_valid_against_the_schema(path: Path) -> None:
    VALIDATOR.validate(json.loads(render_json(trace_file(str(path)))))


def test_the_schema_is_a_valid_schema_and_rejects_a_wrong_document() -> None:
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    doc = json.loads(render_json(trace_file(str(EXAMPLE))))
    perm(entry(doc, 20)["state"], "Alice", "Craw Wurm")["tapped"] = "yes"
    assert not VALIDATOR.is_valid(doc)
    del entry(doc, 20)["state"]["battlefield"]["Alice"][0]["tapped"]
    assert not VALIDATOR.is_valid(doc)


def test_four_players_each_side_and_what_attacks_whom() -> None:
    doc = json.loads(render_json(trace_file(str(FOUR_PLAYERS))))
    state = entry(doc, 30)["state"]
    assert list(state["battlefield"]) == ["Alice", "Bob", "Carol", "Dan"]
    assert [(p["name"], p["attacking"], p["blockers"]) for p in state["battlefield"]["Alice"]] == [
        ("Craw Wurm", "Bob", ["Wall of Wood"]), ("Serra Angel", "Carol", ["Giant Spider"]),
        ("Grizzly Bears", "Jace Beleren", ["Eager Cadet"])]
    # the block declaration is still open after line 29: the next line continues it
    assert entry(doc, 29)["state"]["declaring"] == {
        "kind": "block", "player": "Bob", "pairs": [["Wall of Wood", ["Craw Wurm"]], ["Giant Spider", ["Serra Angel"]]]}
    jace = perm(state, "Dan", "Jace Beleren")
    assert (jace["loyalty"], jace["power"], jace["types"]) == (3, None, ["planeswalker"])
    assert perm(state, "Dan", "Eager Cadet")["loyalty"] is None
    last = doc["lines"][-1]["state"]
    assert [p["name"] for p in last["battlefield"]["Bob"]] == []
    assert perm(last, "Alice", "Serra Angel")["damage"] == 2


def test_life_mana_stack_and_priority() -> None:
    text = """players: Alice, Bob
priority: explicit
card Forest: land
card Giant Growth: instant, mana cost {G}, target creature
card Grizzly Bears: creature 2/2
Alice controls Forest, Grizzly Bears
turn 3: Alice, in precombat main phase
Alice taps Forest for {G}
Alice casts Giant Growth targeting Grizzly Bears
Alice passes
Bob passes
Giant Growth resolves
Bob loses 3 life
"""
    doc = json.loads(render_json(trace_text(text)))
    assert entry(doc, 8)["state"]["players"][0]["mana"] == "{G}"
    assert perm(entry(doc, 8)["state"], "Alice", "Forest")["tapped"] is True
    cast = entry(doc, 9)["state"]
    assert cast["players"][0]["mana"] == ""
    assert [(s["kind"], s["source"], s["controller"], s["targets"]) for s in cast["stack"]] == [
        ("spell", "Giant Growth", "Alice", ["Grizzly Bears"])]
    assert entry(doc, 10)["state"]["turn"]["priority"] == "Bob"
    assert entry(doc, 12)["state"]["stack"] == []
    assert [p["life"] for p in entry(doc, 13)["state"]["players"]] == [20, 17]
    assert [e["findings"] for e in doc["lines"]] == [[]] * len(doc["lines"])


# ---------------------------------------------------------------- text


def test_text_shows_what_each_line_changed() -> None:
    code, out = run("trace", str(EXAMPLE))
    assert code == 0
    tail = out[out.index("   15  "):]
    assert tail == """\
   15  Alice attacks Bob with Craw Wurm
       Craw Wurm (Alice) 6/4, tapped, attacking Bob
   16  declare blockers step
       turn 5 (Alice): combat phase, declare blockers step; priority: Alice
   17  Bob blocks Craw Wurm with Wall of Wood, Eager Cadet
       Craw Wurm (Alice) 6/4, tapped, attacking Bob, blocked by Wall of Wood, Eager Cadet
       Wall of Wood (Bob) 0/3, blocking Craw Wurm
       Eager Cadet (Bob) 1/1, blocking Craw Wurm
   18  Alice orders blockers of Craw Wurm: Wall of Wood, Eager Cadet
       Craw Wurm (Alice) 6/4, tapped, attacking Bob, blocked by Wall of Wood, Eager Cadet (in damage assignment order)
   19  combat damage step
       turn 5 (Alice): combat phase, combat damage step; priority: Alice
   20  Craw Wurm assigns 2 to Wall of Wood, 4 to Eager Cadet   # expect: 510.1c
       Craw Wurm (Alice) 6/4, tapped, attacking Bob, blocked by Wall of Wood, Eager Cadet (in damage assignment \
order), assigns 2 to Wall of Wood, 4 to Eager Cadet
       ! 510.1c: Craw Wurm assigns damage to Eager Cadet, but Wall of Wood, ahead of it in the damage assignment \
order, is not assigned lethal damage
"""


def test_text_line_option_gives_the_whole_state() -> None:
    code, out = run("trace", str(EXAMPLE), "--line", "18")
    assert code == 0
    assert out == f"""\
{EXAMPLE}:18: Alice orders blockers of Craw Wurm: Wall of Wood, Eager Cadet
turn 5 (Alice): combat phase, declare blockers step; priority: Alice
Alice: 20 life
  Craw Wurm 6/4, tapped, attacking Bob, blocked by Wall of Wood, Eager Cadet (in damage assignment order)
Bob: 20 life
  Wall of Wood 0/3, blocking Craw Wurm
  Eager Cadet 1/1, blocking Craw Wurm
stack: empty
"""


def test_text_line_before_any_statement() -> None:
    assert render_text(trace_file(str(EXAMPLE)), 1) == f"{EXAMPLE}: no statement at or before line 1"


# ---------------------------------------------------------------- errors and bad input


def test_a_file_with_syntax_errors_is_traced_with_the_findings_on_their_lines() -> None:
    text = EXAMPLE.read_text(encoding="utf-8").replace("declare blockers step", "declare blokers step!")
    doc = json.loads(render_json(trace_text(text)))
    bad = entry(doc, 16)
    assert [f["rule"] for f in bad["findings"]] == ["syntax"]
    assert bad["state"] == entry(doc, 15)["state"]     # an unreadable line changes nothing
    assert perm(entry(doc, 17)["state"], "Alice", "Craw Wurm")["attacking"] == "Bob"
    VALIDATOR.validate(doc)


@pytest.mark.parametrize("data", [b"\xff\xfe\x00garbage\n\x00\n", b"", b"turn 1: Nobody\nAlice attacks\n",
                                  b"players: A\nturn 1: A\n" + b"x" * 200_000 + b"\n"])
def test_bad_input_never_tracebacks(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "bad.transcript"
    path.write_bytes(data)
    for fmt in ("text", "json", "html"):
        code, out = run("trace", str(path), "--format", fmt)
        assert code == 0, out
        if fmt == "json":
            VALIDATOR.validate(json.loads(out))
    assert "Traceback" not in out


def test_an_unreadable_file_exits_2(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["trace", str(tmp_path / "missing.transcript"), "--format", "json"])
    assert result.exit_code == 2
    doc = json.loads(result.stdout)
    assert [(e["line"], [f["rule"] for f in e["findings"]]) for e in doc["lines"]] == [(1, ["io"])]
    assert "cannot read file" in result.stderr


def test_an_unwritable_output_exits_2(tmp_path: Path) -> None:
    code, out = run("trace", str(EXAMPLE), "-o", str(tmp_path / "no" / "such" / "dir" / "x.html"))
    assert code == 2
    assert "cannot write" in out


def test_standard_input() -> None:
    code, out = run("trace", "-", "--format", "json", stdin=EXAMPLE.read_text(encoding="utf-8"))
    assert code == 0
    assert json.loads(out)["file"] == "<stdin>"
    assert [f["rule"] for f in entry(json.loads(out), 20)["findings"]] == ["510.1c"]


# ---------------------------------------------------------------- a view only


def test_the_engine_observes_nothing_by_default() -> None:
    assert Engine().observer is None


def test_tracing_finds_what_checking_finds_on_every_fixture() -> None:
    """Recording the state reads the game and never changes it: on every fixture (rules, audits, scenarios,
    hostile input, Arena imports) the trace's findings are the check's, and reading the state never fails."""
    fixtures = sorted((ROOT / "fixtures").rglob("*.transcript"))
    assert len(fixtures) > 500
    differ = []
    for path in fixtures:
        trace = trace_file(str(path))
        assert trace.failure is None, (path, trace.failure)
        if trace.findings != check_file(str(path)).violations:
            differ.append(path.name)
    assert differ == []


def test_a_state_that_cannot_be_read_changes_no_finding_and_exits_2(monkeypatch: pytest.MonkeyPatch) -> None:
    import rulecheck.trace.record as record

    real = record.snapshot

    def failing(r: Any, permanents: Any = None, zones: Any = None) -> Any:
        if r.game.line == 18:            # the state after line 17 is read as line 18 begins
            raise KeyError("boom")
        return real(r, permanents, zones)

    monkeypatch.setattr(record, "snapshot", failing)
    result = CliRunner().invoke(cli, ["trace", str(EXAMPLE), "--format", "json"])
    assert result.exit_code == 2
    assert result.stderr == (f"rulecheck: {EXAMPLE}: the state could not be read after line 17: KeyError: 'boom' "
                             "(that line shows no change); please report it\n")
    doc = json.loads(result.stdout)
    assert entry(doc, 17)["state"] == entry(doc, 16)["state"]
    assert perm(entry(doc, 18)["state"], "Bob", "Wall of Wood")["blocking"] == ["Craw Wurm"]
    assert [f["rule"] for f in entry(doc, 20)["findings"]] == ["510.1c"]


def test_the_permanents_read_again_only_when_changed_are_what_reading_them_afresh_gives() -> None:
    """The reader that rebuilds a permanent's section only when its key changed must miss no change."""
    generate = bench_module("generate")
    from rulecheck.checker import check_lines
    from rulecheck.replay.context import Replay
    from rulecheck.trace.state import PermanentReader, snapshot

    reader = PermanentReader()
    compared: list[int] = []

    def both(line: int, r: Replay) -> None:
        assert snapshot(r, reader) == snapshot(r), line
        compared.append(line)

    text = "\n".join(generate.game_lines(3_000, seed=5)) + "\n"
    result = check_lines(iter(enumerate(text.splitlines(), 1)), "<game>", observer=both)
    assert result.violations == []
    assert len(compared) > 2_500


def test_edition_option_and_header() -> None:
    text = EXAMPLE.read_text(encoding="utf-8")
    code, out = run("trace", str(EXAMPLE), "--format", "json", "--edition", "current")
    assert code == 0
    e = entry(json.loads(out), 20)
    assert e["state"]["turn"]["edition"] == "current"
    assert [f["rule"] for f in e["findings"]] == [v.rule for v in check_text(
        text.replace("title:", "edition: current\ntitle:")) if v.line == 21]


# ---------------------------------------------------------------- HTML


def test_html_is_one_self_contained_file() -> None:
    page = render_html(trace_file(str(EXAMPLE)))
    assert page.startswith("<!DOCTYPE html>")
    assert not re.search(r"<(link|img|iframe|object|embed)\b", page)
    assert not re.search(r"\bsrc\s*=", page)
    assert "@import" not in page and "url(http" not in page and "fetch(" not in page
    assert "XMLHttpRequest" not in page
    assert "default-src 'none'" in page     # and the browser is told to load nothing


def test_html_holds_changes_not_boards() -> None:
    page = render_html(trace_file(str(EXAMPLE)))
    data = json.loads(re.search(r'<script type="application/json" id="trace-data">(.*?)</script>', page, re.S)
                      .group(1))
    assert [row[0] for row in data["lines"]] == [2, 3, 4, 6, 7, 8, 10, 11, 13, 14, 15, 16, 17, 18, 19, 20]
    assert data["lines"][-1][2] == {"permanents": {"1": data["lines"][-1][2]["permanents"]["1"]}}   # only the Wurm
    assert data["lines"][-1][3][0][0] == "510.1c"
    assert data["titles"] == {"510.1c": "A blocked creature damages its blockers in order, lethal damage to each "
                                        "before the next"}


def test_html_escapes_names_that_look_like_markup() -> None:
    text = EXAMPLE.read_text(encoding="utf-8").replace("Eager Cadet", "Cadet</script><script>alert(1)</script>")
    page = render_html(trace_text(text, path="x</title>.transcript"))
    assert page.count("</script>") == 2          # the data's and the page script's own
    assert "x&lt;/title&gt;.transcript" in page
    body = re.search(r'<script type="application/json" id="trace-data">(.*?)</script>', page, re.S).group(1)
    assert "Cadet</script>" in json.dumps(json.loads(body), ensure_ascii=False)


# ---------------------------------------------------------------- check --format html


def test_check_html_writes_an_index_and_a_trace_page_per_file(tmp_path: Path) -> None:
    clean = ROOT / "fixtures" / "rules" / "510.1c-pass.transcript"
    out = tmp_path / "report.html"
    code, _ = run("check", str(EXAMPLE), str(clean), "--format", "html", "-o", str(out), "-j", "1")
    assert code == 1
    pages = sorted(p.name for p in (tmp_path / "report.html.traces").iterdir())
    assert pages == ["0001-craw-wurm.transcript.html", "0002-510.1c-pass.transcript.html"]
    index = out.read_text(encoding="utf-8")
    assert "2 files checked, 1 with findings: 1 violation, 0 warnings." in index
    assert ('<a href="report.html.traces/0001-craw-wurm.transcript.html#L20">line 20</a>: <span class="rule">510.1c'
            "</span>Craw Wurm assigns damage to Eager Cadet") in index
    assert f'<tr class="clean"><td class="file"><a href="report.html.traces/0002-510.1c-pass.transcript.html">{clean}' \
           in index
    trace_page = (tmp_path / "report.html.traces" / "0001-craw-wurm.transcript.html").read_text(encoding="utf-8")
    assert trace_page == render_html(trace_file(str(EXAMPLE))) + "\n"


def test_check_html_in_processes_gives_the_same_report(tmp_path: Path) -> None:
    files = [str(EXAMPLE), str(FOUR_PLAYERS), str(ROOT / "fixtures" / "rules" / "510.1c-pass.transcript")]
    assert run("check", *files, "--format", "html", "-o", str(tmp_path / "a.html"), "-j", "1")[0] == 1
    assert run("check", *files, "--format", "html", "-o", str(tmp_path / "b.html"), "-j", "2")[0] == 1
    a = (tmp_path / "a.html").read_text(encoding="utf-8").replace("a.html.traces", "X")
    assert a == (tmp_path / "b.html").read_text(encoding="utf-8").replace("b.html.traces", "X")


@pytest.mark.parametrize("extra", [[], ["--from", "arena"], ["--expect", "-o", "x.html"]])
def test_check_html_usage_errors(extra: list[str]) -> None:
    code, out = run("check", str(EXAMPLE), "--format", "html", *extra)
    assert code == 2
    assert out.startswith("rulecheck: ")


def test_check_html_clean_and_exit_zero(tmp_path: Path) -> None:
    clean = str(ROOT / "fixtures" / "rules" / "510.1c-pass.transcript")
    assert run("check", clean, "--format", "html", "-o", str(tmp_path / "r.html"))[0] == 0
    assert run("check", str(EXAMPLE), "--format", "html", "-o", str(tmp_path / "r.html"), "--exit-zero")[0] == 0


def test_check_html_removes_the_pages_of_an_earlier_run(tmp_path: Path) -> None:
    """A second report into the same file leaves only its own trace pages (an earlier run's pages, for files no
    longer checked, would be stale); a file of the user's in that folder is left alone."""
    clean = str(ROOT / "fixtures" / "rules" / "510.1c-pass.transcript")
    out = str(tmp_path / "report.html")
    assert run("check", str(EXAMPLE), clean, "--format", "html", "-o", out, "-j", "1")[0] == 1
    (tmp_path / "report.html.traces" / "notes.html").write_text("mine", encoding="utf-8")
    assert run("check", clean, "--format", "html", "-o", out, "-j", "1")[0] == 0
    assert sorted(p.name for p in (tmp_path / "report.html.traces").iterdir()) == [
        "0001-510.1c-pass.transcript.html", "notes.html"]


def test_the_configuration_may_choose_the_html_report(tmp_path: Path) -> None:
    """`format = "html"` in the configuration is `--format html`: the same report, the same usage errors."""
    (tmp_path / "pyproject.toml").write_text('[tool.rulecheck]\nformat = "html"\n', encoding="utf-8")
    game = tmp_path / "game.transcript"
    game.write_text(EXAMPLE.read_text(encoding="utf-8"), encoding="utf-8")
    code, _ = run("check", str(game), "-o", str(tmp_path / "r.html"), "-j", "1")
    assert code == 1
    assert "1 violation, 0 warnings." in (tmp_path / "r.html").read_text(encoding="utf-8")
    code, out = run("check", str(game), "--expect")
    assert (code, out) == (2, "rulecheck: --format html (the configuration's format) cannot be used with --from, "
                              "--expect or --statistics\n")


def test_the_trace_page_opens_at_the_first_finding_or_the_first_turn() -> None:
    """Not on the empty board before the game: at the first finding, else at the turn header; a line asked for
    (`trace --line`, a link's #L) wins."""
    from rulecheck.trace.render_html import page_data

    flagged = page_data(trace_file(str(EXAMPLE)))
    assert flagged["lines"][flagged["start"]][0] == 20
    clean = page_data(trace_file(str(ROOT / "fixtures" / "rules" / "510.1c-pass.transcript")))
    assert clean["lines"][clean["start"]][:2] == [15, "turn 5: Alice, in beginning of combat step"]
    asked = page_data(trace_file(str(EXAMPLE)), start_line=17)
    assert asked["lines"][asked["start"]][0] == 17
