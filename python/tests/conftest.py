import orbitals
import pytest


def env_games(min_players=1):
    """Games with environments (and at least ``min_players`` seats)."""
    out = []
    for g in orbitals.games():
        if g["envs"] and orbitals._core.Game(g["name"], {}, 0).num_players >= min_players:
            out.append(g["name"])
    return out


@pytest.fixture
def rng():
    import numpy as np

    return np.random.default_rng(7)
