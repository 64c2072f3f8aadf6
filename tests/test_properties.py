"""Every card property of the language has a passing and a failing fixture somewhere in fixtures/: a transcript
that defines a card with it and is legal, and one that does and gets a finding. The keyword and static
alternatives are read from the grammar itself, so a property added there without fixtures fails here; the
structured forms (protection, targets, costs, triggers, Auras) are listed below. fixtures/properties/ holds the
fixtures written for this, each checked for exactly its `# expect:` findings."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from rulecheck.checker import check_file
from rulecheck.config import Config
from rulecheck.parser import grammar_text

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"
EXPECT = re.compile(r"#\s*expect:\s*([0-9a-z.,\s-]+)")

# parsed and kept, but no rule of 500-514 or 703 depends on them, so no transcript can break one
NOT_JUDGED = {
    "hexproof": "only targeting (115, 702.11) depends on it, outside what rulecheck checks",
    "shroud": "only targeting (702.18) depends on it, outside what rulecheck checks",
    "target spell": "targets on the stack are not judged (115)",
}

STRUCTURED = {
    "any target": r"any target", "target creature or player": r"targets? creature or player",
    "target attacking or blocking creature": r"targets? attacking or blocking creature",
    "target attacking creature": r"targets? attacking creature", "target blocking creature": r"targets? blocking creature",
    "target creature": r"targets? creature(?! or)", "target player": r"targets? player", "target spell": r"targets? spell",
    "protection from a colour": r"protection from (?:white|blue|black|red|green)",
    "protection from creatures": r"protection from creatures", "protection from artifacts": r"protection from artifacts",
    "protection from everything": r"protection from everything",
    "loyalty": r"\bloyalty \d", "mana cost": r"mana cost \{", "attack cost": r"attack cost \{",
    "block cost": r"block cost \{", "enchanted creature": r"enchanted creature (?:gets|has)",
    "equipped creature": r"equipped creature (?:gets|has)", "cast only during combat": r"cast only during combat",
    "cast or activate only before/after a point": r"(?:cast|activate) only (?:before|after)",
    "only during the declare blockers step": r"only during the declare blockers step",
    "your upkeep": r"at the beginning of your upkeep", "each upkeep": r"at the beginning of (?:each|the) upkeep",
    "each opponent's upkeep": r"each opponent's upkeep", "first upkeep each turn": r"first upkeep each turn",
    "draw step": r"beginning of (?:your |each |each player's )?draw step",
    "precombat main phase": r"precombat main phase\b", "beginning of combat": r"at the beginning of (?:your |each )?combat",
    "end step": r"beginning of (?:your |each |the )?end step", "at end of turn": r"at end of turn",
    "at end of combat": r"at end of combat", "cleanup step": r"cleanup step",
    "whenever this attacks": r"whenever this attacks(?! and)",
    "whenever this attacks and isn't blocked": r"whenever this attacks and isn't blocked",
    "whenever this blocks": r"whenever this blocks(?! a)", "whenever this blocks a creature": r"whenever this blocks a creature",
    "whenever this becomes blocked": r"whenever this becomes blocked(?! by)",
    "whenever this becomes blocked by a creature": r"becomes blocked by a creature",
    "whenever this phases in or out": r"whenever this phases",
}


def _alternatives(terminal: str) -> list[str]:
    """The top-level alternatives of a terminal's regular expression in the grammar."""
    match = re.search(rf"^{terminal}: /\(\?:(.*?)\)(?:\\b|\(\?!\[\\w-\]\))?/$", grammar_text(), re.M)
    assert match is not None, terminal
    out, depth, current = [], 0, ""
    for ch in match.group(1):
        depth += (ch == "(") - (ch == ")")
        if ch == "|" and depth == 0:
            out.append(current)
            current = ""
        else:
            current += ch
    return [*out, current]


# the combat keywords (COMBAT_KEYWORD): the plain ones by their text, the ones with a number or a cost by pattern
COMBAT_NUMBERED = {"bushido N": r"bushido \d", "rampage N": r"rampage \d", "annihilator N": r"annihilator \d",
                   "afflict N": r"afflict \d", "crew N": r"crew \d", "frenzy N": r"frenzy \d", "ninjutsu {COST}": r"ninjutsu \{"}
COMBAT = {a: re.escape(a) for a in _alternatives("COMBAT_KEYWORD") if "\\" not in a and "(" not in a}


def test_every_combat_keyword_is_listed() -> None:
    """Each alternative of COMBAT_KEYWORD is either plain text or one of the numbered keywords above."""
    rest = [a for a in _alternatives("COMBAT_KEYWORD") if a not in COMBAT]
    assert rest == ["(?:bushido|rampage|annihilator|afflict|frenzy|crew) \\d+", "ninjutsu (?:\\{[^}\\s]{1,3}\\})+"]
    assert len(COMBAT) == 14


PROPERTIES = {a: re.escape(a) for t in ("KEYWORD", "STATIC") for a in _alternatives(t)} | STRUCTURED | COMBAT \
    | COMBAT_NUMBERED


def _definitions() -> list[tuple[Path, str, bool]]:
    out = []
    for path in sorted(FIXTURES.rglob("*.transcript")):
        if path.parent.name in ("hostile", "expect"):
            continue
        text = path.read_text(encoding="utf-8")
        cards = "\n".join(line for line in text.splitlines() if line.startswith("card "))
        out.append((path, cards, "# expect:" in text))
    return out


DEFINITIONS = _definitions()


def test_the_grammar_is_read() -> None:
    assert {"flying", "first strike", "banding", "can't be blocked"} <= set(PROPERTIES)
    assert len(PROPERTIES) > 60
    assert set(NOT_JUDGED) <= set(PROPERTIES)


@pytest.mark.parametrize("name", sorted(PROPERTIES))
def test_every_property_has_a_passing_and_a_failing_fixture(name: str) -> None:
    pattern = re.compile(r"(?<![\w'])" + PROPERTIES[name])
    passing = [p for p, cards, failing in DEFINITIONS if not failing and pattern.search(cards)]
    failing = [p for p, cards, failing in DEFINITIONS if failing and pattern.search(cards)]
    assert passing, f"no legal fixture defines a card with '{name}'"
    if name in NOT_JUDGED:
        return   # no finding can come from it (see NOT_JUDGED); it only has to be accepted
    assert failing, f"no failing fixture defines a card with '{name}'"


PROPERTY_FIXTURES = sorted((FIXTURES / "properties").glob("*.transcript"))


@pytest.mark.parametrize("path", PROPERTY_FIXTURES, ids=[p.stem for p in PROPERTY_FIXTURES])
def test_property_fixture(path: Path) -> None:
    want: Counter[tuple[int, str]] = Counter()
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        match = EXPECT.search(line)
        if match:
            want.update((number, rule) for rule in match.group(1).replace(" ", "").split(",") if rule)
    result = check_file(str(path), config=Config())
    assert Counter((v.line, v.rule) for v in result.violations if v.severity != "warning") == want
    assert bool(want) == ("-fail" in path.stem)


def _verdicts(text: str) -> tuple[bool, bool]:
    """(legal under some edition, failing under some edition) for a fixture: `# expect:` lines count for every
    edition, `# expect-EDITION:` lines for that one; `# editions: a, b` lists the editions a fixture runs under."""
    listed = re.search(r"^# editions: (.+)$", text, re.M)
    editions = [e.strip() for e in listed.group(1).split(",")] if listed else ["baseline"]
    common = "# expect:" in text
    failing = {e: common or f"# expect-{e}:" in text for e in editions}
    return not all(failing.values()), any(failing.values())


def test_every_statement_has_a_passing_and_a_failing_fixture() -> None:
    """Each statement of the language appears in a legal fixture and in one with a finding."""
    from rulecheck import nodes
    from rulecheck.parser import parse_lines

    legal: set[str] = set()
    failing: set[str] = set()
    for path in sorted(FIXTURES.rglob("*.transcript")):
        if path.parent.name in ("hostile", "expect"):
            continue
        text = path.read_text(encoding="utf-8")
        kinds = {type(s).__name__ for parsed in parse_lines(iter(enumerate(text.splitlines(), 1)))
                 for s in parsed.statements}
        is_legal, is_failing = _verdicts(text)
        if is_legal:
            legal |= kinds
        if is_failing:
            failing |= kinds
    statements = {c.__name__ for c in vars(nodes).values()
                  if isinstance(c, type) and issubclass(c, nodes.Statement) and c is not nodes.Statement}
    assert sorted(statements - legal) == []
    assert sorted(statements - failing) == []
