"""Count a pile of Tarot cards, group by group.

A random pile of won cards is drawn with the seed, laid out in groups of three (pairing each
point card with blanks as players do), then counted with :func:`cardgames.tarot.count_points`.
Usage: ``python examples/tarot_count.py [seed]``.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from cardgames.tarot import TarotCard, TarotCardSet, card_value, count_points, tarot_deck


def _groups(cards: list[TarotCard], size: int) -> list[list[TarotCard]]:
    """Point cards first, each followed by blanks, cut into groups of ``size``."""
    points = sorted((c for c in cards if card_value(c) > 1), key=card_value, reverse=True)
    blanks = [c for c in cards if card_value(c) == 1]
    ordered: list[TarotCard] = []
    while points or blanks:
        if points:
            ordered.append(points.pop(0))
        ordered.extend(blanks[: size - 1])
        blanks = blanks[size - 1 :]
    return [ordered[i : i + size] for i in range(0, len(ordered), size)]


def main(argv: Sequence[str] | None = None) -> int:
    """Draw a pile of 13 cards and count it in threes and in fours."""
    args = list(sys.argv[1:] if argv is None else argv)
    seed = int(args[0]) if args else 1
    pile = list(tarot_deck().shuffled(seed))[:13]
    print(f"Pile (seed {seed}): {TarotCardSet.from_cards(pile)}")
    for size in (3, 4):
        print(f"\nIn groups of {size}:")
        for group in _groups(pile, size):
            values = [card_value(card) for card in group]
            score = count_points(group, size)
            names = " ".join(f"{card}({value})" for card, value in zip(group, values, strict=True))
            print(f"  {names:<36} {sum(values)} - {len(group)}*{size - 1}/{size} = {score}")
        print(f"  total: {count_points(pile, size)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
