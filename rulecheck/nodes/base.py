"""The node machinery (slotted, immutable records) and the values every statement family uses: spans, names
as written, abilities, durations' conditions, and the Statement base."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

if TYPE_CHECKING:
    from typing_extensions import dataclass_transform
else:
    def dataclass_transform(**_: object) -> Any:  # it only informs type checkers
        return lambda cls: cls


@dataclass_transform(frozen_default=True, eq_default=True)
class _NodeMeta(type):
    """Makes each node class a slotted record, the way ``@dataclass(frozen=True, slots=True)`` would, at a
    fraction of the cost: a check imports ~80 node classes in every process, and builds one or more nodes for
    every line it reads.

    - The fields are the annotated class attributes, after those of the base classes; a value given in the class
      body is the field's default (only immutable defaults are used).
    - ``__init__`` is generated the first time a class is instantiated (most runs use a fraction of the classes)
      and assigns the slots directly.
    - Equality, hashing and ``repr`` follow the fields, as a frozen dataclass's do.
    - Nodes are immutable by contract: ``mypy --strict`` rejects an assignment to a field (``frozen_default``);
      at run time the check is left out, because it would make every construction several times slower.
    """

    def __new__(mcs, name: str, bases: tuple[type, ...], ns: dict[str, Any]) -> _NodeMeta:
        own = tuple(k for k, v in ns.get("__annotations__", {}).items() if not str(v).startswith("ClassVar"))
        defaults = {k: ns.pop(k) for k in own if k in ns}
        ns["__slots__"] = own
        if "__init__" not in ns:
            ns["__init__"] = _first_init
        cls = super().__new__(mcs, name, bases, ns)
        inherited: tuple[str, ...] = ()
        base_defaults: dict[str, Any] = {}
        for base in bases:
            inherited += getattr(base, "__node_fields__", ())
            base_defaults.update(getattr(base, "__node_defaults__", {}))
        cls.__node_fields__ = inherited + own  # type: ignore[attr-defined]
        cls.__node_defaults__ = {**base_defaults, **defaults}  # type: ignore[attr-defined]
        cls.__match_args__ = cls.__node_fields__  # type: ignore[attr-defined, misc]
        return cls


def _first_init(self: Node, *args: Any, **kwargs: Any) -> None:
    """The first construction of a class: compile its real ``__init__``, install it, and run it."""
    cls = type(self)
    names = cls.__node_fields__
    defaults = cls.__node_defaults__
    params = ", ".join(f"{f}=_d_{f}" if f in defaults else f for f in names)
    body = "".join(f"\n    self.{f} = {f}" for f in names) or "\n    pass"
    namespace: dict[str, Any] = {f"_d_{f}": v for f, v in defaults.items()}
    exec(f"def __init__(self, {params}):{body}", namespace)  # noqa: S102 - our own field names only
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    cls.__init__ = init  # type: ignore[method-assign]
    init(self, *args, **kwargs)


class Node(metaclass=_NodeMeta):
    """Base of every node: a typed, immutable record (see :class:`_NodeMeta`)."""

    __node_fields__: ClassVar[tuple[str, ...]]
    __node_defaults__: ClassVar[dict[str, Any]]

    def _values(self) -> tuple[Any, ...]:
        return tuple([getattr(self, f) for f in self.__node_fields__])

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return self._values() == other._values()
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        inner = ", ".join(f"{f}={getattr(self, f)!r}" for f in self.__node_fields__)
        return f"{type(self).__qualname__}({inner})"


NodeT = TypeVar("NodeT", bound=Node)


def fields_of(node: Node | type[Node]) -> tuple[str, ...]:
    """The names of a node's fields, in constructor order."""
    return node.__node_fields__


def replace(node: NodeT, **changes: Any) -> NodeT:
    """A copy of ``node`` with some fields changed (``dataclasses.replace`` for nodes)."""
    values = {f: getattr(node, f) for f in node.__node_fields__}
    values.update(changes)
    return type(node)(**values)


class Span(Node):
    """1-based line and column; ``end_column`` is exclusive."""

    line: int
    column: int
    end_line: int
    end_column: int


class Ref(Node):
    """A name as written in the transcript (quotes removed)."""

    text: str
    column: int
    end_column: int

    def __str__(self) -> str:
        return self.text


class Ability(Node):
    """One card ability.  ``kind`` is keyword, static, trigger, timing, target, attack_cost,
    block_cost or text (quoted rules text that rulecheck does not interpret)."""

    kind: str
    text: str
    # an Aura's or Equipment's bonus to what it is attached to (kind "attached"): +N/+N and abilities granted
    pt: tuple[int, int] | None = None
    grants: tuple[Ability, ...] = ()


class Statement(Node):
    span: Span

    @property
    def kind(self) -> str:
        return type(self).__name__


class Condition(Node):
    """What a "for as long as" effect lasts for: `kind` is on_battlefield (subject), controls (subject is a
    player, other the permanent), attached (subject to other) or paired (subject with other)."""

    kind: str
    subject: Ref
    other: Ref | None = None
