"""Test-collection rules shared by the whole tree.

On the compiled backend the solver's hot modules are extension modules, and pytest cannot
collect the doctests of a module whose ``__file__`` is a ``.so`` ("import file mismatch").
Their doctests run instead in the pure-Python pass (``make pytest-pure``, with
``CARDGAMES_PURE=1``), where the same modules are loaded from their sources.

Hypothesis draws new examples on every run by default, which keeps finding new cases on
developers' machines; ``HYPOTHESIS_PROFILE=ci`` (set by ``.ci/run``) makes the draws the same on
every run, so that a landing does not depend on luck.
"""

from __future__ import annotations

import os
from importlib.util import find_spec
from pathlib import Path

from hypothesis import settings

from cardgames._compiled import COMPILED_MODULES, backend

settings.register_profile("ci", derandomize=True, database=None)
settings.register_profile("dev")
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))

_ROOT = Path(__file__).parent
_COMPILED_FILES = {_ROOT.joinpath(*name.split(".")).with_suffix(".py") for name in COMPILED_MODULES}
# The modules of an optional extra: their doctests are collected only where it is installed.
_EXTRA_FILES = {
    _ROOT / "cardgames" / "env" / "arrays.py": ("numpy",),
    _ROOT / "cardgames" / "env" / "gymnasium.py": ("numpy", "gymnasium"),
    _ROOT / "cardgames" / "env" / "vector.py": ("numpy",),
    _ROOT / "cardgames" / "env" / "pettingzoo.py": ("numpy", "gymnasium", "pettingzoo"),
    _ROOT / "cardgames" / "env" / "openspiel.py": ("numpy", "pyspiel"),
    _ROOT / "cardgames" / "env" / "spiel_bots.py": ("numpy", "pyspiel"),
}


def pytest_ignore_collect(collection_path: Path) -> bool | None:
    if collection_path in _COMPILED_FILES and backend() == "compiled":
        return True
    needs = _EXTRA_FILES.get(collection_path)
    if needs is not None and not all(find_spec(name) for name in needs):
        return True
    return None
