"""Draw hands, a trick and table positions of both games as SVG files.

Usage: ``python examples/svg_table.py [DIRECTORY]``. The pictures are written into DIRECTORY
(created if needed), or into a new temporary directory when none is given; the script prints
the path of every file it writes. The positions come from fixed seeds, so the files are the
same on every run; the documentation's pictures (``docs/_static``) are made this way.
"""

from __future__ import annotations

import random
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from cardgames import svg, tailor, tarot


def tarot_position(seed: int, moves: int) -> tarot.State:
    """A traditional three-player deal of Tarot after ``moves`` random legal moves."""
    state = tarot.deal(tarot.Rules.traditional(players=3), seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        state = state.play(rng.choice(state.legal_moves()))
    return state


def french_position(players: int, seed: int, tricks: int, cards: int) -> tarot.State:
    """A French Tarot deal played at random (the auction too) to ``cards`` cards into trick
    ``tricks + 1``; the seed is one whose auction finds a taker."""
    state = tarot.deal(tarot.Rules.french(players=players), seed=seed)
    rng = random.Random(seed)
    while (
        state.phase is not tarot.Phase.PLAY
        or len(state.tricks) < tricks
        or len(state.trick.cards) < cards
    ):
        state = state.play(rng.choice(state.legal_moves()))
    return state


def tailor_position(seed: int, moves: int, players: int = 3) -> tailor.State:
    """A round of Chase the Tailor after ``moves`` random legal moves."""
    state = tailor.deal(tailor.Rules(players=players), seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over:
            break
        state = state.play(rng.choice(state.legal_moves()))
    return state


def pictures() -> dict[str, str]:
    """Each file name with its SVG text."""
    middle = tarot_position(seed=4, moves=3 + 3 * 2 + 2)  # the discard, 2 tricks, 2 cards
    finished = tarot_position(seed=4, moves=3 + 3 * 20)
    return {
        "tarot_table.svg": svg.table(middle),
        "french_table.svg": svg.table(french_position(5, seed=4, tricks=3, cards=3)),
        "tarot_hand.svg": svg.hand(tarot.deal(tarot.Rules.traditional(players=3), 4).hands[1]),
        "tarot_trick.svg": svg.trick(finished.tricks[-1], width=60),
        "tailor_table.svg": svg.table(tailor_position(seed=3, moves=12, players=4)),
    }


def main(argv: Sequence[str] | None = None) -> int:
    """Write the pictures; return 0."""
    args = list(sys.argv[1:] if argv is None else argv)
    directory = Path(args[0]) if args else Path(tempfile.mkdtemp(prefix="cardgames-svg-"))
    directory.mkdir(parents=True, exist_ok=True)
    for name, image in pictures().items():
        path = directory / name
        path.write_text(image + "\n", encoding="utf-8")
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
