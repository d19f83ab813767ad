"""The environments against PettingZoo's and Gymnasium's own checkers, and the vector env."""
import numpy as np
import pytest
from conftest import env_games

import orbitals
from orbitals.envs import VectorEnv, aec_env, gym_env

SHORT = ("orbitals", "globetrotter")  # games with a turn_limit option, kept short here


def test_games_lists_every_game_with_its_options():
    names = [g["name"] for g in orbitals.games()]
    assert names == ["orbitals", "globetrotter", "mothership", "rover"]
    card = orbitals.games()[0]
    assert card["envs"] and "deck1" in card["options"] and "scenario" in card["options"]
    assert set(orbitals.decks()) == {"vanguard", "bastion", "swarm"}


@pytest.mark.parametrize("game", env_games(min_players=2))
def test_pettingzoo_api_test_passes(game):
    from pettingzoo.test import api_test

    api_test(aec_env(game), num_cycles=300)


@pytest.mark.parametrize("game", env_games())
def test_gymnasium_check_env_passes(game):
    from gymnasium.utils.env_checker import check_env

    check_env(gym_env(game, opponent="random"), skip_render_check=True)


@pytest.mark.parametrize("game", env_games(min_players=2))
def test_random_masked_agents_finish_an_aec_game(game):
    env = aec_env(game, **({"turn_limit": 20} if game in SHORT else {}))
    env.reset(seed=3)
    rng = np.random.default_rng(3)
    steps, final = 0, {}
    for agent in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        if term or trunc:
            final[agent] = reward
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        assert len(legal) > 0
        env.step(int(rng.choice(legal)))
        steps += 1
    assert steps > 0
    assert sorted(final.values()) in ([-1.0, 1.0], [0.0, 0.0])


def test_gym_env_plays_against_a_cli_agent_spec_to_the_end():
    env = gym_env("orbitals", opponent="mcts:iters=20", turn_limit=8)
    obs, _ = env.reset(seed=1)
    rng = np.random.default_rng(1)
    done, reward = False, 0.0
    while not done:
        a = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, reward, done, trunc, info = env.step(a)
    assert reward in (-1.0, 0.0, 1.0) and info["outcome"] in ("winner", "draw")


def test_an_illegal_gym_action_loses_or_raises():
    env = gym_env("orbitals", opponent="random")
    obs, _ = env.reset(seed=2)
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, done, _, info = env.step(bad)
    assert (reward, done, info["illegal_action"]) == (-1.0, True, True)
    strict = gym_env("orbitals", opponent="random", illegal="raise")
    obs, _ = strict.reset(seed=2)
    with pytest.raises(ValueError, match=f"action {bad}"):
        strict.step(bad)


def _random_actions(mask, rng):
    rows, cols = np.nonzero(mask)
    counts = np.bincount(rows, minlength=mask.shape[0])
    offsets = np.cumsum(counts) - counts
    return cols[offsets + (rng.random(mask.shape[0]) * counts).astype(np.int64)]


@pytest.mark.parametrize("game", env_games())
def test_vector_env_steps_auto_resets_and_is_reproducible(game, rng):
    options = {"turn_limit": 6} if game in SHORT else {}
    v = VectorEnv(game, num_envs=4, opponent="random", seed=5, **options)
    obs, mask = v.reset(5)
    assert obs.shape == (4, v.obs_len) and obs.dtype == np.float32
    assert mask.shape == (4, v.num_actions) and mask.dtype == np.int8
    assert (mask.sum(axis=1) > 0).all()
    first = obs.copy()
    dones_seen, total = 0, 0.0
    trace = []
    for _ in range(300):
        a = _random_actions(mask, rng)
        trace.append(a)
        obs, rewards, dones, mask = v.step(a)
        assert rewards.dtype == np.float32 and dones.dtype == np.bool_
        assert (mask.sum(axis=1) > 0).all(), "after auto-reset the learner always has a move"
        dones_seen += int(dones.sum())
        total += float(np.abs(rewards[~dones]).sum())
    assert dones_seen > 0, "games end and restart"
    assert total == 0.0, "rewards come only with done"
    end = obs.copy()
    w = VectorEnv(game, num_envs=4, opponent="random", seed=5, **options)
    obs2, _ = w.reset(5)
    assert np.array_equal(first, obs2)
    for a in trace:
        obs2, _, _, _ = w.step(a)
    assert np.array_equal(end, obs2), "same seed and actions, same games"


@pytest.mark.parametrize("game", env_games())
def test_vector_rows_updated_in_place_equal_rows_written_anew(game, rng):
    """A step rewrites only the parts of a row that changed; stepping a twin vector into a
    new buffer each time (whose rows it then writes whole) gives the same observations, and
    the returned arrays refuse writes, which would break the next update."""
    options = {"turn_limit": 6} if game in SHORT else {}
    v = VectorEnv(game, num_envs=5, opponent="random", seed=7, **options)
    twin = VectorEnv(game, num_envs=5, opponent="random", seed=7, **options)
    obs, mask = v.reset(7)
    twin.reset(7)
    with pytest.raises(ValueError, match="read-only"):
        obs[0, 0] = 1.0
    for _ in range(150):
        a = _random_actions(mask, rng)
        obs, _, _, mask = v.step(a)
        fresh = bytearray(len(twin._buf["obs"]))
        b = twin._buf
        twin._core.bind(b["actions"], fresh, b["rewards"], b["dones"], b["mask"], False)
        twin._actions[:] = a
        twin._core.step()
        assert np.array_equal(obs, np.frombuffer(fresh, dtype=np.float32).reshape(obs.shape))


def test_vector_threads_step_the_same_games():
    """The calling thread and the helpers share a step's games as they come free: whichever
    thread steps a game, the same seed and actions give the same games."""
    from orbitals.bench import random_legal_bits

    kw = dict(num_envs=40, opponent="random", seed=3, mask="bits", turn_limit=4)
    one = VectorEnv("orbitals", threads=1, **kw)
    many = VectorEnv("orbitals", threads=3, **kw)
    (o1, m1), (o2, m2) = one.reset(3), many.reset(3)
    assert np.array_equal(o1, o2) and np.array_equal(m1, m2)
    rng = np.random.default_rng(0)
    dones = 0
    for _ in range(200):
        a = random_legal_bits(m1, rng)
        o1, r1, d1, m1 = one.step(a)
        o2, r2, d2, m2 = many.step(a)
        for x, y in ((o1, o2), (r1, r2), (d1, d2), (m1, m2)):
            assert np.array_equal(x, y)
        dones += int(d1.sum())
    assert dones > 0, "games end and restart on every thread"


def test_mothership_actions_are_the_agents_moves():
    g = orbitals._core.Game("mothership", {}, 4)
    mask = np.frombuffer(g.mask(), dtype=np.int8)
    landings = [g.command_text(int(i)) for i in np.flatnonzero(mask)]
    assert 0 < len(landings) <= 6 and all(t.startswith("land") for t in landings)
    refusals = []
    for i in np.flatnonzero(mask == 0):
        if (g.command_text(int(i)) or "").startswith("land"):
            with pytest.raises(ValueError, match=f"action {i} ") as e:
                g.play(int(i))
            refusals.append(str(e.value))
    assert any("not one of the action space's choices" in r for r in refusals)
    g.play(int(np.flatnonzero(mask)[0]))
    g.play(int(np.flatnonzero(np.frombuffer(g.mask(), dtype=np.int8))[0]))
    assert all(
        g.command_text(int(i)).startswith("plan")
        for i in np.flatnonzero(np.frombuffer(g.mask(), dtype=np.int8))
    ) or g.outcome()[0] != "ongoing"


def test_globetrotter_setup_offers_one_place_per_free_hq():
    g = orbitals._core.Game("globetrotter", {"players": "3"}, 2)
    mask = np.frombuffer(g.mask(), dtype=np.int8)
    texts = [g.command_text(int(i)) for i in np.flatnonzero(mask)]
    assert len(texts) == 11 and all(t.startswith("place") for t in texts)
    assert g.shape == (len(g.observe(0)) // 4, len(mask))


@pytest.mark.parametrize("game", ["orbitals", "globetrotter"])
def test_a_packed_mask_is_the_byte_mask_in_bits(game, rng):
    from orbitals.bench import random_legal, random_legal_bits

    byte_env = VectorEnv(game, num_envs=3, seed=9)
    bit_env = VectorEnv(game, num_envs=3, seed=9, mask="bits")
    _, mask = byte_env.reset(9)
    _, bits = bit_env.reset(9)
    for _ in range(20):
        assert bits.dtype == np.uint8 and bits.shape == (3, (byte_env.num_actions + 7) // 8)
        assert np.array_equal(np.packbits(mask, axis=1, bitorder="little"), bits)
        a = random_legal(mask, rng)
        assert all(mask[i, random_legal_bits(bits, rng)[i]] == 1 for i in range(3))
        _, _, _, mask = byte_env.step(a)
        _, _, _, bits = bit_env.step(a)
    with pytest.raises(ValueError, match="mask='nibbles'"):
        VectorEnv(game, num_envs=1, mask="nibbles")
