"""Share out hidden cards among places under per-card restrictions: the engine under
:meth:`cardgames.tarot.View.sample` and :meth:`cardgames.tailor.View.sample`.

A *problem* is a list of items (card indices), for each item the set of places it may go to
(a bit mask over the places), and each place's capacity; the capacities add up to the number
of items. An *allocation* gives every place exactly its capacity of items, each item to a
place it may go to. :func:`allocate` draws one at random:

1. **Rejection.** Deal the items at random into the places (a uniform shuffle, cut by the
   capacities) and keep the deal if every item landed where it may go and the caller's
   ``accept`` test passes; up to ``attempts`` times. A kept deal is exactly uniform over the
   allocations that ``accept`` allows.
2. **Counting.** When rejection keeps nothing and the problem is small, count the
   allocations class by class (items with the same allowed places are interchangeable; a
   small dynamic programme over the places' remaining capacities) and draw each class's split
   with probability proportional to its completions: exactly uniform over the allocations,
   but without the ``accept`` test.
3. **Sequential.** Otherwise place the items one at a time in random order, each in an allowed
   place drawn with probability proportional to its remaining capacity among the places that
   still leave a complete allocation possible (checked by a maximum flow). It never fails
   when an allocation exists, but it is only close to uniform: it favours allocations that
   leave more ways open early on.

>>> import random
>>> allocate([10, 11, 12], [0b01, 0b11, 0b11], [1, 2], random.Random(1))[0]
[[10], [11, 12]]
>>> allocate([1, 2], [0b01, 0b01], [1, 1], random.Random(1)) is None
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Final

__all__ = ["Allocation", "allocate", "count_allocations", "feasible"]

Allocation = list[list[int]]
"""The items given to each place, by place."""

ATTEMPTS: Final = 400
"""Rejection attempts before falling back to an exact or sequential method."""
LAZY_ATTEMPTS: Final = 4_000
"""Rejection attempts of a ``lazy`` :func:`allocate` (each costs a few draws when it fails)."""
COUNT_STATES: Final = 3_000
"""Largest number of capacity vectors (the product of ``capacity + 1`` over the places) for
which the counting method is tried."""


def allocate(
    items: Sequence[int],
    allowed: Sequence[int],
    capacities: Sequence[int],
    rng: random.Random,
    *,
    accept: Callable[[Allocation], bool] | None = None,
    attempts: int | None = None,
    lazy: bool = False,
) -> tuple[Allocation, str] | None:
    """A random allocation and the method that found it (``"rejection"``, ``"counting"`` or
    ``"sequential"``), or None when no allocation exists.

    ``accept`` is a further test on whole allocations, honoured only by rejection; the
    fallbacks ignore it (the caller splits such a problem into cases it can state as allowed
    places).

    With ``lazy``, rejection deals the items one at a time, the most restricted first, each
    to a free slot drawn uniformly, and gives up on an attempt at the first item that lands
    where it may not go: the same uniform draw as a whole shuffle, but a failed attempt costs
    a few draws instead of one per item, so up to :data:`LAZY_ATTEMPTS` attempts are made.
    """
    if len(items) != sum(capacities) or any(cap < 0 for cap in capacities):
        return None
    if lazy:
        found = _lazy_rejection(
            items, allowed, capacities, rng, accept, LAZY_ATTEMPTS if attempts is None else attempts
        )
        if found is not None:
            return found, "rejection"
        return _fallback(items, allowed, capacities, rng)
    places = len(capacities)
    order = list(range(len(items)))
    for _ in range(ATTEMPTS if attempts is None else attempts):
        rng.shuffle(order)
        allocation: Allocation = []
        start = 0
        good = True
        for place in range(places):
            chosen = order[start : start + capacities[place]]
            start += capacities[place]
            bit = 1 << place
            if any(not allowed[i] & bit for i in chosen):
                good = False
                break
            allocation.append([items[i] for i in chosen])
        if good and (accept is None or accept(allocation)):
            return allocation, "rejection"
    return _fallback(items, allowed, capacities, rng)


def _fallback(
    items: Sequence[int], allowed: Sequence[int], capacities: Sequence[int], rng: random.Random
) -> tuple[Allocation, str] | None:
    if not feasible(items, allowed, capacities):
        return None
    counted = _by_counting(items, allowed, capacities, rng)
    if counted is not None:
        return counted, "counting"
    return _sequential(items, allowed, capacities, rng), "sequential"


def _lazy_rejection(
    items: Sequence[int],
    allowed: Sequence[int],
    capacities: Sequence[int],
    rng: random.Random,
    accept: Callable[[Allocation], bool] | None,
    attempts: int,
) -> Allocation | None:
    # A uniformly random one-to-one dealing of the items to the slots (each place has as
    # many slots as its capacity), item by item: every complete dealing is equally likely,
    # so the first one that meets every restriction is uniform over the allocations.
    places = len(capacities)
    slot_place = [place for place in range(places) for _ in range(capacities[place])]
    total = len(slot_place)
    share = {
        mask: sum(capacities[p] for p in range(places) if mask >> p & 1) for mask in set(allowed)
    }
    order = sorted(range(len(items)), key=lambda i: share[allowed[i]])
    restricted = [i for i in order if share[allowed[i]] < total]
    rest = [i for i in order if share[allowed[i]] == total]
    below = rng.randrange
    for _ in range(attempts):
        pool = list(range(total))
        free = total
        chosen: list[tuple[int, int]] = []
        good = True
        for i in restricted:
            at = below(free)
            slot = pool[at]
            if not allowed[i] >> slot_place[slot] & 1:
                good = False
                break
            free -= 1
            pool[at] = pool[free]
            chosen.append((i, slot))
        if not good:
            continue
        for i in rest:
            at = below(free)
            free -= 1
            chosen.append((i, pool[at]))
            pool[at] = pool[free]
        allocation: Allocation = [[] for _ in range(places)]
        for i, slot in sorted(chosen, key=lambda pair: pair[1]):
            allocation[slot_place[slot]].append(items[i])
        if accept is None or accept(allocation):
            return allocation
    return None


def _classes(items: Sequence[int], allowed: Sequence[int]) -> list[tuple[int, list[int]]]:
    groups: dict[int, list[int]] = {}
    for item, mask in zip(items, allowed, strict=True):
        groups.setdefault(mask, []).append(item)
    return sorted(groups.items())


def feasible(items: Sequence[int], allowed: Sequence[int], capacities: Sequence[int]) -> bool:
    """Whether some allocation exists (a maximum flow from the classes of items to the places)."""
    if len(items) != sum(capacities):
        return False
    classes = _classes(items, allowed)
    return _flow([(mask, len(group)) for mask, group in classes], list(capacities))


def _flow(classes: Sequence[tuple[int, int]], capacities: list[int]) -> bool:
    # Unit augmenting paths on a small bipartite graph (classes of items -> places).
    places = len(capacities)
    flow = [[0] * places for _ in classes]
    free = list(capacities)
    for c, (_, count) in enumerate(classes):
        for _ in range(count):
            if not _augment(c, classes, flow, free, places, set()):
                return False
    return True


def _augment(
    c: int,
    classes: Sequence[tuple[int, int]],
    flow: list[list[int]],
    free: list[int],
    places: int,
    seen: set[int],
) -> bool:
    mask = classes[c][0]
    for place in range(places):
        if not mask >> place & 1 or place in seen:
            continue
        seen.add(place)
        if free[place] > 0:
            free[place] -= 1
            flow[c][place] += 1
            return True
        # the place is full: move a unit that another class sent there elsewhere
        for other in range(len(classes)):
            if flow[other][place] and _augment(other, classes, flow, free, places, seen):
                flow[other][place] -= 1
                flow[c][place] += 1
                return True
    return False


def _splits(count: int, mask: int, caps: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every way to send ``count`` interchangeable items to the allowed places within caps."""
    places = [p for p in range(len(caps)) if mask >> p & 1]
    result: list[tuple[int, ...]] = []
    split = [0] * len(caps)

    def fill(k: int, left: int) -> None:
        if k == len(places) - 1 or not places:
            if not places:
                if left == 0:
                    result.append(tuple(split))
                return
            place = places[k]
            if left <= caps[place]:
                split[place] = left
                result.append(tuple(split))
                split[place] = 0
            return
        place = places[k]
        for amount in range(min(left, caps[place]) + 1):
            split[place] = amount
            fill(k + 1, left - amount)
        split[place] = 0

    fill(0, count)
    return result


class _Counter:
    """Allocations of the classes ``index..`` into the capacities ``caps``, memoised."""

    def __init__(self, classes: list[tuple[int, list[int]]]) -> None:
        self.classes = classes
        self.memo: dict[tuple[int, tuple[int, ...]], int] = {}

    def ways(self, index: int, caps: tuple[int, ...]) -> int:
        if index == len(self.classes):
            return 1 if not any(caps) else 0
        key = (index, caps)
        found = self.memo.get(key)
        if found is not None:
            return found
        if len(self.memo) > 4 * COUNT_STATES:
            raise _TooBig
        mask, group = self.classes[index]
        total = 0
        for split in _splits(len(group), mask, caps):
            rest = tuple(c - s for c, s in zip(caps, split, strict=True))
            total += _multinomial(len(group), split) * self.ways(index + 1, rest)
        self.memo[key] = total
        return total


class _TooBig(Exception):
    pass


def _multinomial(total: int, parts: Sequence[int]) -> int:
    result = math.factorial(total)
    for part in parts:
        result //= math.factorial(part)
    return result


def count_allocations(
    items: Sequence[int], allowed: Sequence[int], capacities: Sequence[int]
) -> int | None:
    """How many allocations exist, or None when the problem is too big to count."""
    if len(items) != sum(capacities):
        return 0
    if math.prod(cap + 1 for cap in capacities) > COUNT_STATES:
        return None
    counter = _Counter(_classes(items, allowed))
    try:
        return counter.ways(0, tuple(capacities))
    except _TooBig:
        return None


def _by_counting(
    items: Sequence[int], allowed: Sequence[int], capacities: Sequence[int], rng: random.Random
) -> Allocation | None:
    if math.prod(cap + 1 for cap in capacities) > COUNT_STATES:
        return None
    classes = _classes(items, allowed)
    counter = _Counter(classes)
    caps = tuple(capacities)
    try:
        if not counter.ways(0, caps):
            return None
    except _TooBig:
        return None
    allocation: Allocation = [[] for _ in capacities]
    for index, (mask, group) in enumerate(classes):
        options = []
        for split in _splits(len(group), mask, caps):
            rest = tuple(c - s for c, s in zip(caps, split, strict=True))
            weight = _multinomial(len(group), split) * counter.ways(index + 1, rest)
            if weight:
                options.append((weight, split, rest))
        pick = rng.randrange(sum(weight for weight, _, _ in options))
        chosen = options[-1]
        for option in options:
            if pick < option[0]:
                chosen = option
                break
            pick -= option[0]
        _, split, rest = chosen
        shuffled = list(group)
        rng.shuffle(shuffled)
        start = 0
        for place, amount in enumerate(split):
            allocation[place].extend(shuffled[start : start + amount])
            start += amount
        caps = rest
    return allocation


def _sequential(
    items: Sequence[int], allowed: Sequence[int], capacities: Sequence[int], rng: random.Random
) -> Allocation:
    free = list(capacities)
    order = list(range(len(items)))
    rng.shuffle(order)
    allocation: Allocation = [[] for _ in capacities]
    remaining: dict[int, int] = {}
    for i in order:
        remaining[allowed[i]] = remaining.get(allowed[i], 0) + 1
    for i in order:
        mask = allowed[i]
        remaining[mask] -= 1
        candidates = [p for p in range(len(free)) if mask >> p & 1 and free[p]]
        while candidates:
            weights = [free[p] for p in candidates]
            place = rng.choices(candidates, weights)[0]
            free[place] -= 1
            if _flow([(m, n) for m, n in remaining.items() if n], list(free)):
                allocation[place].append(items[i])
                break
            free[place] += 1
            candidates.remove(place)
        else:  # pragma: no cover - feasible() was checked first, so some place always works
            raise AssertionError("no place left for an item of a feasible problem")
    return allocation
