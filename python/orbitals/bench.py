"""``python -m orbitals.bench``: steps per second of :class:`orbitals.envs.VectorEnv` with a
random legal-action policy chosen in numpy, for 1 and 64 games (the card game by default).

    python -m orbitals.bench [--game orbitals] [--seconds 5] [--opponent random]
                             [--mask bits|bytes] [--peer]

``--peer`` also measures Essence Wars' ``VectorizedEssenceWars`` (``pip install
essence-wars``) with the same policy in the same run, for comparison. Each line gives steps
per second and steps per CPU second of the process (all threads): the second changes little
when other programs load the machine.
"""
from __future__ import annotations

import argparse
import time

import numpy as np

from .envs import VectorEnv


def random_legal(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One uniformly random legal action per row of ``mask`` (n, actions), of a byte per
    action (int8, uint8 or bool). Masks are sparse, so the set bytes are found eight at a
    time: zero 64-bit words are skipped whole."""
    n, a = mask.shape
    flat = np.ascontiguousarray(mask).reshape(-1).view(np.uint8)
    if flat.size % 8:
        return _pick((flat != 0).nonzero()[0], n, a, rng)
    w = flat.view(np.uint64)
    words = (w != 0).nonzero()[0]
    sub = (w[words].view(np.uint8) != 0).nonzero()[0]
    return _pick((words << 3)[sub >> 3] | (sub & 7), n, a, rng)


def random_legal_bits(bits: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """:func:`random_legal` for packed masks (``VectorEnv(mask="bits")``): the set bytes are
    found (eight at a time where the mask allows: zero 64-bit words are skipped whole), then
    only they are unpacked."""
    n, b = bits.shape
    flat = np.ascontiguousarray(bits).reshape(-1)
    if flat.size % 8:
        nz = (flat != 0).nonzero()[0]
        sub = np.unpackbits(flat[nz], bitorder="little").view(bool).nonzero()[0]
        if n == 1:
            i = sub[int(rng.random() * sub.size)]
            return (nz[i >> 3] * 8 + (i & 7))[None]
        return _pick((nz << 3)[sub >> 3] | (sub & 7), n, b * 8, rng)
    w = flat.view(np.uint64)
    words = (w != 0).nonzero()[0]
    sub = np.unpackbits(w[words].view(np.uint8), bitorder="little").view(bool).nonzero()[0]
    return _pick((words << 6)[sub >> 6] | (sub & 63), n, b * 8, rng)


_BOUNDS: dict[tuple[int, int], np.ndarray] = {}


def _pick(legal: np.ndarray, n: int, row: int, rng: np.random.Generator) -> np.ndarray:
    """One uniformly random entry per row among ``legal``, the sorted flat indices of the set
    entries of ``n`` rows of ``row`` (each row has one at least), as indices in its row."""
    bounds = _BOUNDS.get((n, row))
    if bounds is None:
        bounds = _BOUNDS[(n, row)] = np.arange(n + 1, dtype=np.int64) * row
    ends = np.searchsorted(legal, bounds)
    first = ends[:-1]
    chosen = first + (rng.random(n) * (ends[1:] - first)).astype(np.int64)
    return legal[chosen] - bounds[:-1]


def _loop(step, mask, num_envs: int, seconds: float) -> tuple[float, float]:
    """Runs ``mask = step(mask)`` for ``seconds``: (steps per second, steps per CPU second
    of this process, every thread counted). The second figure hardly moves when other
    programs share the machine."""
    steps = 0
    start, cpu = time.perf_counter(), time.process_time()
    while (elapsed := time.perf_counter() - start) < seconds:
        for _ in range(16):
            mask = step(mask)
        steps += 16 * num_envs
    return steps / elapsed, steps / max(time.process_time() - cpu, 1e-9)


def measure(game: str, num_envs: int, seconds: float, opponent: str, seed: int = 1,
            mask_kind: str = "bits") -> tuple[float, float]:
    """(steps per second, steps per CPU second) of ``VectorEnv``."""
    env = VectorEnv(game, num_envs, opponent=opponent, seed=seed, mask=mask_kind)
    policy = random_legal_bits if mask_kind == "bits" else random_legal
    _, mask = env.reset(seed)
    rng = np.random.default_rng(seed)
    return _loop(lambda m: env.step(policy(m, rng))[3], mask, num_envs, seconds)


def measure_peer(num_envs: int, seconds: float, opponent: str, seed: int = 1
                 ) -> tuple[float, float]:
    """The same loop on Essence Wars' vectorized environment."""
    from essence_wars.env import VectorizedEssenceWars

    env = VectorizedEssenceWars(num_envs=num_envs, opponent=opponent)
    _, mask = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    return _loop(lambda m: env.step(random_legal(m, rng))[3], mask, num_envs, seconds)


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m orbitals.bench", description=__doc__.split("\n\n")[0])
    p.add_argument("--game", default="orbitals")
    p.add_argument("--seconds", type=float, default=5.0)
    p.add_argument("--opponent", default="random")
    p.add_argument("--envs", type=int, nargs="+", default=[1, 64])
    p.add_argument("--mask", choices=["bits", "bytes"], default="bits",
                   help="the VectorEnv mask: packed bits (default) or a byte per action")
    p.add_argument("--peer", action="store_true", help="also measure Essence Wars")
    a = p.parse_args(argv)
    for n in a.envs:
        rate, cpu = measure(a.game, n, a.seconds, a.opponent, mask_kind=a.mask)
        print(f"{a.game}: {n:>3} envs  {rate:>10,.0f} steps/s  {cpu:>10,.0f} per CPU second  "
              f"(opponent {a.opponent}, mask {a.mask})")
        if a.peer:
            rate, cpu = measure_peer(n, a.seconds, a.opponent)
            print(f"essence-wars: {n:>3} envs  {rate:>10,.0f} steps/s  {cpu:>10,.0f} per CPU "
                  f"second  (opponent {a.opponent})")


if __name__ == "__main__":
    main()
