"""The card layer: Scryfall and MTGJSON files read as a stream into a SQLite index, looked up by the game for
cards a transcript names without defining (`--cards`), `rulecheck cards show` and `rulecheck cards fetch`."""

from __future__ import annotations

import gzip
import json
import lzma
import os
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner

from rulecheck import checker
from rulecheck.cards import CardDataError, jsonstream, open_library
from rulecheck.cards.definition import definition
from rulecheck.cards.facts import CardFacts
from rulecheck.cards.formats import read_entries
from rulecheck.cards.index import ensure_index
from rulecheck.cards.library import using
from rulecheck.cli import cli
from rulecheck.config import DEFAULT

ROOT = Path(__file__).resolve().parent.parent
SCRYFALL = ROOT / "fixtures" / "cards" / "scryfall-oracle-cards.json"
MTGJSON = ROOT / "fixtures" / "cards" / "mtgjson-AtomicCards.json"
DATABASES = [pytest.param(SCRYFALL, id="scryfall"), pytest.param(MTGJSON, id="mtgjson")]


def _entries(path: Path) -> list[tuple[tuple[str, ...], CardFacts]]:
    with jsonstream.open_text(str(path)) as stream:
        return [(names, replace(facts, source="")) for names, facts in
                read_entries(jsonstream.Reader(stream), path.name)[1]]


def _check(text: str, cards: Path | None = None) -> list[tuple[int, int, str, str]]:
    with using(str(cards) if cards else None):
        return [(v.line, v.column, v.rule, v.message) for v in checker.check_text(text, config=DEFAULT)]


# ------------------------------------------------------------------ reading the formats
@pytest.mark.parametrize("path", DATABASES)
def test_the_stream_reads_what_json_load_reads_whatever_the_chunk_size(path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    whole = _entries(path)
    monkeypatch.setattr(jsonstream, "CHUNK", 7)   # every value crosses chunk boundaries
    assert _entries(path) == whole
    data = json.loads(path.read_text(encoding="utf-8"))
    cards = data if isinstance(data, list) else data["data"]
    assert len({names for names, _ in whole}) > len(cards)   # faces are entries of their own


@pytest.mark.parametrize("compress", [gzip.compress, lzma.compress], ids=["gzip", "xz"])
def test_compressed_files_are_read_as_they_are_downloaded(compress: object, tmp_path: Path) -> None:
    packed = tmp_path / "AtomicCards.json.packed"
    packed.write_bytes(compress(MTGJSON.read_bytes()))  # type: ignore[operator]
    assert _entries(packed) == _entries(MTGJSON)


@pytest.mark.parametrize("path", DATABASES)
def test_the_face_a_transcript_names(path: Path) -> None:
    library = open_library(path)
    delver, aberration = library.lookup("Delver of Secrets"), library.lookup("Insectile Aberration")
    assert delver is not None and aberration is not None
    assert (delver.power, delver.toughness, delver.side, delver.layout) == ("1", "1", "a", "transform")
    assert (aberration.power, aberration.toughness, aberration.side, aberration.colors) == ("3", "2", "b", ("U",))
    assert library.lookup("Delver of Secrets // Insectile Aberration") == delver   # the front face
    fire, ice, both = (library.lookup(n) for n in ("Fire", "Ice", "Fire // Ice"))
    assert fire is not None and ice is not None and both is not None
    assert (fire.colors, fire.mana_cost, ice.colors, ice.mana_cost) == (("R",), "{1}{R}", ("U",), "{1}{U}")
    assert (both.types, sorted(both.colors), both.faces) == (("instant",), ["R", "U"], ("Fire", "Ice"))
    giant, stomp = library.lookup("Bonecrusher Giant"), library.lookup("Stomp")
    assert giant is not None and stomp is not None
    assert (giant.types, giant.power, stomp.types, stomp.subtypes) == (("creature",), "4", ("instant",),
                                                                        ("Adventure",))
    brisela = library.lookup("Brisela, Voice of Nightmares")
    assert brisela is not None and (brisela.layout, brisela.power, brisela.toughness) == ("meld", "9", "10")


@pytest.mark.parametrize("path", DATABASES)
def test_what_a_card_becomes_in_the_game(path: Path) -> None:
    library = open_library(path)

    def made(name: str) -> tuple[tuple[str, ...], int | None, int | None, list[tuple[str, str]]]:
        facts = library.lookup(name)
        assert facts is not None, name
        d = definition(facts, name, 1)
        return d.types, d.power, d.toughness, [(a.kind, a.text) for a in d.abilities]

    assert made("akroma, angel of wrath") == (("white", "legendary", "creature"), 6, 6, [   # any case
        ("keyword", "flying"), ("keyword", "first strike"), ("keyword", "vigilance"), ("keyword", "trample"),
        ("keyword", "haste"), ("keyword", "protection from black"), ("keyword", "protection from red")])
    # a keyword line with a part the language doesn't have: the keywords it has, the rest as text; a trigger with
    # an intervening "if" clause (603.4) is one ability, the clause with it
    gisela = made("Gisela, the Broken Blade")[3]
    assert gisela[:3] == [("keyword", "flying"), ("keyword", "first strike"), ("keyword", "lifelink")]
    assert gisela[3][0] == "trigger" and gisela[3][1].startswith("at the beginning of your end step, if you both own")
    assert made("Teferi's Imp") == (("blue", "creature"), 1, 1, [
        ("keyword", "flying"), ("keyword", "phasing"), ("trigger", "whenever this phases out"),
        ("text", "discard a card."), ("trigger", "whenever this phases in"), ("text", "draw a card.")])
    # */*: defined by an ability, so no number; the ability stays as text the checker doesn't interpret
    assert made("Nightmare") == (("black", "creature"), None, None, [
        ("keyword", "flying"),
        ("text", "Nightmare's power and toughness are each equal to the number of Swamps you control.")])
    assert library.lookup("Nightmare").power == "*"  # type: ignore[union-attr]
    # landwalk is a keyword of the language; the card layer gives the subtypes a landwalk check needs
    assert made("Bog Wraith") == (("black", "creature"), 3, 3, [("keyword", "swampwalk")])
    assert library.lookup("Swamp").subtypes == ("Swamp",)  # type: ignore[union-attr]
    assert made("Goblin Piker")[3] == [("static", "can't block")]
    assert made("Mogg Flunkies")[3] == [("static", "can't attack or block alone")]
    assert made("White Knight")[3] == [("keyword", "first strike"), ("keyword", "protection from black")]
    assert made("Rancor")[0] == ("green", "enchantment", "aura")
    assert ("attached", "enchanted creature gets +2/+0 and has trample") in made("Rancor")[3]
    assert made("Phyrexian Arena")[3] == [("trigger", "at the beginning of your upkeep"),
                                          ("text", "you draw a card and you lose 1 life.")]
    assert made("Forest") == (("colorless", "basic", "land"), None, None, [])


def test_tokens_come_from_the_data_only_when_it_has_them() -> None:
    scryfall, mtgjson = open_library(SCRYFALL), open_library(MTGJSON)
    saproling = scryfall.lookup("Saproling")
    assert saproling is not None and definition(saproling, "Saproling", 1).types == ("green", "creature", "token")
    assert mtgjson.lookup("Saproling") is None   # AtomicCards has no tokens


# ------------------------------------------------------------------ the index
def test_the_index_is_built_once_and_again_when_the_file_changes(tmp_path: Path) -> None:
    source = tmp_path / "cards.json"
    source.write_bytes(SCRYFALL.read_bytes())
    cold = ensure_index(source)
    assert cold.built and cold.path.is_file() and str(cold.path).startswith(os.environ["XDG_CACHE_HOME"])
    assert (cold.format, cold.cards) == ("scryfall", 50)   # 45 card objects, 5 of them with two faces
    warm = ensure_index(source)
    assert not warm.built and warm.path == cold.path
    source.write_bytes(SCRYFALL.read_bytes().replace(b'"Craw Wurm"', b'"Crawl Wurm"'))
    os.utime(source, ns=(1, 1))
    again = ensure_index(source)
    assert again.built
    assert open_library(source).lookup("Crawl Wurm") is not None


@pytest.mark.parametrize(("content", "message"), [
    (b"", "is not a card database: it should begin with '[' (Scryfall) or '{' (MTGJSON), not nothing"),
    (b"hello", "is not a card database: it should begin with '[' (Scryfall) or '{' (MTGJSON), not 'h'"),
    (b'[{"name": "Craw Wurm"', "not valid JSON near character 21: Expecting ',' delimiter"),
    (b'[{"name": "Craw Wurm"} {"name": "X"}]', "expected ',' or ']' near character 23, found '{'"),
    (b"[]", "holds no cards"),
    (b'{"meta": {}}', "is not a card database: a JSON object without 'data' (neither a Scryfall list nor "
                      "MTGJSON's AtomicCards)"),
    (b"\xff\xfe[", "cannot be read: 'utf-8' codec can't decode byte 0xff in position 0: invalid start byte"),
])
def test_a_file_that_is_not_a_card_database_is_a_clear_error(content: bytes, message: str, tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_bytes(content)
    with pytest.raises(CardDataError) as err:
        ensure_index(bad)
    assert str(err.value) == f"card database '{bad}' {message}"
    assert not list((Path(os.environ["XDG_CACHE_HOME"]) / "rulecheck" / "cards").glob("*.tmp"))


def test_a_bad_or_missing_database_stops_the_check_with_exit_2_and_no_traceback(tmp_path: Path) -> None:
    transcript = tmp_path / "t.transcript"
    transcript.write_text("players: Alice, Bob\nAlice controls Craw Wurm\n", encoding="utf-8")
    bad = tmp_path / "cards.json"
    bad.write_text("{not json", encoding="utf-8")
    for db, message in ((bad, f"card database '{bad}' expected a key near character 1"),
                        (tmp_path / "missing.json", f"card database '{tmp_path / 'missing.json'}' not found"),
                        (tmp_path, f"card database '{tmp_path}' cannot be read: it is not a regular file")):
        result = CliRunner().invoke(cli, ["check", "--cards", str(db), str(transcript)])
        assert (result.exit_code, result.output) == (2, f"rulecheck: {message}\n")
        assert result.exception is None or isinstance(result.exception, SystemExit)


# ------------------------------------------------------------------ checking with a database
CRAW_WURM = """players: Alice, Bob
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
"""


@pytest.mark.parametrize("path", DATABASES)
def test_a_transcript_that_only_names_its_cards(path: Path) -> None:
    assert _check(CRAW_WURM, path) == [(11, 1, "510.1c", "Craw Wurm assigns damage to Eager Cadet, but Wall of "
                                        "Wood, ahead of it in the damage assignment order, is not assigned lethal "
                                        "damage")]
    # without the database: one finding per unknown name, the lines that only repeat it folded into it
    assert _check(CRAW_WURM) == [(2, 16, "syntax", "unknown card 'Craw Wurm' (also on lines 6, 8, 9, 11, left out "
                                                   "of the replay with it)"),
                                 (3, 14, "syntax", "unknown card 'Wall of Wood'")]


@pytest.mark.parametrize("path", DATABASES)
def test_a_definition_in_the_transcript_wins_over_the_database(path: Path) -> None:
    text = "card Wall of Wood: creature 0/2, defender\n" + CRAW_WURM   # a judge's test card: toughness 2
    assert _check(text, path) == []


@pytest.mark.parametrize("path", DATABASES)
def test_an_unknown_card_with_a_database_gets_the_nearest_names(path: Path) -> None:
    text = "players: Alice, Bob\nAlice controls Grizly Bears\nturn 1: Alice\n"
    assert _check(text, path) == [(2, 16, "syntax", "unknown card 'Grizly Bears'; did you mean 'Grizzly Bears'?")]
    assert _check(text) == [(2, 16, "syntax", "unknown card 'Grizly Bears'")]


def test_real_facts_are_judged_a_defined_test_card_is_not() -> None:
    """C010 defines Jace Beleren with loyalty 2 (the real card has 3): with the database, two damage leave 1."""
    text = (ROOT / "fixtures" / "scenarios" / "C010.transcript").read_text(encoding="utf-8")
    stripped = "\n".join("" if line.startswith("card ") else line for line in text.split("\n"))
    assert (22, 25, "assert", "Jace Beleren has 1 loyalty in the replay, not 0") in _check(stripped, SCRYFALL)
    assert (22, 25, "assert", "Jace Beleren has 1 loyalty in the replay, not 0") not in _check(text, SCRYFALL)


def test_the_configuration_names_the_database_relative_to_itself(tmp_path: Path) -> None:
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "cards.json").write_bytes(SCRYFALL.read_bytes())
    (tmp_path / ".rulecheck.yaml").write_text("cards: data/cards.json\n", encoding="utf-8")
    (tmp_path / "t.transcript").write_text(CRAW_WURM, encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", "--format", "concise", str(tmp_path / "t.transcript")])
    assert result.exit_code == 1
    assert result.output.splitlines()[0].endswith("510.1c Craw Wurm assigns damage to Eager Cadet, but Wall of Wood, "
                                                  "ahead of it in the damage assignment order, is not assigned "
                                                  "lethal damage")
    result = CliRunner().invoke(cli, ["check", "--cards", "none", "--format", "concise",
                                      str(tmp_path / "t.transcript")])
    assert "unknown card 'Craw Wurm'" in result.output


def test_worker_processes_use_the_database_too(tmp_path: Path) -> None:
    for i in range(10):
        (tmp_path / f"t{i}.transcript").write_text(CRAW_WURM, encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", "-j", "2", "--cards", str(SCRYFALL), "--statistics",
                                      "--format", "concise", str(tmp_path)])
    assert result.exit_code == 1, result.output
    assert result.output.split() [:2] == ["10", "510.1c"]


# ------------------------------------------------------------------ cards show
def test_cards_show_prints_what_rulecheck_takes() -> None:
    result = CliRunner().invoke(cli, ["cards", "show", "teferi's imp", "--cards", str(SCRYFALL)])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == f"Teferi's Imp  (scryfall: {SCRYFALL})"
    assert "  type_line: Creature \u2014 Imp" in lines
    assert lines[-1] == ("  as a definition: card Teferi's Imp: blue creature 1/1, flying, phasing, whenever this "
                         'phases out, "discard a card.", whenever this phases in, "draw a card."')
    shown = CliRunner().invoke(cli, ["cards", "show", "Nightmare", "--cards", str(MTGJSON), "--format", "json"])
    data = json.loads(shown.output)
    assert (data["power"], data["toughness"], data["definition"]) == (
        "*", "*", 'card Nightmare: black creature */*, flying, "Nightmare\'s power and toughness are each equal to '
                  'the number of Swamps you control."')
    missing = CliRunner().invoke(cli, ["cards", "show", "Grizly Bears", "--cards", str(MTGJSON)])
    assert (missing.exit_code, missing.output) == (
        1, f"rulecheck: no card named 'Grizly Bears' in {MTGJSON}; did you mean 'Grizzly Bears'?\n")
    none = CliRunner().invoke(cli, ["cards", "show", "Grizzly Bears"])
    assert (none.exit_code, none.output) == (2, "rulecheck: no card database: give one with --cards FILE, or "
                                                "download one with 'rulecheck cards fetch'\n")


def test_the_benchmark_files_are_card_databases_with_the_fixture_cards_among_them(tmp_path: Path) -> None:
    from bench_modules import bench_module
    scryfall, mtgjson = bench_module("cards").generate(tmp_path, 40)
    assert (ensure_index(scryfall).cards, ensure_index(mtgjson).cards) == (40 + 50, 40 + 52)
    real = open_library(MTGJSON).lookup("Craw Wurm")
    assert real is not None and open_library(mtgjson).lookup("Craw Wurm") == replace(real, source=mtgjson.name)


def test_cards_used_says_where_each_cards_facts_came_from(tmp_path: Path) -> None:
    (tmp_path / "extra.yaml").write_text("cards:\n  - name: Eager Cadet\n    types: creature\n    pt: 1/2\n",
                                         encoding="utf-8")
    transcript = tmp_path / "t.transcript"
    transcript.write_text("players: Alice, Bob\ninclude: extra.yaml\ncard Wall of Wood: creature 0/2, defender\n"
                          "Alice controls Craw Wurm\nBob controls Wall of Wood, Eager Cadet\nturn 5: Alice\n",
                          encoding="utf-8")
    result = CliRunner().invoke(cli, ["cards", "used", str(transcript), "--cards", str(MTGJSON)])
    assert (result.exit_code, result.output.splitlines()) == (0, [
        "Craw Wurm: mtgjson-AtomicCards.json (mtgjson)", "Eager Cadet: card file included on line 2",
        "Wall of Wood: definition on line 3"])
    data = json.loads(CliRunner().invoke(cli, ["cards", "used", str(transcript), "--cards", str(MTGJSON),
                                               "--format", "json"]).output)
    assert data[0] == {"name": "Craw Wurm", "source": "mtgjson-AtomicCards.json (mtgjson)",
                       "types": ["green", "creature"], "power": 6, "toughness": 4, "loyalty": None, "abilities": []}
    assert (data[1]["toughness"], data[2]["toughness"]) == (2, 2)   # the file's and the transcript's, not the data's


def test_no_cut_or_corruption_of_a_database_gets_past_card_data_error(tmp_path: Path) -> None:
    """Whatever the bytes, the index is built or `CardDataError` says why: never another exception."""
    data = MTGJSON.read_bytes()
    bad = tmp_path / "cut.json"
    outcomes = set()
    for i, cut in enumerate(range(0, len(data), 997)):
        variant = data[:cut] if i % 2 else data[:cut] + b"\x00\xff{]" + data[cut + 3:]
        bad.write_bytes(variant)
        os.utime(bad, ns=(i + 1, i + 1))   # a new stamp each time: the index is built again
        try:
            ensure_index(bad)
            outcomes.add("built")
        except CardDataError as err:
            outcomes.add("error")
            assert str(err).startswith(f"card database '{bad}' ")
    assert outcomes == {"error"}   # a cut or a corrupted byte always leaves the document unfinished or invalid


def test_the_api_takes_the_database_in_the_configuration(tmp_path: Path) -> None:
    import rulecheck
    from rulecheck.config import Config

    found = rulecheck.check_text(CRAW_WURM, config=Config(cards=str(SCRYFALL)))
    assert [(v.line, v.rule) for v in found] == [(11, "510.1c")]
    missing = tmp_path / "missing.json"
    found = rulecheck.check_text(CRAW_WURM, config=Config(cards=str(missing)))
    assert (found[0].line, found[0].rule, found[0].message) == (1, "io", f"card database '{missing}' not found")
    assert rulecheck.check_text(CRAW_WURM, config=Config(cards="none"))[0].message.startswith(
        "unknown card 'Craw Wurm' (also on lines")


NIGHTMARE = """players: Alice, Bob
Alice controls Nightmare, Swamp, Swamp, Swamp
turn 5: Alice, in beginning of combat step
declare attackers step
Alice attacks Bob with Nightmare
declare blockers step
combat damage step
Nightmare assigns 3 to Bob
combat damage is dealt; Bob has 17 life
end of combat step
Nightmare is 3/3
"""


@pytest.mark.parametrize("path", DATABASES)
def test_star_power_and_toughness_are_defined_by_an_ability_not_zero(path: Path) -> None:
    """Nightmare's */* is not 0/0: it isn't judged as powerless, doesn't die as a 0-toughness creature, and what
    the transcript says of it stands."""
    assert _check(NIGHTMARE, path) == []
    zero = "card Nightmare: creature 0/0, flying\ncard Swamp: basic land\n" + NIGHTMARE
    # a 0/0 assigns no damage: that line is the fault, and the 3 it narrates is dealt, so Bob's 17 life is no second
    # finding (one fault, one finding; docs/transcript-language.md)
    assert [(line, rule) for line, _, rule, _ in _check(zero, path)] == [(10, "510.1a")]


def test_a_line_is_taken_only_where_the_grammar_reads_it() -> None:
    facts = CardFacts("Test Drake", types=("creature",), power="2", toughness="2",
                      text="Flying, ward {2}\nDraw a card, then discard a card.\nTest Drake can't block creatures "
                           "with flying.\nTest Drake can't block.\nWhenever Test Drake blocks, it gets +1/+1.")
    assert [(a.kind, a.text) for a in definition(facts, "Test Drake", 1).abilities] == [
        ("keyword", "flying"), ("text", "ward {2}"), ("text", "Draw a card, then discard a card."),
        ("text", "Test Drake can't block creatures with flying."), ("static", "can't block"),
        ("trigger", "whenever this blocks"), ("text", "it gets +1/+1.")]
