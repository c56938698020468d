"""Games on a real Ray cluster of two nodes on this machine, each started with ``ray start``
as on two machines: the results are those of one local core, and both nodes played games.

Each game records the node it was played on (Ray's runtime context) as a balance facet of a
copy of the toy game, so the results themselves say where every game ran. The run on the
cluster is made by another process (this module run as a script), as a run on a cluster is:
the Ray state of this process is left untouched.
"""

from __future__ import annotations

import importlib
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.toy_game import ToyGame, toy_balance
from towers.core.game import State
from towers.core.registry import GamePlugin, register_game, unregister_game
from towers.sim import run_simulation

ray = pytest.importorskip("ray")
from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy  # noqa: E402

RAY = shutil.which("ray", path=os.path.dirname(sys.executable)) or shutil.which("ray")
START_SECONDS = 40.0
GAMES = 12
SEATS = ["mcts:iterations=300", "greedy", "random"]
"""About a fifth of a second a game: long enough that a second node takes some of them."""
SEED = 5
HERE = "no cluster"
"""The node facet of a game played outside Ray."""


class ToyWhere(ToyGame):
    name = "toy-where"


def where_balance(state: State) -> dict[str, str | list[str]]:
    """The toy game's facets and the Ray node that played the game."""
    node = ray.get_runtime_context().get_node_id() if ray.is_initialized() else HERE
    return {**toy_balance(state), "node": node}


Node = subprocess.Popen[bytes]

MODULE = "tests.sim.test_ray_nodes"
"""This module's name, also when it runs as a script."""
PLUGIN = GamePlugin(rules=f"{MODULE}:ToyWhere", balance=f"{MODULE}:where_balance")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def cluster_env(token: str) -> dict[str, str]:
    """The environment of the nodes and of the run: the cluster's own token (Ray's token
    authentication, whatever ``~/.ray`` holds), and this process's import path, so that the
    nodes' workers import the tests' modules as this process does."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("RAY_")}
    env |= {"RAY_AUTH_MODE": "token", "RAY_AUTH_TOKEN": token, "RAY_USAGE_STATS_ENABLED": "0"}
    env["PYTHONPATH"] = os.pathsep.join(p for p in sys.path if p)
    return env


def start_node(args: list[str], env: dict[str, str], temp_dir: str, log: Path) -> Node:
    """``ray start ARGS --block``: the command stays up while its node runs, in a process
    group of its own that ends with it."""
    assert RAY is not None
    command = [RAY, "start", *args, "--num-cpus", "1", "--node-ip-address", "127.0.0.1"]
    command += ["--temp-dir", temp_dir, "--disable-usage-stats", "--block"]
    with log.open("wb") as out:
        return subprocess.Popen(
            command, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
        )


def stop_node(node: Node) -> None:
    """Stop the node started as ``node`` and every process of its group (its raylet, object
    store and workers), whatever state it is in."""
    for sig, wait in ((signal.SIGTERM, 5.0), (signal.SIGKILL, 5.0)):
        try:
            os.killpg(node.pid, sig)
        except ProcessLookupError:
            return
        try:
            node.wait(timeout=wait)
        except subprocess.TimeoutExpired:
            continue
        time.sleep(0.5)  # the group may outlive its leader for a moment


def logs_text(logs: list[Path]) -> str:
    return "\n".join(f"--- {log.name}\n{log.read_text(errors='replace')[-3000:]}" for log in logs)


def is_listening(port: int) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port), timeout=1).close()
    except OSError:
        return False
    return True


@dataclass
class Cluster:
    head: str
    """The head node's ``host:port``."""
    env: dict[str, str]
    logs: list[Path]


@pytest.fixture
def two_nodes(tmp_path: Path) -> Iterator[Cluster]:
    """A head node and a second node, one CPU each, stopped at the end whatever happens."""
    if RAY is None:
        pytest.skip("the ray executable is not on PATH (pip install 'towers[ray]')")
    env = cluster_env(secrets.token_hex(32))
    # short: Ray's socket paths under it must stay within the system's limit
    temp_dir = tempfile.mkdtemp(prefix="ray-", dir="/tmp")
    port = free_port()
    head = f"127.0.0.1:{port}"
    logs = [tmp_path / "head.log", tmp_path / "node.log"]
    head_args = ["--head", "--port", str(port), "--include-dashboard", "false"]
    nodes = [start_node(head_args, env, temp_dir, logs[0])]
    try:
        deadline = time.monotonic() + START_SECONDS
        while not is_listening(port):
            if nodes[0].poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"the head node did not start\n{logs_text(logs[:1])}")
            time.sleep(0.5)
        nodes.append(start_node(["--address", head], env, temp_dir, logs[1]))
        yield Cluster(head, env, logs)
    finally:
        for node in reversed(nodes):
            stop_node(node)
        shutil.rmtree(temp_dir, ignore_errors=True)


def without_node(data: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """A report's figures with no timing and no node, and the node of each game."""
    data["inputs"].pop("workers")
    data["inputs"].pop("ray", None)
    nodes = [result["balance"].pop("node") for result in data["results"]]
    return data, nodes


def test_two_nodes_give_what_one_core_gives_and_both_play(two_nodes: Cluster) -> None:
    register_game(ToyWhere.name, f"{MODULE}:PLUGIN")
    try:
        report = run_simulation(ToyWhere.name, 3, GAMES, SEATS, seed=SEED, workers=1)
    finally:
        unregister_game(ToyWhere.name)
    one, here = without_node(report.to_dict(timings=False))
    assert set(here) == {HERE}

    command = [sys.executable, "-m", MODULE, two_nodes.head]
    run = subprocess.run(
        command, env=two_nodes.env, capture_output=True, text=True, timeout=2 * START_SECONDS
    )
    assert run.returncode == 0, f"{run.stderr[-3000:]}\n{logs_text(two_nodes.logs)}"
    out = json.loads(run.stdout.splitlines()[-1])
    assert out["report"]["inputs"]["ray"] == two_nodes.head
    figures, nodes = without_node(out["report"])
    assert figures == one
    assert len(out["nodes"]) == 2
    assert set(nodes) == set(out["nodes"]), "every game ran on the cluster, on both its nodes"


def ready_here() -> str:
    """A task that readies a worker to play: imports what a game of the test needs."""
    importlib.import_module(MODULE)
    importlib.import_module("towers.sim.simulate")
    node: str = ray.get_runtime_context().get_node_id()
    return node


def main(head: str) -> None:
    """Wait for the two nodes of the cluster at ``head``, play the test's games there and
    print the report and the nodes' ids as one line of JSON."""
    ray.init(address=head, include_dashboard=False, log_to_driver=False)
    deadline = time.monotonic() + START_SECONDS
    while ray.cluster_resources().get("CPU", 0) < 2:
        if time.monotonic() > deadline:
            sys.exit(f"the second node did not join within {START_SECONDS:.0f} s")
        time.sleep(0.5)
    nodes = sorted(node["NodeID"] for node in ray.nodes() if node["Alive"])
    # A worker ready on each node first: toy games are so short that, on a busy machine, the
    # first worker up would play them all while the other node's worker is still starting.
    ready = ray.remote(num_cpus=1)(ready_here)
    on_each = [
        ready.options(scheduling_strategy=NodeAffinitySchedulingStrategy(node, soft=False))
        for node in nodes
    ]
    assert ray.get([task.remote() for task in on_each]) == nodes
    register_game(ToyWhere.name, f"{MODULE}:PLUGIN")
    # the run plays on the cluster this process has joined
    report = run_simulation(ToyWhere.name, 3, GAMES, SEATS, seed=SEED, workers=2, ray=head)
    print(json.dumps({"report": report.to_dict(timings=False), "nodes": nodes}))


if __name__ == "__main__":
    main(sys.argv[1])
