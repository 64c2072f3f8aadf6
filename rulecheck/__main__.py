"""`python -m rulecheck` and the `rulecheck` command."""

from __future__ import annotations

import gc
import os
import sys
from typing import NoReturn


def run() -> None:
    """The command line, with the cyclic garbage collector set for a check before the modules are imported (a
    process builds ~10^5 long-lived objects as it imports them and loads the parser; see `cli.main`) and the
    regular expressions they compile as they are imported taken from an earlier run (regexes.py). Ends with
    SystemExit, as `cli.main` does."""
    gc.set_threshold(50_000, 20, 100)
    from .regexes import preload

    patterns = preload()   # the patterns the modules compile as they are imported, kept from an earlier run
    from .cli import main

    patterns.imported()
    main()


def command() -> NoReturn:
    """The process's entry point (`python -m rulecheck`, the `rulecheck` script): `run`, then the end of the
    process without tearing the interpreter down (see `finish`)."""
    try:
        run()
    except SystemExit as done:
        finish(done.code)
    finish(0)


def finish(code: object) -> NoReturn:
    """End the process as `sys.exit(code)` does, without the interpreter's teardown when nothing needs it.

    After a check, Python would free every module, the parser's tables and the game, one object at a time (~3% of
    a short check's instructions, ~1% of a long one's), before the operating system takes the memory back anyway.
    When the status is a number, no other thread or worker process runs and the standard streams flush, the exit
    functions run (`atexit`: the caches write their files) and the streams are flushed as at a normal exit, then
    the process ends with the same status; anything else (a stream that can't be written, a worker pool) takes
    Python's normal exit, which reports it as before."""
    if (code is None or isinstance(code, int)) and _alone():
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        except BaseException:  # noqa: BLE001 - Python's own exit reports it, as it always did
            raise SystemExit(code) from None
        import atexit

        atexit._run_exitfuncs()   # what the normal exit runs first (and then forgets them)
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        except BaseException:  # noqa: BLE001
            raise SystemExit(code) from None
        os._exit(code or 0)
    raise SystemExit(code)


def _alone() -> bool:
    """No thread but this one, and no worker processes (a run with -j or a cluster takes the normal exit)."""
    if "multiprocessing" in sys.modules or "concurrent.futures.process" in sys.modules:
        return False
    threading = sys.modules.get("threading")
    return threading is None or threading.active_count() == 1


if __name__ == "__main__":
    command()
