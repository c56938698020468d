"""Games played on a Ray cluster (``towers[ray]``): Ray places and runs the work, towers only
cuts the run into tasks of a few games each and keeps a bounded number of them in flight.

The address is a running cluster's (``ray://host:10001``, ``host:6379``, ``auto``), or
``local`` for a Ray instance started here and stopped at the end of the run, with
``workers`` CPUs. Every node needs towers (and any game plugin the run plays) installed;
a game registered at run time is registered again in each task.

Results are the same as on one core: a game depends only on its seed, not on where or in
which order it is played.
"""

from __future__ import annotations

import itertools
import os
import socket
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from towers.core.errors import GameOptionError

if TYPE_CHECKING:
    from towers.sim.simulate import _Job
    from towers.sim.summary import GameResult

LOCAL = "local"
CONNECT_SECONDS = 5.0
TASKS_PER_CPU = 2
"""Tasks in flight for each CPU of the cluster: enough that no CPU waits for the next one."""


def _ray() -> Any:
    try:
        import ray
    except ImportError as exc:
        raise GameOptionError("--ray needs Ray installed: pip install 'towers[ray]'") from exc
    return ray


def _check_reachable(address: str) -> None:
    """Fail at once on a ``host:port`` nothing listens at (Ray itself retries for minutes)."""
    host, sep, port = address.removeprefix("ray://").rpartition(":")
    if not sep or not port.isdigit():
        return  # "auto", or a form Ray resolves itself
    try:
        socket.create_connection((host, int(port)), timeout=CONNECT_SECONDS).close()
    except OSError as exc:
        raise ConnectionError(f"nothing answers at {host}:{port} ({exc.strerror or exc})") from exc


def check_address(address: str) -> None:
    """What can be checked of ``address`` before a run starts: Ray is installed and, for a
    ``host:port``, something answers there."""
    _ray()
    if address != LOCAL:
        try:
            _check_reachable(address)
        except ConnectionError as exc:
            raise GameOptionError(f"cannot reach the Ray cluster at {address}: {exc}") from exc


def connect(address: str, workers: int) -> bool:
    """Join the cluster at ``address`` (or start a local one); True if this call started Ray
    here, so that the caller shuts it down."""
    ray = _ray()
    if ray.is_initialized():
        return False
    try:
        if address == LOCAL:
            # the workers import what this process can: its own path goes with them
            env = {"PYTHONPATH": os.pathsep.join(p for p in sys.path if p)}
            ray.init(
                # "local" starts an instance of its own, even where a cluster runs already
                address="local",
                num_cpus=workers,
                include_dashboard=False,
                log_to_driver=False,
                runtime_env={"env_vars": env},
            )
        else:
            _check_reachable(address)
            ray.init(address=address, include_dashboard=False, log_to_driver=False)
    except Exception as exc:  # Ray raises ConnectionError, ValueError, RuntimeError...
        text = " ".join(str(exc).split()) or type(exc).__name__
        raise GameOptionError(f"cannot reach the Ray cluster at {address}: {text}") from exc
    return True


def ray_results(
    job: _Job,
    indices: Sequence[int],
    address: str,
    workers: int,
    play_chunk: Callable[[_Job, list[int]], list[GameResult]],
    chunk_size: Callable[[int, int], int],
) -> Iterator[GameResult]:
    """Play the games ``indices`` of ``job`` on Ray, yielding each game as its task ends:
    ``play_chunk`` plays a task's games, ``chunk_size`` says how many a task takes for so many
    games and CPUs (the simulation's own, given here so this module need not import it)."""
    ray = _ray()
    started = connect(address, workers)
    try:
        cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
        chunk = chunk_size(len(indices), cpus)
        chunks = iter([list(indices[i : i + chunk]) for i in range(0, len(indices), chunk)])
        play = ray.remote(num_cpus=1)(play_chunk)
        job_ref = ray.put(job)
        first = itertools.islice(chunks, TASKS_PER_CPU * cpus)
        pending = [play.remote(job_ref, c) for c in first]
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            for done in ready:
                yield from ray.get(done)
                following = next(chunks, None)
                if following is not None:
                    pending.append(play.remote(job_ref, following))
    finally:
        if started:
            ray.shutdown()
