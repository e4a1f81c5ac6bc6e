"""Action ids, legal-action masks and observations (``cardgames.env``, pure Python).

Run ``python examples/env_actions.py``: a French Tarot auction and a round of Chase the Tailor
played by action ids, with what a learning agent would be given at each step.
"""

from __future__ import annotations

import random

from cardgames import env, tailor, tarot


def main() -> int:
    """Print the action spaces, then play a round of Chase the Tailor by action ids."""
    french = tarot.Rules.french(players=4)
    state = tarot.deal(french, seed=2)
    view = state.view(state.to_move)
    print(
        f"French Tarot for 4: {env.action_count(french)} action ids, "
        f"observations of {env.observation_size(french)} values"
    )
    print("  legal at the first bid:", [env.action_name(i, french) for i in env.legal_ids(view)])

    rules = tailor.Rules(players=3)
    print(
        f"Chase the Tailor for 3: {env.action_count(rules)} action ids, "
        f"observations of {env.observation_size(rules)} values"
    )
    rng = random.Random(7)
    state = tailor.deal(rules, seed=7)
    while not state.is_over:
        view = state.view(state.to_move)
        mask = env.legal_mask(view)  # one bool per id
        legal = [i for i, ok in enumerate(mask) if ok]
        action = rng.choice(legal)
        observation = env.observe(view)  # what a policy would be fed
        move = env.move_of(action, view)
        print(
            f"  seat {view.seat}: {len(legal):3d} legal ids, "
            f"{sum(observation[:55]):2.0f} cards in hand, plays id {action:4d} = {move}"
        )
        state = state.play(move)
    print("payoffs:", state.payoffs())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
