"""The embedded sample position that ``cardgames analyse`` (and ``make demo``) analyses.

A three-player traditional deal with nine tricks left:
``random_position(Rules.traditional(players=3), seed=1, tricks_left=9)``
(see :func:`cardgames.tarot.positions.random_position`), written in the Tarot position notation.
"""

from __future__ import annotations

__all__ = ["SAMPLE_POSITION"]

SAMPLE_POSITION = (
    "traditional-3 0:KT851.KJ82.9521.6531.20,8,5,4,3,2,1,EX/QN764.Q71.QNT8643.NJT97.21,18,16,10,7"
    "/J32.NT9653.KJ7.KQ842.19,15,14,13,12,11,9,6/9.4...17 X:T8.4... "
    "P:3H,7H,KH/1T,15T,10T/5H,QH,2H/QD,9D,KD/2S,NS,9S/6D,1D,JD/3S,4S,1S/21T,2T,12T/8D,5D,7D"
    "/5C,QC,JC/KC,9C,6C/10H,1H,JH/1C,2C,10C/NC,3C,4C/18T,20T,11T/KS,JS,QS"
)
"""Traditional three-player Tarot, seat 0 to lead with nine tricks left."""
