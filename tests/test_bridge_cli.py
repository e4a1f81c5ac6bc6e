"""``cardgames bridge``: through the real console script."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hang_guard import WALL_SECONDS

from cardgames import bridge, solver
from cardgames.cli import main

SCRIPT = Path(sys.executable).with_name("cardgames")


def _run(*argv: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(SCRIPT), "bridge", *argv],
        capture_output=True,
        text=True,
        input=stdin,
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


def test_a_deal_longer_than_a_file_name_is_read_as_a_deal() -> None:
    # Regression: a PBN deal of more than 255 characters was first tried as a file name, and
    # the check itself ended in "OSError: File name too long" and a traceback.
    deal = bridge.random_position(2, tricks_played=11).hands
    spaced = "N:" + (" " * 100).join(bridge.format_hand(hand) for hand in deal)
    assert len(spaced) > 300
    done = _run("analyse", spaced, "--contract", "NT by S")
    assert done.returncode == 0, done.stderr
    assert "Value:" in done.stdout
    unreadable = _run("analyse", "N:" + "A" * 300, "--contract", "NT by S")
    assert unreadable.returncode == 2
    assert "cardgames: error: invalid deal 'N:AAA" in unreadable.stderr
    assert "Traceback" not in unreadable.stderr


@pytest.mark.parametrize(
    "argv",
    [
        ["bridge", "show", "x" * 300],
        ["bridge", "analyse", "x" * 300],
        ["show", "x" * 300],
        ["review", "x" * 300],
        ["analyse", "x" * 300],
        ["batch", "x" * 300, "-o", "out.jsonl"],
        ["batch", "/dev/null", "-o", "x" * 300],
        ["play", "tarot", "--bots", "rule,rule,rule", "--save", "x" * 300],
        ["play", "tarot", "--bots", "x" * 300 + ".py:Bot,rule,rule"],
    ],
    ids=lambda argv: " ".join(word[:10] for word in argv),
)
def test_every_file_name_too_long_is_a_usage_error(argv: list[str], tmp_path: Path) -> None:
    done = subprocess.run(
        [str(SCRIPT), *argv],
        capture_output=True,
        text=True,
        timeout=WALL_SECONDS,
        check=False,
        cwd=tmp_path,
    )
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith("cardgames") and "Traceback" not in done.stderr


def _cardgames(*argv: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(SCRIPT), *argv],
        capture_output=True,
        text=True,
        input=stdin,
        timeout=WALL_SECONDS,
        check=False,
    )


def _record(tmp_path: Path) -> Path:
    played = _run("play", "--seed", "5", "--contract", "4Sx by W", "--json")
    path = tmp_path / "bridge.json"
    path.write_text(played.stdout)
    return path


def test_the_generic_commands_read_a_bridge_record(tmp_path: Path) -> None:
    path = _record(tmp_path)
    shown = _cardgames("show", str(path))
    assert shown.returncode == 0 and shown.stdout.startswith("Bridge (4Sx by W)")
    assert "Declarer" in shown.stdout.splitlines()[-1]
    analysed = _cardgames("analyse", str(path), "--after", "44", "--json")
    assert analysed.returncode == 0
    states = bridge.loads(path.read_text()).states()
    assert json.loads(analysed.stdout)["value"] == solver.analyse(states[44]).value
    reviewed = _cardgames("review", str(path), "--after", "44")
    assert reviewed.returncode == 0 and "Summary" in reviewed.stdout, reviewed.stderr


def test_bridge_analyse_takes_after_a_time_limit_and_json(tmp_path: Path) -> None:
    path = _record(tmp_path)
    states = bridge.loads(path.read_text()).states()
    result = _run("analyse", str(path), "--after", "40", "--time-limit", "60", "--json")
    assert result.returncode == 0, result.stderr
    analysis = json.loads(result.stdout)
    assert analysis["value"] == solver.analyse(states[40]).value and analysis["exact"]
    text = _run("analyse", str(path), "--after", "44").stdout
    assert "to move; values for" in text and " / " in text.splitlines()[-1]  # tricks by seat
    wrong = _run("analyse", str(path), "--after", "60")
    assert wrong.returncode == 2 and "the record has 52 cards" in wrong.stderr


def test_bridge_play_human_plays_a_seat_at_the_prompt(tmp_path: Path) -> None:
    save = tmp_path / "mine.json"
    entries = "hint\n" + "1\n" * 26
    result = _run("play", "--seed", "3", "--human", "S", "--save", str(save), stdin=entries)
    assert result.returncode == 0, result.stderr
    assert "your move (seat 2)" in result.stdout and "hint:" in result.stdout
    final = bridge.loads(save.read_text()).replay()
    assert final.is_over
    assert _run("play", "--human", "Q").returncode == 2


def test_the_generic_play_and_deal_commands_take_bridge() -> None:
    dealt = _cardgames("deal", "bridge", "--rules", "3NT by S", "--json")
    assert json.loads(dealt.stdout)["rules"] == "3NT by S"
    watched = _cardgames("play", "bridge", "--bots", "rule", "--seed", "2")
    assert watched.returncode == 0 and "Declarer" in watched.stdout
    assert "bridge" in _cardgames("--help").stdout


def test_contracts_keep_their_level_and_doubling() -> None:
    for text in ("3NT by S", "4Sx by W", "6Hxx by N", "S by E"):
        assert str(bridge.Contract.parse(text)) == text
    contract = bridge.Contract.parse("4Sx by W")
    assert (contract.level, contract.doubled, contract.needed) == (4, 1, 10)
    assert bridge.random_position(3, tricks_left=5).tricks_played == 8
