"""Compiled twins: a module of plain Python and, when it was built, the same text compiled.

``setup.py`` compiles a few hot modules with Cython into a twin named ``<module>_c``, whose
source is the module's text followed by ``SOURCE_SHA256``, its digest. :func:`twin` returns
the twin only when that digest matches the module's file as it is now, so a twin left over
from an older text (say, after editing the module without reinstalling) is never used; the
plain module serves instead, with a warning saying how to rebuild.

Set the environment variable ``TOWERS_PURE_PYTHON=1`` to use the plain modules always.
"""

from __future__ import annotations

import hashlib
import importlib
import os
import warnings
from pathlib import Path
from types import ModuleType

PURE_ENV = "TOWERS_PURE_PYTHON"

_CHOSEN: dict[str, bool] = {}  # module name -> whether its compiled twin is in use


def pure_requested() -> bool:
    """True when ``TOWERS_PURE_PYTHON`` asks for plain Python (any value but "", "0")."""
    return os.environ.get(PURE_ENV, "") not in ("", "0")


def source_digest(module: ModuleType) -> str:
    """The SHA-256 of the module's source file."""
    if module.__file__ is None:
        raise ValueError(f"module {module.__name__} has no file")
    return hashlib.sha256(Path(module.__file__).read_bytes()).hexdigest()


def twin(module: ModuleType) -> ModuleType:
    """The compiled twin of ``module`` when there is an up-to-date one, else ``module``."""
    chosen = _choose(module)
    _CHOSEN[module.__name__] = chosen is not module
    return chosen


def _choose(module: ModuleType) -> ModuleType:
    if pure_requested():
        return module
    try:
        compiled = importlib.import_module(module.__name__ + "_c")
    except ImportError:
        return module
    if getattr(compiled, "SOURCE_SHA256", None) != source_digest(module):
        warnings.warn(
            f"the compiled {compiled.__name__} was built from another text of "
            f"{module.__name__}; using plain Python (rebuild with: pip install -e .)",
            RuntimeWarning,
            stacklevel=3,
        )
        return module
    return compiled


def twins_chosen(prefix: str = "") -> dict[str, bool]:
    """For each module given to :func:`twin` so far whose name starts with ``prefix``,
    whether its compiled twin is in use."""
    return {name: used for name, used in sorted(_CHOSEN.items()) if name.startswith(prefix)}


def is_compiled(module: ModuleType) -> bool:
    """True when ``module`` is a compiled extension rather than Python source."""
    return module.__file__ is not None and not module.__file__.endswith(".py")
