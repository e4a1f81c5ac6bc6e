"""``cardgames bridge``: through the real console script."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from hang_guard import WALL_SECONDS

from cardgames import bridge
from cardgames.cli import main

SCRIPT = Path(sys.executable).with_name("cardgames")


def _run(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(SCRIPT), "bridge", *argv],
        capture_output=True,
        text=True,
        timeout=WALL_SECONDS,
        check=False,
    )


def test_deal_shows_the_hands_and_json_reads_back(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bridge", "deal", "--seed", "4", "--contract", "S by N"]) == 0
    assert f"PBN: {bridge.random_deal(4).pbn()}" in capsys.readouterr().out
    record = bridge.loads(_run("deal", "--seed", "4", "--json").stdout)
    assert record.start() == bridge.State(bridge.random_deal(4), bridge.Contract.parse("NT by S"))


def test_play_then_show_a_record(tmp_path: Path) -> None:
    played = _run("play", "--seed", "3", "--bots", "rule,random,rule,random", "--json")
    assert played.returncode == 0
    final = bridge.loads(played.stdout).replay()
    assert final.is_over
    path = tmp_path / "hand.json"
    path.write_text(played.stdout)
    shown = _run("show", str(path))
    assert shown.returncode == 0 and shown.stdout.count(" won by ") == 13
    assert f"Declarer {final.declarer_tricks} tricks" in shown.stdout


def test_analyse_a_position_and_errors() -> None:
    state = bridge.random_position(3, tricks_played=10)
    done = _run("analyse", str(state))
    assert done.returncode == 0 and "best" in done.stdout and "Value:" in done.stdout
    missing = _run("analyse", bridge.random_deal(1).pbn())
    assert missing.returncode == 2 and "needs --contract" in missing.stderr


def test_bad_bots_and_files_are_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bridge", "play", "--bots", "nobody"]) == 2
    assert "invalid --bots 'nobody'" in capsys.readouterr().err
    assert main(["bridge", "show", "/nonexistent/hand.json"]) == 2
    assert "cannot read" in capsys.readouterr().err
