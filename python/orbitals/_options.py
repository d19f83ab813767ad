"""Checking what Python passes in: game names, options and agent specs."""
from __future__ import annotations

from . import _core


def game_names() -> list[str]:
    return [n for n, _, _ in _core.games()]


def check_game(game: str) -> str:
    if not isinstance(game, str) or game not in game_names():
        raise ValueError(f"unknown game {game!r}: expected one of {', '.join(game_names())}")
    return game


def options(game: str, given: dict) -> dict[str, str]:
    """The options as the core takes them (text values); unknown ones raise ValueError."""
    check_game(game)
    known = next(o for n, _, o in _core.games() if n == game)
    out = {}
    for key, value in given.items():
        if key not in known:
            raise ValueError(
                f"unknown option {key!r} for {game}: expected one of {', '.join(known)}"
            )
        if value is None:
            continue
        out[key] = ("true" if value else "false") if isinstance(value, bool) else str(value)
    return out
