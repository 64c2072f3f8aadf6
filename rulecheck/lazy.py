"""Attributes of a package imported when first asked for (PEP 562): the package says which of its modules holds
each name, and a process that never asks for a name never imports its module."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def lazy_attributes(package: str, where: dict[str, str], namespace: dict[str, Any]) -> Callable[[str], Any]:
    """The package's `__getattr__`: `name` from the module `where[name]` of `package`, kept in `namespace` (the
    package's globals) so that it is looked up once."""

    def __getattr__(name: str) -> Any:
        module = where.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        import importlib

        value = getattr(importlib.import_module(f"{package}.{module}"), name)
        namespace[name] = value
        return value

    return __getattr__
