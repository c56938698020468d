"""How a module's compiled twin is chosen: only when built from the module's current text."""

from __future__ import annotations

import hashlib
import importlib
import os
import shutil
import subprocess
import sys
import warnings
import zipfile
from pathlib import Path
from types import ModuleType

import pytest

from towers.core.compiled import PURE_ENV, is_compiled, source_digest, twin, twins_chosen


@pytest.fixture
def package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """A throwaway package holding ``hot.py``; ``write_twin(text)`` gives it a ``hot_c``
    standing in for a compiled twin built from ``text``."""
    root = tmp_path / "twinpkg"
    root.mkdir()
    (root / "__init__.py").write_text("")
    source = "WHO = 'plain'\n"
    (root / "hot.py").write_text(source)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delenv(PURE_ENV, raising=False)

    def write_twin(built_from: str) -> None:
        digest = hashlib.sha256(built_from.encode()).hexdigest()
        (root / "hot_c.py").write_text(f"WHO = 'twin'\nSOURCE_SHA256 = {digest!r}\n")

    yield source, write_twin
    for name in [m for m in sys.modules if m.startswith("twinpkg")]:
        del sys.modules[name]


def load() -> ModuleType:
    importlib.invalidate_caches()
    return importlib.import_module("twinpkg.hot")


def test_the_twin_built_from_the_current_text_is_chosen(package) -> None:
    source, write_twin = package
    write_twin(source)
    assert twin(load()).WHO == "twin"
    assert twins_chosen("twinpkg.") == {"twinpkg.hot": True}


def test_no_twin_means_the_plain_module(package) -> None:
    assert twin(load()).WHO == "plain"
    assert twins_chosen("twinpkg.") == {"twinpkg.hot": False}


def test_a_twin_built_from_another_text_is_refused_with_a_warning(package) -> None:
    source, write_twin = package
    write_twin(source + "# an older version\n")
    with pytest.warns(RuntimeWarning, match="pip install -e"):
        chosen = twin(load())
    assert chosen.WHO == "plain"


def test_the_environment_can_ask_for_plain_python(package, monkeypatch) -> None:
    source, write_twin = package
    write_twin(source)
    monkeypatch.setenv(PURE_ENV, "1")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert twin(load()).WHO == "plain"
    monkeypatch.setenv(PURE_ENV, "0")
    assert twin(load()).WHO == "twin"


def test_source_digest_and_is_compiled(package) -> None:
    source, _ = package
    module = load()
    assert source_digest(module) == hashlib.sha256(source.encode()).hexdigest()
    assert not is_compiled(module)
    extension = ModuleType("ext")
    extension.__file__ = "/somewhere/ext.cpython-311-x86_64-linux-gnu.so"
    assert is_compiled(extension)


ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_the_project_builds_without_a_c_compiler_and_leaves_the_twins_out(
    tmp_path: Path,
) -> None:
    """No C compiler (CC names none): the wheel is still built, with the plain modules only,
    and the build says why (setup.py's BuildTwins)."""
    source = tmp_path / "source"  # the checkout without what builds and tests left in it
    shutil.copytree(
        ROOT,
        source,
        ignore=shutil.ignore_patterns(
            ".*", "build", "dist", "*.so", "*.egg-info", "__pycache__", "node_modules"
        ),
    )
    env = dict(os.environ, CC=str(tmp_path / "no-such-compiler"))
    done = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-v", "--no-deps", str(source), "-w", str(tmp_path)],
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert "plain Python serves" in done.stdout + done.stderr
    (wheel,) = tmp_path.glob("towers-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
    assert "towers/games/torres/movegen.py" in names
    assert not [name for name in names if "movegen_c" in name]
