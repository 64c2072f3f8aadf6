"""Breadth (issue 22), combat family: the shared acceptance file of this family is exact (graded as
`rulecheck check --isolated --format json FILE`: exactly the `# expect:` rules on exactly those lines; warnings
don't count), and the keyword, keyword-action and characteristic forms behave as documented."""

from __future__ import annotations

import pytest
from acceptance import SHARED_ACCEPTANCE, graded

BREADTH = SHARED_ACCEPTANCE / "breadth"
MINE = ["2003-damage-as-assigned.transcript"]


@pytest.mark.skipif(not BREADTH.is_dir(), reason="the shared acceptance files are not beside the checkout")
@pytest.mark.parametrize("name", MINE)
def test_acceptance(name: str) -> None:
    found, want, _ = graded(BREADTH / name)
    assert want, "an acceptance file with no expectation tests nothing"
    assert found == want
