"""Every script in examples/ runs from a fresh interpreter, exits 0, prints something, and
prints the same thing twice (the examples are seeded; temporary directory names aside)."""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from hang_guard import WALL_SECONDS

EXAMPLES = sorted((Path(__file__).parent.parent / "examples").glob("*.py"))


def run(script: Path) -> str:
    done = subprocess.run(
        [sys.executable, str(script)],
        capture_output=True,
        text=True,
        timeout=WALL_SECONDS,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    # Scripts that write files into a fresh temporary directory print its (random) name.
    scratch = re.escape(tempfile.gettempdir()) + r"/[^/\s]+"
    return re.sub(scratch, "<tmp>", done.stdout)


def test_there_are_examples() -> None:
    names = {script.name for script in EXAMPLES}
    assert {"solver_endgame.py", "record_roundtrip.py", "svg_table.py"} <= names


@pytest.mark.parametrize("script", EXAMPLES, ids=[script.name for script in EXAMPLES])
def test_example_runs_and_is_reproducible(script: Path) -> None:
    first = run(script)
    assert first.strip()
    assert run(script) == first
