"""``cardgames analyse`` on the command line: every target, options on either side of it."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from fractions import Fraction
from pathlib import Path

import pytest

from cardgames import solver, tailor, tarot
from cardgames.cli import main
from cardgames.render import format_points
from cardgames.tailor import render as tailor_render
from cardgames.tarot import render as tarot_render
from cardgames.tarot.positions import random_position


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def usage_error(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """The message of a command line that argparse rejects (exit status 2)."""
    with pytest.raises(SystemExit) as exit_info:
        main(list(argv))
    assert exit_info.value.code == 2
    return capsys.readouterr().err


def test_analyse_without_arguments_runs_the_sample(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "analyse")
    assert status == 0
    assert "the built-in sample" in out and "Best line:" in out and "(exact)" in out
    assert "Value: 26 (exact)" in out and out.count("  best") >= 1
    assert "Seat 0: dealer, to move" in out  # the position drawn by the shared renderer


def test_analyse_seeded_tarot_position_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["analyse", "tarot", "--rules", "simplified", "--players", "4", "--seed", "3"]
    status, out, _ = run(capsys, *args, "--tricks-left", "3", "--json")
    data = json.loads(out)
    state = random_position(tarot.Rules.simplified(players=4), seed=3, tricks_left=3)
    assert status == 0 and data["game"] == "tarot" and data["exact"] is True
    assert [entry["move"] for entry in data["move_values"]] == [
        str(move) for move in state.legal_moves()
    ]


@pytest.mark.parametrize(
    "argv",
    [
        # Every option before the game name, after it, and split: the same analysis.
        ["analyse", "tarot", "--tricks-left", "2", "--seed", "4", "--perspective", "1", "--json"],
        ["analyse", "--json", "tarot", "--tricks-left", "2", "--seed", "4", "--perspective", "1"],
        ["analyse", "--perspective", "1", "--seed", "4", "--tricks-left", "2", "--json", "tarot"],
        ["analyse", "--perspective", "1", "tarot", "--seed", "4", "--json", "--tricks-left", "2"],
    ],
)
def test_analyse_options_before_or_after_the_game(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    # Regression: `analyse --json tarot` printed text, and --perspective before the game was
    # dropped.
    status, out, _ = run(capsys, *argv)
    data = json.loads(out)
    state = random_position(tarot.Rules.traditional(players=3), seed=4, tricks_left=2)
    expected = solver.analyse(state, perspective=1)
    assert status == 0 and data["perspective"] == 1
    assert data["value"] == json.loads(json.dumps(expected.to_dict()))["value"]


def test_node_limit_before_the_game_takes_effect(capsys: pytest.CaptureFixture[str]) -> None:
    # Regression: --node-limit before the game was silently ignored.
    for argv in (
        ["analyse", "--node-limit", "20", "tarot", "--tricks-left", "7"],
        ["analyse", "tarot", "--tricks-left", "7", "--node-limit", "20"],
    ):
        status, out, _ = run(capsys, *argv)
        # Under a limit a Tarot analysis uses estimates by default.
        assert status == 0 and "not exact (estimate)" in out
        assert "Searched 20 nodes" in out or "Searched 1" in out
        status, out, _ = run(capsys, *argv, "--no-estimates")
        assert status == 0 and "not exact (bounds)" in out


def test_analyse_tarot_position_text(capsys: pytest.CaptureFixture[str]) -> None:
    state = random_position(tarot.Rules.traditional(players=4), seed=9, tricks_left=2)
    status, out, _ = run(capsys, "analyse", "--perspective", "1", "tarot", "--position", str(state))
    assert status == 0 and "values for seat 1 (side: seats 1, 3)" in out


def test_analyse_tailor_with_options_on_both_sides(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        capsys, "analyse", "--json", "--seed", "2", "tailor", "--players", "3", "--cards-left", "2"
    )
    data = json.loads(out)
    state = tailor.random_position(tailor.Rules(players=3), seed=2, cards_left=2)
    expected = solver.analyse(state)
    assert status == 0 and data["game"] == "tailor" and data["value"] == expected.to_dict()["value"]
    assert [entry["move"] for entry in data["move_values"]] == [
        str(entry.move) for entry in expected.move_values
    ]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["analyse", "--cards-left", "2", "tarot"], "--cards-left does not apply to Tarot"),
        (["analyse", "tailor", "--tricks-left", "2"], "--tricks-left does not apply to Chase"),
        (["analyse", "tailor", "--dealer", "1"], "--dealer does not apply to Chase the Tailor"),
        (["analyse", "--seed", "3"], "--seed does not apply to the built-in sample"),
        (["analyse", "--after", "3"], "--after does not apply to the built-in sample"),
        (["analyse", "tarot", "--after", "3"], "--after does not apply to Tarot"),
        (["analyse", "tarot", "--position", "x", "--seed", "2"], "--seed does not apply with"),
        (["analyse", "--horizon", "3", "tarot"], "--horizon does not apply to Tarot"),
        (["analyse", "tarot", "--first-player", "1"], "unrecognized arguments"),
    ],
)
def test_an_option_of_another_target_is_a_usage_error(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert message in usage_error(capsys, *argv)


def test_bad_position_is_a_clean_error(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "analyse", "tarot", "--position", "nonsense")
    assert status == 2 and "cardgames: error:" in err and "Traceback" not in err


def test_a_position_in_the_discard_phase_says_what_to_do(
    capsys: pytest.CaptureFixture[str],
) -> None:
    state = tarot.deal(tarot.Rules.traditional(players=3), seed=2)
    assert state.phase is tarot.Phase.DISCARD
    status, _, err = run(capsys, "analyse", "tarot", "--position", str(state))
    assert status == 2 and "discard phase" in err and "seat 0" in err
    assert "after the dealer's discard" in err


def test_long_analyses_report_progress_on_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    from cardgames.cli._progress import _Progress
    from cardgames.search.results import SearchProgress

    report = SearchProgress(
        moves_scored=2,
        moves=5,
        nodes=1_300_000,
        lower=Fraction(57),
        upper=Fraction(155, 2),
        elapsed=2.0,
    )
    err = ""
    with _Progress(interval=0.02) as progress:
        progress(report)
        # Wait for the first report however busy the machine (a fixed sleep was not enough
        # on a loaded one); the cap only stops a reporter that never reports.
        deadline = time.monotonic() + 600
        while "analysing" not in err and time.monotonic() < deadline:
            time.sleep(0.01)
            err += capsys.readouterr().err
    err += capsys.readouterr().err
    assert "analysing" in err and "2/5 moves scored, 1.3 M nodes, value 57..155/2" in err


def test_quick_analyses_stay_quiet(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "analyse", "tarot", "--tricks-left", "2")
    assert status == 0 and err == ""


# -- what the report says about its notation and its values (through the installed script) --


def _script(*argv: str) -> str:
    script = Path(sys.executable).with_name("cardgames")
    result = subprocess.run([str(script), *argv], capture_output=True, text=True, check=True)
    return result.stdout


def _unwrapped(text: str) -> str:
    return " ".join(text.split())


def test_the_demo_explains_its_notation_and_its_values() -> None:
    # Regression: `cardgames analyse` (make demo) showed 17T, N♦ and 26 without saying what
    # they are or out of how many points.
    out = _script("analyse")
    assert tarot_render.NOTATION_LEGEND in out.splitlines()
    assert (
        "Values: the card points seat 0 ends the deal with, tricks already won included, out "
        "of the 78 the pack counts." in _unwrapped(out)
    )


def test_a_partnership_and_a_french_analysis_name_their_side_and_total() -> None:
    out = _script("analyse", "tarot", "--players", "4", "--seed", "9", "--tricks-left", "2")
    assert "the card points seat 0's side (seats 0 and 2) ends the deal with" in _unwrapped(out)
    assert "out of the 72 the pack counts" in _unwrapped(out)
    state = tarot.random_position(tarot.Rules.french(players=3), seed=7, tricks_left=2)
    out = _script("analyse", "tarot", "--position", str(state))
    assert f"the card points the taker's side (seat {state.taker}) ends" in _unwrapped(out)
    assert "out of the 91 the pack counts, in half points." in _unwrapped(out)


def test_a_tailor_analysis_explains_its_notation_and_its_values() -> None:
    out = _script("analyse", "tailor", "--players", "3")
    assert tailor_render.NOTATION_LEGEND in out.splitlines()
    assert "Values: seat " in out and "payoff minus the mean payoff of the others" in out


def test_analyse_writes_thirds_with_fraction_signs() -> None:
    # Regression: the simplified four-player game's thirds were written 41/3.
    for seed in range(1, 30):
        state = tarot.random_position(tarot.Rules.simplified(players=4), seed=seed, tricks_left=2)
        analysis = solver.analyse(state)
        if analysis.value.denominator == 3:
            break
    out = _script("analyse", "tarot", "--position", str(state))
    table = out[out.index("move  value") : out.index("Best line:")]
    assert "/" not in table and f"Value: {format_points(analysis.value)} (exact)" in table
