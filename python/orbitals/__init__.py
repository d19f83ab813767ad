"""Orbitals games for Python: environments for learning agents and AI-vs-AI series.

``orbitals.games()`` lists the games, ``orbitals.envs`` holds the environments, and
``orbitals.series`` / ``orbitals.ray_series`` play series as ``orbitals match`` does.
"""
from __future__ import annotations

from . import _core
from .series import ray_series, series

__all__ = ["games", "decks", "series", "ray_series"]
__version__ = _core.__version__


def games() -> list[dict]:
    """Every game: its name, title, options and whether it has environments."""
    env_games = _env_games()
    return [
        {"name": n, "title": t, "options": list(o), "envs": n in env_games}
        for n, t, o in _core.games()
    ]


def decks() -> list[str]:
    """The card game's built-in decks (options ``deck1``/``deck2`` also take deck files)."""
    return list(_core.decks())


def _env_games() -> set[str]:
    found = set()
    for name, _, _ in _core.games():
        try:
            _core.Game(name, {}, 0)
            found.add(name)
        except ValueError:
            pass
    return found
