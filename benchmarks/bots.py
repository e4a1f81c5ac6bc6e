"""How strong the bots are, and which PIMC settings play best: duplicate arenas with timings.

Each run plays one bot (``--bot``, in the command-line form of ``cardgames arena``) against
copies of ``--against`` in a duplicate arena and prints the arena's table, the head-to-head
figure against the first opponent and the time the tested bot took per move (median and
maximum). Examples::

    python benchmarks/bots.py tarot --bot rule --against random --deals 50
    python benchmarks/bots.py tarot --bot pimc:worlds=8:estimate=rollout --deals 20
    python benchmarks/bots.py tailor --players 4 --bot pimc:worlds=8 --deals 50
    python benchmarks/bots.py tarot --bot pimc:worlds=24 --deals 30 --save a.json
    python benchmarks/bots.py tarot --bot pimc:worlds=48 --deals 30 --compare a.json
    python benchmarks/bots.py tarot --rules french --players 4 --bot pimc --deals 300

``--rules french`` plays French Tarot (four players unless ``--players`` says otherwise), whole
deals from the bidding on; the payoffs are the contracts' scores and a deal everyone passes
counts 0 for every bot. ``--seat-points`` measures card play more finely than the payoffs (see
:func:`seat_points`)::

    python benchmarks/bots.py tarot --rules french --bot pimc:worlds=20:exact_tricks=6 \
        --seat-points --deals 25

Besides the arena's own head-to-head figure against entry 1, it prints the tested bot *against
the field*: per deal, its score minus the mean score of the other entries (with one tested bot
and copies of one opponent, the fair single figure; in three-player Tarot, where the payoffs sum
to zero, it is 1.5 times the tested bot's own mean). ``--save`` writes those per-deal figures
to a JSON file and ``--compare`` reads a saved run of the same deals (same ``--seed``, at least
as many ``--deals``) and reports the paired difference deal by deal, the sharpest way to tell
two settings apart.

Timings are wall-clock on whatever else the machine is doing; the figures of play are exactly
reproducible from ``--seed``.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from typing import Any

import attrs

from cardgames import arena, tailor, tarot
from cardgames.cli.options import parse_bot


@attrs.define
class Timed:
    """Wraps a bot and records the seconds of every decision (serial arenas only)."""

    bot: Any
    seconds: list[float] = attrs.field(factory=list)

    @property
    def name(self) -> str:
        return str(getattr(self.bot, "name", "bot"))

    def choose(self, view: Any, rng: random.Random) -> Any:
        start = time.perf_counter()
        move = self.bot.choose(view, rng)
        self.seconds.append(time.perf_counter() - start)
        return move


def field_scores(result: arena.ArenaResult) -> list[float]:
    """Per deal, entry 0's score minus the mean score of the other entries."""
    entries = len(result.names)
    totals: dict[int, list[float]] = {}
    counts: dict[int, int] = {}
    for game in result.games:
        row = totals.setdefault(game.deal, [0.0] * entries)
        counts[game.deal] = counts.get(game.deal, 0) + 1
        for entry in range(entries):
            row[entry] += float(game.payoff_of(entry))
    scores = []
    for deal in sorted(totals):
        row = [value / counts[deal] for value in totals[deal]]
        scores.append(row[0] - sum(row[1:]) / (entries - 1))
    return scores


def summary(values: list[float]) -> str:
    """Mean, 95 % interval and count of ``values``."""
    count = len(values)
    mean = math.fsum(values) / count
    if count < 2:
        return f"{mean:+.3f} over {count} deal"
    sd = math.sqrt(math.fsum((v - mean) ** 2 for v in values) / (count - 1))
    half = arena.Z_95 * sd / math.sqrt(count)
    interval = f"[{mean - half:.3f}, {mean + half:.3f}]"
    return f"{mean:+.3f} per deal, 95% interval {interval} over {count} deals"


def seat_points(rules: tarot.Rules, bot: Any, against: Any, deals: int, seed: int) -> None:
    """Tarot, ``--seat-points``: each of the first ``deals`` deals of the arena seeded with
    ``seed`` is played once with ``against`` in every seat, then once per seat with ``bot`` in
    that seat; the figure is the card points the tested seat's side ends with, minus what it
    ended with in the first game (void French deals are skipped). The bots' own randomness is
    seeded per deal and seat, as in an arena; the bidding of the two bots must agree for the
    two games to be the same contract (PIMCBot's bids are RuleBot's)."""
    from cardgames.tailor.rules import derive_seed
    from cardgames.tarot.view import view_of

    def play(state: tarot.State, bots: list[Any], number: int) -> tarot.State:
        rngs = [random.Random(derive_seed(seed, "bot", number, seat)) for seat in range(len(bots))]
        while not state.is_over:
            seat = state.to_move
            state = state.play(bots[seat].choose(view_of(state, seat), rngs[seat]))
        return state

    players = rules.players
    differences: dict[str, list[float]] = {"all": [], "attack": [], "defence": []}
    for number in range(deals):
        start = tarot.deal(rules, derive_seed(seed, "deal", number), dealer=number % players)
        base = play(start, [against] * players, number)
        if rules.bidding and base.is_void:
            continue
        for seat in range(players):
            bots = [against] * players
            bots[seat] = bot
            final = play(start, bots, number)
            team = final.team_of(seat)
            gained = float(final.team_points()[team] - base.team_points()[team])
            differences["all"].append(gained)
            if rules.bidding:
                differences["attack" if team == 0 else "defence"].append(gained)
    for name, values in differences.items():
        if values:
            figure = summary(values).replace("per deal", "per game").replace("deals", "games")
            print(f"card points of the tested seat's side, {name}: {figure}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game", choices=("tarot", "tailor"))
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument(
        "--rules",
        choices=("traditional", "simplified", "french"),
        default="traditional",
        help="Tarot rules (default traditional; french plays French Tarot, 4 players)",
    )
    parser.add_argument("--bot", default="pimc")
    parser.add_argument("--against", default="rule")
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--save", default=None, help="write the per-deal figures to this JSON file")
    parser.add_argument(
        "--compare", default=None, help="a --save file of the same deals: the paired difference"
    )
    parser.add_argument("--progress", action="store_true", help="a progress bar on stderr")
    parser.add_argument(
        "--seat-points",
        action="store_true",
        help="Tarot: instead of an arena, the card points the tested bot's side gains over the "
        "opponent bot in the same seat, deal by deal (see seat_points)",
    )
    args = parser.parse_args(argv)
    rules: tarot.Rules | tailor.Rules
    if args.game == "tarot" and args.rules == "french":
        rules = tarot.Rules.french(players=args.players or 4)
    elif args.game == "tarot" and args.rules == "simplified":
        rules = tarot.Rules.simplified(players=args.players or 4)
    elif args.game == "tarot":
        rules = tarot.Rules.traditional(players=args.players or 3)
    else:
        rules = tailor.Rules(players=args.players or 4)
    if args.seat_points:
        if not isinstance(rules, tarot.Rules):
            raise SystemExit("--seat-points is for Tarot")
        print(f"$ python benchmarks/bots.py {' '.join(sys.argv[1:] if argv is None else argv)}")
        seat_points(rules, parse_bot(args.bot), parse_bot(args.against), args.deals, args.seed)
        return 0
    tested = Timed(parse_bot(args.bot))
    bots: list[Any] = [tested] + [parse_bot(args.against) for _ in range(rules.players - 1)]
    start = time.perf_counter()
    result = arena.run(rules, bots, deals=args.deals, seed=args.seed, progress=args.progress)
    elapsed = time.perf_counter() - start
    print(f"$ python benchmarks/bots.py {' '.join(sys.argv[1:] if argv is None else argv)}")
    print(result.table())
    versus = result.comparison(0, 1)
    print(
        f"{args.bot} vs {args.against}: {versus.mean:+.3f} per deal, 95% interval "
        f"[{versus.low:.3f}, {versus.high:.3f}] over {versus.deals} deals"
    )
    field = field_scores(result)
    print(f"{args.bot} vs the field: {summary(field)}")
    if args.compare:
        with open(args.compare, encoding="utf-8") as file:
            saved = json.load(file)
        if (
            saved["seed"] != args.seed
            or saved["game"] != args.game
            or saved.get("rules", str(rules)) != str(rules)
        ):
            raise SystemExit(f"{args.compare} holds other deals (seed, game or rules differ)")
        other = saved["field"][: len(field)]
        paired = [mine - theirs for mine, theirs in zip(field, other, strict=False)]
        print(f"{args.bot} minus {saved['bot']} (vs the field, paired): {summary(paired)}")
    if args.save:
        with open(args.save, "w", encoding="utf-8") as file:
            json.dump(
                {
                    "game": args.game,
                    "rules": str(rules),
                    "seed": args.seed,
                    "bot": args.bot,
                    "field": field,
                },
                file,
            )
    seconds = tested.seconds
    print(
        f"time per move of {args.bot}: median {statistics.median(seconds) * 1000:.1f} ms, "
        f"max {max(seconds) * 1000:.1f} ms over {len(seconds)} moves; arena {elapsed:.0f} s"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
