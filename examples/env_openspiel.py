"""Our games in OpenSpiel, and OpenSpiel's bots in our arena (needs ``cardgames[openspiel]``).

Run ``python examples/env_openspiel.py``; without the extra it says so and stops. It loads
Chase the Tailor by its registered name, plays one round with OpenSpiel's own API (the deal
is eight chance nodes, the bytes of a seed), then seats OpenSpiel's IS-MCTS in a small
duplicate arena against RuleBot, where it sees only its own view like any other bot.
"""

from __future__ import annotations

import importlib.util
import random


def main() -> int:
    """Play one round through pyspiel, then a two-round arena."""
    if importlib.util.find_spec("pyspiel") is None:
        print(
            "skipped: this example needs the openspiel extra (pip install 'cardgames[openspiel]')"
        )
        return 0
    import pyspiel

    from cardgames import arena, bots, tailor, tarot
    from cardgames.env.openspiel import openspiel_game
    from cardgames.env.spiel_bots import ismcts

    game = pyspiel.load_game("cardgames_tailor(players=3)")
    print(game.get_type().long_name, "-", game.num_distinct_actions(), "action ids")
    rng = random.Random(0)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.randrange(256))  # one byte of the deal's seed
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    print("a random round:", len(state.history()) - 8, "moves, returns", state.returns())
    print("tensor size", len(state.information_state_tensor(0)))

    french = openspiel_game(tarot.Rules.french(players=4))
    print("French Tarot:", french.get_type().short_name, french.num_distinct_actions(), "ids")

    rules = tailor.Rules(players=3)
    result = arena.run(
        rules, [ismcts(simulations=8), bots.RuleBot(), bots.RuleBot()], deals=2, seed=1
    )
    print(result.table())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
