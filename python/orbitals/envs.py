"""Environments for learning agents, one per kind of loop:

* :func:`aec_env` -- a PettingZoo AEC environment (turn-based, every seat a learner);
* :func:`gym_env` -- a Gymnasium environment, the learner in seat 0 against built-in agents;
* :class:`VectorEnv` -- many games stepped together in Rust, with auto-reset.

Observations and action masks come from the game's encoding (``docs/python.md``): an
observation holds only what its seat can see, and a mask has a 1 for every legal action.
"""
from __future__ import annotations

import numpy as np

from . import _core
from ._options import check_game, options as _options

__all__ = ["aec_env", "gym_env", "VectorEnv"]


def _new_game(game: str, options: dict, seed: int) -> "_core.Game":
    return _core.Game(check_game(game), _options(game, options), int(seed))


def _seed_from(rng: np.random.Generator) -> int:
    return int(rng.integers(0, 2**63 - 1))


def _spaces(obs_len: int, actions: int):
    from gymnasium import spaces

    return (
        spaces.Dict(
            {
                "observation": spaces.Box(-np.inf, np.inf, (obs_len,), np.float32),
                "action_mask": spaces.Box(0, 1, (actions,), np.int8),
            }
        ),
        spaces.Discrete(actions),
    )


def _observation(g: "_core.Game", seat: int, to_move: bool) -> dict:
    obs = np.frombuffer(g.observe(seat), dtype=np.float32).copy()
    if to_move and g.outcome()[0] == "ongoing":
        mask = np.frombuffer(g.mask(), dtype=np.int8).copy()
    else:
        mask = np.zeros(g.shape[1], dtype=np.int8)
    return {"observation": obs, "action_mask": mask}


def _action(action, actions: int) -> int:
    if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
        if isinstance(action, np.ndarray) and action.shape == () and action.dtype.kind in "iu":
            action = action.item()
        else:
            raise ValueError(
                f"action {action!r}: expected an integer from 0 to {actions - 1}"
            )
    action = int(action)
    if not 0 <= action < actions:
        raise ValueError(f"action {action}: expected an integer from 0 to {actions - 1}")
    return action


def aec_env(game: str = "orbitals", render_mode: str | None = None, **options):
    """A PettingZoo AEC environment of ``game`` (every seat played by the caller).

    Agents are ``player_0``, ``player_1``...; an observation is a dict of ``observation``
    (float32) and ``action_mask`` (int8, all zero for a seat not to move). An illegal action
    raises ``ValueError``. Rewards: 1 to the winner, -1 to the others, 0 for a draw.
    """
    from pettingzoo import AECEnv

    class OrbitalsAEC(AECEnv):
        metadata = {"render_modes": ["ansi"], "name": f"orbitals_{game}_v0", "is_parallelizable": False}

        def __init__(self):
            super().__init__()
            self.render_mode = render_mode
            self._name = game
            self._options = options
            self._game = _new_game(game, options, 0)
            n = self._game.num_players
            if n < 2:
                raise ValueError(f"{game} has one seat: expected a game of two or more (use gym_env)")
            self.possible_agents = [f"player_{i}" for i in range(n)]
            obs_space, act_space = _spaces(*self._game.shape)
            self.observation_spaces = {a: obs_space for a in self.possible_agents}
            self.action_spaces = {a: act_space for a in self.possible_agents}
            self._rng = np.random.default_rng()

        def observation_space(self, agent):
            return self.observation_spaces[agent]

        def action_space(self, agent):
            return self.action_spaces[agent]

        def reset(self, seed=None, options=None):
            if seed is not None:
                self._rng = np.random.default_rng(seed)
            self._game.reset(_seed_from(self._rng))
            self.agents = self.possible_agents[:]
            self.rewards = {a: 0.0 for a in self.agents}
            self._cumulative_rewards = {a: 0.0 for a in self.agents}
            self.terminations = {a: False for a in self.agents}
            self.truncations = {a: False for a in self.agents}
            self.infos = {a: {} for a in self.agents}
            self.agent_selection = self.agents[self._game.current_player]

        def observe(self, agent):
            seat = self.possible_agents.index(agent)
            return _observation(self._game, seat, seat == self._game.current_player)

        def step(self, action):
            agent = self.agent_selection
            if self.terminations[agent] or self.truncations[agent]:
                self._was_dead_step(action)
                return
            self._game.play(_action(action, self._game.shape[1]))
            self._cumulative_rewards[agent] = 0.0
            kind, _, _ = self._game.outcome()
            if kind != "ongoing":
                for a, r in zip(self.possible_agents, self._game.rewards()):
                    self.rewards[a] = float(r)
                    self.terminations[a] = True
                    self.infos[a] = {"outcome": kind}
            else:
                self.rewards = {a: 0.0 for a in self.agents}
                self.agent_selection = self.possible_agents[self._game.current_player]
            self._accumulate_rewards()

        def render(self):
            if self.render_mode == "ansi":
                return self._game.view()
            return None

        def close(self):
            pass

    return OrbitalsAEC()


def gym_env(game: str = "orbitals", opponent: str = "greedy", illegal: str = "lose", **options):
    """A Gymnasium environment of ``game``: the learner plays seat 0, ``opponent`` (an agent
    spec as ``orbitals match`` takes it: random, greedy, mcts, mcts:easy...) every other seat.

    Observations are dicts of ``observation`` and ``action_mask``. An action outside
    ``0..n`` raises ``ValueError``; an action inside but masked out ends the episode as a
    loss (reward -1, ``info["illegal_action"]``) when ``illegal="lose"`` (the default, so that
    samples of the whole action space are valid steps) or raises ``ValueError`` when
    ``illegal="raise"``. Reward at the end: 1 win, -1 loss, 0 draw.
    """
    import gymnasium as gym

    if illegal not in ("lose", "raise"):
        raise ValueError(f"illegal={illegal!r}: expected 'lose' or 'raise'")

    class OrbitalsGym(gym.Env):
        metadata = {"render_modes": ["ansi"]}

        def __init__(self):
            self._game = _new_game(game, options, 0)
            self._agents = [None] + [opponent] * (self._game.num_players - 1)
            self._game.set_agents(self._agents, 0)
            self.observation_space, self.action_space = _spaces(*self._game.shape)
            self.render_mode = None
            self._rng = np.random.default_rng()

        def _advance(self):
            while self._game.outcome()[0] == "ongoing" and self._game.current_player != 0:
                self._game.play_agent()

        def _obs(self):
            return _observation(self._game, 0, self._game.current_player == 0)

        def reset(self, *, seed=None, options=None):
            super().reset(seed=seed)
            if seed is not None:
                self._rng = np.random.default_rng(seed)
            game_seed = _seed_from(self._rng)
            self._game.reset(game_seed)
            self._game.set_agents(self._agents, game_seed)
            self._advance()
            return self._obs(), {}

        def step(self, action):
            a = _action(action, self._game.shape[1])
            mask = np.frombuffer(self._game.mask(), dtype=np.int8)
            if mask[a] == 0:
                if illegal == "raise":
                    self._game.play(a)  # raises ValueError naming the action and the rule
                obs = self._obs()
                obs["action_mask"][:] = 0
                return obs, -1.0, True, False, {"illegal_action": True}
            self._game.play(a)
            self._advance()
            kind, _, score = self._game.outcome()
            done = kind != "ongoing"
            reward = float(self._game.rewards()[0]) if done else 0.0
            info = {"outcome": kind, "score": score} if done else {}
            return self._obs(), reward, done, False, info

        def render(self):
            return self._game.view()

    return OrbitalsGym()


class VectorEnv:
    """``num_envs`` games of ``game`` stepped together in Rust (threads, interpreter lock
    released). The learner plays seat 0 of each, ``opponent`` the other seats; a finished
    game gives its reward (1 win, -1 loss, 0 draw) with ``done`` and is replaced at once.

    ``reset(seed) -> (obs, mask)`` and ``step(actions) -> (obs, rewards, dones, mask)``
    return numpy arrays of shapes ``(n, obs_len)`` float32, ``(n,)`` float32, ``(n,)``
    bool and ``(n, actions)`` int8. The arrays are read-only and reused by the next call:
    copy what you keep.
    With ``mask="bits"`` the mask is packed, uint8 of shape ``(n, ceil(actions / 8))``, bit
    ``k % 8`` of byte ``k // 8`` for action ``k`` (``np.unpackbits(mask, axis=1,
    bitorder="little")`` gives the bytes back): eight times less to copy and scan.
    """

    def __init__(self, game: str = "orbitals", num_envs: int = 1, opponent: str = "random",
                 seed: int = 0, threads: int | None = None, mask: str = "bytes", **options):
        import os

        if mask not in ("bytes", "bits"):
            raise ValueError(f"mask={mask!r}: expected \"bytes\" or \"bits\"")

        if not isinstance(num_envs, (int, np.integer)) or num_envs < 1:
            raise ValueError(f"num_envs={num_envs!r}: expected a positive integer")
        threads = threads or os.cpu_count() or 1
        self._core = _core.VecEnv(check_game(game), _options(game, options), int(num_envs),
                                  opponent, int(seed), int(threads))
        self.num_envs = int(num_envs)
        self.obs_len = self._core.obs_len
        self.num_actions = self._core.actions
        n, o, a = self.num_envs, self.obs_len, self.num_actions
        self._buf = {
            "obs": bytearray(n * o * 4), "actions": bytearray(n * 8),
            "mask": bytearray(n * a) if mask == "bytes" else bytearray(n * ((a + 7) // 8)),
            "rewards": bytearray(n * 4), "dones": bytearray(n),
        }
        self._obs = np.frombuffer(self._buf["obs"], dtype=np.float32).reshape(n, o)
        if mask == "bytes":
            self._mask = np.frombuffer(self._buf["mask"], dtype=np.int8).reshape(n, a)
        else:
            self._mask = np.frombuffer(self._buf["mask"], dtype=np.uint8).reshape(n, (a + 7) // 8)
        self.packed_mask = mask == "bits"
        self._actions = np.frombuffer(self._buf["actions"], dtype=np.int64)
        self._rewards = np.frombuffer(self._buf["rewards"], dtype=np.float32)
        self._dones = np.frombuffer(self._buf["dones"], dtype=np.bool_)
        # The returned arrays are read-only: the next step rewrites only the parts of an
        # observation that changed, so the rows must still hold what it wrote last.
        for a in (self._obs, self._mask, self._rewards, self._dones):
            a.flags.writeable = False
        # The buffers are pinned once: a step passes only through the actions array.
        self._core.bind(self._buf["actions"], self._buf["obs"], self._buf["rewards"],
                        self._buf["dones"], self._buf["mask"], self.packed_mask)
        self._step = self._core.step
        self._seed = int(seed)

    def reset(self, seed: int | None = None):
        if seed is not None:
            self._seed = int(seed)
        self._core.reset(self._seed, self._buf["obs"], self._buf["mask"], self.packed_mask)
        return self._obs, self._mask

    def step(self, actions):
        actions = np.asarray(actions)
        if actions.shape != (self.num_envs,):
            raise ValueError(
                f"actions of shape {actions.shape}: expected ({self.num_envs},)"
            )
        if actions.dtype.kind not in "iu":
            raise ValueError(f"actions of dtype {actions.dtype}: expected an integer dtype")
        self._actions[:] = actions
        self._step()
        return self._obs, self._rewards, self._dones, self._mask
