"""French Tarot (FFT rules): one test per rule of the deal's state machine.

Scoring has its own file (test_french_scoring.py); these tests cover dealing, bidding, the
call, the dog and the discard, the announcement, poignées and the rules of play, then random
play-outs of every French preset.
"""

from __future__ import annotations

import itertools
import pickle
import random
from fractions import Fraction
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tarot_helpers import cards, hand

from cardgames.errors import IllegalMoveError, NotationError, RulesError
from cardgames.tarot import (
    Deal,
    Move,
    Phase,
    Rules,
    State,
    TarotCard,
    TarotCardSet,
    count_points,
    deal,
    legal_cards,
    tarot_deck,
)
from cardgames.tarot.contracts import (
    Announcement,
    AnyMove,
    Bid,
    Call,
    Contract,
    Declaration,
    Poignee,
    parse_move,
)

FRENCH = tuple(Rules.french(players=n) for n in (3, 4, 5))
FRENCH_IDS = tuple(str(rules) for rules in FRENCH)
BOUTS = TarotCardSet.parse("1T 21T EX")


def moves(state: State, text: str) -> State:
    """Play the written moves in order."""
    for word in text.split():
        state = state.play(parse_move(word))
    return state


def french_deal(players: int, seed: int = 0, dealer: int = 0, **fixed: str) -> State:
    """A French deal, with cards pinned as ``seat0='KS ...'`` or ``talon='...'``."""
    pinned: dict[int | str, str] = {
        (key if key == "talon" else int(key.removeprefix("seat"))): value
        for key, value in fixed.items()
    }
    return deal(Rules.french(players=players), seed=seed, dealer=dealer, fixed=pinned)


def to_play(state: State) -> State:
    """Bid a prise at the first turn (the others pass), then play the first legal move until
    the first card may be played."""
    while state.phase is not Phase.PLAY:
        if state.phase is Phase.BIDDING and state.contract is None:
            state = state.play(Bid(Contract.PRISE))
        else:
            state = state.play(state.legal_moves()[0])
    return state


# -- presets and dealing ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "hand_size", "dog"), [(3, 24, 6), (4, 18, 6), (5, 15, 3)], ids=["3", "4", "5"]
)
def test_french_presets_deal_the_fft_hand_and_dog_sizes(
    players: int, hand_size: int, dog: int
) -> None:
    rules = Rules.french(players=players)
    state = deal(rules, seed=3)
    assert [len(h) for h in state.hands] == [hand_size] * players
    assert len(state.initial.talon) == dog
    assert Rules.parse(f"french-{players}") == rules == Rules.preset(f"FRENCH-{players}")


def test_french_preset_refuses_other_player_counts() -> None:
    for players in (2, 6):
        with pytest.raises(RulesError, match="3, 4 or 5 players"):
            Rules.french(players=players)


def test_play_and_dealing_go_counter_clockwise() -> None:
    rules = Rules.french(players=4)
    assert not rules.clockwise
    assert rules.next_player(0) == 3  # seats are numbered clockwise
    state = deal(rules, seed=1, dealer=0)
    assert state.to_move == 3  # the dealer's right bids first


def test_cards_are_dealt_three_by_three_four_by_four_at_three_players() -> None:
    assert [Rules.french(players=n).deal_packet for n in (3, 4, 5)] == [4, 3, 3]
    order = [card.index for card in tarot_deck()]  # an unshuffled pack, dealt from the top
    four = Deal.from_deck(Rules.french(players=4), tarot_deck(), dealer=0)
    # the dealer's right (seat 3) gets the first packet: the first three cards of the pack
    first = TarotCardSet.from_cards([TarotCard.from_index(i) for i in order[:3]])
    assert first <= four.hands[3]
    three = Deal.from_deck(Rules.french(players=3), tarot_deck(), dealer=0)
    first_four = TarotCardSet.from_cards([TarotCard.from_index(i) for i in order[:4]])
    assert first_four <= three.hands[2]


@pytest.mark.parametrize("rules", FRENCH, ids=FRENCH_IDS)
def test_the_dog_is_set_aside_card_by_card_never_first_nor_last(rules: Rules) -> None:
    pack = list(tarot_deck())
    dealt = Deal.from_deck(rules, tarot_deck(), dealer=0)
    positions = sorted(pack.index(card) for card in dealt.talon)
    assert len(positions) == rules.talon_size
    assert positions[0] > 0 and positions[-1] < len(pack) - 1
    # one card at a time: no two dog cards are dealt one after the other
    assert all(b - a > 1 for a, b in itertools.pairwise(positions))


def test_card_points_are_half_points_and_the_pack_is_worth_91() -> None:
    def value(text: str) -> Fraction:
        return count_points(TarotCardSet.parse(text), group_size=2)

    assert [value(c) for c in ("1T", "21T", "EX", "KH", "QH", "NH", "JH", "10H", "5T")] == [
        Fraction(9, 2),
        Fraction(9, 2),
        Fraction(9, 2),
        Fraction(9, 2),
        Fraction(7, 2),
        Fraction(5, 2),
        Fraction(3, 2),
        Fraction(1, 2),
        Fraction(1, 2),
    ]
    assert count_points(TarotCardSet.full(), 2) == Rules.french(players=4).pack_total == 91


# -- bidding ---------------------------------------------------------------------------------


def test_bidding_is_one_round_from_the_dealers_right() -> None:
    state = french_deal(4, dealer=1)
    seats = []
    for _ in range(4):
        seats.append(state.to_move)
        state = state.play(Bid.parse("pass"))
    assert seats == [0, 3, 2, 1]


def test_a_bid_must_be_higher_than_the_last() -> None:
    state = moves(french_deal(4), "garde")
    assert Bid(Contract.PRISE) not in state.legal_moves()
    assert Bid(Contract.GARDE) not in state.legal_moves()
    assert state.legal_moves() == tuple(map(Bid.parse, ("pass", "garde-sans", "garde-contre")))
    with pytest.raises(IllegalMoveError, match="higher than the last one"):
        state.play(Bid(Contract.PRISE))


def test_the_highest_bidder_becomes_the_taker_of_the_highest_contract() -> None:
    state = moves(french_deal(4, dealer=0), "prise pass garde-sans pass")
    assert state.taker == 1 and state.contract is Contract.GARDE_SANS  # bidders 3, 2, 1, 0
    assert state.teams == ((1,), (0, 2, 3))


def test_after_garde_contre_the_others_can_only_pass() -> None:
    state = moves(french_deal(3), "garde-contre")
    assert state.legal_moves() == (Bid(None),)


def test_when_every_seat_passes_the_deal_is_void() -> None:
    state = moves(french_deal(5), "pass pass pass pass pass")
    assert state.is_over and state.is_void and state.taker is None
    assert state.legal_moves() == ()
    assert state.payoffs() == (Fraction(0),) * 5 and state.score() is None


# -- the call at five players ----------------------------------------------------------------


def test_at_five_players_the_taker_calls_a_king() -> None:
    state = moves(french_deal(5, seat4="KS"), "prise pass pass pass pass")
    assert state.phase is Phase.CALL and state.to_move == 4
    assert state.legal_moves() == tuple(
        map(Call.parse, ("call-KS", "call-KH", "call-KD", "call-KC"))
    )
    with pytest.raises(IllegalMoveError, match="calls a King"):
        state.play(Call.parse("call-QS"))


def test_a_taker_with_all_four_kings_calls_a_queen() -> None:
    state = moves(french_deal(5, seat4="KS KH KD KC"), "prise pass pass pass pass")
    assert [str(m) for m in state.legal_moves()] == ["call-QS", "call-QH", "call-QD", "call-QC"]
    kings_and_queens = "KS KH KD KC QS QH QD QC"
    state = moves(french_deal(5, seat4=kings_and_queens), "prise pass pass pass pass")
    assert [str(m) for m in state.legal_moves()] == ["call-NS", "call-NH", "call-ND", "call-NC"]


def test_the_holder_of_the_called_king_is_the_hidden_partner() -> None:
    state = moves(french_deal(5, seat1="KH"), "prise pass pass pass pass call-KH")
    assert state.taker == 4 and state.partner == 1
    assert state.teams == ((1, 4), (0, 2, 3))


def test_a_taker_who_calls_its_own_king_plays_alone() -> None:
    state = moves(french_deal(5, seat4="KH"), "prise pass pass pass pass call-KH")
    assert state.partner is None and state.teams == ((4,), (0, 1, 2, 3))


def test_a_called_king_in_the_dog_leaves_the_taker_alone() -> None:
    state = moves(french_deal(5, talon="KH"), "garde pass pass pass pass call-KH")
    assert state.partner is None and state.teams[0] == (4,)


# -- the dog ---------------------------------------------------------------------------------


@pytest.mark.parametrize("contract", ["prise", "garde"])
def test_after_a_prise_or_garde_the_taker_takes_the_dog_and_discards_as_many(
    contract: str,
) -> None:
    state = moves(french_deal(4, dealer=0), f"{contract} pass pass pass")
    taker = state.taker
    assert taker == 3 and state.phase is Phase.DISCARD and state.to_move == taker
    assert state.initial.talon <= state.hands[taker] and len(state.hands[taker]) == 24
    for _ in range(6):
        state = state.play(state.legal_moves()[0])
    assert state.phase is Phase.ANNOUNCE and len(state.hands[taker]) == 18
    assert len(state.discard) == 6


def test_the_discard_is_never_a_king_nor_a_bout() -> None:
    state = moves(french_deal(4, seat3="KS 1T 21T EX 2S"), "prise pass pass pass")
    legal = {m.card for m in state.legal_card_moves()}
    assert not legal & set(cards("KS 1T 21T EX"))
    assert TarotCard.parse("2S") in legal
    with pytest.raises(IllegalMoveError, match="never be discarded"):
        state.play(Move.parse("KS"))


def test_a_trump_is_discarded_only_when_nothing_else_can_be() -> None:
    trumps = "2T 3T 4T 5T 6T 7T 8T 9T 10T 11T 12T 13T 14T"
    start = french_deal(4, seat3=f"KS KH KD KC {trumps} 1T", talon="15T 16T 17T 18T 19T QS")
    state = moves(start, "prise pass pass pass")
    # one card that is not a trump, King nor bout, six to discard: trumps are needed ...
    legal = [str(m) for m in state.legal_card_moves()]
    assert "QS" in legal and "2T" in legal and "KS" not in legal and "1T" not in legal
    for card in ("2T", "3T", "4T", "5T", "6T"):
        state = state.play(Move.parse(card))
    # ... but no more of them than that: the last discard must be the Queen
    assert [str(m) for m in state.legal_card_moves()] == ["QS"]
    with pytest.raises(IllegalMoveError, match="only when the discard cannot be completed"):
        state.play(Move.parse("7T"))


@pytest.mark.parametrize("contract", ["garde-sans", "garde-contre"])
def test_in_garde_sans_and_garde_contre_the_dog_is_not_seen(contract: str) -> None:
    state = moves(french_deal(4), f"{contract} pass pass pass")
    assert state.phase is Phase.ANNOUNCE and not state.discard
    assert not state.initial.talon & state.hands[state.taker or 0]


def _played_out(state: State, seed: int = 0) -> State:
    rng = random.Random(seed)
    while not state.is_over:
        state = state.play(rng.choice(state.legal_card_moves() or state.legal_moves()))
    return state


def test_garde_sans_dog_counts_for_the_taker() -> None:
    start = moves(french_deal(4, seed=5, talon="KS KH KD"), "garde-sans pass pass pass")
    end = _played_out(start)
    assert end.initial.talon <= TarotCardSet(end._attack_cards(held=False))
    assert sum(end.team_points()) == 91


def test_garde_contre_dog_counts_for_the_defence() -> None:
    start = moves(french_deal(4, seed=5, talon="KS KH KD"), "garde-contre pass pass pass")
    end = _played_out(start)
    assert not end.initial.talon & TarotCardSet(end._attack_cards(held=False))
    assert sum(end.team_points()) == 91


# -- the announcement ------------------------------------------------------------------------


def test_a_slam_announcement_gives_the_taker_the_first_lead() -> None:
    state = moves(french_deal(4, dealer=0), "pass garde-sans pass pass")
    assert state.phase is Phase.ANNOUNCE and state.legal_moves() == (
        Announcement(False),
        Announcement(True),
    )
    assert state.play(Announcement(True)).to_move == 2 == state.taker
    assert state.play(Announcement(False)).to_move == 3  # the dealer's right leads otherwise


# -- rules of play ---------------------------------------------------------------------------

RULES4 = Rules.french(players=4)


def _legal(held: str, trick: str) -> str:
    return str(legal_cards(hand(held), cards(trick), RULES4))


def test_a_player_must_follow_the_suit_led() -> None:
    assert _legal("3H KS 5T EX", "1S") == str(hand("KS EX"))


def test_a_player_void_in_the_suit_led_must_trump() -> None:
    assert _legal("3H 5T 9T", "1S") == str(hand("5T 9T"))


def test_a_trump_played_to_the_trick_must_be_overtrumped_when_able() -> None:
    assert _legal("3H 5T 9T 15T", "1S 8T") == str(hand("9T 15T"))


def test_overtrumping_also_applies_when_trumps_are_led() -> None:
    assert _legal("3H 5T 9T 15T EX", "12T") == str(hand("15T EX"))


def test_a_player_who_cannot_overtrump_plays_any_trump() -> None:
    assert _legal("3H 5T 9T", "1S 18T") == str(hand("5T 9T"))


def test_a_player_void_in_the_suit_and_in_trumps_plays_any_card() -> None:
    assert _legal("3H QD", "1S 18T") == str(hand("3H QD"))


def test_the_excuse_may_be_played_at_any_time() -> None:
    for trick in ("1S", "12T", "1S 18T", ""):
        assert TarotCard.parse("EX") in legal_cards(hand("3S 5T 15T EX"), cards(trick), RULES4)


def test_the_excuse_stays_with_its_side_and_is_exchanged_for_a_half_point_card() -> None:
    rules = attrs.evolve(Rules.french(players=3))
    excuse = TarotCard.parse("EX")
    for seed in range(40):
        end = _played_out(to_play(french_deal(3, seed=seed)), seed)
        trick_number = end.excuse_trick
        if trick_number is None or trick_number == rules.tricks_per_deal - 1:
            continue
        trick = end.tricks[trick_number]
        excuser = trick.players[trick.cards.index(excuse)]
        assert trick.winner is not None
        if end.team_of(excuser) == end.team_of(trick.winner):
            continue
        piles = end.piles()
        side = end.teams[end.team_of(excuser)]
        if not any(end.won[p] - TarotCardSet.from_cards([excuse]) for p in side):
            continue
        assert any(excuse in piles[p] for p in side)
        given_card = piles[trick.winner] - end.won[trick.winner]
        assert len(given_card) == 1
        assert count_points(given_card, 2) == Fraction(1, 2)
        return
    pytest.fail("no deal exchanged the Excuse")


def test_the_excuse_played_to_the_last_trick_goes_to_its_winner() -> None:
    excuse = TarotCard.parse("EX")
    for seed in range(300):
        rng = random.Random(seed)
        state = to_play(french_deal(4, seed=seed))
        while not state.is_over:
            legal = state.legal_card_moves()
            keep = (
                [m for m in legal if m.card != excuse]
                if len(state.hands[state.to_move]) > 1
                else []
            )
            state = state.play(rng.choice(keep or list(legal)))
        last = state.tricks[-1]
        if excuse in last.cards and last.players[0] != last.players[last.cards.index(excuse)]:
            excuser = last.players[last.cards.index(excuse)]
            assert last.winner is not None
            if state.team_of(excuser) != state.team_of(last.winner):
                assert excuse in state.piles()[last.winner]
                return
    pytest.fail("no deal played the Excuse to the last trick for the other side")


def _slam_deal(rules: Rules) -> State:
    # Seat 2 takes a garde sans with every trump, the Excuse and two Kings, announces a slam
    # and leads its trumps from the top, then its Kings, then the Excuse.
    every_trump = " ".join(f"{n}T" for n in range(1, 22))
    state = deal(rules, seed=4, fixed={2: f"{every_trump} EX KS KH"})
    state = moves(state, "garde-sans pass pass slam")
    order = [*(f"{n}T" for n in range(21, 0, -1)), "KS", "KH", "EX"]
    for card in order:
        state = state.play(Move.parse(card))
        while state.to_move != 2 and not state.is_over:
            state = state.play(state.legal_card_moves()[0])
    return state


def test_the_excuse_led_to_the_last_trick_wins_it_in_a_slam() -> None:
    end = _slam_deal(Rules.french(players=3))
    assert end.is_over and {trick.winner for trick in end.tricks} == {2}
    score = end.score()
    assert score is not None and score.slam == "attack" and score.slam_bonus == 400
    assert TarotCard.parse("EX") in end.piles()[2]


def test_without_excuse_wins_slam_the_excuse_led_last_loses_the_trick() -> None:
    end = _slam_deal(attrs.evolve(Rules.french(players=3), excuse_wins_slam=False))
    assert end.tricks[-1].winner != 2
    score = end.score()
    assert score is not None and score.slam is None and score.slam_bonus == -200


# -- poignées --------------------------------------------------------------------------------

TEN_TRUMPS = "2T 3T 4T 5T 6T 7T 8T 9T 10T 11T"


def test_a_poignee_is_declared_before_the_players_first_card_and_its_trumps_are_shown() -> None:
    state = to_play(
        moves(french_deal(4, dealer=0, seat3=TEN_TRUMPS + " 20T"), "pass pass pass prise")
    )
    # seat 0 took; seat 3 leads the first trick and may declare a single poignée (10 trumps)
    assert state.to_move == 3
    assert Declaration(Poignee.SINGLE) in state.legal_moves()
    assert Declaration(Poignee.DOUBLE) not in state.legal_moves()
    state = state.play(Declaration(Poignee.SINGLE))
    assert state.poignees == ((3, Poignee.SINGLE),) and state.to_move == 3
    assert state.poignee_cards(3) == hand(TEN_TRUMPS)  # the lowest ten
    assert Declaration(Poignee.SINGLE) not in state.legal_moves()  # once only
    with pytest.raises(IllegalMoveError, match="one poignée at most"):
        state.play(Declaration(Poignee.SINGLE))


def test_a_poignee_cannot_be_declared_after_the_first_card() -> None:
    start = french_deal(4, dealer=0, seat3=TEN_TRUMPS)
    state = to_play(moves(start, "pass pass pass prise"))
    assert state.to_move == 3
    state = state.play(state.legal_card_moves()[0])
    while state.to_move != 3:
        state = state.play(state.legal_card_moves()[0])
    assert not [m for m in state.legal_moves() if isinstance(m, Declaration)]
    with pytest.raises(IllegalMoveError, match="before the player's first card"):
        state.play(Declaration(Poignee.SINGLE))


@pytest.mark.parametrize(
    ("players", "sizes"), [(3, (13, 15, 18)), (4, (10, 13, 15)), (5, (8, 10, 13))]
)
def test_poignee_sizes_depend_on_the_number_of_players(
    players: int, sizes: tuple[int, int, int]
) -> None:
    from cardgames.tarot.contracts import poignee_size

    assert tuple(poignee_size(level, players) for level in Poignee) == sizes


def test_the_excuse_may_stand_in_for_a_trump_only_when_no_trump_is_left() -> None:
    nine = "2T 3T 4T 5T 6T 7T 8T 9T 10T"
    held = nine + " EX 1S 2S 3S 4S 5S 6S 7S 8S"  # nine trumps, the Excuse, no other trump
    state = to_play(moves(french_deal(4, dealer=0, seat3=held), "pass pass pass prise"))
    assert Declaration(Poignee.SINGLE) in state.legal_moves()
    state = state.play(Declaration(Poignee.SINGLE))
    assert state.poignee_cards(3) == hand(nine + " EX")
    rules = attrs.evolve(Rules.french(players=4), poignee_with_excuse=False)
    start = deal(rules, seed=0, fixed={3: held})
    state = to_play(moves(start, "pass pass pass prise"))
    assert Declaration(Poignee.SINGLE) not in state.legal_moves()


# -- notation, pickling and random play-outs -------------------------------------------------


def test_a_french_position_writes_and_reads_every_kind_of_move() -> None:
    state = to_play(moves(french_deal(5, dealer=0, seat4=TEN_TRUMPS), "prise pass pass pass pass"))
    text = str(state)
    assert " B:prise,pass,pass,pass,pass,call-" in text and " A:no-slam" in text
    state = state.play(Declaration(Poignee.SINGLE)) if state.to_move == 4 else state
    assert State.parse(str(state)) == state


def test_a_bare_position_refuses_an_auction_under_other_rules() -> None:
    text = str(deal(Rules.traditional(players=3), seed=0))
    with pytest.raises(NotationError, match="needs bidding rules"):
        State.parse(text + " B:pass")


def test_moves_of_the_wrong_phase_are_illegal_moves() -> None:
    state = french_deal(4)
    with pytest.raises(IllegalMoveError, match="takes a bid"):
        state.play(Move.parse("1S"))
    with pytest.raises(IllegalMoveError, match="expected a Move"):
        state.play(b"pass")  # type: ignore[arg-type]
    plain = deal(Rules.traditional(players=3), seed=0)
    with pytest.raises(IllegalMoveError):
        plain.play(Bid(None))


def _random_playout(rules: Rules, seed: int) -> list[State]:
    rng = random.Random(seed)
    state = deal(rules, seed=seed, dealer=seed % rules.players)
    states = [state]
    while not state.is_over:
        legal = state.legal_moves()
        assert legal, "a state that is not over has a legal move"
        state = state.play(rng.choice(legal))
        states.append(state)
    return states


ILLEGAL_PROBES: tuple[AnyMove, ...] = (
    Bid(None),
    Bid(Contract.PRISE),
    Call(TarotCard.parse("KS")),
    Call(TarotCard.parse("QH")),
    Announcement(True),
    Declaration(Poignee.SINGLE),
    Move.parse("1S"),
    Move.parse("21T"),
    Move.parse("EX"),
)


@settings(max_examples=30, deadline=None)
@given(rules=st.sampled_from(FRENCH), seed=st.integers(0, 2**32))
def test_random_french_playouts_keep_every_invariant(rules: Rules, seed: int) -> None:
    states = _random_playout(rules, seed)
    for state in states[:: max(1, len(states) // 12)]:
        legal = set(state.legal_moves())
        for probe in ILLEGAL_PROBES:
            if probe in legal:
                assert state.play(probe) is not state
            else:
                with pytest.raises(IllegalMoveError):
                    state.play(probe)
        held = sum(h.mask for h in state.hands) | state.discard.mask | state.trick.mask
        held |= sum(p.mask for p in state.won)
        for trick in state.tricks:
            held |= trick.mask
        if state.phase in (Phase.BIDDING, Phase.CALL) or (
            state.is_void or (state.contract is not None and not state.contract.dog_shown)
        ):
            held |= state.initial.talon.mask
        assert held == (1 << 78) - 1, "all 78 cards are accounted for"
        assert pickle.loads(pickle.dumps(state)) == state
    end = states[-1]
    assert State.parse(str(end)) == end and end.history() == tuple(m for m in end.history())
    assert sum(end.payoffs()) == 0
    if not end.is_void:
        assert sum(end.team_points()) == 91
        score = end.score()
        assert score is not None and score.payoffs == end.payoffs()


def test_a_made_up_state_may_not_hold_a_dog_that_is_set_aside() -> None:
    state = french_deal(4)
    hands = list(state.hands)
    dog = state.initial.talon
    hands[0] = TarotCardSet(hands[0].mask | dog.mask)
    with pytest.raises(RulesError, match="the dog is set aside"):
        attrs.evolve(state, hands=tuple(hands))


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("bids", [5]),
        ("bids", [Bid(Contract.GARDE), Bid(Contract.PRISE)]),
        ("called", TarotCard.parse("KH")),
        ("slam_announced", 1),
        ("poignees", [(0, "single")]),
        ("phase", Phase.ANNOUNCE),
    ],
)
def test_a_state_with_contradictory_french_fields_is_refused(field: str, value: object) -> None:
    changes: dict[str, Any] = {field: value}
    with pytest.raises(RulesError):
        attrs.evolve(french_deal(5), **changes)


def test_the_auction_rules_are_pure_functions_the_state_and_views_share() -> None:
    from cardgames.tarot.contracts import bidder, highest_contract, is_void, taker_of

    rules = Rules.french(players=5)
    bids = [Bid.parse(word) for word in ("pass", "garde", "pass", "garde-sans", "pass")]
    assert [bidder(rules, 2, n) for n in range(5)] == [1, 0, 4, 3, 2]
    assert highest_contract(bids) is Contract.GARDE_SANS and highest_contract(bids[:1]) is None
    assert taker_of(rules, 2, bids) == 3 and taker_of(rules, 2, bids[:4]) is None
    assert not is_void(rules, bids) and is_void(rules, [Bid(None)] * 5)
    state = moves(french_deal(5, dealer=2), " ".join(map(str, bids)))
    assert (
        state.taker == 3 and state.view(0).taker == 3 and state.view(0).contract is state.contract
    )


def test_a_french_discard_of_a_card_the_taker_lacks_names_the_discarding_player() -> None:
    # The dealer does not discard in French Tarot, the taker does: the message must not say
    # "the dealer's hand".
    from cardgames import tarot
    from cardgames.tarot.play import discard_problem

    rules = tarot.Rules.french(players=4)
    hand = tarot.TarotCardSet.parse("2S 3S")
    missing = tarot.TarotCard.parse("4S").index
    problem = discard_problem(hand.mask, rules, 1, missing)
    assert problem == "the card is not in the discarding player's hand"
