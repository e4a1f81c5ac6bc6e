"""The public API stays: every name that was in a module's ``__all__`` before the games became
one object each (issue 28) still imports from that module.

``tests/data/public_api.json`` lists each module's ``__all__`` as it was at the commit before
that change; a name may be added anywhere, none may go.
"""

from __future__ import annotations

import importlib
import json
from pathlib import Path

import pytest

_BEFORE: dict[str, list[str]] = json.loads(
    (Path(__file__).parent / "data" / "public_api.json").read_text()
)


@pytest.mark.parametrize("module", sorted(_BEFORE))
def test_every_public_name_still_imports_from_its_module(module: str) -> None:
    imported = importlib.import_module(module)
    missing = [name for name in _BEFORE[module] if not hasattr(imported, name)]
    assert missing == []
    assert set(_BEFORE[module]) <= set(getattr(imported, "__all__", ()))
