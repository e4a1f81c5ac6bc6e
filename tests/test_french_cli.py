"""French Tarot on the command line: ``deal``, ``play`` (random players, whole games, a human
seat typing bids, calls, announcements, poignées and cards), ``show``, ``review`` and
``analyse``."""

from __future__ import annotations

import io
import json
import random
import re
import sys
from pathlib import Path

import pytest

from cardgames.bots import RandomBot
from cardgames.cli import main
from cardgames.cli._tarot import human_table
from cardgames.cli.human import play_human
from cardgames.cli.options import PLAYERS_HELP, RULES_HELP
from cardgames.tarot import records
from cardgames.tarot.contracts import (
    PASS,
    Announcement,
    AnyMove,
    Bid,
    Call,
    Contract,
    Declaration,
    parse_move,
)
from cardgames.tarot.game import Strategy, random_strategy
from cardgames.tarot.render import state_to_unicode
from cardgames.tarot.rules import Rules
from cardgames.tarot.state import Move, Phase, State, deal

RULES_4 = Rules.french(players=4)


def play_words(state: State, words: list[str]) -> State:
    for word in words:
        state = state.play(parse_move(word))
    return state


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


# -- deal and play ------------------------------------------------------------------------


def test_rules_french_means_four_players_by_default(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "deal", "tarot", "--rules", "french", "--seed", "3")
    assert status == 0 and out.startswith("Tarot french-4, seed 3, dealer 0\n")
    assert "  dog: " in out and "talon" not in out and "seat 3 bids first" in out
    position = out.splitlines()[-1].removeprefix("position: ")
    assert State.parse(position) == deal(Rules.french(players=4), 3)
    assert "French Tarot, --rules french, 4," in PLAYERS_HELP and "french" in RULES_HELP


@pytest.mark.parametrize("players", [3, 4, 5])
def test_deal_and_play_french_at_every_table(
    players: int, capsys: pytest.CaptureFixture[str]
) -> None:
    rules = Rules.french(players=players)
    base = ("--rules", "french", "--players", str(players), "--seed", "11")
    status, out, _ = run(capsys, "deal", "tarot", *base, "--json")
    assert status == 0 and records.loads(out).replay() == deal(rules, 11)
    status, out, _ = run(capsys, "play", "tarot", *base)
    assert status == 0 and out.startswith(f"Tarot french-{players}, dealer 0\n  bids: ")
    assert run(capsys, "play", "tarot", *base)[1] == out  # deterministic
    status, text, _ = run(capsys, "play", "tarot", *base, "--json")
    final = records.loads(text).replay()
    assert final.is_over and final.rules == rules
    score = final.score()
    if score is None:
        assert final.is_void and "every seat passed" in out
    else:
        assert "  score:\n" in out
        assert out.rstrip().endswith(score.to_unicode().splitlines()[-1])
        assert f"contract: {score.contract.value}, taker seat {score.taker}" in out
    data = json.loads(text)
    assert data["rules"] == f"french-{players}" and "score" in data["deals"][0]["result"]


def test_a_whole_french_game(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "play", "tarot", "--rules", "french", "--game", "--json")
    game = records.loads(out).game()
    assert status == 0 and game.is_over and [s.dealer for s in game.deals] == [0, 3, 2, 1]
    status, out, _ = run(capsys, "play", "tarot", "--rules", "french-3", "--game")
    assert status == 0 and out.count("Tarot french-3, dealer") == 3 and "totals: " in out


def test_bad_french_tables_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "deal", "tarot", "--rules", "french", "--players", "6")
    assert status == 2 and "players" in err
    status, _, err = run(capsys, "deal", "tarot", "--rules", "french-5", "--players", "4")
    assert status == 2 and "disagrees" in err


# -- a human seat ---------------------------------------------------------------------------


def passing_then(strategy: Strategy) -> Strategy:
    """Pass in the bidding, then play as ``strategy``."""

    def choose(state: State) -> AnyMove:
        return PASS if state.phase is Phase.BIDDING else strategy(state)

    return choose


def play_as_human(state: State, human: int, script: str) -> tuple[State, bool, str]:
    others: list[Strategy | None] = [passing_then(random_strategy(seat)) for seat in range(5)]
    players = others[: state.rules.players]
    players[human] = None
    out = io.StringIO()
    final, finished = play_human(
        state,
        human=human,
        players=players,
        table=human_table(state.rules, human),
        stdin=io.StringIO(script),
        out=out,
    )
    return final, finished, out.getvalue()


def test_a_human_taker_bids_discards_announces_declares_and_plays() -> None:
    # Seat 3, first to bid at four players with seat 0 dealing, holds enough trumps for a
    # single poignée (10 at four players).
    trumps = " ".join(f"{n}T" for n in range(1, 12))
    fixed: dict[int | str, str] = {3: f"{trumps} KS KH QD 2C 3C 4C 5C"}
    state = deal(Rules.french(players=4), 9, fixed=fixed)
    script = "garde\n" + "1\n" * 6 + "no-slam\npoignee-single\n" + "1\n" * 18
    final, finished, out = play_as_human(state, 3, script)
    assert finished and final.is_over
    assert final.bids[0] == Bid(Contract.GARDE) and final.taker == 3
    assert final.slam_announced is False and final.poignees[0][0] == 3
    assert "seat 3 (you): bids garde" in out and "seat 2: passes" in out
    assert "seat 3 takes with a garde" in out and "the dog is shown: " in out
    assert "seat 3 (you): announces no slam" in out
    assert "seat 3 (you): declares a single poignée: " in out
    score = final.score()
    assert score is not None and score.to_unicode().splitlines()[0] in out
    # the human's picture is its own: the other hands never show
    assert state_to_unicode(state, seat=3) in out and state_to_unicode(state) not in out
    assert re.search(r"Seat 0: dealer\n +18 cards\n", out)
    assert "Bids: seat 3 garde" in out


def test_a_french_taker_discards_on_one_line_and_undoes_it() -> None:
    trumps = " ".join(f"{n}T" for n in range(1, 12))
    state = deal(Rules.french(players=4), 9, fixed={3: f"{trumps} KS KH QD 2C 3C 4C 5C"})
    script = (
        "garde\n2C 3C 4C 5C QD KS\n2C 3C 4C 5C QD 7S\nundo\nundo\ngarde\n2C,3C,4C,5C,QD 7D\nquit\n"
    )
    final, finished, out = play_as_human(state, 3, script)
    assert not finished and "a King, trump 1, trump 21 or the Excuse may never be" in out
    assert "none of '2C 3C 4C 5C QD KS' was discarded" in out
    assert out.count("taken back: your last move") == 2 and out.count("(you): bids garde") == 2
    assert out.count("seat 3 (you): discards") == 12
    assert final.phase is Phase.ANNOUNCE and final.taker == 3
    assert {str(card) for card in final.discard} == {"2C", "3C", "4C", "5C", "QD", "7D"}


def test_a_human_at_five_calls_a_king() -> None:
    rules = Rules.french(players=5)
    state = deal(rules, 2, fixed={4: "1T 2T 3T KS"})  # seat 4 bids first; no King of hearts
    script = "prise\ncall-KH\n" + "1\n" * 3 + "slam\n" + "1\n" * 15
    final, finished, out = play_as_human(state, 4, script)
    assert finished and final.called is not None and str(final.called) == "KH"
    assert "seat 4 (you): calls K♥" in out and "seat 4 (you): announces a slam" in out
    assert final.trick.leader == 4 or final.tricks[0].leader == 4  # a slam: the taker leads


def test_a_human_typing_a_move_of_the_wrong_phase_is_asked_again() -> None:
    state = deal(Rules.french(players=3), 4)
    script = "KH\nslam\npoignee-single\ncall-KH\nchelem\npass\n"
    final, finished, out = play_as_human(state, 2, script)
    # everyone passed: the deal is void, and over
    assert finished and final.is_void and final.bids[0] == PASS
    assert "every seat passed: the deal is void" in out
    assert out.count("not allowed: ") == 4
    assert "the bidding phase takes a bid (pass or a contract)" in out
    assert "cannot read 'chelem'" in out
    assert "legal moves: 1) pass  2) prise  3) garde  4) garde-sans  5) garde-contre" in out


def bots_play_french() -> bool:
    # Whether the bots choose legal French moves (they learn the bidding in another change).
    state = deal(Rules.french(players=4), 1)
    move = RandomBot().choose(state.view(state.to_move), random.Random(1))
    return state.is_legal(move)


@pytest.mark.skipif(not bots_play_french(), reason="the bots do not bid French Tarot yet")
def test_play_french_against_the_bots(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "french.json"
    args = ["play", "tarot", "--rules", "french", "--human", "0", "--bots", "random,random,rule"]
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 100))
    assert main([*args, "--save", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Tarot french-4, seed 1, dealer 0\nseats: 0 you, 1 random")
    assert records.loads(path.read_text()).replay().is_over


# -- show, review, analyse ------------------------------------------------------------------


def five_player_record(tmp_path: Path) -> tuple[Path, State]:
    """A five-player deal with a garde (and so a discard) and the first trick played."""
    state = deal(Rules.french(players=5), 8)
    choose = random_strategy(1)
    state = state.play(Bid(Contract.GARDE))
    while state.phase is not Phase.PLAY or len(state.tricks) < 1:
        move = choose(state)
        state = state.play(PASS if isinstance(move, Bid) else move)
    path = tmp_path / "five.json"
    path.write_text(records.dumps(state, tags={"Event": "test"}))
    return path, state


def after_announcement(moves: tuple[AnyMove, ...]) -> int:
    """The number of moves up to the announcement (after which the cards are played)."""
    return next(n for n, move in enumerate(moves, 1) if isinstance(move, Announcement))


def test_show_prints_a_french_deal_move_by_move(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, state = five_player_record(tmp_path)
    status, out, _ = run(capsys, "show", str(path))
    assert status == 0
    lines = out.splitlines()
    assert lines[0] == f"Tarot (french-5), {path}"
    order = ["bids: ", "contract: garde", "called: ", "dog (shown", "discard: ", "announcement"]
    found = [next(n for n, line in enumerate(lines) if line.strip().startswith(w)) for w in order]
    assert found == sorted(found)
    assert "  trick  1: " in out and f"not finished: seat {state.to_move} to play" in out
    # a finished deal ends with its score
    final = state
    while not final.is_over:
        final = final.play(final.legal_card_moves()[0])
    path.write_text(records.dumps(final))
    status, out, _ = run(capsys, "show", str(path))
    score = final.score()
    assert score is not None and out.rstrip().endswith(score.to_unicode().splitlines()[-1])


def test_show_a_void_deal(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    state = deal(Rules.french(players=3), 1)
    for _ in range(3):
        state = state.play(PASS)
    path = tmp_path / "void.json"
    path.write_text(records.dumps(state))
    status, out, _ = run(capsys, "show", str(path))
    assert status == 0 and "contract: none, every seat passed" in out
    assert "payoffs: 0, 0, 0" in out and "score:" not in out


def test_review_lists_the_moves_that_are_not_cards_without_judging_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, state = five_player_record(tmp_path)
    moves = state.history()
    play = after_announcement(moves)
    cards = [n for n, move in enumerate(moves, 1) if isinstance(move, Move) and n > play]
    status, out, _ = run(capsys, "review", str(path), "--node-limit", "3000")
    assert status == 0
    lines = out.splitlines()
    for number in range(1, len(moves) + 1):
        (line,) = [line for line in lines if line.startswith(f"  {number:>4}  ")]
        if number in cards:
            assert "not judged" not in line
        else:
            assert "not judged" in line, line
    assert "     1     4  garde" in out and "(bid, not judged)" in out
    assert "(call, not judged)" in out and "(discard, not judged)" in out
    assert "(announcement, not judged)" in out
    status, text, _ = run(capsys, "review", str(path), "--node-limit", "3000", "--json")
    data = json.loads(text)
    assert [step["move"] for step in data["steps"]] == [str(moves[n - 1]) for n in cards]
    assert [item["number"] for item in data["not_judged"]] == [
        n for n in range(1, len(moves) + 1) if n not in cards
    ]
    assert data["first_judged"] == cards[0]


def test_review_of_a_void_deal_judges_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state = deal(Rules.french(players=4), 1)
    for _ in range(4):
        state = state.play(PASS)
    path = tmp_path / "void.json"
    path.write_text(records.dumps(state))
    status, out, _ = run(capsys, "review", str(path))
    assert status == 0 and out.count("(bid, not judged)") == 4
    assert "seat 0: 0 moves" in out


def test_analyse_refuses_a_french_position_before_the_play(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, _, err = run(capsys, "analyse", "tarot", "--position", str(deal(RULES_4, 1)))
    assert status == 2
    assert "the position is still in the bidding, where seat 3 is to bid" in err
    assert "the position must be in the play phase" in err
    position = str(deal(Rules.french(players=3), 2).play(Bid(Contract.GARDE_SANS)))
    status, _, err = run(capsys, "analyse", "tarot", "--position", position)
    assert status == 2 and "still in the bidding, where seat 1 is to bid" in err
    announce = play_words(deal(RULES_4, 1), ["garde-sans", "pass", "pass", "pass"])
    status, _, err = run(capsys, "analyse", "tarot", "--position", str(announce))
    assert status == 2 and "still in the announcement, where the taker, seat 3" in err
    five = play_words(deal(Rules.french(players=5), 1), ["prise"] + ["pass"] * 4)
    status, _, err = run(capsys, "analyse", "tarot", "--position", str(five))
    assert status == 2 and "still in the call, where the taker, seat 4, is to call" in err
    path, state = five_player_record(tmp_path)
    status, _, err = run(capsys, "analyse", str(path), "--after", "6")
    assert status == 2 and "is still in the discard, where seat" in err
    start = after_announcement(state.history())
    assert f"the play of the cards starts after move {start}" in err


def test_analyse_a_french_position_in_play(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = run(
        capsys, "analyse", "tarot", "--rules", "french", "--seed", "1", "--tricks-left", "2"
    )
    assert status == 0 and "Tarot french-4: trick 17 of 18" in out and "Bids: " in out
    path, state = five_player_record(tmp_path)
    status, out, _ = run(
        capsys, "analyse", str(path), "--after", str(len(state.history())), "--node-limit", "500"
    )
    assert status == 0 and "Contract: garde" in out


def test_the_called_card_is_a_call_move() -> None:
    assert str(Call.parse("call-kh")) == "call-KH"
    assert isinstance(Declaration.parse("poignee-single"), Declaration)
