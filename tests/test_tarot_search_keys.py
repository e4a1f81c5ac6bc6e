"""The fast Tarot search's canonical table key against its definition, and its killer moves."""

from __future__ import annotations

import random

import pytest

from cardgames.tarot.search_model import TarotModel
from cardgames.tarot.search_numbering import Numbering, canonical_key, squeeze
from cardgames.tarot.search_order import promote


def _model() -> TarotModel:
    return TarotModel(
        players=3,
        clockwise=False,
        traditional_order=True,
        lead_restricted=False,
        exchange=True,
        group=3,
        bonus=0,
        teams=[0, 1, 2],
        maximiser=[True, False, False],
    )


def _squeezed_key(
    num: Numbering, hands: list[int], remaining: int, leader_flags: int
) -> tuple[int, ...]:
    # The definition: in each run of one-point cards, every hand's cards renumbered by rank
    # among the run's cards still in play (no dead suits here).
    compressed = list(hands)
    for base, block in num.blocks:
        in_play = (remaining >> base) & block
        for seat, hand in enumerate(hands):
            part = (hand >> base) & block
            compressed[seat] = (compressed[seat] & ~(block << base)) | squeeze(
                part, in_play
            ) << base
    return (*compressed, leader_flags)


@pytest.mark.parametrize("seed", range(40))
def test_canonical_key_renumbers_each_run_of_low_cards_by_rank_in_play(seed: int) -> None:
    # The key closes the gaps of every run with shifts; it must equal the rank renumbering.
    rng = random.Random(seed)
    model = _model()
    universe = 0
    for bit in rng.sample(range(78), rng.randint(9, 60)):
        universe |= 1 << bit
    num = Numbering(model, universe)
    hands = [0, 0, 0]
    for compact_bit in range(num.bits):
        seat = rng.randrange(4)  # 3: the card has been played
        if seat < 3:
            hands[seat] |= 1 << compact_bit
    remaining = hands[0] | hands[1] | hands[2]
    key = canonical_key(num, hands, remaining, 0, True, 5, {})
    assert key == _squeezed_key(num, hands, remaining, 5)
    assert canonical_key(num, hands, remaining, 0, False, 5, {}) == (*hands, 5)


def test_positions_that_differ_only_in_which_low_cards_went_share_a_key() -> None:
    model = _model()
    num = Numbering(model, (1 << 10) - 1)  # the ten numerals of spades, 1 low
    # Bits 1 and 7 gone, or bits 2 and 6: the same ranks in play held by the same hands.
    first = [0b0000110101, 0b1100001000, 0b0001000000]
    second = [0b0000110011, 0b1100001000, 0b0010000000]
    assert canonical_key(num, first, sum(first), 0, True, 0, {}) == canonical_key(
        num, second, sum(second), 0, True, 0, {}
    )


def test_promoting_a_killer_files_a_new_list_and_leaves_the_old_one_alone() -> None:
    # A node higher up may still be going through the list it was given: whatever is
    # promoted lower down, that list must not change under it.
    cache = {9: [4, 6, 8]}
    old = cache[9]
    promote(cache, 9, old, 8)
    assert cache[9] == [8, 4, 6] and old == [4, 6, 8]
    promote(cache, 9, cache[9], 6)
    assert cache[9] == [6, 8, 4]
