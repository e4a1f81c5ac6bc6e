"""What a type checker sees of the solver's results: mypy --strict checks this file (as it
checks every test), and pytest runs it, so each ``assert_type`` is both checked and true."""

from __future__ import annotations

from collections.abc import Generator
from typing import assert_type

from cardgames import solver, tailor, tarot
from cardgames.solver import BatchError, ContractTarget, TarotAnalysis
from cardgames.solver.batch import SerialExecutor
from cardgames.solver.tarot import analyse_tarot


def _french_state() -> tarot.State:
    return tarot.random_position(tarot.Rules.french(players=4), seed=2, tricks_left=2)


def test_a_tarot_analysis_is_typed_with_its_contract_target() -> None:
    # Regression (everyday 2): a French analysis was typed Analysis[Move], so reading its
    # target failed mypy --strict although it worked.
    analysis = assert_type(solver.analyse(_french_state()), TarotAnalysis)
    target = assert_type(analysis.target, ContractTarget | None)
    assert isinstance(analysis, solver.FrenchAnalysis) and target is not None
    assert_type(target.made, bool)
    assert_type(analysis.pv, tuple[tarot.Move, ...])
    plain = solver.analyse(tarot.random_position(tarot.Rules.traditional(3), seed=1, tricks_left=2))
    assert_type(plain, TarotAnalysis)
    assert type(plain) is TarotAnalysis and plain.target is None
    assert_type(analyse_tarot(_french_state(), horizon=1), TarotAnalysis)


def test_a_tailor_analysis_is_typed_by_its_move() -> None:
    state = tailor.random_position(tailor.Rules(players=3), seed=4, cards_left=2)
    analysis = assert_type(solver.analyse(state, horizon=2), solver.Analysis[tailor.Move])
    assert analysis.game == "tailor"


def test_a_batch_of_one_game_is_typed_by_that_game() -> None:
    # Regression (everyday 2): analyse_many of Tarot states was typed as a union with Chase
    # the Tailor analyses.
    states = [_french_state(), _french_state()]
    results = assert_type(
        solver.analyse_many(states, executor=SerialExecutor()),
        Generator[TarotAnalysis | BatchError, None, None],
    )
    for result in results:
        assert isinstance(result, TarotAnalysis)
        assert_type(result.target, ContractTarget | None)
    rounds = [tailor.random_position(tailor.Rules(players=3), seed=4, cards_left=2)]
    tailor_results = assert_type(
        solver.analyse_many(rounds, executor=SerialExecutor()),
        Generator[solver.Analysis[tailor.Move] | BatchError, None, None],
    )
    assert [result.game for result in tailor_results if not isinstance(result, BatchError)] == [
        "tailor"
    ]
    solutions = assert_type(
        solver.solve_many(states, executor=SerialExecutor()),
        Generator[solver.Solution[tarot.Move] | BatchError, None, None],
    )
    assert all(isinstance(solution, solver.Solution) for solution in solutions)
