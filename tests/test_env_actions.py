"""Action ids and masks of cardgames.env: every legal move of the positions reached by random
play of every preset maps to a distinct id and back, the masks equal legal_moves(), and ids
that are not legal raise IllegalMoveError naming them."""

from __future__ import annotations

import random
import subprocess
import sys
from collections.abc import Iterator

import attrs
import pytest
from hang_guard import WALL_SECONDS

from cardgames import tailor, tarot
from cardgames.env import (
    action_count,
    action_name,
    action_of,
    legal_ids,
    legal_mask,
    move_of,
    tailor_space,
    tarot_space,
)
from cardgames.errors import IllegalMoveError, RulesError
from cardgames.tarot.contracts import Bid, Call, Contract, Declaration, Poignee

TAROT_PRESETS = [
    *(f"simplified-{n}" for n in range(2, 7)),
    "traditional-3",
    "traditional-4",
    "french-3",
    "french-4",
    "french-5",
]
TAILOR_RULES = [
    *(tailor.Rules(players=n, max_turns=150) for n in range(2, 7)),
    *(tailor.Rules(players=n, chase_mode=True, max_turns=150) for n in range(2, 7)),
    tailor.Rules(
        players=3,
        voluntary_draw=True,
        must_play_drawn=False,
        drawn_card_dumps=True,
        victim_may_be_caller=True,
        max_turns=150,
    ),
    tailor.Rules(
        players=4,
        dump_whole_rank=True,
        drawn_card_dumps=True,
        after_joker="any",
        special_start="open",
        max_turns=150,
    ),
]


def tarot_positions(rules: tarot.Rules, seed: int) -> Iterator[tarot.State]:
    rng = random.Random(seed)
    state = tarot.deal(rules, seed=seed, dealer=seed % rules.players)
    while not state.is_over:
        yield state
        state = state.play(rng.choice(state.legal_moves()))
    yield state


def tailor_positions(rules: tailor.Rules, seed: int) -> Iterator[tailor.State]:
    rng = random.Random(seed)
    state = tailor.deal(rules, seed=seed)
    while not state.is_over:
        yield state
        state = state.play(rng.choice(state.legal_moves()))
    yield state


def check_round_trip(state: tarot.State | tailor.State) -> None:
    rules = state.rules
    moves = state.legal_moves()
    ids = [action_of(move, rules) for move in moves]
    assert len(set(ids)) == len(ids), "two legal moves share an id"
    assert all(0 <= number < action_count(rules) for number in ids)
    assert tuple(sorted(ids)) == legal_ids(state)
    for move, number in zip(moves, ids, strict=True):
        assert move_of(number, state) == move
        assert action_name(number, rules) == str(move)
    mask = legal_mask(state)
    assert len(mask) == action_count(rules)
    assert [i for i, legal in enumerate(mask) if legal] == sorted(ids)
    for seat in range(rules.players):
        view = state.view(seat)
        expected = sorted(ids) if seat == state.to_move and not state.is_over else []
        assert list(legal_ids(view)) == expected
        assert [i for i, legal in enumerate(legal_mask(view)) if legal] == expected


@pytest.mark.parametrize("preset", TAROT_PRESETS)
def test_tarot_ids_round_trip_over_random_play(preset: str) -> None:
    rules = tarot.Rules.preset(preset)
    for seed in (1, 2):
        for state in tarot_positions(rules, seed):
            check_round_trip(state)


def test_poignee_ids_round_trip_in_a_deal_rich_in_trumps() -> None:
    rules = tarot.Rules.french(players=3)
    trumps = " ".join(f"{n}T" for n in range(1, 19))
    state = tarot.deal(rules, seed=5, dealer=0, fixed={1: trumps})
    rng = random.Random(1)
    declared = set()
    while not state.is_over:
        check_round_trip(state)
        declared |= {i for i in legal_ids(state) if i >= 85}
        state = state.play(rng.choice(state.legal_moves()))
    assert declared == {85, 86, 87}


@pytest.mark.parametrize("rules", TAILOR_RULES, ids=str)
def test_tailor_ids_round_trip_over_random_play(rules: tailor.Rules) -> None:
    seen_tailor = False
    for seed in (3, 4):
        for state in tailor_positions(rules, seed):
            check_round_trip(state)
            seen_tailor = seen_tailor or any(
                isinstance(move, tailor.PlayTailor) for move in state.legal_moves()
            )
    assert seen_tailor or rules.players > 2


def test_every_id_names_one_move_and_back() -> None:
    for rules in (tarot.Rules.french(players=5), tarot.Rules.simplified(players=4)):
        for number in range(action_count(rules)):
            assert action_of(tarot_space.move_of_id(number, rules), rules) == number
    for players in (2, 6):
        table = tailor.Rules(players=players)
        names = set()
        for number in range(action_count(table)):
            move = tailor_space.move_of_id(number, table)
            assert action_of(move, table) == number
            names.add(str(move))
        assert len(names) == action_count(table)


def test_the_sizes_are_fixed_per_rule_set() -> None:
    assert action_count(tarot.Rules.traditional(players=3)) == 78
    assert action_count(tarot.Rules.french(players=4)) == 88
    assert action_count(tarot.Rules.french(players=5)) == 144
    assert [action_count(tailor.Rules(players=n)) for n in (2, 6)] == [942, 1150]
    assert action_count(tailor.Rules(players=3, chase_mode=True)) == 994


def test_an_illegal_id_names_the_id_its_move_and_the_legal_ids() -> None:
    state = tailor.deal(tailor.Rules(players=3), seed=13)
    with pytest.raises(IllegalMoveError) as caught:
        move_of(0, state)
    message = str(caught.value)
    assert "action id 0 (AS)" in message and "32, 37, 40" in message
    tarot_state = tarot.deal(tarot.Rules.french(players=3), seed=1)
    with pytest.raises(IllegalMoveError, match=r"id 5 \(6S\).*78, 79, 80, 81, 82"):
        move_of(5, tarot_state)


@pytest.mark.parametrize("bad", [-1, 942, True, 1.0, "3", None, 10**30])
def test_an_id_out_of_range_or_not_an_int_is_refused(bad: object) -> None:
    state = tailor.deal(tailor.Rules(players=2), seed=1)
    with pytest.raises(IllegalMoveError, match="expected an int from 0 to 941"):
        move_of(bad, state)  # type: ignore[arg-type]
    with pytest.raises(IllegalMoveError, match="action id"):
        action_name(bad, state.rules)  # type: ignore[arg-type]


def test_a_view_not_to_move_has_no_legal_id() -> None:
    state = tarot.deal(tarot.Rules.traditional(players=3), seed=7, dealer=0)
    idle = state.view((state.to_move + 1) % 3)
    with pytest.raises(IllegalMoveError, match="no legal move"):
        move_of(1, idle)
    assert not any(legal_mask(idle))


def test_moves_without_an_id_are_refused() -> None:
    plain = tarot.Rules.traditional(players=3)
    with pytest.raises(IllegalMoveError, match="no action id"):
        action_of(Bid(Contract.GARDE), plain)
    with pytest.raises(IllegalMoveError, match="no action id"):
        action_of(Call(tarot.TarotCard.parse("KS")), tarot.Rules.french(players=4))
    assert action_of(Declaration(Poignee.TRIPLE), tarot.Rules.french(players=4)) == 87
    with pytest.raises(IllegalMoveError, match="expected a Move"):
        action_of(tailor.Draw(), plain)
    rules = tailor.Rules(players=3)
    with pytest.raises(IllegalMoveError, match="not a seat"):
        action_of(tailor.parse_move("TLR QH>4"), rules)
    with pytest.raises(IllegalMoveError, match="one rank"):
        action_of(tailor.parse_move("dump 7S 8S"), rules)
    with pytest.raises(IllegalMoveError, match="each once"):
        action_of(tailor.parse_move("dump 7S 7S"), rules)
    with pytest.raises(IllegalMoveError, match="expected a Play"):
        action_of(tarot.Move.parse("KS"), rules)
    with pytest.raises(RulesError, match=r"expected a cardgames\.tarot\.Rules"):
        action_of(tailor.Draw(), attrs.asdict(rules))  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="expected a state or a view"):
        legal_mask("KS")  # type: ignore[arg-type]


def test_the_pure_api_imports_no_extra() -> None:
    code = (
        "import sys, cardgames.env, cardgames.env.games; "
        "print(sorted({'numpy', 'gymnasium', 'pettingzoo'} & set(sys.modules)))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=WALL_SECONDS,
        check=True,
    )
    assert done.stdout.strip() == "[]"
