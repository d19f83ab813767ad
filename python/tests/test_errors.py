"""Bad input raises ValueError naming the value and what was expected."""
import numpy as np
import pytest

import orbitals
from orbitals.envs import VectorEnv, aec_env, gym_env


def test_unknown_game():
    with pytest.raises(ValueError, match="unknown game 'chess': expected one of orbitals"):
        VectorEnv("chess", 1)
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        orbitals.series("chess")


def test_unknown_option_and_bad_values():
    with pytest.raises(ValueError, match="unknown option 'planets' for orbitals: expected one of deck1"):
        aec_env("orbitals", planets=2)
    with pytest.raises(ValueError, match="deck1=.nowhere.: expected a deck \\(vanguard, bastion, swarm\\)"):
        gym_env("orbitals", deck1="nowhere")
    with pytest.raises(ValueError, match="players=7: expected 2 to 4"):
        orbitals.series("mothership", agents=["random"] * 2, players=7)
    with pytest.raises(ValueError, match="turn_limit=.x.: expected a number of turns"):
        VectorEnv("orbitals", 1, turn_limit="x")
    with pytest.raises(ValueError, match="level=.hard.: expected"):
        orbitals.series("rover", agents=["random"], level="hard")


def test_unknown_agent_spec():
    with pytest.raises(ValueError, match="agent .wizard.: .*expected random, greedy"):
        VectorEnv("orbitals", 1, opponent="wizard")
    with pytest.raises(ValueError, match="2 seats need 2 agents, got 1"):
        orbitals.series("orbitals", agents=["random"])


def test_aec_actions_out_of_range_or_illegal():
    env = aec_env("orbitals")
    env.reset(seed=1)
    n = env.action_space(env.agent_selection).n
    with pytest.raises(ValueError, match=f"action {n}: expected an integer from 0 to {n - 1}"):
        env.step(n)
    with pytest.raises(ValueError, match="action 'x': expected an integer"):
        env.step("x")
    mask = env.observe(env.agent_selection)["action_mask"]
    bad = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(ValueError, match=f"action {bad}"):
        env.step(bad)
    assert np.array_equal(env.observe(env.agent_selection)["action_mask"], mask), "state unchanged"


def test_vector_actions_of_wrong_shape_dtype_or_illegal():
    v = VectorEnv("orbitals", 3, seed=1)
    obs, mask = v.reset()
    with pytest.raises(ValueError, match=r"actions of shape \(2,\): expected \(3,\)"):
        v.step(np.zeros(2, dtype=np.int64))
    with pytest.raises(ValueError, match="actions of dtype float64: expected an integer dtype"):
        v.step(np.zeros(3))
    before = obs.copy()
    legal = np.argmax(mask, axis=1)
    bad = legal.copy()
    bad[1] = int(np.flatnonzero(mask[1] == 0)[0])
    with pytest.raises(ValueError, match=f"env 1: action {bad[1]} is not legal: expected one of"):
        v.step(bad)
    with pytest.raises(ValueError, match="env 0: action -1 is not legal"):
        v.step(np.array([-1, 0, 0]))
    assert np.array_equal(v._obs, before), "a refused step changes no game"
    v.step(legal)

