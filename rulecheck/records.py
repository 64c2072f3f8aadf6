"""`@record(...)`: a dataclass whose `__repr__`, `__eq__` and `__hash__` are shared functions rather than code
generated for each class.

`@dataclass` writes the source of each method it adds and compiles it in every process: ~0.3 ms a class with
slots, ~0.5 ms a frozen one, ~8 ms of the ~25 dataclasses a check imports, most of it for the three methods a
check rarely calls. A record is the same dataclass (the same `__init__`, `__post_init__`, fields, defaults,
`dataclasses.fields`, `replace` and `asdict`), made with ``repr=False, eq=False``, to which the three methods are
then given as small closures over the fields' names: the same text, the same comparisons and the same hash values
as the generated ones (`tests/test_records.py` compares them on every record class)."""

from __future__ import annotations

import dataclasses
import reprlib
from collections.abc import Callable
from operator import attrgetter
from typing import TYPE_CHECKING, Any, TypeVar

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


@dataclass_transform(field_specifiers=(dataclasses.field,))
def record(*, eq: bool = True, frozen: bool = False, slots: bool = False) -> Callable[[_T], _T]:
    """`@dataclass(eq=..., frozen=..., slots=...)`, with shared methods (see the module)."""

    def make(cls: _T) -> _T:
        made: Any = dataclasses.dataclass(cls, repr=False, eq=False, frozen=frozen, slots=slots)
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
