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


PILLARS = ROOT / "tests" / "plugin" / "towers-pillars"


def test_new_game_doc_quotes_the_example_game_as_it_is() -> None:
    """Every code block of docs/new-game.md appears in the file named above it."""
    text = (ROOT / "docs" / "new-game.md").read_text()
    current: Path | None = None
    checked = 0
    for label, lang, body in re.findall(
        r"^`([\w./-]+\.(?:py|toml))`:\s*$|^```(\w+)\n(.*?)^```", text, re.M | re.S
    ):
        if label:
            current = PILLARS / label
            continue
        if lang not in ("python", "toml"):
            continue
        assert current is not None, f"a {lang} block of docs/new-game.md names no file"
        assert body in current.read_text(), (
            f"docs/new-game.md quotes {current.relative_to(ROOT)} as it no longer is:\n{body}"
        )
        checked += 1
    assert checked >= 8, "docs/new-game.md lost its code"


def test_new_game_doc_sessions_run() -> None:
    import sys

    from towers.core import registry

    sys.path.insert(0, str(PILLARS))
    registry.register_game("pillars", "towers_pillars.rules:PillarsGame")
    try:
        result = doctest.testfile(
            str(ROOT / "docs" / "new-game.md"),
            module_relative=False,
            optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
            verbose=False,
        )
    finally:
        registry.unregister_game("pillars")
        sys.path.remove(str(PILLARS))
        for name in [m for m in sys.modules if m.startswith("towers_pillars")]:
            del sys.modules[name]
    assert result.attempted >= 8, "docs/new-game.md lost its examples"
    assert result.failed == 0, f"{result.failed} of docs/new-game.md's examples fail"


def test_research_doc_shows_each_games_tensor_as_declared() -> None:
    import towers
    from towers.core.registry import is_shipped, list_games, tensor_of

    text = (ROOT / "docs" / "research.md").read_text()
    for name in [g for g in list_games() if is_shipped(g)]:
        table = tensor_of(towers.make(name, players=2)).describe()
        assert table in text, f"docs/research.md lacks {name}'s tensor as declared:\n{table}"
