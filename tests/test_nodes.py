"""The statement nodes are slotted records (rulecheck.nodes.Node): what they promise, checked on their own."""

from __future__ import annotations

import pickle

import pytest

from rulecheck import nodes as n

SPAN = n.Span(3, 1, 3, 22)
ALICE = n.Ref("Alice", 1, 6)


def test_fields_come_from_the_annotations_after_the_base_classes() -> None:
    assert n.fields_of(n.Span) == ("line", "column", "end_line", "end_column")
    assert n.fields_of(n.PassPriority) == ("span", "player")
    assert n.fields_of(n.Cast) == ("span", "player", "card", "targets", "paying", "from_pool", "sacrificing",
                                   "from_zone", "free", "face_down")
    assert n.fields_of(n.Statement) == ("span",)
    assert n.PassPriority.__match_args__ == ("span", "player")


def test_positional_keyword_and_default_arguments() -> None:
    a = n.Ability("keyword", "flying")
    assert (a.kind, a.text, a.pt, a.grants) == ("keyword", "flying", None, ())
    b = n.Ability(text="flying", kind="keyword", pt=(1, 1))
    assert b.pt == (1, 1)
    with pytest.raises(TypeError):
        n.Ability("keyword")   # type: ignore[call-arg]
    with pytest.raises(TypeError):
        n.Span(1, 2, 3, 4, 5)   # type: ignore[call-arg]


def test_equality_hashing_and_repr_follow_the_fields() -> None:
    one = n.PassPriority(SPAN, ALICE)
    same = n.PassPriority(n.Span(3, 1, 3, 22), n.Ref("Alice", 1, 6))
    assert one == same and hash(one) == hash(same)
    assert one != n.PassPriority(SPAN, n.Ref("Bob", 1, 4))
    # the same fields in another class are another statement
    assert n.AllPass(SPAN) != n.Gap(SPAN)
    assert n.Gap(SPAN) != SPAN
    assert len({one, same, n.AllPass(SPAN)}) == 2
    assert repr(one) == ("PassPriority(span=Span(line=3, column=1, end_line=3, end_column=22), "
                         "player=Ref(text='Alice', column=1, end_column=6))")
    assert str(ALICE) == "Alice"   # a method of the class body still works


def test_records_are_slotted() -> None:
    with pytest.raises(AttributeError):
        SPAN.colour = "red"   # type: ignore[attr-defined]
    assert not hasattr(SPAN, "__dict__")


def test_replace_and_pickle() -> None:
    one = n.PassPriority(SPAN, ALICE)
    moved = n.replace(one, span=n.Span(9, 1, 9, 22))
    assert moved.span.line == 9 and moved.player is ALICE and one.span.line == 3
    assert pickle.loads(pickle.dumps(one)) == one


def test_a_subclass_declared_elsewhere_is_a_record_too() -> None:
    class Noted(n.Statement):
        note: str = "none"

    assert n.fields_of(Noted) == ("span", "note")
    assert Noted(SPAN).note == "none" and Noted(SPAN, "x") == Noted(SPAN, note="x")
