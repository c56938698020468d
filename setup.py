"""Build hook for the compiled twins of the engine's hottest modules (optional).

towers is plain Python. When Cython is there at build time (``pyproject.toml`` asks for it)
and a C compiler works, each module with a ``.pxd`` beside it is also compiled, as
``<module>_c``, from a copy of its source with the C types of that ``.pxd``. The copy ends
with the SHA-256 of the source, so that the running code can tell a twin built from an older text and fall back to
the Python module (:func:`towers.core.compiled.twin`). When Cython is missing or the build
fails, the install goes on without the twin and everything runs as plain Python.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent
GENERATED = HERE / "build" / "twins"
# every module with a .pxd beside it (scripts/venv.sh finds them the same way)
TWINS = sorted(
    pxd.relative_to(HERE).with_suffix("").as_posix() for pxd in (HERE / "towers").rglob("*.pxd")
)
# TOWERS_TWINS=towers/games/turris builds only the twins under that path (comma-separated
# prefixes), as when working on one game: python setup.py build_ext --inplace
if os.environ.get("TOWERS_TWINS"):
    _wanted = tuple(os.environ["TOWERS_TWINS"].split(","))
    TWINS = [stem for stem in TWINS if stem.startswith(_wanted)]


def twin_extensions() -> list[Extension]:
    """Write each twin's source (the module's text and its digest) and its extension."""
    extensions = []
    for stem in TWINS:
        text = (HERE / f"{stem}.py").read_bytes()
        digest = hashlib.sha256(text).hexdigest()
        target = GENERATED / f"{stem}_c.py"
        target.parent.mkdir(parents=True, exist_ok=True)
        # package markers, so that Cython names the module by its full dotted name
        for folder in target.relative_to(GENERATED).parents:
            if folder != Path("."):
                (GENERATED / folder / "__init__.py").touch()
        target.write_bytes(text + f'\nSOURCE_SHA256 = "{digest}"\n'.encode())
        shutil.copyfile(HERE / f"{stem}.pxd", target.with_suffix(".pxd"))
        name = f"{stem}_c".replace("/", ".")
        extensions.append(Extension(name, [str(target)]))  # BuildTwins skips a failure
    return extensions


def compiled_twins() -> list[Extension]:
    try:
        from Cython.Build import cythonize
    except ImportError:
        print("towers: Cython is not installed; the engine runs as plain Python", file=sys.stderr)
        return []
    # one twin at a time: a twin that does not translate leaves the others built
    built = []
    for extension in twin_extensions():
        try:
            built.extend(
                cythonize(
                    [extension],
                    compiler_directives={"language_level": 3, "annotation_typing": False},
                    quiet=True,
                )
            )
        except Exception as error:  # a twin is a speed-up, never a reason to fail the install
            print(
                f"towers: {extension.name} not compiled ({error}); plain Python serves",
                file=sys.stderr,
            )
    return built


class BuildTwins(build_ext):
    """Builds each twin, going on without any that fails (no C compiler, say): a twin is a
    speed-up, and the plain module serves in its place."""

    def build_extensions(self) -> None:
        self.check_extensions_list(self.extensions)
        built = []
        for ext in self.extensions:
            try:
                self.build_extension(ext)
            except Exception as error:
                print(
                    f"towers: {ext.name} not compiled ({error}); plain Python serves",
                    file=sys.stderr,
                )
            else:
                built.append(ext)
        self.extensions = built  # later steps copy only what was built


setup(ext_modules=compiled_twins(), cmdclass={"build_ext": BuildTwins})
