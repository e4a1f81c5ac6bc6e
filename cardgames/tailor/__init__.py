"""Chase the Tailor: a shedding game for 2-6 players on the 55-card pack."""

from __future__ import annotations

__all__: list[str] = []
