"""`@record(...)`: a dataclass whose `__repr__`, `__eq__` and `__hash__` are shared functions rather than code
generated for each class.

`@dataclass` writes the source of each method it adds and compiles it in every process: ~0.3 ms a class with
slots, ~0.5 ms a frozen one, ~8 ms of the ~25 dataclasses a check imports, most of it for the three methods a
check rarely calls. A record is the same dataclass (the same `__init__`, `__post_init__`, fields, defaults,
`dataclasses.fields`, `replace` and `asdict`), made with ``repr=False, eq=False``, to which the three methods are
then given as small closures over the fields' names: the same text, the same comparisons and the same hash values
as the generated ones (`tests/test_records.py` compares them on every record class).

What `@dataclass` still writes for a record (its `__init__`, and a frozen one's `__setattr__` and `__delattr__`)
is compiled once and kept (:class:`_Compiled`): ~5 ms of every check's start-up was compiling the same ~50 small
functions from the same source."""

from __future__ import annotations

import atexit
import dataclasses
import os
import reprlib
import sys
from collections.abc import Callable
from operator import attrgetter
from types import CodeType
from typing import TYPE_CHECKING, Any, TypeVar

from .cachedir import cache_dir, keep, load_kept

if TYPE_CHECKING:
    from typing_extensions import dataclass_transform
else:
    def dataclass_transform(**_: object) -> Any:  # it only informs type checkers
        return lambda f: f

_T = TypeVar("_T", bound=type)


def _values(names: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    if not names:
        return lambda _: ()
    if len(names) == 1:
        get = attrgetter(names[0])
        return lambda obj: (get(obj),)
    return attrgetter(*names)


@reprlib.recursive_repr()
def _repr(self: Any) -> str:
    return f"{self.__class__.__qualname__}({', '.join(f'{n}={getattr(self, n)!r}' for n in self.__record_repr__)})"


class _Compiled:
    """`exec` for the source `dataclasses` writes: the code compiled from each source is kept in a file of the
    cache directory (cachedir.py) for later processes, keyed by the exact Python build. The code is what
    `exec` would compile (the source, `<string>`, no inherited `__future__` flags: `dataclasses` has none), run in
    the same namespaces; a file that is absent, damaged or unreadable is compiling as before, never an error."""

    def __init__(self, path: str | None) -> None:
        self.path = path
        self.codes: dict[str, CodeType] = {}
        self.added = False
        if self.path is not None:
            codes = load_kept(self.path)
            if isinstance(codes, dict):
                self.codes = codes

    def exec(self, source: str, globals: dict[str, Any] | None = None,  # noqa: A002 - exec's own names
             locals: dict[str, Any] | None = None) -> None:  # noqa: A002
        code = self.codes.get(source) if isinstance(source, str) else None
        if code is None:
            if not isinstance(source, str):
                exec(source, globals, locals)  # noqa: S102 - not a source this cache keeps
                return
            code = compile(source, "<string>", "exec", dont_inherit=True)
            self.codes[source] = code
            if self.path is not None and not self.added:
                self.added = True
                atexit.register(self.save)
        exec(code, globals, locals)  # noqa: S102 - the code `dataclasses` would have run

    def save(self) -> None:
        if self.path is not None:
            keep(self.path, self.codes)


_COMPILED: _Compiled | None = None


def _dataclass(cls: type, **options: Any) -> Any:
    """`dataclasses.dataclass(cls, **options)`, its generated functions' code taken from the kept code."""
    global _COMPILED
    if _COMPILED is None:
        where = cache_dir()
        tag = getattr(sys.implementation, "cache_tag", None)
        _COMPILED = _Compiled(os.path.join(where, f"records-{tag}-{sys.hexversion:x}.marshal") if where and tag
                              else None)
    had = "exec" in vars(dataclasses)
    if had:   # someone else's: leave it alone
        return dataclasses.dataclass(cls, **options)
    dataclasses.exec = _COMPILED.exec  # type: ignore[attr-defined]
    try:
        return dataclasses.dataclass(cls, **options)
    finally:
        del dataclasses.exec  # type: ignore[attr-defined]


@dataclass_transform(field_specifiers=(dataclasses.field,))
def record(*, eq: bool = True, frozen: bool = False, slots: bool = False) -> Callable[[_T], _T]:
    """`@dataclass(eq=..., frozen=..., slots=...)`, with shared methods (see the module)."""

    def make(cls: _T) -> _T:
        made: Any = _dataclass(cls, repr=False, eq=False, frozen=frozen, slots=slots)
        fields = dataclasses.fields(made)
        made.__record_repr__ = tuple(f.name for f in fields if f.repr)
        if "__repr__" not in cls.__dict__:
            made.__repr__ = _repr
        if eq and "__eq__" not in cls.__dict__:
            values = _values(tuple(f.name for f in fields if f.compare))

            def __eq__(self: Any, other: object) -> bool:
                if other.__class__ is self.__class__:
                    return bool(values(self) == values(other))
                return NotImplemented

            made.__eq__ = __eq__
            if "__hash__" not in cls.__dict__:
                if frozen:
                    hashed = _values(tuple(f.name for f in fields if (f.compare if f.hash is None else f.hash)))
                    made.__hash__ = lambda self: hash(hashed(self))
                else:
                    made.__hash__ = None
        result: _T = made
        return result

    return make
