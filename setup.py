"""Build script: the package metadata lives in pyproject.toml; this file only adds the optional
native build of the solver's hot modules.

When mypyc (part of mypy) and a working C compiler are available, the modules listed in
``cardgames/_compiled.py`` are compiled to extension modules, and the bridge search's C core
(``cardgames/bridge/_ddcore.c``, the same search as ``cardgames/bridge/search.py``) is built
with the compiler. Each part that fails is left out with a message, and the package falls back
to Python for it; with ``CARDGAMES_PURE=1`` set, the package is built as pure Python, which
always works.
"""

from __future__ import annotations

import os
import runpy
import sys
import sysconfig

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))
COMPILED = runpy.run_path(os.path.join(HERE, "cardgames", "_compiled.py"))


def _say(message: str) -> None:
    print(f"cardgames build: {message}", file=sys.stderr)


def _compiled_extensions() -> list[Extension]:
    if os.environ.get(COMPILED["PURE_VARIABLE"], "") == "1":
        _say(f"{COMPILED['PURE_VARIABLE']}=1: building pure Python")
        return []
    if not sysconfig.get_config_var("CC"):
        _say("no C compiler configured: building pure Python")
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        _say("mypyc is not installed: building pure Python")
        return []
    paths = [name.replace(".", "/") + ".py" for name in COMPILED["COMPILED_MODULES"]]
    try:
        extensions: list[Extension] = mypycify(paths, opt_level="3", group_name="cardgames_native")
    except (Exception, SystemExit) as error:  # mypyc's failures must not stop the pure install
        # A type error anywhere in the package ends mypyc with SystemExit, not an exception.
        _say(f"mypyc could not translate the solver ({error}): building pure Python")
        return []
    return extensions


def _c_extensions() -> list[Extension]:
    # Plain C extensions (the bridge and Tarot searches' inner loops), built with the
    # machine's compiler; each has a Python counterpart used where it is not built.
    if os.environ.get(COMPILED["PURE_VARIABLE"], "") == "1":
        return []
    if not sysconfig.get_config_var("CC") and sys.platform != "win32":
        _say("no C compiler configured: the bridge and Tarot searches run in Python")
        return []
    return [
        Extension(name, [source], extra_compile_args=["-O2"])
        for name, source in COMPILED["C_EXTENSIONS"].items()
    ]


class OptionalBuildExt(build_ext):
    """Build the native modules if the C compiler cooperates; otherwise carry on without."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:
            _say(f"compiling the solver failed ({error}): installing pure Python")
            self.extensions = []

    def build_extension(self, ext: Extension) -> None:
        try:
            super().build_extension(ext)
        except Exception as error:
            _say(f"compiling {ext.name} failed ({error}): it stays pure Python")


setup(
    ext_modules=_compiled_extensions() + _c_extensions(),
    cmdclass={"build_ext": OptionalBuildExt},
)
