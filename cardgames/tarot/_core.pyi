# The C extension of cardgames/tarot/_core.c (built by setup.py where a C compiler is present):
# the inner loop of cardgames.tarot.search.TarotSearch.
from typing import final

@final
class Core:
    nodes: int
    def __init__(
        self,
        n: int,
        next: list[int],
        maximiser: list[int],
        teams: list[int],
        restricted: bool,
        overtrump: bool,
        exchange: bool,
        excuse_slam: bool,
        bonus: int,
        excuse_weight: int,
        world_weight: int,
        cheapest: int,
        shortcuts: bool,
        capacity: int,
        limit_error: type[Exception],
        /,
    ) -> None: ...
    def set_numbering(
        self,
        bits: int,
        weight: list[int],
        suit_of: list[int],
        to_internal: list[int],
        to_compact: list[int],
        suit_masks: list[int],
        blank: int,
        trump_base: int,
        excuse_bit: int,
        magician_bit: int,
        world_bit: int,
        class_weights: list[int],
        class_masks: list[int],
        block_starts: list[int],
        block_masks: list[int],
        own_side_bit: int,
        /,
    ) -> None: ...
    def boundary(
        self,
        hands: list[int],
        leader: int,
        left: int,
        flags: int,
        target: int,
        holder: int,
        holder_team: int,
        slam_watch: int,
        nodes: int,
        limit: int,
        deadline: float,
        /,
    ) -> int: ...
    def inside(
        self,
        hands: list[int],
        played: int,
        player: int,
        index: int,
        led: int,
        win: int,
        win_player: int,
        points: int,
        exc: int,
        least: int,
        flags: int,
        left: int,
        target: int,
        holder: int,
        holder_team: int,
        slam_watch: int,
        nodes: int,
        limit: int,
        deadline: float,
        /,
    ) -> int: ...
    def get(self, hands: list[int], last: int, /) -> tuple[int, int, int] | None: ...
    def export(self, canonical: bool, /) -> list[tuple[tuple[int, ...], int]]: ...
    def replace(
        self,
        exact: list[tuple[tuple[int, ...], int]],
        canonical: list[tuple[tuple[int, ...], int]],
        /,
    ) -> None: ...
    def sizes(self) -> tuple[int, int, int]: ...
