"""AI-vs-AI series from Python, with the results of ``orbitals match`` (same seeds, same
agents, same winners), on one machine (:func:`series`) or split over a Ray cluster
(:func:`ray_series`)."""
from __future__ import annotations

import json
import time

from . import _core
from ._options import check_game, options as _options

__all__ = ["series", "ray_series"]

_FIELDS = ("index", "sides", "outcome", "winner_seat", "score", "first_seat", "turns", "label")


def _agents(game: str, agents) -> list[str]:
    if isinstance(agents, str) or not all(isinstance(a, str) for a in agents):
        raise ValueError(f"agents {agents!r}: expected a list of agent specs, one per side")
    return list(agents)


def _result(game, opts, agents, seed, rows, seconds):
    games = [dict(zip(_FIELDS, r)) for r in rows]
    for g in games:
        seat = g["winner_seat"]
        g["winner_side"] = g["sides"][seat] if seat is not None else (
            g["sides"][0] if g["outcome"] == "won" else None)
    summary = json.loads(_core.summarize(game, opts, agents, seed, [tuple(r) for r in rows], seconds))
    return {"games": games, "summary": summary}


def _check(games: int, jobs: int):
    if not isinstance(games, int) or games < 1:
        raise ValueError(f"games={games!r}: expected a positive integer")
    if not isinstance(jobs, int) or jobs < 1:
        raise ValueError(f"jobs={jobs!r}: expected a positive integer")


def series(game: str = "orbitals", agents=("random", "random"), games: int = 1, seed: int = 1,
           jobs: int = 1, **options) -> dict:
    """Plays ``games`` games as ``orbitals match --game GAME --p1 A --p2 B --games N --seed S``
    does: seats rotate every game, one seed per group of seats. Returns ``{"games": [...],
    "summary": {...}}``: one dict per game (index, sides, outcome, winner_seat, winner_side,
    score, first_seat, turns, label) in game order, and the summary ``--json`` prints."""
    check_game(game)
    opts = _options(game, options)
    agents = _agents(game, agents)
    _check(games, jobs)
    started = time.perf_counter()
    rows = _core.series(game, opts, agents, int(seed), 0, games, jobs)
    return _result(game, opts, agents, int(seed), rows, time.perf_counter() - started)


def _shard(game, opts, agents, seed, start, end, jobs):
    return _core.series(game, opts, agents, seed, start, end, jobs)


def ray_series(game: str = "orbitals", agents=("random", "random"), games: int = 1, seed: int = 1,
               address: str | None = None, shards: int = 4, jobs: int = 1, progress=None,
               **options) -> dict:
    """:func:`series` split by game index into ``shards`` ranges, each a Ray task
    (``jobs`` threads each), merged in game order: exactly what :func:`series` gives for the
    same arguments. ``address``: a Ray cluster (``None``: the running Ray, or a local one).
    ``progress(done_games, games)`` is called as shards finish."""
    import ray

    check_game(game)
    opts = _options(game, options)
    agents = _agents(game, agents)
    _check(games, jobs)
    if not isinstance(shards, int) or shards < 1:
        raise ValueError(f"shards={shards!r}: expected a positive integer")
    if not ray.is_initialized():
        ray.init(address=address)
    started = time.perf_counter()
    task = ray.remote(_shard)
    bounds = [games * k // shards for k in range(shards + 1)]
    pending = {
        task.remote(game, opts, agents, int(seed), lo, hi, jobs): lo
        for lo, hi in zip(bounds, bounds[1:]) if hi > lo
    }
    parts = {}
    done = 0
    while pending:
        ready, _ = ray.wait(list(pending), num_returns=1)
        lo = pending.pop(ready[0])
        parts[lo] = ray.get(ready[0])
        done += len(parts[lo])
        if progress is not None:
            progress(done, games)
    rows = [r for lo in sorted(parts) for r in parts[lo]]
    return _result(game, opts, agents, int(seed), rows, time.perf_counter() - started)
