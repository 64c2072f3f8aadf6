"""The architecture holds: no import cycle anywhere in the package, layers import only the layers below them,
modules stay small enough to read in one sitting, and every statement class has a handler whose declared
checks match what its module reports."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from rulecheck import nodes
from rulecheck.editions import BASELINE
from rulecheck.editions.registry import CHECKED, TOOL_RULES
from rulecheck.replay.engine import Engine  # noqa: F401 - imports every handler module
from rulecheck.replay.registry import CLOSERS, HANDLERS

PACKAGE = Path(__file__).resolve().parent.parent / "rulecheck"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {_module_name(p): p for p in PACKAGE.rglob("*.py")}


def _imports(name: str, path: Path) -> set[str]:
    """Every rulecheck module that `name` imports, at any depth of its code (functions included)."""
    is_package = path.name == "__init__.py"
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name in MODULES)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = name.split(".") if is_package else name.split(".")[:-1]
                base = base[:len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            for alias in node.names:
                sub = f"{target}.{alias.name}"
                if sub in MODULES:
                    found.add(sub)
                elif target in MODULES:
                    found.add(target)
    found.discard(name)
    return found


GRAPH = {name: _imports(name, path) for name, path in MODULES.items()}


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_the_import_graph_is_read_from_the_sources() -> None:
    assert "rulecheck.game.game" in GRAPH["rulecheck.replay.context"]
    assert "rulecheck.replay.combat.triggers" in GRAPH["rulecheck.replay.stack"]
    assert GRAPH["rulecheck.version"] == set()


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_cycle_in_the_package() -> None:
    assert _cycles(GRAPH) == []


@pytest.mark.parametrize(("layer", "forbidden"), [
    ("rulecheck.game", ("rulecheck.replay", "rulecheck.editions", "rulecheck.checker", "rulecheck.cli")),
    ("rulecheck.editions", ("rulecheck.replay", "rulecheck.game", "rulecheck.checker", "rulecheck.cli")),
    ("rulecheck.replay", ("rulecheck.checker", "rulecheck.cli", "rulecheck.report", "rulecheck.api")),
    ("rulecheck.cards", ("rulecheck.game", "rulecheck.replay", "rulecheck.checker", "rulecheck.cli",
                         "rulecheck.commands", "rulecheck.report", "rulecheck.api", "rulecheck.trace")),
])
def test_layers_use_only_the_layers_below(layer: str, forbidden: tuple[str, ...]) -> None:
    wrong = sorted((m, i) for m, imports in GRAPH.items() if m == layer or m.startswith(layer + ".")
                   for i in imports if i.startswith(forbidden))
    assert wrong == []


def test_handler_modules_never_import_the_engine() -> None:
    importers = sorted(m for m, imports in GRAPH.items() if "rulecheck.replay.engine" in imports)
    assert all(not m.startswith("rulecheck.replay") for m in importers), importers


MAX_MODULE_LINES = 500
# Modules still over the limit, each with the branch that is splitting it. Remove an entry when its split lands.
OVER_THE_LIMIT: set[str] = set()


def _lines(name: str) -> int:
    return len(MODULES[name].read_text(encoding="utf-8").splitlines())


@pytest.mark.parametrize("name", sorted(set(MODULES) - OVER_THE_LIMIT))
def test_modules_are_small_enough_to_read_in_one_sitting(name: str) -> None:
    assert _lines(name) <= MAX_MODULE_LINES


def test_the_known_exceptions_are_still_exceptions() -> None:
    """An exception that has come under the limit (or is gone) must leave the list, so the list stays true."""
    assert sorted(m for m in OVER_THE_LIMIT if m not in MODULES or _lines(m) <= MAX_MODULE_LINES) == []


def test_every_package_is_shipped() -> None:
    """A package made by splitting a module must be in pyproject's package list, or the wheel would lack it."""
    try:
        import tomllib
    except ModuleNotFoundError:  # Python 3.10
        import tomli as tomllib  # type: ignore[no-redef]
    listed = set(tomllib.loads((PACKAGE.parent / "pyproject.toml").read_text(encoding="utf-8"))
                 ["tool"]["setuptools"]["packages"])
    packages = {_module_name(p) for p in PACKAGE.rglob("__init__.py")}
    assert sorted(packages - listed) == []


def test_every_statement_class_has_a_handler() -> None:
    statements = {c for c in vars(nodes).values()
                  if isinstance(c, type) and issubclass(c, nodes.Statement) and c is not nodes.Statement}
    assert sorted(c.__name__ for c in statements - set(HANDLERS)) == []


_FLAG = re.compile(r"\br\.flag\(\s*[\w.\[\]]+,\s*\"([0-9]{3}\.[0-9]+[a-z]?)\"")


def _flagged_keys(path: Path) -> set[str]:
    return set(_FLAG.findall(path.read_text(encoding="utf-8")))


def test_every_key_a_handler_module_reports_is_declared_by_a_handler_there() -> None:
    """`checks=` on the handlers and closers (and CHECKS of a module's helpers) name every rule the module
    reports with a literal key, so `rulecheck rules --format json` can say which handler checks a rule."""
    import importlib
    missing: dict[str, list[str]] = {}
    for name, path in MODULES.items():
        if not name.startswith("rulecheck.replay"):
            continue
        module = importlib.import_module(name)
        declared = {k for h in [*HANDLERS.values(), *CLOSERS] if h.function.__module__ == name for k in h.checks}
        declared |= set(getattr(module, "CHECKS", ()))
        undeclared = sorted(_flagged_keys(path) - declared)
        if undeclared:
            missing[name] = undeclared
    assert missing == {}


def test_every_reported_key_is_a_rule_of_the_baseline_edition() -> None:
    """A key is a baseline number, or `EDITION:NUMBER` for a rule only some editions have: then that edition has
    the rule, and the baseline reports nothing for it."""
    from rulecheck.editions import EDITIONS
    keys = set().union(*(_flagged_keys(p) for n, p in MODULES.items() if n.startswith("rulecheck.replay")))
    keys |= {k for h in HANDLERS.values() for k in h.checks}
    own = {k for k in keys if ":" in k}
    assert sorted(k for k in keys - own if k not in BASELINE.by_number and k not in TOOL_RULES) == []
    assert own, "the test looks for edition-only keys"
    for key in own:
        edition = EDITIONS[key.split(":")[0]]
        assert edition.number(key) in edition.by_number, key
        assert BASELINE.number(key) is None, key


def test_every_checked_rule_names_a_handler() -> None:
    from rulecheck.replay.registry import checked_by
    unowned = sorted(r.number for r in BASELINE.rules if r.status == CHECKED and not checked_by(r.number))
    assert unowned == []
