"""The LALR parser kept between processes as the objects Lark built, not as Lark's serialised tables.

Lark's own cache (``cache=``) stores its tables as nested dictionaries and lists that a new process turns back
into rules, terminals, the parse table and the contextual lexer's ~220 lexers in Python, ~11 ms of every check's
~17 ms of loading the parser. This module pickles those objects themselves, as Lark built them (before any line is
parsed), so a new process gets them from the C unpickler in ~2.5 ms; what belongs to the process is not stored
but handed back by reference: the transformer, the callbacks (rebuilt by Lark for this transformer), the lexer
callbacks, the options object and the `re` module.

Nothing changes in what is parsed: the objects are Lark's own, rebuilt with their own classes; a rule is rebuilt
through its constructor, so its hash (cached in the rule, and string hashes differ between processes) is this
process's. The file is keyed by the grammar, the options, Lark's and Python's versions; any mismatch, damage or
surprise (an object the pickler does not expect) means no snapshot, and the parser is built by Lark as before.
The file is trusted as Lark's own table cache beside it (a pickle too) is: both live in the user's cache
directory. `tests/test_snapshot.py` compares a parser loaded from a snapshot, in another process with other string
hashes, with one Lark built.
"""

from __future__ import annotations

import contextlib
import copyreg
import hashlib
import os
import pickle
import re
import sys
import types
from typing import IO, Any

import lark
from lark import Lark
from lark.grammar import Rule
from lark.lark import LarkOptions
from lark.parsers.lalr_analysis import Reduce, Shift

# the parts of Lark's options that are objects of this process: stored by reference, never by value
_BY_REFERENCE = ("transformer", "lexer_callbacks", "postlex", "edit_terminals", "_plugins")
_FUNCTIONS = (types.FunctionType, types.MethodType, types.BuiltinFunctionType, types.LambdaType, types.ModuleType)
FORMAT = 4   # the layout of the file (a new one is written when it changes)


def snapshot_file(table_cache: str) -> str:
    """The snapshot's file beside Lark's table cache (same grammar digest), for this version of Lark."""
    stem = table_cache.rsplit(".", 1)[0]
    return f"{stem}-objects-{lark.__version__}.pickle"


def _key(grammar: str, options: dict[str, Any]) -> str:
    plain = sorted((k, repr(v)) for k, v in options.items() if k not in _BY_REFERENCE)
    text = f"{FORMAT}\n{lark.__version__}\n{sys.version}\n{plain!r}\n{grammar}"
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


_NEW = getattr(copyreg, "__newobj__")   # noqa: B009 - `cls.__new__(cls)`, as pickle makes objects


class _Pickler(pickle.Pickler):
    def __init__(self, file: IO[bytes], refs: dict[int, str]) -> None:
        super().__init__(file, protocol=pickle.HIGHEST_PROTOCOL)
        self.refs = refs

    def persistent_id(self, obj: Any) -> str | None:
        return self.refs.get(id(obj))

    def reducer_override(self, obj: Any) -> Any:
        kind: Any = type(obj)
        if obj is _NEW or obj is _set_attributes:
            return NotImplemented   # stored by name
        if kind is Rule:   # rebuilt by its constructor, which computes its hash in the new process
            return Rule, (obj.origin, obj.expansion, obj.order, obj.alias, obj.options)
        if isinstance(obj, _FUNCTIONS):   # a callback or a module in the tables: not something to store
            raise pickle.PicklingError(f"unexpected {kind.__name__} in the parser")
        if kind.__module__.startswith("lark.") and kind.__reduce_ex__ is object.__reduce_ex__ and \
                hasattr(obj, "__dict__") and not any(c.__dict__.get("__slots__") for c in kind.__mro__):
            return _NEW, (kind,), dict(vars(obj)), None, None, _set_attributes
        return NotImplemented


def _set_attributes(obj: Any, state: dict[str, Any]) -> None:
    """An object's attributes set one by one, as its constructor sets them: unpickling assigns them through the
    object's `__dict__`, which leaves every later read of them on the interpreter's slower path (the lexer reads
    several for every token: ~0.5% of a long check)."""
    for name, value in state.items():
        setattr(obj, name, value)


def save(parser: Lark, grammar: str, options: dict[str, Any], path: str) -> bool:
    """Store `parser` (built from `grammar` with `options`, nothing parsed yet); False if it can't be."""
    try:
        if parser.lexer_conf.callbacks != (parser.options.lexer_callbacks or {}):
            return False   # not the layout this module knows
        refs = {id(re): "re", id(Shift): "Shift", id(Reduce): "Reduce", id(parser._callbacks): "callbacks",
                id(parser.options): "options", id(parser.lexer_conf.callbacks): "lexer_callbacks"}
        if parser.options.transformer is not None:
            refs[id(parser.options.transformer)] = "transformer"
        settings = {k: v for k, v in parser.options.options.items() if k not in _BY_REFERENCE}
        tmp = f"{path}.{os.getpid()}.tmp"
        with open(tmp, "wb") as fh:
            pickle.dump(_key(grammar, options), fh, protocol=pickle.HIGHEST_PROTOCOL)
            _Pickler(fh, refs).dump((settings, parser.rules, parser.lexer_conf, parser.parser))
        os.replace(tmp, path)
        return True
    except Exception:  # noqa: BLE001 - no snapshot is never an error: Lark's cache still works
        with contextlib.suppress(OSError):
            os.remove(f"{path}.{os.getpid()}.tmp")
        return False


def load(grammar: str, options: dict[str, Any], path: str) -> Lark | None:
    """The parser stored at `path` for this grammar and these options, with this process's transformer and
    callbacks; None if there is none, or it is for something else, or it is damaged."""
    try:
        with open(path, "rb") as fh:
            if pickle.load(fh) != _key(grammar, options):
                return None
            callbacks: dict[Any, Any] = {}
            settings_object = LarkOptions.__new__(LarkOptions)
            own = {name: options.get(name, LarkOptions._defaults.get(name)) for name in _BY_REFERENCE}
            objects = {"re": re, "Shift": Shift, "Reduce": Reduce, "callbacks": callbacks, "options": settings_object,
                       "lexer_callbacks": own["lexer_callbacks"] or {}, "transformer": own["transformer"]}
            unpickler = pickle.Unpickler(fh)
            unpickler.persistent_load = objects.__getitem__  # type: ignore[method-assign]
            settings, rules, lexer_conf, frontend = unpickler.load()
        settings_object.__dict__["options"] = {**settings, **own}
        parser = Lark.__new__(Lark)
        parser.options = settings_object
        parser.source_path = "<deserialized>"
        parser.source_grammar = grammar
        parser.rules = rules
        parser.lexer_conf = lexer_conf
        parser.terminals = lexer_conf.terminals
        parser._prepare_callbacks()   # Lark's own, for this transformer (what its cache does too)
        callbacks.update(parser._callbacks)
        parser._callbacks = callbacks  # the dictionary the parse table's driver already holds
        parser._terminals_dict = {t.name: t for t in parser.terminals}
        parser.parser = frontend
        return parser
    except Exception:  # noqa: BLE001 - absent, damaged or from elsewhere: Lark builds the parser
        return None
