"""``cardgames show``, ``cardgames review`` and ``cardgames analyse FILE --after N`` on saved
records of both games."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

import attrs
import pytest

from cardgames import games, solver, tailor, tarot
from cardgames.cli import main
from cardgames.errors import AnalysisError
from cardgames.render import format_points
from cardgames.search.grades import Grade
from cardgames.solver.play_review import summarise


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def _tarot_final() -> tarot.State:
    state = tarot.deal(tarot.Rules.traditional(players=3), seed=3)
    final, _ = tarot.play_deal(state, tarot.random_strategy(3))
    return final


def _tailor_final() -> tailor.State:
    state = tailor.deal(tailor.Rules(players=3), seed=4)
    final, _ = tailor.play_deal(state, tailor.random_strategy(4))
    return final


@pytest.fixture
def tarot_file(tmp_path: Path) -> Path:
    path = tmp_path / "tarot.json"
    path.write_text(tarot.dumps(_tarot_final(), tags={"Event": "Club night"}))
    return path


@pytest.fixture
def tailor_file(tmp_path: Path) -> Path:
    path = tmp_path / "tailor.json"
    path.write_text(tailor.dumps(_tailor_final()))
    return path


def test_show_tarot_trick_by_trick(tarot_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    final = _tarot_final()
    status, out, _ = run(capsys, "show", str(tarot_file))
    assert status == 0 and "Event: Club night" in out
    trick_lines = [line for line in out.splitlines() if line.strip().startswith("trick ")]
    assert len(trick_lines) == len(final.tricks) == final.rules.tricks_per_deal
    for line, trick in zip(trick_lines, final.tricks, strict=True):
        seats = [word.split(":")[0] for word in line.split(":", 1)[1].split("->")[0].split()]
        assert seats == [str(seat) for seat in trick.players]
        assert line.endswith(f"-> seat {trick.winner}")
    assert "payoffs: " + ", ".join(str(p) for p in final.payoffs()) in out


def test_show_tailor_turn_by_turn(tailor_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    final = _tailor_final()
    status, out, _ = run(capsys, "show", str(tailor_file))
    turns = [line for line in out.splitlines() if ": " in line and "seat" in line]
    assert status == 0 and out.startswith("Chase the Tailor (players=3)")
    assert len([line for line in turns if line.strip()[0].isdigit()]) == len(final.history())
    assert "payoffs: " + ", ".join(str(p) for p in final.payoffs()) in out


def test_show_a_whole_game_and_an_unfinished_deal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = tarot.Game(rules=tarot.Rules.simplified(players=3), seed=2)
    game = game.play_out(tarot.random_strategy(2))
    path = tmp_path / "game.json"
    path.write_text(tarot.dumps(game))
    status, out, _ = run(capsys, "show", str(path))
    assert status == 0 and "Deal 1:" in out and "Deal 3:" in out and "Deal 4:" not in out
    state = tarot.deal(tarot.Rules.traditional(players=3), seed=5)
    for _ in range(state.discard_remaining + 2):
        state = state.play(state.legal_moves()[0])
    path.write_text(tarot.dumps(state))
    status, out, _ = run(capsys, "show", str(path))
    assert status == 0 and "(in progress)" in out and "not finished: seat" in out


@pytest.mark.parametrize("before", [True, False])
def test_analyse_after_move_n(
    before: bool, tarot_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    final = _tarot_final()
    moves = final.history()
    number = len(moves) - 5
    state = final.initial.start()
    for move in moves[:number]:
        state = state.play(move)
    options = ["--after", str(number), "--json", "--perspective", "1"]
    argv = [*options, str(tarot_file)] if before else [str(tarot_file), *options]
    status, out, _ = run(capsys, "analyse", *argv)
    expected = solver.analyse(state, perspective=1)
    assert status == 0 and json.loads(out)["value"] == expected.to_dict()["value"]
    assert json.loads(out)["move_values"] == expected.to_dict()["move_values"]


def test_analyse_after_tailor_and_text(
    tailor_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    moves = _tailor_final().history()
    number = len(moves) - 3
    status, out, _ = run(capsys, "analyse", str(tailor_file), "--after", str(number))
    assert status == 0 and f"after move {number} of {len(moves)}" in out and "Value:" in out


def test_analyse_after_bad_numbers_say_the_range(
    tarot_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    total = len(_tarot_final().history())
    status, _, err = run(capsys, "analyse", str(tarot_file), "--after", str(total + 1))
    assert status == 2 and f"the record has {total} moves (choose 0, the start, to {total})" in err
    status, _, err = run(capsys, "analyse", str(tarot_file), "--after", "-1")
    assert status == 2 and "invalid --after -1" in err
    status, _, err = run(capsys, "analyse", str(tarot_file))  # after the last move: over
    assert status == 2 and "the deal is over after move" in err and f"to {total - 1}" in err
    status, _, err = run(capsys, "analyse", str(tarot_file), "--deal", "2")
    assert status == 2 and "the record has 1 deal (choose 1 to 1)" in err


def test_analyse_after_a_discard_move_says_what_to_do(
    tarot_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    talon = tarot.Rules.traditional(players=3).talon_size
    for after in range(talon):
        status, _, err = run(capsys, "analyse", str(tarot_file), "--after", str(after))
        assert status == 2 and "still in the discard phase" in err and "Traceback" not in err
        assert f"moves 1 to {talon} of this record are the discard" in err
        assert f"choose --after {talon} to" in err


def _expected_review(final: Any, first: int) -> list[Any]:
    state = final.initial.start() if isinstance(final, tarot.State) else _tailor_start(final)
    moves = final.history()
    for move in moves[:first]:
        state = state.play(move)
    # numbered as the record numbers them, from the first move of the deal
    steps: tuple[solver.PlayStep[Any], ...] = solver.analyse_play(state, moves[first:])
    return [attrs.evolve(step, number=first + at) for at, step in enumerate(steps, start=1)]


def _tailor_start(final: tailor.State) -> tailor.State:
    state = final
    while state.previous is not None:
        state = state.previous
    return state


@pytest.mark.parametrize("game", ["tarot", "tailor"])
def test_review_judges_each_move_like_analyse_play(
    game: str, tarot_file: Path, tailor_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    final: Any = _tarot_final() if game == "tarot" else _tailor_final()
    path = tarot_file if game == "tarot" else tailor_file
    first = len(final.history()) - (7 if game == "tarot" else 4)
    steps = _expected_review(final, first)
    status, out, _ = run(capsys, "review", str(path), "--after", str(first), "--json")
    data = json.loads(out)
    assert out.count("\n") == 1 and out.endswith("}\n")  # one JSON line, as every --json prints
    assert status == 0 and data["first_judged"] == first + 1
    grades = games.named(game).analysis.loss_grades(final)
    assert data["grades"] == grades.to_dict()
    for got, step in zip(data["steps"], steps, strict=True):
        want = json.loads(json.dumps(step.to_dict()))
        # The review names the move played as the best one when it was one of the best.
        assert {key: got[key] for key in want if key != "best_move"} == {
            key: value for key, value in want.items() if key != "best_move"
        }
        values = {entry["move"]: entry["value"] for entry in got["values"]}
        assert values[got["move"]] == got["after"] and values[got["best_move"]] == got["before"]
        assert got["best_move"] == got["move"] or got["loss"] != 0
        grade = grades.judge(step)
        assert got["grade"] == (None if grade is None else grade.value)
    for seat, summary in enumerate(data["summary"]):
        mine = [step for step in steps if step.player == seat]
        assert summary["moves"] == len(mine)
        counted = [grades.judge(step) for step in mine if step.exact or game == "tailor"]
        assert summary["inaccuracies"] == counted.count(Grade.INACCURACY)
        assert summary["mistakes"] == counted.count(Grade.MISTAKE)
        assert summary["blunders"] == counted.count(Grade.BLUNDER)
    status, text, _ = run(capsys, "review", "--after", str(first), str(path))
    flagged = sum(1 for step in data["steps"] if step["grade"] is not None)
    assert (
        status == 0 and len(re.findall(r"<- (inaccuracy|mistake|blunder)$", text, re.M)) == flagged
    )
    assert len(re.findall(r"^  seat \d+: \d+ moves", text, re.M)) == final.rules.players


def test_review_counts_a_mistake(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # The seat to move plays its worst card, then everyone plays on with the first legal
    # card: the review must charge that card's loss to that seat.
    for seed in range(1, 50):  # the first seed whose position has a costly card
        state = tarot.deal(tarot.Rules.traditional(players=3), seed=seed)
        final, _ = tarot.play_deal(state, tarot.random_strategy(seed))
        moves = final.history()
        first = len(moves) - 6
        position = final.initial.start()
        for move in moves[:first]:
            position = position.play(move)
        analysis = solver.analyse(position)
        worst = min(analysis.move_values, key=lambda entry: entry.value)
        if analysis.value - worst.value >= tarot.GAME.analysis.loss_grades(position).inaccuracy:
            break
    played = position.play(worst.move)
    while not played.is_over:
        played = played.play(played.legal_moves()[0])
    path = tmp_path / "mistake.json"
    path.write_text(tarot.dumps(played))
    status, out, _ = run(capsys, "review", str(path), "--after", str(first), "--json")
    data = json.loads(out)
    first_step = data["steps"][0]
    loss = analysis.value - worst.value
    written = loss.numerator if loss.denominator == 1 else str(loss)
    assert status == 0 and first_step["move"] == str(worst.move) and first_step["loss"] == written
    seat = position.to_move
    grade = tarot.GAME.analysis.loss_grades(position).grade(loss)
    assert grade is not None and first_step["grade"] == grade.value
    summary = data["summary"][seat]
    assert summary[grade.plural] == 1
    assert summary["inaccuracies"] + summary["mistakes"] + summary["blunders"] == 1


def test_bad_record_files_are_clean_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "missing.json"
    not_json = tmp_path / "not.json"
    not_json.write_text("{")
    other = tmp_path / "other.json"
    other.write_text('{"game": "chess"}')
    for command in ("show", "review", "analyse"):
        for path, message in (
            (missing, "cannot read"),
            (not_json, "not JSON text"),
            (other, "whose \"game\" is 'tarot' or 'tailor'"),
        ):
            status, _, err = run(capsys, command, str(path))
            assert status == 2 and message in err and "Traceback" not in err


def test_show_and_review_through_the_installed_script(tarot_file: Path) -> None:
    script = Path(sys.executable).with_name("cardgames")
    shown = subprocess.run(
        [str(script), "show", str(tarot_file)], capture_output=True, text=True, check=True
    )
    assert "trick 25:" in shown.stdout
    total = len(_tarot_final().history())
    reviewed = subprocess.run(
        [str(script), "review", str(tarot_file), "--after", str(total - 3)],
        capture_output=True,
        text=True,
        check=True,
    )
    assert len(re.findall(r"^  seat \d+: .*accuracy \d+%", reviewed.stdout, re.M)) == 3


def _winners(totals: Any) -> str:
    best = max(totals)
    return ", ".join(f"seat {seat}" for seat, total in enumerate(totals) if total == best)


def test_show_a_whole_tarot_game_ends_with_its_totals_and_winners(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = tarot.Game(rules=tarot.Rules.simplified(players=3), seed=2)
    game = game.play_out(tarot.random_strategy(2))
    path = tmp_path / "game.json"
    path.write_text(tarot.dumps(game))
    status, out, _ = run(capsys, "show", str(path))
    *_, totals, winners = out.splitlines()
    assert status == 0 and game.totals == (Fraction(43, 3), Fraction(-11, 3), Fraction(-32, 3))
    assert totals == "totals: 14⅓, -3⅔, -10⅔"
    assert winners == "winner: seat 0"
    # Every deal's payoffs line has the same shape: comma-separated, fractions with their
    # fraction signs.
    for state in game.deals:
        assert "  payoffs: " + ", ".join(format_points(p) for p in state.payoffs()) in out


def test_show_a_whole_tailor_match_ends_with_its_totals_and_winners(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    match = tailor.Match(rules=tailor.Rules(players=3), rounds=3, seed=2)
    # the strategy `cardgames play tailor --seed 2` uses
    match = match.play_out(tailor.random_strategy(tailor.derive_seed(2, "players")))
    path = tmp_path / "match.json"
    path.write_text(tailor.dumps(match))
    status, out, _ = run(capsys, "show", str(path))
    *_, totals, winners = out.splitlines()
    assert status == 0 and totals == "totals: " + ", ".join(format_points(t) for t in match.totals)
    label = "winner" if len(match.winners()) == 1 else "tied winners"
    assert winners == f"{label}: {_winners(match.totals)}"
    assert winners.endswith(", ".join(f"seat {seat}" for seat in match.winners()))
    for state in match.deals:
        assert "  payoffs: " + ", ".join(str(p) for p in state.payoffs()) in out
    # The same match played at the command line ends with the same two lines.
    status, played, _ = run(
        capsys, "play", "tailor", "--players", "3", "--rounds", "3", "--seed", "2"
    )
    assert status == 0 and played.splitlines()[-2:] == [totals, winners]


def test_show_an_unfinished_match_names_the_leaders(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    match = tailor.Match(rules=tailor.Rules(players=3), rounds=3, seed=2)
    match, _ = match.play_round(tailor.random_strategy(2))
    path = tmp_path / "match.json"
    path.write_text(tailor.dumps(match))
    status, out, _ = run(capsys, "show", str(path))
    assert status == 0 and out.splitlines()[-2:] == [
        "totals: " + ", ".join(str(t) for t in match.totals),
        f"leading: {_winners(match.totals)}",
    ]


def test_show_of_single_deals_prints_no_totals(
    tarot_file: Path, tailor_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for path in (tarot_file, tailor_file):
        status, out, _ = run(capsys, "show", str(path))
        assert status == 0 and "totals:" not in out and "winner" not in out


# -- the review as a library value ----------------------------------------------------------


def test_the_review_printed_is_the_library_review(tarot_file: Path) -> None:
    # One piece of logic: `cardgames review` prints solver.review(...).to_unicode() line by
    # line, after its title (judging by estimates, as the command does by default).
    final = _tarot_final()
    total = len(final.history())
    script = Path(sys.executable).with_name("cardgames")
    printed = subprocess.run(
        [str(script), "review", str(tarot_file), "--after", str(total - 6)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    record = tarot.loads(tarot_file.read_text())
    result = solver.review(record, after=total - 6, limit=solver.Limit(time=2.0), estimates=True)
    title, *rest = printed.rstrip("\n").splitlines()
    assert title == f"Review of Tarot (traditional-3), {tarot_file}: {total} moves"
    assert rest == result.to_unicode().splitlines()
    assert str(result) == result.to_unicode()


def test_review_from_a_position_and_moves_or_a_record_agree() -> None:
    final = _tarot_final()
    moves = final.history()
    start = final.initial.start()
    by_moves = solver.review(start, moves, after=len(moves) - 5)
    by_record = solver.review(tarot.loads(tarot.dumps(final)), after=len(moves) - 5)
    assert by_moves == by_record
    assert [step.number for step in by_moves.steps] == list(range(len(moves) - 4, len(moves) + 1))
    assert by_moves.summaries == summarise(
        by_moves.steps, 3, tarot.GAME.analysis.loss_grades(start)
    )


def test_the_summary_names_each_seats_worst_move() -> None:
    # The seat to move throws its worst card: the summary's worst move is that one.
    for seed in range(1, 50):
        state = tarot.random_position(tarot.Rules.traditional(players=3), seed=seed, tricks_left=2)
        analysis = solver.analyse(state)
        worst = min(analysis.move_values, key=lambda entry: entry.value)
        if worst.value < analysis.value:
            break
    moves: list[Any] = [worst.move]
    position = state.play(worst.move)
    while not position.is_over:
        moves.append(position.legal_moves()[0])
        position = position.play(moves[-1])
    result = solver.review(state, moves)
    summary = result.summaries[state.to_move]
    assert summary.worst is not None and summary.worst.move == worst.move
    assert summary.worst.number == 1 and summary.worst.loss == analysis.value - worst.value
    line = summary.to_unicode()
    lost = format_points(analysis.value - worst.value)
    best = summary.worst.best_move
    assert best is not None and analysis.value_of(best) == analysis.value
    assert line.endswith(
        f"; worst move 1 ({worst.move.card.to_unicode()}, lost {lost}, best "
        f"{best.card.to_unicode()})"
    )
    assert summary.to_dict()["worst"] == summary.worst.to_dict()


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda state, moves: solver.review(state, None), "invalid moves None"),
        (lambda state, moves: solver.review(state, moves, after=999), "invalid after 999"),
        (lambda state, moves: solver.review(state, moves, after=-1), "invalid after -1"),
        (lambda state, moves: solver.review("deal.json"), "cannot review 'str'"),
        (lambda state, moves: solver.review(state, moves, limit=5), "invalid limit 5"),  # type: ignore[arg-type]
    ],
)
def test_review_refuses_bad_arguments(call: Any, message: str) -> None:
    final = _tarot_final()
    with pytest.raises(AnalysisError, match=message):
        call(final.initial.start(), final.history())


def test_show_writes_thirds_with_fraction_signs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Regression: show wrote the four-player simplified game's points as 53/3.
    state = tarot.deal(tarot.Rules.simplified(players=4), seed=2)
    final, _ = tarot.play_deal(state, tarot.random_strategy(2))
    path = tmp_path / "four.json"
    path.write_text(tarot.dumps(final))
    status, out, _ = run(capsys, "show", str(path))
    points = next(line for line in out.splitlines() if line.strip().startswith("points:"))
    assert status == 0 and "/" not in points
    assert points.split(":", 1)[1].strip() == ", ".join(map(format_points, final.points()))
