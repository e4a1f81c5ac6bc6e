"""``cardgames analyse`` on the command line."""

from __future__ import annotations

import json
import time

import pytest

from cardgames import tarot
from cardgames.cli import main
from cardgames.solver.positions import random_tarot_position


def test_analyse_without_arguments_runs_the_sample(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyse"]) == 0
    out = capsys.readouterr().out
    assert "the built-in sample" in out and "Best line:" in out and "(exact)" in out
    assert out.count("<- best") >= 1


def test_analyse_seeded_tarot_position_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["analyse", "tarot", "--rules", "simplified", "--players", "4", "--seed", "3"]
    assert main([*args, "--tricks-left", "3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    state = random_tarot_position(tarot.Rules.simplified(players=4), 3, 3)
    assert data["game"] == "tarot" and data["exact"] is True
    assert [entry["move"] for entry in data["move_values"]] == [
        str(move) for move in state.legal_moves()
    ]


def test_analyse_tarot_position_text(capsys: pytest.CaptureFixture[str]) -> None:
    state = random_tarot_position(tarot.Rules.traditional(players=4), 9, 2)
    assert main(["analyse", "tarot", "--position", state.position(), "--perspective", "1"]) == 0
    out = capsys.readouterr().out
    assert "Values for seat 1 (side: 1, 3)" in out


def test_analyse_with_a_node_limit_reports_bounds(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyse", "tarot", "--tricks-left", "7", "--node-limit", "20"]) == 0
    assert "not exact (bounds)" in capsys.readouterr().out


def test_bad_position_is_a_clean_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyse", "tarot", "--position", "nonsense"]) == 2
    assert "cardgames: error:" in capsys.readouterr().err


def test_long_analyses_report_progress_on_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    from cardgames.solver.cli import _Progress

    with _Progress(interval=0.02) as progress:
        progress(2, 5, 1000)
        time.sleep(0.2)
    err = capsys.readouterr().err
    assert "analysing" in err and "2/5 moves scored, 1000 nodes" in err


def test_quick_analyses_stay_quiet(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyse", "tarot", "--tricks-left", "2"]) == 0
    assert capsys.readouterr().err == ""
