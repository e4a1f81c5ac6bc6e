"""Whist's analysis: a small model of the play for the library's search engine, and the
analysis the solver calls, built with :mod:`cardgames.search.jobs` (all the game writes is the
model and how a position reads into it)."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Final

import attrs

from cardgames.cards import Card
from cardgames.errors import AnalysisError
from cardgames.search.clock import CallClock
from cardgames.search.engine import SimpleSearch
from cardgames.search.grades import LossGrades
from cardgames.search.jobs import SearchJob, analyse_job, reference_job, solve_job
from cardgames.search.results import Analysis, Limit, SearchProgress, Solution
from cardgames.validation import quote
from whist.game import SEATS, State, strength

OBJECTIVE: Final = "tricks won by the side in the whole deal (those already won included)"


def _winner(leader: int, cards: list[int], trump: int) -> int:
    best = 0
    for position in range(1, SEATS):
        card, top = cards[position], cards[best]
        if card // 13 == top // 13:
            if (card % 13 + 12) % 13 > (top % 13 + 12) % 13:
                best = position
        elif card // 13 == trump:
            best = position
    return (leader + best) % SEATS


class WhistModel:
    """The engine's model: a position is ``[hand 0..3 (masks of card indices), leader,
    cards of the trick..., tricks of side 0]`` as a tuple; side 0 (seats 0 and 2) maximises."""

    def __init__(self, trump: int) -> None:
        self.trump = trump

    def legal(self, position: tuple[int, ...]) -> list[int]:
        leader, trick = position[4], position[5:-1]
        hand = position[(leader + len(trick)) % SEATS]
        if trick:
            follow = hand & (0x1FFF << (13 * (trick[0] // 13)))
            hand = follow or hand
        return [index for index in range(52) if hand >> index & 1]

    def distinct(self, position: tuple[int, ...]) -> dict[int, int]:
        return {move: move for move in self.legal(position)}

    def child(self, position: tuple[int, ...], move: int) -> tuple[int, ...]:
        leader, trick, won = position[4], list(position[5:-1]), position[-1]
        hands = list(position[:4])
        seat = (leader + len(trick)) % SEATS
        hands[seat] &= ~(1 << move)
        trick.append(move)
        if len(trick) == SEATS:
            leader = _winner(leader, trick, self.trump)
            won += 1 if leader % 2 == 0 else 0
            trick = []
        return (*hands, leader, *trick, won)

    def is_over(self, position: tuple[int, ...]) -> bool:
        return not any(position[:4]) and len(position) == 6

    def maximising(self, position: tuple[int, ...]) -> bool:
        return (position[4] + len(position) - 6) % 2 == 0

    def banked(self, position: tuple[int, ...]) -> int:
        return position[-1]

    def future_bounds(self, position: tuple[int, ...]) -> tuple[int, int]:
        left = max(bin(hand).count("1") for hand in position[:4])
        return 0, left + (1 if len(position) > 6 else 0)


def _job(
    state: State, perspective: int | None, limit: Limit | None, clock: CallClock
) -> SearchJob[tuple[int, ...], Card]:
    if not isinstance(state, State):
        raise AnalysisError(f"cannot analyse {quote(state)}: expected a whist State")
    if state.is_over:
        raise AnalysisError("cannot analyse a finished whist deal")
    seat = state.to_move if perspective is None else perspective
    if not isinstance(seat, int) or not 0 <= seat < SEATS:
        raise AnalysisError(f"invalid perspective {quote(perspective)}: expected a seat, 0 to 3")
    trump = 4 if state.rules.trump is None else int(state.rules.trump)
    model = WhistModel(trump)
    hands = tuple(hand.mask for hand in state.hands)
    root = (*hands, state.leader, *(card.index for card in state.trick), state.tricks(0))
    search = SimpleSearch(model, key=lambda position: position)
    search.deadline = clock.deadline()
    if limit is not None:
        search.node_limit = limit.nodes
    total = state.rules.cards_each
    mine = seat % 2 == 0

    def convert(low: int, high: int) -> tuple[Fraction, Fraction]:
        if mine:
            return Fraction(low), Fraction(high)
        return Fraction(total - high), Fraction(total - low)

    return SearchJob(
        model=model,
        search=search,
        root=root,
        moves=state.legal_moves(),
        code_of=lambda card: card.index,
        move_of=Card.from_index,
        convert=convert,
        perspective=seat,
        side=(seat % 2, seat % 2 + 2),
        to_move=state.to_move,
        game="whist",
        objective=OBJECTIVE,
    )


def _timed(limit: Limit | None) -> CallClock:
    return CallClock(limit.time if isinstance(limit, Limit) else None)


@attrs.frozen
class WhistAnalyser:
    """The descriptor's analysis (:class:`cardgames.games.GameAnalysis`)."""

    objective: str = OBJECTIVE

    def analyse(
        self,
        state: State,
        *,
        perspective: int | None,
        limit: Limit | None,
        progress: Callable[[SearchProgress], None] | None,
        horizon: int | None,
        estimates: bool,
    ) -> Analysis[Card]:
        clock = _timed(limit)
        analysis = analyse_job(_job(state, perspective, limit, clock))
        return attrs.evolve(analysis, elapsed=clock.stop())

    def solve(
        self, state: State, *, perspective: int | None, limit: Limit | None
    ) -> Solution[Card]:
        clock = _timed(limit)
        solution = solve_job(_job(state, perspective, limit, clock))
        return attrs.evolve(solution, elapsed=clock.stop())

    def reference_value(self, state: State, perspective: int | None) -> Fraction:
        return reference_job(_job(state, perspective, None, _timed(None)))

    def judged(self, state: State, move: Card) -> bool:
        return True

    def unjudged_kind(self, state: State) -> str:
        return "card"

    def skipped(self, state: State) -> int:
        return 0

    def pending(self, state: State) -> str | None:
        return None

    def values_are_estimates(self) -> bool:
        return False

    def loss_grades(self, state: State) -> LossGrades:
        # A trick given away is a mistake, two a blunder (as in bridge).
        return LossGrades(inaccuracy=1, mistake=1, blunder=2, unit="tricks")

    def side_words(self, state: State, perspective: int) -> str:
        side = perspective % 2
        return f"seats {side} and {side + 2} against seats {1 - side} and {3 - side}"


_ = strength
