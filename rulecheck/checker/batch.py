"""Many files: walking directories for transcripts, and checking files in a pool of worker processes."""

from __future__ import annotations

import os
import stat
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import partial
from typing import TYPE_CHECKING

from ..config import Config
from ..diagnostics import Violation
from .pipeline import check_file
from .result import FileResult

if TYPE_CHECKING:   # concurrent.futures (and the logging it imports) only for a run on an executor
    from concurrent.futures import Executor, Future


def iter_paths(paths: Iterable[str], extension: str = ".transcript") -> Iterator[str]:
    """Files to check: directories are walked (symbolic links to directories are not followed, so no loop).

    A directory that cannot be listed is yielded itself, so that checking it reports why; FIFOs, sockets and
    devices met in a walk are passed over (opening one could block forever)."""
    for p in paths:
        if p != "-" and os.path.isdir(p):
            unlisted: list[str] = []
            for root, dirs, files in os.walk(p, onerror=partial(_note_unlisted, unlisted)):
                dirs.sort()
                for name in sorted(files):
                    full = os.path.join(root, name)
                    if name.endswith(extension) and _regular_or_broken(full):
                        yield full
            yield from unlisted
        else:
            yield p


def _note_unlisted(unlisted: list[str], err: OSError) -> None:
    unlisted.append(str(err.filename))


def _regular_or_broken(path: str) -> bool:
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        return True  # a broken link or a loop: checking it gives an `io` diagnostic that says so


PARALLEL_MIN_FILES = 8


def default_jobs() -> int:
    """All the cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not on Linux
        return max(1, os.cpu_count() or 1)


def _check_one(item: tuple[str, Config]) -> FileResult:
    """check_file, with any failure turned into a diagnostic so one file cannot end the run."""
    path, config = item
    try:
        return check_file(path, config)
    except Exception as exc:  # noqa: BLE001
        return FileResult(path, [Violation(path, 1, 1, 1, 2, "internal-error", f"rulecheck failed on this file "
                                           f"({type(exc).__name__}: {exc}); please report it")])


def check_files(items: Sequence[tuple[str, Config]], *, jobs: int = 1,
                progress: Callable[[], None] | None = None, executor: Executor | None = None) -> list[FileResult]:
    """Check files, each with its configuration, in a pool of `jobs` processes, or on `executor` (any
    `concurrent.futures.Executor`: a Dask client's `get_executor()` sends them to a cluster); results in input
    order either way, the same results.

    Standard input is read here, never in a worker. A worker that dies leaves an `internal-error` for each file
    it did not finish; the other results stand."""
    results: list[FileResult | None] = [None] * len(items)

    def done(i: int, result: FileResult) -> None:
        results[i] = result
        if progress is not None:
            progress()

    pooled = [i for i, (path, _) in enumerate(items) if path != "-"]
    for i, (path, config) in enumerate(items):
        if path == "-":
            done(i, _check_one((path, config)))
    workers = min(jobs, len(pooled))
    if executor is not None:
        _run_executor([items[i] for i in pooled], executor, lambda k, r: done(pooled[k], r))
    elif workers > 1 and len(pooled) >= PARALLEL_MIN_FILES:
        _run_pool([items[i] for i in pooled], workers, lambda k, r: done(pooled[k], r))
    for i in pooled:
        if results[i] is None:
            done(i, _check_one(items[i]))
    return [r for r in results if r is not None]


def _ignore_interrupts() -> None:
    """Workers leave Ctrl-C to the main process, which stops the run without a traceback from each worker."""
    import signal
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _run_pool(items: Sequence[tuple[str, Config]], workers: int, done: Callable[[int, FileResult], None]) -> None:
    """Check `items` in worker processes; on a broken pool, every unfinished file gets an internal-error."""
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    from ..parser.driver import driver

    driver()  # the parser's tables loaded once here, so forked workers inherit them (Lark only where a line needs it)
    chunk = max(1, min(16, len(items) // (workers * 16)))   # small enough that no worker idles at the end
    finished = 0
    try:
        pool = ProcessPoolExecutor(max_workers=workers, initializer=_ignore_interrupts)
        try:
            for result in pool.map(_check_one, items, chunksize=chunk):
                done(finished, result)
                finished += 1
        except KeyboardInterrupt:
            pool.shutdown(wait=True, cancel_futures=True)  # the chunks under way are short; the rest never start
            raise
        finally:
            pool.shutdown(wait=True)
    except (OSError, NotImplementedError, ImportError):
        return  # no process pool on this platform: the caller checks the rest in this process
    except BrokenProcessPool as err:
        for k in range(finished, len(items)):
            path = items[k][0]
            done(k, FileResult(path, [Violation(path, 1, 1, 1, 1, "internal-error",
                                                f"the worker process checking this file stopped unexpectedly "
                                                f"({err or 'no reason given'}); run with -j 1 to check it on its "
                                                f"own")]))


IN_FLIGHT = 256   # files sent to an executor and not yet back: enough to keep a cluster busy, few enough to stream


def _run_executor(items: Sequence[tuple[str, Config]], executor: Executor,
                  done: Callable[[int, FileResult], None]) -> None:
    """Check `items` on an executor, a window of them at a time (a season of logs is never a million futures at
    once), each result handed to `done` as it comes back. A file whose task fails (its worker died, the cluster
    lost it) gets an `internal-error` that says so; the others stand."""
    from concurrent.futures import FIRST_COMPLETED, wait

    pending: dict[Future[FileResult], int] = {}

    def settle(future: Future[FileResult], k: int) -> None:
        try:
            result = future.result()
        except Exception as err:  # noqa: BLE001 - the executor's failure, reported on the file it concerned
            path = items[k][0]
            result = FileResult(path, [Violation(path, 1, 1, 1, 1, "internal-error",
                                                 f"the executor could not check this file ({type(err).__name__}: "
                                                 f"{' '.join(str(err).split())[:200] or 'no reason given'}); run "
                                                 f"without --scheduler to check it here")])
        done(k, result)

    for k, item in enumerate(items):
        pending[executor.submit(_check_one, item)] = k
        if len(pending) >= IN_FLIGHT:
            finished, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                settle(future, pending.pop(future))
    for future in list(pending):
        settle(future, pending.pop(future))
