"""`@record` (rulecheck/records.py) makes the dataclass `@dataclass` makes, with the same `repr`, equality and
hash: each pair of classes below is declared once with each decorator and compared on the same values."""

from __future__ import annotations

import dataclasses
import importlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

import rulecheck
from rulecheck.records import record


def _pair(eq: bool = True, frozen: bool = False, slots: bool = False) -> tuple[type, type]:
    made = []
    for decorate in (dataclass(eq=eq, frozen=frozen, slots=slots), record(eq=eq, frozen=frozen, slots=slots)):
        class Thing:
            name: str
            count: int = 0
            tags: list[str] = field(default_factory=list)
            hidden: int = field(default=5, repr=False)
            loose: int = field(default=1, compare=False)
            unhashed: int = field(default=2, hash=False)
            derived: str = field(init=False, repr=False, compare=False)
            other: Any = None

            def __post_init__(self) -> None:
                if frozen:
                    object.__setattr__(self, "derived", self.name.upper())
                else:
                    self.derived = self.name.upper()

        made.append(decorate(Thing))
    return made[0], made[1]


VALUES = [dict(name="a"), dict(name="a", count=2), dict(name="a", tags=["x"]), dict(name="a", hidden=9),
          dict(name="a", loose=7), dict(name="a", unhashed=8), dict(name="b", other=("t", 1)),
          dict(name="a", other=1.0)]


@pytest.mark.parametrize("options", [dict(), dict(slots=True), dict(frozen=True), dict(frozen=True, slots=True),
                                     dict(eq=False), dict(eq=False, slots=True)])
def test_a_record_behaves_as_the_dataclass(options: dict[str, bool]) -> None:
    plain, rec = _pair(**options)
    for a in VALUES:
        p, r = plain(**a), rec(**a)
        assert repr(r) == repr(p)
        assert dataclasses.asdict(r) == dataclasses.asdict(p)
        assert [f.name for f in dataclasses.fields(rec)] == [f.name for f in dataclasses.fields(plain)]
        assert repr(dataclasses.replace(r, count=3)) == repr(dataclasses.replace(p, count=3))
        for b in VALUES:
            assert (rec(**a) == rec(**b)) == (plain(**a) == plain(**b)), (a, b)
            assert (rec(**a) != rec(**b)) == (plain(**a) != plain(**b)), (a, b)
        assert (r == p) is False and (r == "text") == (p == "text")
        if plain.__hash__ is None:
            assert rec.__hash__ is None
        elif options.get("frozen"):
            hashable = {**a, "tags": tuple(a.get("tags", ()))}
            assert hash(rec(**hashable)) == hash(plain(**hashable))
        else:
            assert hash(r) != hash(rec(**a))   # identity, as the dataclass without eq
    assert hasattr(rec(name="z"), "__dict__") == hasattr(plain(name="z"), "__dict__")


def test_a_record_that_contains_itself_is_shown_as_the_dataclass_shows_it() -> None:
    plain, rec = _pair(slots=True)
    p, r = plain(name="a"), rec(name="a")
    p.other, r.other = [p], [r]
    assert repr(r) == repr(p) == ("_pair.<locals>.Thing(name='a', count=0, tags=[], loose=1, unhashed=2, "
                                  "other=[...])")


def _record_classes() -> list[type]:
    package = Path(rulecheck.__file__).parent
    found = []
    for path in sorted(package.rglob("*.py")):
        name = ".".join(("rulecheck", *path.relative_to(package).with_suffix("").parts)).removesuffix(".__init__")
        if name.startswith(("rulecheck.server", "rulecheck.__main__")):
            continue
        module = importlib.import_module(name)
        found += [c for c in vars(module).values()
                  if isinstance(c, type) and c.__module__ == module.__name__ and "__record_repr__" in vars(c)]
    return found


def test_the_package_s_records_keep_their_declared_options() -> None:
    """Each record is a dataclass with the fields it declares, shown and compared as declared."""
    classes = _record_classes()
    assert {c.__name__ for c in classes} >= {"Violation", "Config", "Permanent", "Table", "Finding", "CardFacts"}
    for cls in classes:
        fields = dataclasses.fields(cls)
        assert cls.__record_repr__ == tuple(f.name for f in fields if f.repr)  # type: ignore[attr-defined]
    from rulecheck.diagnostics import Violation
    from rulecheck.game.objects import Permanent

    v = Violation("f", 1, 2, 1, 3, "510.1c", "message")
    assert repr(v) == ("Violation(file='f', line=1, column=2, end_line=1, end_column=3, rule='510.1c', "
                       "message='message', severity='error', related=(), hint=None, edition='baseline')")
    assert v == Violation("f", 1, 2, 1, 3, "510.1c", "message") != Violation("f", 1, 2, 1, 3, "510.1c", "other")
    assert hash(v) == hash(dataclasses.astuple(v))   # every field compared and hashed, as the dataclass's
    assert Permanent.__eq__ is object.__eq__   # declared eq=False: identity


@pytest.mark.parametrize("options", [dict(), dict(slots=True), dict(frozen=True), dict(frozen=True, slots=True)])
def test_the_kept_code_is_the_code_dataclasses_compiles(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                        options: dict[str, bool]) -> None:
    """The methods `@dataclass` writes for a record are compiled once and kept (records._Compiled): a record's
    `__init__` (and a frozen one's `__setattr__` and `__delattr__`) has the code `@dataclass` itself compiles,
    whether this process compiled it or read it from the file an earlier process kept."""
    from rulecheck import records

    path = str(tmp_path / "records.marshal")
    compiling = records._Compiled(path)
    monkeypatch.setattr(records, "_COMPILED", compiling)
    plain, first = _pair(**options)
    assert compiling.codes and compiling.added
    compiling.save()
    kept = records._Compiled(path)   # what a later process reads
    assert kept.codes.keys() == compiling.codes.keys()
    monkeypatch.setattr(records, "_COMPILED", kept)
    _, again = _pair(**options)
    assert not kept.added   # nothing compiled: every source was kept
    for name in ["__init__"] + (["__setattr__", "__delattr__"] if options.get("frozen") else []):
        want = getattr(plain, name).__code__
        assert getattr(first, name).__code__ == want and getattr(again, name).__code__ == want, name
        assert getattr(again, name).__code__.co_flags == want.co_flags
    (tmp_path / "records.marshal").write_bytes(b"damaged")
    assert records._Compiled(path).codes == {}
