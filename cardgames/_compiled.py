"""Which modules the optional compiled build turns into native code, and the switch back to
pure Python.

The solver's hot modules are ordinary, strictly typed Python. When a C compiler is present at
install time, ``setup.py`` also compiles them with mypyc (it ships inside mypy); the compiled
extension modules sit beside their sources and Python imports them in preference. Setting the
environment variable ``CARDGAMES_PURE=1`` before :mod:`cardgames` is imported makes the
library load the sources instead, so both backends can be run from one installation (the tests
and the benchmarks do exactly that).

This module imports nothing from the library, so that ``setup.py`` can read the list below
without the package's dependencies installed.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Sequence
from types import ModuleType
from typing import Final, Literal

__all__ = ["COMPILED_MODULES", "C_EXTENSIONS", "PURE_VARIABLE", "backend", "install_pure_finder"]

COMPILED_MODULES: Final = (
    "cardgames._shuffle",
    "cardgames.search.engine",
    "cardgames.tarot.search_model",
    "cardgames.tarot.search_numbering",
    "cardgames.tarot.search_order",
    "cardgames.tarot.search_bounds",
    "cardgames.tarot.search",
    "cardgames.tarot.evaluation",
    "cardgames.tailor.turns",
    "cardgames.tailor.search_codes",
    "cardgames.tailor.search_turns",
    "cardgames.tailor.search_model",
    "cardgames.tailor.search",
    "cardgames.bridge.search_model",
    "cardgames.bridge.search_bounds",
    "cardgames.bridge.search_order",
    "cardgames.bridge.search_table",
    "cardgames.bridge.search",
    "cardgames.tarot.env_rules",
    "cardgames.tarot.env_step",
    "cardgames.tailor.env_step",
)
"""The modules that the compiled build turns into native code (dotted names)."""

C_EXTENSIONS: Final = {
    "cardgames.bridge._ddcore": "cardgames/bridge/_ddcore.c",
    "cardgames.tarot._core": "cardgames/tarot/_core.c",
}
"""Extension modules written in C (dotted name: source), built beside the compiled ones; each
has a pure-Python counterpart that is used where it is not built or ``CARDGAMES_PURE=1``."""

PURE_VARIABLE: Final = "CARDGAMES_PURE"
"""The environment variable that, set to ``1``, forces the pure-Python backend."""

Backend = Literal["compiled", "python"]


class _PureFinder(importlib.abc.MetaPathFinder):
    """Finds the ``.py`` source of a compiled module before the extension module is found."""

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None,
        target: ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname not in COMPILED_MODULES or not path:
            return None
        leaf = fullname.rpartition(".")[2]
        for folder in path:
            source = os.path.join(folder, leaf + ".py")
            if os.path.exists(source):
                return importlib.util.spec_from_file_location(fullname, source)
        return None


def pure_requested() -> bool:
    """Whether ``CARDGAMES_PURE=1`` is set."""
    return os.environ.get(PURE_VARIABLE, "") == "1"


def install_pure_finder() -> None:
    """Load the compiled modules from their sources, if ``CARDGAMES_PURE=1`` is set (done
    once, when :mod:`cardgames` is imported)."""
    if pure_requested() and not any(isinstance(f, _PureFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, _PureFinder())


def backend() -> Backend:
    """``"compiled"`` when every module in ``cardgames._compiled.COMPILED_MODULES`` runs as
    native code, ``"python"`` otherwise.

    >>> backend() in ('compiled', 'python')
    True
    """
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    for name in COMPILED_MODULES:
        module = sys.modules.get(name) or importlib.import_module(name)
        if not (getattr(module, "__file__", None) or "").endswith(suffixes):
            return "python"
    return "compiled"


# Installed as soon as this module is imported (the package imports it first), so that no
# compiled module the package imports on its way in is loaded before the switch is seen.
install_pure_finder()
