"""numpy forms of the masks and observations of :mod:`cardgames.env` (needs numpy, from the
``rl`` extra): an ``int8`` mask (1 for a legal id, the form Gymnasium's
``Discrete.sample(mask=...)`` takes) and a ``float32`` observation.

>>> from cardgames import tailor
>>> state = tailor.deal(tailor.Rules(players=3), seed=13)
>>> mask = mask_array(state.view(0))
>>> mask.dtype, mask.shape, mask.nonzero()[0].tolist()
(dtype('int8'), (994,), [32, 37, 40])
>>> vector = observation_array(state.view(0))
>>> vector.dtype, vector.shape, float(vector[:55].sum())
(dtype('float32'), (286,), 7.0)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np
import numpy.typing as npt

from cardgames.env.core import AnyView, Position, space_of, view_space

__all__ = ["dense_array", "ids_mask", "mask_array", "observation_array"]


def ids_mask(ids: Iterable[int], size: int) -> npt.NDArray[np.int8]:
    """An ``int8`` array of ``size`` zeros with 1 at each of ``ids``."""
    mask = np.zeros(size, dtype=np.int8)
    mask[list(ids)] = 1
    return mask


def dense_array(
    size: int, ones: Sequence[int], values: Sequence[tuple[int, float]]
) -> npt.NDArray[np.float32]:
    """A ``float32`` array of ``size`` zeros with 1.0 at each of ``ones`` and each
    ``(position, value)``."""
    vector = np.zeros(size, dtype=np.float32)
    vector[list(ones)] = 1.0
    for position, value in values:
        vector[position] = value
    return vector


def mask_array(position: Position) -> npt.NDArray[np.int8]:
    """:func:`cardgames.env.legal_mask` as an ``int8`` numpy array.

    :raises RulesError: if ``position`` is not a state or a view of a game.
    """
    space, _ = space_of(position)
    return ids_mask(space.legal_ids(position), space.size)


def observation_array(view: AnyView) -> npt.NDArray[np.float32]:
    """:func:`cardgames.env.observe` as a ``float32`` numpy array.

    :raises RulesError: if ``view`` is not a view of a game.
    """
    space = view_space(view)
    ones, values = space.sparse_view(view)
    return dense_array(space.layout()[-1].stop, ones, values)
