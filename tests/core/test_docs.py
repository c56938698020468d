"""The documentation runs: docs/api.md's sessions, and the README's commands exist."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent


def test_api_doc_sessions_run() -> None:
    result = doctest.testfile(
        str(ROOT / "docs" / "api.md"),
        module_relative=False,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
        verbose=False,
    )
    assert result.attempted > 20, "docs/api.md lost its examples"
    assert result.failed == 0, f"{result.failed} of docs/api.md's examples fail (printed above)"


def test_readme_scripts_exist() -> None:
    readme = (ROOT / "README.md").read_text()
    scripts = set(re.findall(r"\b(scripts/[\w.-]+)", readme))
    assert {"scripts/start", "scripts/test"} <= scripts
    for script in scripts:
        assert (ROOT / script).is_file(), f"README.md names {script}, which does not exist"


def test_ci_runs_the_test_script() -> None:
    lines = [
        line.strip()
        for line in (ROOT / ".ci" / "run").read_text().splitlines()
        if line.strip() and not line.lstrip().startswith("#")
    ]
    assert "exec bash scripts/test" in lines[-1]
