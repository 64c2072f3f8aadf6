"""The independent rounds of first transcripts (issue 30): written by authors who had read only the README's short
tour, expectations committed before any run (fixtures/first-try2/ to first-try7/, each with a README; first-try7
was graded held out, and its files still wrong are listed below with the line that stops each).
Graded as the shared first-try folder is. A file the checker still disagrees with is listed in KNOWN with what
stops it (strict xfail), so that the list only shrinks; the closing notes say the rounds' before/after."""

from __future__ import annotations

from pathlib import Path

import pytest
from acceptance import ROOT
from test_first_try import errors, intended

ROUNDS = ("first-try2", "first-try3", "first-try4", "first-try5", "first-try6", "first-try7")
FILES = sorted(p for name in ROUNDS for p in (ROOT / "fixtures" / name).glob("*.transcript"))

# file -> what the checker doesn't read or judge as its author meant
KNOWN: dict[str, str] = {
    "first-try4/V12.transcript": "rulecheck cites 505.5a (a creature spell outside a main phase), the author 302.1: "
                                 "the citation policy takes the most specific rule of 500-514 first",
    "first-try4/V13.transcript": "rulecheck cites 505.5b (a second land), the author 305.2: the citation policy takes "
                                 "the most specific rule of 500-514 first",
    "first-try4/V20.transcript": "rulecheck cites 505.5a (a sorcery in combat), the author 307.1: the citation policy "
                                 "takes the most specific rule of 500-514 first",
    "first-try7/Z01.transcript":
        "held-out round: line 20 (Untap step. Alice untaps her lands.) gets syntax",
    "first-try7/Z02.transcript":
        "held-out round: line 17 (Alice tapped her last Mountain for R, cast Raging Goblin,...) gets syntax",
    "first-try7/Z03.transcript":
        "held-out round: line 17 ((Bob's Pyromancer has been out since his last turn, so no...) gets syntax",
    "first-try7/Z04.transcript":
        "held-out round: line 18 (Declare blockers - Bob blocks Swiftblade with Llanowar El...) gets syntax",
    "first-try7/Z05.transcript":
        "held-out round: line 18 (Alice attacks Bob w/ Rampaging Baloths.) gets syntax",
    "first-try7/Z06.transcript":
        "held-out round: line 18 (Bob plays an Island. Now 7 in hand.) gets syntax",
    "first-try7/Z07.transcript":
        "held-out round: line 14 (Alice - 15 life, Bob - 11 life) gets syntax",
    "first-try7/Z08.transcript":
        "held-out round: line 22 (Bob taps Mountain for R and casts Shock targeting Wind Dr...) gets syntax",
    "first-try7/Z09.transcript":
        "held-out round: line 17 (untap, upkeep - nothing.) gets syntax",
    "first-try7/Z10.transcript":
        "held-out round: line 18 (Declare blockers: Bob keeps Spider and Elemental back, no...) gets syntax",
    "first-try7/Z11.transcript":
        "held-out round: line 24 (Alice taps her Island for U, casts Unsummon targeting Bob...) gets syntax",
    "first-try7/Z13.transcript":
        "held-out round: line 24 (Precombat main: Bob plays a Mountain. Taps one Mountain f...) gets syntax",
    "first-try7/Z14.transcript":
        "held-out round: line 19 (Beginning of combat step.) gets 506.1",
    "first-try7/Z15.transcript":
        "held-out round: line 30 (Second (regular) damage step: Grizzly Bears deals 2 to Wa...) gets syntax",
    "first-try7/Z16.transcript":
        "held-out round: line 16 (Upkeep - nothing. Bob's draw: he draws.) gets syntax",
}


def test_the_rounds_are_all_there() -> None:
    assert [len(list((ROOT / "fixtures" / name).glob("*.transcript"))) for name in ROUNDS] == [12, 16, 20, 16, 16, 16]
    assert all((ROOT / "fixtures" / name).is_file() for name in KNOWN)


@pytest.mark.parametrize("path", [
    pytest.param(p, id=f"{p.parent.name}/{p.stem}",
                 marks=[pytest.mark.xfail(strict=True, reason=KNOWN[f"{p.parent.name}/{p.name}"])]
                 if f"{p.parent.name}/{p.name}" in KNOWN else [])
    for p in FILES])
def test_round_file(path: Path) -> None:
    assert errors(path) == intended(path)
