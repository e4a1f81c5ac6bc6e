"""``cardgames play GAME --human SEAT``: playing against the bots with scripted standard input."""

from __future__ import annotations

import io
import itertools
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hang_guard import WALL_SECONDS

from cardgames import tailor, tarot
from cardgames.bots import PIMCBot, RandomBot, RuleBot
from cardgames.cli import main
from cardgames.cli._tarot import format_deal
from cardgames.cli.human import PIMC_TIME_PER_MOVE, bot_names, make_bots
from cardgames.errors import RulesError
from cardgames.strategies import bot_rng
from cardgames.tailor.render import state_to_unicode as tailor_picture
from cardgames.tarot.render import state_to_unicode

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
    # every picture is the seat's own (its hand, the others' card counts), never the table's
    final = expected_tarot(6, 2, [RuleBot(), RuleBot()])
    (played,) = tarot.loads(tarot.dumps(final)).deals
    turns = [state for state in played.states() if state.to_move == 2 and not state.is_over]
    assert turns and all(state_to_unicode(state, seat=2) in out for state in turns)
    assert state_to_unicode(start) not in out and "Seat 2: you" not in out
    shown = re.findall(r"Seat ([01])\b[^\n]*\n *(\S+)", out)  # what is under another seat
    assert len(shown) == 2 * len(turns) and all(first.isdigit() for _, first in shown)
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
        # without --human, --bots plays a deal of bots (see test_cli_watch...), one deal only
        (["tarot", "--bots", "rule,rule,rule,rule"], "4 bots for 3 seats; expected at most"),
        (["tarot", "--bots", "rule", "--game"], "--bots plays one deal: --game"),
        (["tailor", "--bots", "rule", "--rounds", "2"], "--bots plays one deal: --rounds 2"),
        (["tarot", "--bots", "rule", "--json"], "--bots cannot be combined with --json"),
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
        command,
        input=script,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=WALL_SECONDS,
    )
    assert result.returncode == 0, result.stderr
    assert "cannot read 'nonsense'" in result.stdout and "payoffs:" in result.stdout
    assert tarot.loads(path.read_text()).deals[0].replay() == final


# -- through the installed script: standard input, --save, watching bots, own bots ----------

SCRIPT = str(Path(sys.executable).with_name("cardgames"))


def script(
    args: list[str], entries: str | None = "", *, cwd: Path | None = None, **kwargs: Any
) -> subprocess.CompletedProcess[str]:
    """Run the console script with ``entries`` on standard input (None: inherit it)."""
    return subprocess.run(
        [SCRIPT, *args],
        input=entries,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=WALL_SECONDS,
        cwd=cwd,
        **kwargs,
    )


def test_a_closed_standard_input_is_a_usage_error() -> None:
    # Regression: with fd 0 closed sys.stdin is None, and the prompt failed with
    # AttributeError: 'NoneType' object has no attribute 'readline'.
    result = script(
        ["play", "tarot", "--human", "0"], None, stdin=None, preexec_fn=lambda: os.close(0)
    )
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr and result.stdout == ""
    assert "--human needs standard input to read your moves" in result.stderr
    # watching bots needs no standard input
    watched = script(
        ["play", "tailor", "--players", "2", "--bots", "rule"],
        None,
        stdin=None,
        preexec_fn=lambda: os.close(0),
    )
    assert watched.returncode == 0 and "payoffs:" in watched.stdout


@pytest.mark.parametrize("where", ["missing", "directory"])
def test_an_unwritable_save_path_is_refused_before_the_deal(tmp_path: Path, where: str) -> None:
    # Regression: the path was tried only once the deal had been played.
    path = tmp_path / "missing" / "deal.json" if where == "missing" else tmp_path
    args = ["play", "tarot", "--human", "0", "--save", str(path)]
    result = script(args, FIRST_EVERY_TURN)
    assert result.returncode == 2 and result.stdout == ""  # not a move played
    reason = "no directory" if where == "missing" else "it is a directory"
    assert f"cannot save the record to '{path}': {reason}" in result.stderr
    assert not (tmp_path / "missing").exists()
    watched = script(["play", "tarot", "--bots", "rule", "--save", str(path)])
    assert watched.returncode == 2 and watched.stdout == "" and reason in watched.stderr


def test_a_save_path_is_only_written_at_the_end(tmp_path: Path) -> None:
    # The check creates nothing: a command that fails later leaves no file, and a deal
    # stopped at once still writes its record (with no move).
    path = tmp_path / "deal.json"
    failed = script(["play", "tarot", "--human", "0", "--bots", "rule", "--save", str(path)])
    assert failed.returncode == 2 and not path.exists()
    stopped = script(["play", "tarot", "--human", "0", "--save", str(path)], "quit\n")
    assert stopped.returncode == 0 and tarot.loads(path.read_text()).deals[0].moves == ()


def watched_tarot(seed: int, bots: list[Any]) -> tarot.State:
    return tarot.play_deal(tarot.deal(TAROT_RULES, seed=seed), bots, rng=seed)[0]


def test_watching_bots_play_a_tarot_deal(tmp_path: Path) -> None:
    path = tmp_path / "watched.json"
    result = script(["play", "tarot", "--bots", "rule,random", "--seed", "5", "--save", str(path)])
    assert result.returncode == 0, result.stderr
    out = result.stdout
    # fewer names than seats are repeated in seat order
    assert out.startswith("Tarot traditional-3, seed 5, dealer 0\nseats: 0 rule, 1 random, 2 rule")
    final = watched_tarot(5, [RuleBot(), RandomBot(), RuleBot()])
    (played,) = tarot.loads(path.read_text()).deals
    assert played.replay() == final
    # the whole table at the start, then after every trick; each trick told as it is won
    states = list(played.states())
    assert state_to_unicode(states[0]) in out
    for number, trick in enumerate(final.tricks, 1):
        assert f"trick {number}: " in out and f"-> won by seat {trick.winner}" in out
    after_tricks = [s for b, s in itertools.pairwise(states) if len(s.tricks) > len(b.tricks)]
    assert len(after_tricks) == 25 and all(state_to_unicode(s) in out for s in after_tricks)
    positions = [out.index(f"trick {n}: ") for n in range(1, 26)]
    assert positions == sorted(positions)
    # the moves, the discard included (a watcher sees every hand), and the result
    assert all(f"discards {card.to_unicode()}" in out for card in final.discard)
    assert "(you)" not in out and f"{format_deal(final)}\nrecord saved to {path}" in out
    assert dict(tarot.loads(path.read_text()).tags)["seat 1"] == "random"


def test_watching_a_pimc_bot_and_a_tailor_round() -> None:
    tarot_run = script(["play", "tarot", "--bots", "rule,pimc:worlds=2:time_per_move=0.1"])
    assert tarot_run.returncode == 0, tarot_run.stderr
    assert "seats: 0 rule, 1 pimc:worlds=2:time_per_move=0.1, 2 rule" in tarot_run.stdout
    assert "payoffs:" in tarot_run.stdout and "seat 1: plays " in tarot_run.stdout
    result = script(["play", "tailor", "--players", "3", "--bots", "rule,random,rule"])
    assert result.returncode == 0, result.stderr
    start = tailor.deal(tailor.Rules(players=3), seed=1)
    final = tailor.play_deal(start, [RuleBot(), RandomBot(), RuleBot()], rng=1)[0]
    assert tailor_picture(start) in result.stdout and tailor_picture(final) in result.stdout
    assert result.stdout.rstrip().endswith(f"payoffs: {', '.join(map(str, final.payoffs()))}")


BOT_FILE = '''
class FirstMove:
    """Plays the first legal move."""

    name = "first"

    def choose(self, view, rng):
        # A bot is handed its seat's view, never the state: fail loudly if it were not.
        if type(view).__name__ != "View":
            raise TypeError(f"handed a {type(view).__name__}, not a view")
        return view.legal_moves()[0]


class NoChoose:
    pass


class NeedsArgs:
    def __init__(self, depth):
        self.depth = depth

    def choose(self, view, rng):
        return view.legal_moves()[0]


NOT_A_CLASS = 3
'''


def first_move(state: Any) -> Any:
    return state.legal_moves()[0]


@pytest.fixture
def bot_file(tmp_path: Path) -> Path:
    path = tmp_path / "mybots.py"
    path.write_text(BOT_FILE)
    return path


def test_a_bot_of_ones_own_from_a_file_or_a_module(tmp_path: Path, bot_file: Path) -> None:
    final = watched_tarot(2, [first_move, RuleBot(), first_move])
    path = tmp_path / "own.json"
    spec = f"{bot_file}:FirstMove"
    result = script(["play", "tarot", "--seed", "2", "--bots", f"{spec},rule", "--save", str(path)])
    assert result.returncode == 0, result.stderr
    assert f"seats: 0 {spec}, 1 rule, 2 {spec}" in result.stdout
    assert tarot.loads(path.read_text()).deals[0].replay() == final
    # module:Class, the module found in the current directory; with a human seat
    human = script(
        [
            "play",
            "tarot",
            "--seed",
            "2",
            "--human",
            "1",
            "--bots",
            "mybots:FirstMove,mybots:FirstMove",
        ],
        "1\nquit\n",
        cwd=tmp_path,
    )
    assert human.returncode == 0, human.stderr
    assert "seats: 0 mybots:FirstMove, 1 you, 2 mybots:FirstMove" in human.stdout
    # in the arena, by file (played in this process) and by module (in worker processes)
    for bots, jobs in (
        (f"{spec},rule", "1"),
        (f"{spec},rule", None),
        ("mybots:FirstMove,rule", "2"),
    ):
        args = ["arena", "tailor", "--players", "2", "--bots", bots, "--deals", "2"]
        arena_run = script([*args, *(["--jobs", jobs] if jobs else [])], cwd=tmp_path)
        assert arena_run.returncode == 0, arena_run.stderr
        assert "first" in arena_run.stdout and "rule" in arena_run.stdout


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("nosuchmodule_xyz:Bot", "no module named 'nosuchmodule_xyz'"),
        ("mybots:Missing", "module 'mybots' has no class 'Missing'"),
        ("{file}:Missing", "has no class 'Missing'"),
        ("{file}:NoChoose", "NoChoose is not a bot: it has no choose(view, rng) method"),
        ("{file}:NeedsArgs", "NeedsArgs() with no arguments failed: TypeError"),
        ("{file}:NOT_A_CLASS", "NOT_A_CLASS in file"),
        ("{dir}/nothere.py:Bot", "no file"),
        ("my-bots:Bot", "is neither a module name nor a file ending in .py"),
        ("mybots:", "expected random, rule, pimc"),
    ],
)
def test_a_bad_bot_of_ones_own_is_a_usage_error(
    tmp_path: Path, bot_file: Path, spec: str, message: str
) -> None:
    spec = spec.format(file=bot_file, dir=tmp_path)
    for args in (
        ["play", "tarot", "--bots", f"rule,{spec}"],
        ["play", "tarot", "--human", "0", "--bots", f"rule,{spec}"],
        ["arena", "tarot", "--bots", f"rule,rule,{spec}", "--deals", "1"],
    ):
        result = script(args, cwd=tmp_path)
        assert result.returncode == 2 and result.stdout == "", (args, result.stderr)
        assert f"invalid bot '{spec}'" in result.stderr and message in result.stderr
        assert "Traceback" not in result.stderr


def test_a_bot_from_a_file_is_not_sent_to_other_processes(bot_file: Path) -> None:
    args = ["arena", "tailor", "--players", "2", "--bots", f"{bot_file}:FirstMove,rule"]
    result = script([*args, "--deals", "2", "--jobs", "2"])
    assert result.returncode == 2 and "--jobs 2 cannot be used with it" in result.stderr


# -- undo, hint, a discard on one line, help, the same picture for every Tarot family ------


def test_undo_goes_back_to_the_previous_turn(tmp_path: Path) -> None:
    path = tmp_path / "undone.json"
    args = ["play", "tarot", "--human", "1", "--bots", "rule,rule", "--seed", "4"]
    entries = "undo\n1\n1\nundo\nundo\nundo\nquit\n"
    result = script([*args, "--save", str(path)], entries)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert out.count("nothing to undo: you have not made a move yet") == 2
    assert out.count("taken back: your last move and the moves after it") == 2
    # back where the human first had to move: the moves before it only
    full = expected_tarot(4, 1, [RuleBot(), RuleBot()])
    (played,) = tarot.loads(tarot.dumps(full)).deals
    states = list(played.states())
    first_turn = next(i for i, s in enumerate(states) if s.to_move == 1)
    (saved,) = tarot.loads(path.read_text()).deals
    assert saved.moves == played.moves[:first_turn]
    picture = state_to_unicode(states[first_turn], seat=1)
    assert out.count(picture) == 2  # shown first, then after the second undo


def test_a_whole_discard_on_one_line_and_undone_as_one(tmp_path: Path) -> None:
    path = tmp_path / "discard.json"
    start = tarot.deal(TAROT_RULES, seed=1)  # seat 0 deals and discards three cards
    cards = [move.card for move in start.legal_card_moves()[:3]]
    line = " ".join(map(str, cards))
    bad = f"{cards[0]} {cards[1]} 21T"  # 21T is not the dealer's: nothing is discarded
    entries = f"{bad}\n{cards[0]} {cards[0]}\n{line} {cards[2]}\n{line}\nquit\n"
    result = script(["play", "tarot", "--human", "0", "--save", str(path)], entries)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert f"none of '{bad}' was discarded" in out and "is typed twice" in out
    assert "has 4 cards but 3 are still to be discarded" in out
    assert out.count("seat 0 (you): discards") == 3 and "seat 0 has discarded" in out
    final = tarot.loads(path.read_text()).deals[0].replay()
    assert set(final.discard) == set(cards)
    # undo takes the whole line back
    undone = script(["play", "tarot", "--human", "0", "--save", str(path)], f"{line}\nundo\nquit\n")
    assert undone.returncode == 0 and tarot.loads(path.read_text()).deals[0].moves == ()


def test_a_hint_from_the_humans_view(tmp_path: Path) -> None:
    result = script(["play", "tarot", "--human", "0", "--seed", "3"], "hint\nhint\nquit\n")
    assert result.returncode == 0, result.stderr
    hints = [line for line in result.stdout.splitlines() if line.startswith("hint: ")]
    assert len(hints) == 2 and "from your view" in hints[0]
    start = tarot.deal(TAROT_RULES, seed=3)
    move = tarot.Move.parse(hints[0].split()[1].rstrip(","))
    assert move in start.legal_moves()
    # in the play of the cards: the solver over sampled worlds, said so
    play = script(["play", "tailor", "--players", "2", "--human", "0"], "hint\nquit\n")
    (line,) = [line for line in play.stdout.splitlines() if line.startswith("hint: ")]
    assert "deals that agree with what you can see, each solved" in line
    assert "it does not see the other hands" in line


def test_help_lists_the_commands() -> None:
    result = script(["play", "tailor", "--human", "0"], "help\nquit\n")
    assert result.returncode == 0
    for command in ("undo", "hint", "help, ?", "quit", "NUMBER"):
        assert f"\n  {command} " in result.stdout


@pytest.mark.parametrize(
    "rules", ["simplified", "traditional", "french", "simplified-3", "french-5"]
)
def test_every_tarot_family_draws_the_same_table(rules: str) -> None:
    parsed = (
        tarot.Rules.parse(rules)
        if "-" in rules
        else {"simplified": tarot.Rules.simplified(4), "traditional": TAROT_RULES}.get(
            rules, tarot.Rules.french(4)
        )
    )
    start = tarot.deal(parsed, seed=1)
    seat = start.to_move  # no bot moves before the human's first turn
    result = script(["play", "tarot", "--rules", rules, "--human", str(seat)], "quit\n")
    assert result.returncode == 0, result.stderr
    assert state_to_unicode(start, seat=seat) in result.stdout
    assert f"Seat {seat}: " in result.stdout and "'s view" not in result.stdout


def test_the_prompt_at_a_terminal() -> None:
    # At a terminal (a pseudo-terminal here) undo, hint and quit work as from a pipe.
    pty = pytest.importorskip("pty")
    import select

    main_fd, other_fd = pty.openpty()
    command = [SCRIPT, "play", "tarot", "--human", "1", "--seed", "4"]
    with subprocess.Popen(command, stdin=other_fd, stdout=other_fd, stderr=other_fd) as process:
        os.close(other_fd)
        os.write(main_fd, b"undo\n1\nundo\nhint\nquit\n")
        chunks: list[bytes] = []
        while True:
            ready, _, _ = select.select([main_fd], [], [], WALL_SECONDS)
            if not ready:
                break
            try:
                chunk = os.read(main_fd, 65536)
            except OSError:  # the program has ended and closed the terminal
                break
            if not chunk:
                break
            chunks.append(chunk)
        status = process.wait(timeout=WALL_SECONDS)
    os.close(main_fd)
    out = b"".join(chunks).decode("utf-8", "replace").replace("\r\n", "\n")
    assert status == 0, out
    assert "your move (seat 1): " in out and "nothing to undo" in out
    assert "taken back: your last move" in out and "\nhint: " in out
    assert out.rstrip().endswith("the deal is stopped")
