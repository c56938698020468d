"""``towers serve`` takes the limits on each connection as options, over the environment's."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from towers.cli import app
from towers.server.limits import Limits


def test_the_options_set_the_limits_and_the_environment_the_rest(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    served: dict[str, Any] = {}

    def run(*args: Any, limits: Limits | None = None) -> None:
        served["limits"] = limits

    monkeypatch.setattr("towers.server.serve.run", run)
    monkeypatch.setenv("TOWERS_WS_MAX_SIZE", "4096")
    monkeypatch.setenv("TOWERS_HEADER_TIMEOUT", "30")
    args = ["serve", "--database", str(tmp_path / "g.sqlite")]
    more = ["--header-timeout", "2.5", "--connections-per-address", "0"]
    result = CliRunner().invoke(app, [*args, *more])
    assert result.exit_code == 0, result.output
    assert served["limits"] == Limits(
        header_timeout=2.5, connections_per_address=0, ws_max_size=4096
    )
