"""`python -m rulecheck` and the `rulecheck` command."""

from __future__ import annotations

import gc


def run() -> None:
    """The command line, with the cyclic garbage collector set for a check before the modules are imported (a
    process builds ~10^5 long-lived objects as it imports them and loads the parser; see `cli.main`)."""
    gc.set_threshold(50_000, 20, 100)
    from .cli import main

    main()


if __name__ == "__main__":
    run()
