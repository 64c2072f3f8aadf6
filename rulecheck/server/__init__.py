"""The language server (`rulecheck server`): diagnostics, hover, quick fixes and completion in an editor.

It needs pygls and lsprotocol, the `lsp` extra (`pip install 'rulecheck[lsp]'`); this package imports them only
when the server starts, so `rulecheck check` never pays for them. See docs/language-server.md.
"""

from __future__ import annotations

INSTALL_HINT = "pip install 'rulecheck[lsp]'"


def missing_dependency() -> str | None:
    """Why the server cannot start (a package it needs cannot be imported), or None."""
    try:
        import lsprotocol.types  # noqa: F401
        import pygls.lsp.server  # noqa: F401
    except ImportError as err:
        name = getattr(err, "name", None) or str(err)
        return f"the language server needs pygls and lsprotocol, which are not installed (cannot import {name}): " \
               f"{INSTALL_HINT}"
    return None


def serve() -> int:
    """Serve LSP on stdin/stdout; the exit status LSP asks for (0 after `shutdown` then `exit`, else 1)."""
    from .app import serve as run

    return run()
