"""Games on Ray: a local Ray instance started by the test (Ray has dropped its local mode)
gives the results one core gives, with progress and a results file as on local workers."""

from __future__ import annotations

from pathlib import Path

import pytest

from towers.core.errors import GameOptionError
from towers.sim import load_report, run_simulation, run_tournament

ray = pytest.importorskip("ray")


def figures(report: object) -> dict[str, object]:
    data = report.to_dict(timings=False)  # type: ignore[attr-defined]
    data["inputs"].pop("workers")
    data["inputs"].pop("ray", None)
    return data


# first, before the fixture below starts Ray in this process
def test_an_address_with_no_cluster_is_refused_in_a_line() -> None:
    if ray.is_initialized():
        pytest.skip("Ray is running in this process")
    with pytest.raises(GameOptionError, match="cannot reach the Ray cluster at 127.0.0.1:1"):
        run_simulation("toy", 2, 1, ["random", "random"], seed=1, ray="127.0.0.1:1")


@pytest.fixture(scope="module")
def local_ray() -> object:
    from towers.sim.cluster import connect

    # one instance for the module: started here, so the runs below leave it running
    assert connect("local", 2)
    yield ray
    ray.shutdown()


def test_ray_gives_what_one_core_gives(local_ray: object, tmp_path: Path) -> None:
    seats = ["mcts:iterations=6", "greedy", "random"]
    one = run_simulation("toy", 3, 9, seats, seed=13, workers=1)
    done: list[int] = []
    path = tmp_path / "ray.sqlite"
    on_ray = run_simulation(
        "toy", 3, 9, seats, seed=13, workers=2, ray="local", results=path, progress=done.append
    )
    assert figures(on_ray) == figures(one)
    assert on_ray.inputs["ray"] == "local"
    assert done == list(range(1, 10))
    assert figures(load_report(path)) == figures(one)
    assert ray.is_initialized()  # a run that did not start Ray leaves it alone


def test_a_tournament_on_ray_gives_what_one_core_gives(local_ray: object) -> None:
    bots = ["greedy", "random", "mcts:iterations=4"]
    one = run_tournament("toy", 2, 6, bots, seed=2)
    assert figures(run_tournament("toy", 2, 6, bots, seed=2, ray="local")) == figures(one)
