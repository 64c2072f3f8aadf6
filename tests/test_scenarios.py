"""Every scenario fixture yields exactly its expected violations: same rules, same lines, nothing extra."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulecheck.checker import check_file

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = sorted((ROOT / "fixtures" / "scenarios").glob("*.transcript"))
RULE_FIXTURES = sorted((ROOT / "fixtures" / "rules").glob("*.transcript"))


def _found_and_expected(path: Path) -> tuple[set[tuple[int, str]], set[tuple[int, str]]]:
    result = check_file(str(path))
    found = {(v.line, v.rule) for v in result.violations if v.severity == "error"}
    expected = {(line, rule) for line, rules in result.expectations.items() for rule in rules}
    return found, expected


def test_every_shared_scenario_has_a_fixture() -> None:
    import re
    shared = ROOT.parent / "shared" / "scenarios"
    if not shared.exists():
        pytest.skip("../shared is not beside this checkout")
    ids = []
    for name in ("turns.yaml", "combat.yaml"):
        ids += re.findall(r"^- id: (\w+)", (shared / name).read_text(encoding="utf-8"), re.M)
    assert len(ids) == 88
    missing = [i for i in ids if not (ROOT / "fixtures" / "scenarios" / f"{i}.transcript").exists()]
    assert missing == []


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario(path: Path) -> None:
    result = check_file(str(path))
    assert not [v for v in result.violations if v.rule == "syntax"], "every scenario fixture parses"
    found, expected = _found_and_expected(path)
    assert found == expected


@pytest.mark.parametrize("path", RULE_FIXTURES, ids=[p.stem for p in RULE_FIXTURES])
def test_rule_fixture(path: Path) -> None:
    found, expected = _found_and_expected(path)
    assert found == expected
    if path.stem.endswith("-pass"):
        assert found == set()
    if "-fail" in path.stem:
        assert found, "a failing fixture must produce its violation"


def test_every_checked_rule_has_a_passing_and_a_failing_fixture() -> None:
    """Issues 3 and 4: each checked rule has fixtures of its own, named `<rule>-pass*` and `<rule>-fail*`."""
    from rulecheck.editions.registry import CHECKED, RULES
    names = [p.name for p in RULE_FIXTURES]
    missing = [f"{r.number}-{kind}" for r in RULES if r.status == CHECKED for kind in ("pass", "fail")
               if not any(name.startswith(f"{r.number}-{kind}") for name in names)]
    assert missing == []


def test_each_failing_fixture_flags_the_rule_it_is_named_after() -> None:
    """Unless its first line says the CR example is "cited as" another rule (a restriction broken, say)."""
    for path in RULE_FIXTURES:
        rule, _, rest = path.name.partition("-")
        if rest.startswith("fail") and "cited as" not in path.read_text(encoding="utf-8").splitlines()[0]:
            found, _ = _found_and_expected(path)
            assert rule in {r for _, r in found}, path.name
