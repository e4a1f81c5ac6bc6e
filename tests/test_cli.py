"""The command line's core commands."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

import cardgames
import cardgames.solver
from cardgames.cli import main


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["--version"])
    assert exit_info.value.code == 0
    assert cardgames.__version__ in capsys.readouterr().out


def test_help_lists_the_commands(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 0
    out = capsys.readouterr().out
    assert "packs" in out and "deal" in out and "play" in out


def test_packs_is_deterministic(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["packs", "--seed", "3"]) == 0
    first = capsys.readouterr().out
    assert main(["packs", "--seed", "3"]) == 0
    assert capsys.readouterr().out == first
    assert "player 3:" in first and "stock (27 cards)" in first


def test_python_dash_m_runs_the_cli() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "cardgames", "--version"], capture_output=True, text=True, check=True
    )
    backend = cardgames.solver.backend()
    assert result.stdout.strip() == f"cardgames {cardgames.__version__} (solver backend: {backend})"


@pytest.mark.parametrize("pure", ["1", "0"])
def test_cardgames_pure_selects_the_python_backend(pure: str) -> None:
    # CARDGAMES_PURE=1 must load the solver from its sources even where a compiled build is
    # installed; without it the installed backend (compiled when the build could compile) runs.
    env = {**os.environ, "CARDGAMES_PURE": pure}
    code = (
        "import cardgames.solver as s, cardgames.tarot.search as t; print(s.backend(), t.__file__)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env
    )
    name, path = result.stdout.split()
    if pure == "1":
        assert name == "python" and path.endswith(".py")
    else:
        assert name == cardgames.solver.backend()
        assert (name == "compiled") == (not path.endswith(".py"))


def test_a_closed_pipe_ends_quietly() -> None:
    # Regression: `cardgames play tarot ... | head` ended in a BrokenPipeError traceback.
    command = [sys.executable, "-m", "cardgames", "play", "tarot", "--game"]
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE) as process:
        assert process.stdout is not None and process.stderr is not None
        process.stdout.close()  # the reader is gone before the first line is written
        error = process.stderr.read().decode()
        status = process.wait(timeout=60)
    assert status == 0, error
    assert "Traceback" not in error and "BrokenPipe" not in error
