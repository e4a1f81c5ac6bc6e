"""``cardgames play GAME --human SEAT``: playing against the bots with scripted standard input."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from cardgames import tailor, tarot
from cardgames._cli_human import PIMC_TIME_PER_MOVE, bot_names, make_bots
from cardgames.bots import PIMCBot, RandomBot, RuleBot
from cardgames.cli import main
from cardgames.errors import RulesError
from cardgames.strategies import bot_rng

TAROT_RULES = tarot.Rules.traditional(players=3)
FIRST_EVERY_TURN = "1\n" * 400


def run(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    args: list[str],
    script: str,
) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(script))
    status = main(args)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def first_legal(state: Any) -> Any:
    return state.legal_moves()[0]


def expected_tarot(seed: int, human: int, bots: list[Any]) -> tarot.State:
    """The deal the command plays when the human always types 1 (the first legal move)."""
    players: list[Any] = list(bots)
    players.insert(human, first_legal)
    return tarot.play_deal(tarot.deal(TAROT_RULES, seed=seed), players, rng=seed)[0]


def expected_tailor(rules: tailor.Rules, seed: int, human: int, bots: list[Any]) -> tailor.State:
    players: list[Any] = list(bots)
    players.insert(human, first_legal)
    return tailor.play_deal(tailor.deal(rules, seed=seed), players, rng=seed)[0]


# -- a whole deal ------------------------------------------------------------------------


def test_tarot_deal_played_to_the_end_and_saved(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "deal.json"
    args = ["play", "tarot", "--human", "1", "--bots", "rule,random", "--seed", "4"]
    status, out, err = run(monkeypatch, capsys, [*args, "--save", str(path)], FIRST_EVERY_TURN)
    assert status == 0 and err == ""
    assert out.startswith("Tarot traditional-3, seed 4, dealer 0\nseats: 0 rule, 1 you, 2 random")
    assert "payoffs:" in out and "you (seat 1):" in out and f"record saved to {path}" in out
    final = expected_tarot(4, 1, [RuleBot(), RandomBot()])
    (played,) = tarot.loads(path.read_text()).deals
    assert played.replay() == final
    record = tarot.loads(path.read_text())
    assert dict(record.tags) == {"seat 0": "rule", "seat 1": "human", "seat 2": "random"}
    # the same command line plays the same deal
    again = run(monkeypatch, capsys, args, FIRST_EVERY_TURN)
    assert again[1] == out.replace(f"record saved to {path}\n", "")
    # and `cardgames show` reads the record back
    assert main(["show", str(path)]) == 0
    shown = capsys.readouterr().out
    assert "seat 1: human" in shown and "payoffs:" in shown


def test_tailor_round_played_to_the_end_and_saved(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "round.json"
    args = ["play", "tailor", "--players", "3", "--human", "0", "--bots", "random,rule"]
    status, out, _ = run(monkeypatch, capsys, [*args, "--save", str(path)], FIRST_EVERY_TURN)
    assert status == 0
    assert out.startswith("Chase the Tailor, players=3, seed 1\nseats: 0 you, 1 random, 2 rule")
    assert "payoffs:" in out and "you (seat 0): payoff" in out
    final = expected_tailor(tailor.Rules(players=3), 1, 0, [RandomBot(), RuleBot()])
    (played,) = tailor.loads(path.read_text()).deals
    assert played.replay() == final
    assert main(["show", str(path)]) == 0
    assert "seat 0: human" in capsys.readouterr().out


def test_no_bots_option_means_rule_bots(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "rule.json"
    args = ["play", "tailor", "--human", "2", "--seed", "3", "--save", str(path)]
    status, out, _ = run(monkeypatch, capsys, args, FIRST_EVERY_TURN)
    assert status == 0 and "seats: 0 rule, 1 rule, 2 you, 3 rule" in out
    final = expected_tailor(tailor.Rules(players=4), 3, 2, [RuleBot()] * 3)
    assert tailor.loads(path.read_text()).deals[0].replay() == final


# -- what the human sees -----------------------------------------------------------------


def test_the_human_sees_only_its_own_hand_and_not_the_bots_discard(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = run(
        monkeypatch, capsys, ["play", "tarot", "--human", "2", "--seed", "6"], FIRST_EVERY_TURN
    )
    assert status == 0
    start = tarot.deal(TAROT_RULES, seed=6)
    mine = {card.to_unicode() for card in start.initial.hands[2]}
    hands = [line for line in out.splitlines() if line.startswith("Hand:")]
    assert hands and all(set(line.split()[1:]) <= mine for line in hands)
    assert "seat 2's view" in out and "seat 0's view" not in out and "seat 1's view" not in out
    # the dealer (seat 0, a bot) discards face down
    assert out.count("seat 0: discards a card") == len(start.initial.talon)
    discard = expected_tarot(6, 2, [RuleBot(), RuleBot()]).discard
    before_end = out.split("payoffs:")[0].split("\nTarot traditional-3, dealer 0\n")[0]
    assert all(f"discards {card.to_unicode()}" not in before_end for card in discard)


def test_the_humans_own_discard_is_shown_to_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = run(monkeypatch, capsys, ["play", "tarot", "--human", "0"], "1\nquit\n")
    first = tarot.deal(TAROT_RULES, seed=1).legal_card_moves()[0]
    assert status == 0 and f"seat 0 (you): discards {first.card.to_unicode()}" in out


def test_legal_moves_are_listed_and_bots_moves_shown(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["play", "tailor", "--players", "2", "--human", "1", "--seed", "2"]
    status, out, _ = run(monkeypatch, capsys, args, "quit\n")
    state = tailor.deal(tailor.Rules(players=2), seed=2)
    bot_move = RuleBot().choose(state.view(0), bot_rng(2, 0, 0))
    after = state.play(bot_move)
    listed = "  ".join(f"{n}) {move}" for n, move in enumerate(after.legal_moves(), 1))
    assert status == 0 and out.splitlines()[3].startswith("seat 0: ")
    assert f"legal moves: {listed}" in out.replace("\n  ", "  ")
    assert after.view(1).to_unicode() in out


# -- bad entries, quitting ---------------------------------------------------------------


def test_bad_entries_are_explained_and_asked_again(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    script = "hello\n21T\n0\n99\n\nhelp\n" + FIRST_EVERY_TURN
    args = ["play", "tarot", "--human", "1", "--seed", "4", "--bots", "rule,random"]
    status, out, _ = run(monkeypatch, capsys, args, script)
    assert status == 0
    assert "cannot read 'hello': invalid Tarot move 'hello': invalid Tarot card 'hello'" in out
    assert "not allowed: illegal move '21T': player 1 may not play it" in out
    assert "no move number 0: choose 1 to" in out and "no move number 99" in out
    assert out.count("Type a move in the game's notation") == 2  # the heading's, then help's
    # after the bad entries the deal goes on as if they had not been typed
    clean = run(monkeypatch, capsys, args, FIRST_EVERY_TURN)[1]
    assert out.split("payoffs:")[1] == clean.split("payoffs:")[1]


def test_tailor_bad_entries(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["play", "tailor", "--players", "3", "--human", "0"]
    status, out, _ = run(monkeypatch, capsys, args, "KH\nfly\ndraw\nquit\n")
    assert status == 0
    assert "not allowed: illegal move 'KH': KH is not in player 0's hand" in out
    assert "cannot read 'fly': invalid move 'fly': expected a suited card" in out
    assert "not allowed: illegal move 'draw': drawing is allowed only when" in out
    assert out.rstrip().endswith("the deal is stopped")


def test_a_move_can_be_typed_in_notation(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    state = tailor.deal(tailor.Rules(players=2), seed=5)
    last = state.legal_moves()[-1]
    args = ["play", "tailor", "--players", "2", "--human", "0", "--seed", "5"]
    status, out, _ = run(monkeypatch, capsys, args, f"{str(last).lower()}\nquit\n")
    assert status == 0 and "seat 0 (you): " in out and "the deal is stopped" in out
    assert "cannot read" not in out and "not allowed" not in out


@pytest.mark.parametrize("game", ["tarot", "tailor"])
def test_end_of_input_mid_game_stops_cleanly_and_saves_what_was_played(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    game: str,
) -> None:
    path = tmp_path / "partial.json"
    args = ["play", game, "--human", "0", "--save", str(path)]
    status, out, err = run(monkeypatch, capsys, args, "1\n1\n1\n1\n")
    assert status == 0 and err == "" and "end of input: the deal is stopped" in out
    assert "payoffs:" not in out
    record = (tarot.loads if game == "tarot" else tailor.loads)(path.read_text())
    assert dict(record.tags)["note"] == "stopped before the end"
    assert len(record.deals[0].moves) >= 4 and not record.deals[0].replay().is_over
    assert main(["show", str(path)]) == 0
    assert "not finished" in capsys.readouterr().out


@pytest.mark.parametrize("word", ["quit", "EXIT", " quit "])
def test_quit_stops(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], word: str
) -> None:
    status, out, _ = run(monkeypatch, capsys, ["play", "tarot", "--human", "0"], word + "\n1\n")
    assert status == 0 and out.rstrip().endswith("the deal is stopped")
    assert "seat 0 (you)" not in out


# -- usage errors ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["tarot", "--human", "0", "--bots", "rule"], "invalid --bots 'rule': 1 bot for the 2"),
        (["tarot", "--human", "0", "--bots", "rule,rule,rule"], "3 bots for the 2 seats"),
        (["tailor", "--human", "1", "--bots", "rule,rule"], "2 bots for the 3 seats"),
        (["tarot", "--human", "0", "--bots", "rule,clever"], "invalid bot 'clever'"),
        (["tarot", "--human", "3"], "invalid --human seat 3"),
        (["tarot", "--human", "-1"], "invalid --human seat -1"),
        (["tarot", "--bots", "rule,rule"], "--bots needs --human"),
        (["tailor", "--save", "x.json"], "--save needs --human"),
        (["tarot", "--human", "0", "--game"], "--human plays one deal: --game"),
        (["tailor", "--human", "0", "--rounds", "3"], "--human plays one deal: --rounds 3"),
        (["tarot", "--human", "0", "--json"], "--human cannot be combined with --json"),
    ],
)
def test_usage_errors_exit_2(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    args: list[str],
    message: str,
) -> None:
    status, out, err = run(monkeypatch, capsys, ["play", *args], FIRST_EVERY_TURN)
    assert status == 2 and out == "" and message in err


def test_a_file_that_cannot_be_written_is_an_error(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "missing" / "deal.json"
    args = ["play", "tailor", "--players", "2", "--human", "0", "--save", str(path)]
    status, _, err = run(monkeypatch, capsys, args, "quit\n")
    assert status == 2 and f"cannot save the record to '{path}'" in err


def test_human_options_apply_to_play_only() -> None:
    with pytest.raises(SystemExit) as info:
        main(["deal", "tarot", "--human", "0"])
    assert info.value.code == 2


def test_bot_names_and_pimc_defaults() -> None:
    assert bot_names("random, rule", 3, 2) == ("random", "rule")
    with pytest.raises(RulesError, match="invalid --human seat True"):
        bot_names(None, 3, True)
    (pimc,) = make_bots(["pimc"])
    assert isinstance(pimc, PIMCBot) and pimc.time_per_move == PIMC_TIME_PER_MOVE
    (given,) = make_bots(["pimc:time_per_move=0.25:worlds=3"])
    assert isinstance(given, PIMCBot) and given.time_per_move == 0.25 and given.worlds == 3


def test_a_small_pimc_bot_plays(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["play", "tailor", "--players", "2", "--human", "1", "--bots", "pimc:worlds=2"]
    status, out, _ = run(monkeypatch, capsys, args, "1\nquit\n")
    assert status == 0 and "seats: 0 pimc:worlds=2, 1 you" in out and "\nseat 0: " in out


# -- the installed script, fed a script --------------------------------------------------


def test_the_script_plays_a_whole_tarot_deal_from_standard_input(tmp_path: Path) -> None:
    # The entries: a bad one, then the first legal move of every turn, typed in notation.
    typed: list[str] = []

    def human(state: tarot.State) -> tarot.Move:
        move = state.legal_card_moves()[0]
        typed.append(str(move))
        return move

    bots = [RuleBot(), RuleBot()]
    final = tarot.play_deal(tarot.deal(TAROT_RULES, seed=3), [human, *bots], rng=3)[0]
    script = "nonsense\n" + "".join(f"{move}\n" for move in typed)
    path = tmp_path / "deal.json"
    command = [str(Path(sys.executable).with_name("cardgames")), "play", "tarot"]
    command += ["--human", "0", "--bots", "rule,rule", "--seed", "3", "--save", str(path)]
    result = subprocess.run(
        command, input=script, capture_output=True, text=True, encoding="utf-8", timeout=120
    )
    assert result.returncode == 0, result.stderr
    assert "cannot read 'nonsense'" in result.stdout and "payoffs:" in result.stdout
    assert tarot.loads(path.read_text()).deals[0].replay() == final
