"""Save a game to a JSON record, read it back and replay it.

The script plays a seeded Tarot game and a seeded Chase the Tailor match with random
strategies, writes each as a record with a few tags (like the headers of a chess PGN file),
reads the records back, checks that replaying them gives the same games, and prints the first
deal trick by trick. Usage: ``python examples/record_roundtrip.py [seed] [directory]``; the
records are written to a temporary directory unless one is given.
"""

from __future__ import annotations

import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from cardgames import tailor, tarot


def main(argv: Sequence[str] | None = None) -> int:
    """Write, read back and replay one record of each game."""
    args = list(sys.argv[1:] if argv is None else argv)
    seed = int(args[0]) if args else 1
    with tempfile.TemporaryDirectory() as scratch:
        directory = Path(args[1]) if len(args) > 1 else Path(scratch)
        directory.mkdir(parents=True, exist_ok=True)

        rules = tarot.Rules.traditional(players=3)
        game = tarot.Game(rules=rules, seed=seed)
        game = game.play_out([tarot.random_strategy(seed + seat) for seat in range(3)])
        path = directory / "tarot_game.json"
        tags = {"event": "Example", "site": "examples/record_roundtrip.py"}
        path.write_text(tarot.dumps(game, tags=tags, indent=2), encoding="utf-8")
        record = tarot.loads(path.read_text(encoding="utf-8"))
        assert record.game() == game, "the Tarot record did not replay to the same game"
        print(f"{path.name}: {len(record.deals)} deals, tags {dict(record.tags)}")
        first = record.deals[0].replay()
        for number, trick in enumerate(first.tricks[:3], start=1):
            cards = " ".join(
                f"{seat}:{card.to_unicode()}"
                for seat, card in zip(trick.players, trick.cards, strict=True)
            )
            print(f"  trick {number}: {cards}  (won by seat {trick.winner})")
        print(f"  totals: {', '.join(str(total) for total in game.totals)}")

        match = tailor.Match(rules=tailor.Rules(players=4), rounds=2, seed=seed)
        match = match.play_out(tailor.random_strategy(seed))
        path = directory / "tailor_match.json"
        path.write_text(tailor.dumps(match, tags={"event": "Example"}), encoding="utf-8")
        again = tailor.loads(path.read_text(encoding="utf-8")).match()
        assert again == match, "the Chase the Tailor record did not replay to the same match"
        print(f"{path.name}: {match.rounds} rounds, penalties {list(match.penalties)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
