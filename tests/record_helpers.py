"""Helpers for the record tests: edit a written record's JSON in place to tamper with it."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any


def edited(text: str, change: Callable[[dict[str, Any]], None]) -> str:
    """The record ``text`` with ``change`` applied to its JSON data."""
    data: dict[str, Any] = json.loads(text)
    change(data)
    return json.dumps(data)


def set_at(path: tuple[str | int, ...], value: object) -> Callable[[dict[str, Any]], None]:
    """A change that sets the entry at ``path`` (keys and list indices) to ``value``."""

    def change(data: dict[str, Any]) -> None:
        target: Any = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return change


def drop(path: tuple[str | int, ...]) -> Callable[[dict[str, Any]], None]:
    """A change that deletes the entry at ``path``."""

    def change(data: dict[str, Any]) -> None:
        target: Any = data
        for key in path[:-1]:
            target = target[key]
        del target[path[-1]]

    return change
