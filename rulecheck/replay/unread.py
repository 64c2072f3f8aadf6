"""What the replay can't read, it doesn't judge: a finding that a card's unread text could explain is a note.

Card text the reader (`rulecheck.cards.oracle`) doesn't understand is kept as quoted text. Such text may allow
what the replay is about to flag ("Untap each creature you control with a +1/+1 counter on it during each other
player's untap step."). The rule of "could explain" is narrow and explicit: a finding is turned into a note only when
(1) its rule belongs to one of the families below, (2) the unread text of a permanent on the battlefield (not
phased out; an activated ability's text counts only once it resolves), or of a spell or ability that resolved this
turn with its effect not narrated on its line (an effect narrated there is the whole effect), has one of that
family's words, and (3) the game
doesn't say these abilities are unknown anyway (`abilities: unknown` has its own, wider policy). Any other
finding stays a violation, however much unread text is around. Documented in docs/transcript-language.md
("Unread card text"); costs nothing until something is flagged.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from .. import nodes as n
from ..cards.oracle import is_activated
from ..game.game import Game

# (words of unread text, the findings they reach (baseline keys), what the text may allow, in words)
_STEP_ORDER = frozenset({"500.1", "500.7", "500.8", "500.9", "500.10", "501.1", "505.1", "506.1", "512.1",
                         "508.6", "506.1a"})
# a permission explains a move made that a restriction forbids; a restriction explains a requirement not obeyed
_STOPS = r"can't|only|unless"


@lru_cache(maxsize=1)
def reach() -> tuple[tuple[re.Pattern[str], frozenset[str], str], ...]:
    """The families, compiled the first time a finding asks (most checks flag nothing that unread text is near)."""
    return (
        (re.compile(r"\buntap"), frozenset({"502.2", "703.4b"}), "this untap"),
        (re.compile(r"\bphas(?:e|es|ed|ing)\b"), frozenset({"502.1", "703.4a"}), "this phasing"),
        (re.compile(r"\bcan attack|\bas though|\bhaste\b|\bdefender\b"), frozenset({"508.1a", "508.1c"}),
         "this attack"),
        (re.compile(rf"\b(?:{_STOPS})\b[^.]*\battack"), frozenset({"508.1d"}), "these attackers"),
        (re.compile(r"\bcan block|\bas though|\bcould block"), frozenset({"509.1a", "509.1b"}), "this block"),
        (re.compile(rf"\b(?:{_STOPS})\b[^.]*\bblock"), frozenset({"509.1c"}), "these blockers"),
        (re.compile(r"\bend the (?:turn|combat)|\bextra turn|\badditional (?:\w+ )?(?:combat|phase|step)|\bskip"),
         _STEP_ORDER, "the turn to go this way"),
        (re.compile(r"\bhaste\b|\bas though|\buntapped (?:\w+ )?creatures?\b|\bconvoke\b"), frozenset({"302.6"}),
         "this {T} ability"),
        (re.compile(r"\bdraws?\b"), frozenset({"504.1"}), "this draw"),
        (re.compile(r"\bflash\b|as though (?:it|they) had flash|any time you could cast an instant"),
         frozenset({"505.5a"}), "this cast at this time"),
    )


def family(key: str) -> tuple[re.Pattern[str], str] | None:
    """The words that reach this finding's rule, and what they may allow; None: no unread text explains it."""
    for words, keys, allows in reach():
        if key in keys:
            return words, allows
    return None


_KEEPS_TAPPED = r"\b(?:doesn't|don't|not to|not) untap"   # compiled (by `re`, once) when an untap asks


def explaining_source(g: Game, key: str, resolved: Iterable[tuple[int, str, str, int]],
                      stmt: n.Statement | None = None) -> tuple[str, str] | None:
    """(source, what its text may allow) for the first permanent on the battlefield, or spell or ability resolved
    this turn, whose unread text has words that reach the finding `key`; None when nothing could explain it. An
    untap is explained only by the text of a permanent of the untapping player's, and a permanent kept tapped in
    its controller's untap step only by text that keeps something tapped."""
    found = family(key)
    if found is None or g.abilities_unknown:
        return None
    words, allows = found
    untap = isinstance(stmt, (n.Untap, n.UntapAll))
    who = stmt.player.text if isinstance(stmt, (n.Untap, n.UntapAll)) else None
    if untap and isinstance(stmt, n.UntapAll) and stmt.except_ and who == g.active:
        words, allows = re.compile(_KEEPS_TAPPED), "this permanent to stay tapped"
    elif untap:
        allows = f"{who} to untap here"
    for p in g.battlefield.values():
        if who is not None and p.controller != who:
            continue
        if not p.phased_out and any(a.kind == "text" and words.search(a.text.lower()) and not is_activated(a.text)
                                    for a in p.abilities()):
            return p.name, allows
    for turn, source, text, _line in resolved:
        if turn == g.turn and words.search(text.lower()):
            return source, allows
    return None
