"""`rulecheck check --scheduler ADDRESS`: the files are checked on an existing Dask cluster. The command line
connects a client, hands `check_files` the client's executor, and reports as a local run does: the same output in
the same order, the same exit status. Dask is an extra (`pip install 'rulecheck[dask]'`), imported only here."""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from concurrent.futures import Executor
from contextlib import contextmanager
from typing import Any

CONNECT_TIMEOUT = "20s"


class ClusterError(Exception):
    """The cluster can't be used: Dask is missing, or the scheduler can't be reached."""


@contextmanager
def cluster_executor(address: str) -> Iterator[Executor]:
    """A `concurrent.futures.Executor` that runs on the cluster whose scheduler is at `address`; closed after."""
    try:   # imported by name: the extra may be absent, and distributed ships no type hints
        distributed: Any = importlib.import_module("distributed")
        registry: Any = importlib.import_module("distributed.comm.registry")
    except ImportError as err:
        raise ClusterError("--scheduler needs Dask's distributed scheduler: pip install 'rulecheck[dask]'") from err
    try:   # an address Dask can't read is refused before a client exists (a half-made client hangs at exit)
        scheme, location = distributed.comm.parse_address(address)
        registry.get_backend(scheme)
        if not location:
            raise ValueError("no host given")
    except ValueError as err:
        raise ClusterError(f"{address!r} is not a Dask scheduler address (tcp://host:8786): {err}") from err
    client_class = distributed.Client
    try:
        client = client_class(address, timeout=CONNECT_TIMEOUT, set_as_default=False)
    except (OSError, TimeoutError, ValueError, TypeError) as err:
        raise ClusterError(f"cannot reach the Dask scheduler at {address}: "
                           f"{' '.join(str(err).split()) or type(err).__name__}") from err
    try:
        executor: Executor = client.get_executor(pure=False)
        yield executor
    finally:
        client.close()
