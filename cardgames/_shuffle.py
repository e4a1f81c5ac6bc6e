"""The one shuffle of the library, compiled with the search (``cardgames._compiled``): a
permutation drawn from a seeded generator's raw bits. :func:`cardgames.deck.shuffle_order`
checks its arguments and calls it; so do the games' fast steps, which deal thousands of
times a second.

>>> import random
>>> shuffled_range(5, random.Random(1)) == shuffled_range(5, random.Random(1))
True
>>> sorted(shuffled_range(5, random.Random(1)))
[0, 1, 2, 3, 4]
"""

from __future__ import annotations

import random

__all__ = ["shuffled_range"]


def shuffled_range(n: int, rng: random.Random) -> list[int]:
    """A permutation of ``range(n)``: Fisher-Yates, last position first, each position's
    draw uniform by rejection sampling on ``rng.getrandbits`` (the draws of
    :func:`cardgames.deck.random_below`, so the same on every machine). The arguments are
    not checked: ``n`` a non-negative int, ``rng`` a :class:`random.Random`."""
    order = list(range(n))
    for i in range(n - 1, 0, -1):
        bound = i + 1
        bits = bound.bit_length()
        j = rng.getrandbits(bits)
        while j >= bound:
            j = rng.getrandbits(bits)
        order[i], order[j] = order[j], order[i]
    return order
