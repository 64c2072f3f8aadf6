"""`rulecheck check --scheduler ADDRESS` against a real Dask scheduler and worker processes on loopback: the same
bytes and the same exit status as `-j 1`, unreadable files reported as the command line reports them; and the API
takes any `concurrent.futures.Executor`, a Dask client's included."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from rulecheck.api import check_paths
from rulecheck.cli import cli
from rulecheck.config import Config

ROOT = Path(__file__).resolve().parent.parent

try:
    import distributed
except ImportError:   # pragma: no cover - the test extra installs it
    if os.environ.get("CI") == "true":
        raise
    pytest.skip("Dask's distributed is not installed (pip install '.[test]' or 'rulecheck[dask]')",
                allow_module_level=True)


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    """A scheduler and two single-threaded worker processes, on 127.0.0.1 only, no dashboard."""
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address=None, protocol="tcp") as cluster:
        yield cluster.scheduler_address


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Clean and flagged transcripts, enough to need several workers, and files that can't be checked."""
    folder = tmp_path_factory.mktemp("games")
    for i, source in enumerate(sorted((ROOT / "fixtures" / "rules").glob("50[89]*.transcript"))[:24]):
        shutil.copy(source, folder / f"{i:02d}-{source.name}")
    shutil.copy(ROOT / "examples" / "craw-wurm.transcript", folder / "craw-wurm.transcript")
    (folder / "latin1.transcript").write_bytes(b"players: Alice, Bob\ncard Cr\xe9ature: creature 1/1\n")
    (folder / "broken.transcript").symlink_to(folder / "nowhere.transcript")
    return folder


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.output


@pytest.mark.parametrize("fmt", ["json", "concise"])
def test_a_cluster_prints_what_a_local_run_prints(scheduler: str, games: Path, fmt: str) -> None:
    missing = str(games / "not-there.transcript")
    local = run("check", "--isolated", "--format", fmt, "-j", "1", str(games), missing)
    remote = run("check", "--isolated", "--format", fmt, "--scheduler", scheduler, str(games), missing)
    assert remote == local
    code, out = local
    assert code == 2      # the io findings of the files that can't be read
    assert "510.1c" in out and "not valid UTF-8" in out and "broken symbolic link" in out
    assert "cannot read file: No such file or directory" in out


def test_the_api_takes_any_executor(scheduler: str, games: Path) -> None:
    here = check_paths(games, config=Config())
    with distributed.Client(scheduler, set_as_default=False) as client:
        assert check_paths(games, config=Config(), executor=client.get_executor()) == here
    with ProcessPoolExecutor(max_workers=2) as pool:
        assert check_paths(games, config=Config(), executor=pool) == here
    assert any(v.rule == "510.1c" for v in here)


def test_a_task_the_executor_loses_is_an_internal_error_for_its_file(games: Path) -> None:
    """An executor whose task fails: the file gets an internal-error that says so; the others are checked."""
    from concurrent.futures import Executor, Future

    class Flaky(Executor):
        def __init__(self) -> None:
            self.calls = 0

        def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
            future: Future[Any] = Future()
            self.calls += 1
            if self.calls == 2:
                future.set_exception(ConnectionError("worker lost"))
            else:
                future.set_result(fn(*args, **kwargs))
            return future

    found = check_paths(games, config=Config(), executor=Flaky())
    lost = [v for v in found if v.rule == "internal-error"]
    assert len(lost) == 1
    assert lost[0].message == ("the executor could not check this file (ConnectionError: worker lost); run without "
                               "--scheduler to check it here")
    assert lost[0].file == str(sorted(games.iterdir())[1])


@pytest.mark.parametrize(("args", "message"), [
    (["--scheduler", "nonsense://x"], "rulecheck: 'nonsense://x' is not a Dask scheduler address (tcp://host:8786): "
                                      "unknown address scheme 'nonsense'"),
    (["--scheduler", "tcp://127.0.0.1:8786", "-j", "2"], "rulecheck: --scheduler cannot be used with -j, --from or "
                                                         "--format html"),
])
def test_scheduler_usage_errors(args: list[str], message: str) -> None:
    code, out = run("check", str(ROOT / "examples" / "craw-wurm.transcript"), *args)
    assert code == 2
    assert out.startswith(message)
