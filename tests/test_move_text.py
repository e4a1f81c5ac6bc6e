"""``state.play('2S')``: a text is read as the written form of a move in the state's context,
in both games and for every kind of move; a bad text is refused quoting it, and ``play``
never changes the state it is called on."""

from __future__ import annotations

import contextlib
import pickle
import random

import pytest
from tailor_helpers import make_state

from cardgames import tailor, tarot
from cardgames.errors import IllegalMoveError, NotationError
from cardgames.tarot.contracts import PASS, Bid, Call, Contract, Declaration, Poignee


def _french_called(seed: int = 1) -> tarot.State:
    """A five-player French deal after 'garde' and four passes: the taker is to call."""
    state = tarot.deal(tarot.Rules.french(players=5), seed=seed)
    for text in ("garde", "pass", "pass", "pass", "pass"):
        state = state.play(text)
    return state


# -- Tarot -----------------------------------------------------------------------------------


def test_a_tarot_card_text_plays_that_card() -> None:
    state = tarot.deal(tarot.Rules.simplified(players=3), seed=1)
    expected = state.play(tarot.Move.parse("2S"))
    assert state.play("2S") == expected
    assert state.play("2s") == expected and state.play(" 2S ") == expected
    assert state.play("2S").history() == (tarot.Move.parse("2S"),)


def test_tarot_discards_are_read_from_text() -> None:
    state = tarot.deal(tarot.Rules.traditional(players=3), seed=7)
    assert state.phase is tarot.Phase.DISCARD
    after = state.play("2S").play("3S").play("4S")
    assert after.discard == tarot.TarotCardSet.parse("2S 3S 4S")


def test_a_whole_french_deal_is_played_from_texts() -> None:
    state = _french_called()
    assert state.bids == (Bid(Contract.GARDE), PASS, PASS, PASS, PASS)
    assert state.phase is tarot.Phase.CALL
    # in the call phase a bare card is the call of that card, as is call-KH
    assert state.play("KH") == state.play("call-KH") == state.play(Call.parse("call-KH"))
    assert state.read_move("kh") == Call.parse("call-KH")
    state = state.play("KH")
    assert state.phase is tarot.Phase.DISCARD
    while state.phase is tarot.Phase.DISCARD:
        state = state.play(str(state.legal_moves()[0]))
    assert state.phase is tarot.Phase.ANNOUNCE
    state = state.play("no-slam")
    assert state.slam_announced is False
    while not state.is_over:
        state = state.play(str(state.legal_moves()[-1]))
    assert state.is_over and state.score() is not None


def test_a_poignee_is_declared_from_text() -> None:
    rules = tarot.Rules.french(players=4)
    declarations: list[Declaration] = []
    for seed in range(200):
        state = tarot.deal(rules, seed=seed)
        while not state.is_over and not state.tricks:
            declarations = [m for m in state.legal_moves() if isinstance(m, Declaration)]
            if declarations:
                break
            moves = state.legal_moves()
            state = state.play(str(moves[-1 if state.phase is tarot.Phase.BIDDING else 0]))
        if declarations:
            break
    else:  # pragma: no cover - the seeds above hold a poignée
        pytest.fail("no deal with a poignée")
    move = declarations[0]
    assert state.play(str(move)) == state.play(move)
    assert state.read_move("poignee-single") == Declaration(Poignee.SINGLE)


def test_a_bad_tarot_text_is_a_notation_error_quoting_it() -> None:
    state = tarot.deal(tarot.Rules.simplified(players=3), seed=1)
    with pytest.raises(NotationError, match="'ZZ'"):
        state.play("ZZ")
    with pytest.raises(NotationError, match="''"):
        state.play("")


def test_an_illegal_tarot_text_is_an_illegal_move_error_quoting_it() -> None:
    state = tarot.deal(tarot.Rules.simplified(players=3), seed=1)
    assert not state.is_legal(tarot.Move.parse("KS"))
    with pytest.raises(IllegalMoveError, match=r"^'ks' is the move 'KS': illegal move 'KS'"):
        state.play("ks")
    with pytest.raises(IllegalMoveError, match=r"^illegal move 'KS': player 1 may not play"):
        state.play("KS")
    with pytest.raises(IllegalMoveError, match=r"'garde'.*the play phase takes a card"):
        state.play("garde")
    called = _french_called()
    with pytest.raises(IllegalMoveError, match="'QH' is the move 'call-QH'"):
        called.play("QH")
    with pytest.raises(IllegalMoveError, match="the call phase takes a call"):
        called.play("21T")


def test_a_tarot_state_still_refuses_what_is_neither_a_move_nor_a_text() -> None:
    state = tarot.deal(tarot.Rules.simplified(players=3), seed=1)
    with pytest.raises(IllegalMoveError, match="expected a Move"):
        state.play(b"2S")  # type: ignore[arg-type]
    with pytest.raises(NotationError, match="expected a text"):
        state.read_move(5)  # type: ignore[arg-type]


# -- Chase the Tailor ----------------------------------------------------------------------


def test_every_tailor_move_is_read_from_its_text() -> None:
    state = make_state(["7S 7H X1 TLR 2C", "KC"], "7D")
    for move in state.legal_moves():
        assert state.play(str(move)) == state.play(move)
        assert state.read_move(str(move).lower()) == move
    kinds = {type(move) for move in state.legal_moves()}
    assert kinds == {tailor.Play, tailor.Dump, tailor.PlayJoker, tailor.PlayTailor}
    drawing = make_state(["2C", "KC"], "7D")
    assert drawing.play("draw") == drawing.play(tailor.Draw())
    rules = tailor.Rules(players=2, must_play_drawn=False)
    drawn = make_state(["2C 8D", "KC"], "7D", rules=rules, drawn="8D")
    assert drawn.play("PASS") == drawn.play(tailor.Pass())


def test_cards_without_the_word_dump_are_a_dump() -> None:
    state = make_state(["7S 7H 2C", "KC"], "7D")
    assert state.read_move("7s 7h") == tailor.Dump.parse("dump 7S 7H")
    assert state.play("7H 7S") == state.play(tailor.parse_move("dump 7H 7S"))
    with pytest.raises(IllegalMoveError, match="'7S 2C' is the move 'dump 7S 2C'"):
        state.play("7S 2C")


def test_a_joker_or_the_tailor_alone_lists_the_legal_moves_with_it() -> None:
    state = make_state(["7S X1 TLR", "KC"], "7D")
    with pytest.raises(NotationError, match=r"'X1'.*'X1 skip', 'X1 reverse'$"):
        state.play("X1")
    with pytest.raises(NotationError, match=r"'tlr'.*'TLR AS>1', .* and 48 more"):
        state.play("tlr")
    with pytest.raises(NotationError, match="invalid move 'X2'"):  # X2 is not held
        state.play("X2")


def test_a_bad_tailor_text_is_refused_quoting_it() -> None:
    state = make_state(["7S 7H", "KC"], "7D")
    for text in ("ZZ", "dump 7S", "", "7S ZZ"):
        with pytest.raises(NotationError, match=f"invalid move {text!r}"):
            state.play(text)
    with pytest.raises(IllegalMoveError, match=r"^illegal move '9C': 9C is not in player 0"):
        state.play("9C")
    with pytest.raises(IllegalMoveError, match=r"^'9c' is the move '9C'"):
        state.play("9c")
    with pytest.raises(IllegalMoveError):
        state.play(b"7S")  # type: ignore[arg-type]


# -- play never changes the state it is called on ------------------------------------------


def test_play_leaves_the_old_tarot_state_unchanged() -> None:
    for rules in (tarot.Rules.traditional(players=3), tarot.Rules.french(players=5)):
        rng = random.Random(4)
        state = tarot.deal(rules, seed=4)
        while not state.is_over:
            snapshot, text, history = pickle.dumps(state), str(state), state.history()
            move = rng.choice(state.legal_moves())
            for attempt in (move, str(move), "ZZ", "KS"):
                with contextlib.suppress(IllegalMoveError, NotationError):
                    state.play(attempt)
                assert pickle.loads(snapshot) == state and str(state) == text
                assert state.history() == history
            state = state.play(str(move))


def test_play_leaves_the_old_tailor_state_unchanged() -> None:
    rng = random.Random(5)
    state = tailor.deal(tailor.Rules(players=3), seed=5)
    while not state.is_over:
        snapshot, text, history = pickle.dumps(state), str(state), state.history()
        move = rng.choice(state.legal_moves())
        for attempt in (move, str(move), "X1", "ZZ", "9C"):
            with contextlib.suppress(IllegalMoveError, NotationError):
                state.play(attempt)
            assert pickle.loads(snapshot) == state and str(state) == text
            assert state.history() == history
        state = state.play(str(move))


def test_the_solver_still_refuses_a_move_given_as_text() -> None:
    from cardgames import solver

    state = tarot.random_position(tarot.Rules.simplified(players=3), seed=1, tricks_left=2)
    text = str(state.legal_moves()[0])
    with pytest.raises(IllegalMoveError, match=f"invalid move {text!r}: expected a move object"):
        solver.analyse_play(state, [text])
    with pytest.raises(IllegalMoveError, match="invalid move ''"):
        solver.analyse_play(state, [""])
