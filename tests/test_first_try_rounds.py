"""The independent rounds of first transcripts (issue 30): written by authors who had read only the README's short
tour, expectations committed before any run (fixtures/first-try2/ to first-try12/, each with a README; first-try7
to first-try11 were graded held out, and their files still wrong are listed below with the line that stops each).
Graded as the shared first-try folder is. A file the checker still disagrees with is listed in KNOWN with what
stops it (strict xfail), so that the list only shrinks; the closing notes say the rounds' before/after."""

from __future__ import annotations

from pathlib import Path

import pytest
from acceptance import ROOT
from test_first_try import errors, intended

ROUNDS = ("first-try2", "first-try3", "first-try4", "first-try5", "first-try6", "first-try7", "first-try8",
          "first-try12", "first-try9", "first-try10", "first-try11", "first-try13", "first-try14")
FILES = sorted(p for name in ROUNDS for p in (ROOT / "fixtures" / name).glob("*.transcript"))

# file -> what the checker doesn't read or judge as its author meant
KNOWN: dict[str, str] = {
    "first-try4/V12.transcript": "rulecheck cites 505.5a (a creature spell outside a main phase), the author 302.1: "
                                 "the citation policy takes the most specific rule of 500-514 first",
    "first-try4/V13.transcript": "rulecheck cites 505.5b (a second land), the author 305.2: the citation policy takes "
                                 "the most specific rule of 500-514 first",
    "first-try4/V20.transcript": "rulecheck cites 505.5a (a sorcery in combat), the author 307.1: the citation policy "
                                 "takes the most specific rule of 500-514 first",
    "first-try8/Y16.transcript":
        "line 30 (Explore resolves: Alice may play an additional land this turn, ...) stays a syntax error: the "
        "permission is Explore's card text, which the replay doesn't follow, and a permission is never a remark",
    "first-try9/X13.transcript":
        "line 37 (Howling Mine triggers; Bob draws an additional card) is a line the grammar reads as written (the "
        "trigger put on the stack, then a draw), so the reader never sees it and its unsaid resolution is not "
        "added; the replay keeps the trigger on the stack and flags the move to Main 1 (500.2). Line 27, the same "
        "words joined by 'and', is read with the resolution. Taking such a draw as the trigger's resolution is the "
        "replay's to decide (replay/), not the reader's",
    "first-try9/X15.transcript":
        "rulecheck cites 510.2 (no player may cast a spell between the assignment of combat damage and its dealing), "
        "the author 703.4k: that number is CR 2025's (the assignment announced as a turn-based action) and is not in "
        "the 2011 baseline; the citation policy takes the most specific rule of 500-514 first, and 510.2 is the "
        "rule the cast breaks",
    "first-try11/U07.transcript":
        "line 17 (Vampire Nighthawk is attacking Bob), after the turn header of a game joined in the declare "
        "blockers step, is the setup's `Alice controls Vampire Nighthawk: attacking Bob`, which the replay takes "
        "only before the first turn header (replay/engine.py); read here, it is a remark, and the block and the "
        "damage of a creature the replay doesn't know to be attacking are flagged (509.1a, 510.1)",
    "first-try11/U15.transcript":
        "line 17 (Alice passed priority in main 1, then Bob passed) is read; the intended 507.2 on line 19 (Shock "
        "cast before Toolcraft Exemplar's beginning-of-combat trigger is put on the stack) is not found even in "
        "the canonical form: the replay doesn't owe that trigger (its intervening 'if' and card text; cards/, "
        "replay/)",
    "first-try13/S07.transcript":
        "line 25 (Alice has 1 card in hand) is read; the replay counts 2: the file begins turn 4 at its precombat "
        "main phase, so its draw step passed and Alice drew (504.1: the active player draws a card as the draw "
        "step begins) from the setup's hand 3; the author's count leaves that draw out. A doubtful expectation "
        "(the setup is the state before the turn), not the reader's",
    "first-try13/S13.transcript":
        "line 25 (Alice has 0 cards in hand) is read; the replay counts 1, for the same reason as S07: turn 9 "
        "begins at its precombat main phase, after the draw step's draw (504.1). A doubtful expectation",
    "first-try13/S16.transcript":
        "line 35 (Grizzly Bears deals 5 damage to Hill Giant) is read as written; the intended 510.1a (a creature "
        "assigns combat damage equal to its power: Giant Growth's +3/+3 ended in the cleanup of Bob's turn, 514.2) "
        "is not found: the replay (replay/, game/) does not judge the amount against the Bears' power 2 here",
    "first-try14/R04.transcript":
        "line 30 (... Giant deals 3 damage to Angel) names 'Giant', which is Hill Giant or Giant Spider, both in "
        "combat; which one blocks Angel would decide it, and the reader doesn't know the blocks (a syntax error, "
        "beside the intended 509.1b on line 28)",
}


def test_the_rounds_are_all_there() -> None:
    counts = [len(list((ROOT / "fixtures" / name).glob("*.transcript"))) for name in ROUNDS]
    assert counts == [12, 16, 20, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16]
    assert all((ROOT / "fixtures" / name).is_file() for name in KNOWN)


@pytest.mark.parametrize("path", [
    pytest.param(p, id=f"{p.parent.name}/{p.stem}",
                 marks=[pytest.mark.xfail(strict=True, reason=KNOWN[f"{p.parent.name}/{p.name}"])]
                 if f"{p.parent.name}/{p.name}" in KNOWN else [])
    for p in FILES])
def test_round_file(path: Path) -> None:
    assert errors(path) == intended(path)


# Closing notes. first-try7 scored 1/16 held out; with the clause reader and the remark policy (parser/clauses.py,
# parser/lexicon.py) it scores 16/16. first-try8 (author9) scored 12/16 when it was brought in, both on the design
# at that moment and on the reader before it; it scores 15/16 now.
# first-try12 (author15's study-group round: numbered steps, slang) scored 0/16 when it was brought in; with the
# judges' slang (parser/slang.py) and the numbered steps read clause by clause it scores 14/16, and 16/16 with the
# card text of the same session (an activation whose abilities all cost {T} taps its source; the unread
# 'doesn't untap' on Wall of Frost makes T15's untap step a note, not a 502.2).
# first-try9, first-try10 and first-try11 (author10, author12, author13) were held out and scored 10/16, 12/16 and
# 14/16 when brought in; with the clause reader's new shapes (parser/clausecounts.py: damage by several creatures,
# hand counts after a draw or a discard, a trigger's draw after its resolution, prevention narrated, times the game
# knows; the orders of phrasings.py) they score 14/16, 16/16 and 14/16 (the four files left are listed in KNOWN).
# first-try13 and first-try14 (author17, author18) were held out and scored 13/16 and 10/16 when brought in; with a
# bare hand count after a draw and a bare life change after a loss ('draws, 6 cards', 'gains 2 life, 9 -> 11'),
# 'Bears die', 'lives with 5 on it', 'plays Mountain. Taps it', a short name in combat damage that means one
# creature in combat, 'Both die' as the two that fought (not an unblocked attacker) and an amount said to be
# lethal as a rule explained (a remark), first-try14 scores 14/16 (first-try13 still 13/16: two hand counts that
# leave out the draw of a skipped draw step, and a damage amount the replay doesn't judge).
