"""``python -m orbitals.bench``: steps per second of :class:`orbitals.envs.VectorEnv` with a
random legal-action policy chosen in numpy, for 1 and 64 games (the card game by default).

    python -m orbitals.bench [--game orbitals] [--seconds 5] [--opponent random]
                             [--mask bits|bytes] [--peer]

``--peer`` also measures Essence Wars' ``VectorizedEssenceWars`` (``pip install
essence-wars``) with the same policy in the same run, for comparison.
"""
from __future__ import annotations

import argparse
import time

import numpy as np

from .envs import VectorEnv


def random_legal(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One uniformly random legal action per row of ``mask`` (n, actions). Masks are sparse,
    so the set bytes are found eight at a time: zero 64-bit words are skipped whole."""
    n, a = mask.shape
    flat = mask.reshape(-1)
    pad = (-flat.size) % 8
    if pad:
        flat = np.concatenate((flat, np.zeros(pad, flat.dtype)))
    words = np.flatnonzero(flat.view(np.uint64))
    sub = np.flatnonzero(flat.reshape(-1, 8)[words])
    legal = words[sub >> 3] * 8 + (sub & 7)
    counts = np.bincount(legal // a, minlength=n)
    offsets = np.cumsum(counts) - counts
    return legal[offsets + (rng.random(n) * counts).astype(np.int64)] - np.arange(n) * a


def random_legal_bits(bits: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """:func:`random_legal` for packed masks (``VectorEnv(mask="bits")``): the set bytes are
    found, then only they are unpacked."""
    n, b = bits.shape
    flat = bits.reshape(-1)
    nz = np.flatnonzero(flat)
    r, c = np.nonzero(np.unpackbits(flat[nz][:, None], axis=1, bitorder="little"))
    legal = nz[r] * 8 + c
    row = legal // (b * 8)
    counts = np.bincount(row, minlength=n)
    offsets = np.cumsum(counts) - counts
    return legal[offsets + (rng.random(n) * counts).astype(np.int64)] - np.arange(n) * (b * 8)


def measure(game: str, num_envs: int, seconds: float, opponent: str, seed: int = 1,
            mask_kind: str = "bits") -> float:
    env = VectorEnv(game, num_envs, opponent=opponent, seed=seed, mask=mask_kind)
    policy = random_legal_bits if mask_kind == "bits" else random_legal
    _, mask = env.reset(seed)
    rng = np.random.default_rng(seed)
    steps = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        for _ in range(16):
            _, _, _, mask = env.step(policy(mask, rng))
        steps += 16 * num_envs
    return steps / elapsed


def measure_peer(num_envs: int, seconds: float, opponent: str, seed: int = 1) -> float:
    """The same loop on Essence Wars' vectorized environment."""
    from essence_wars.env import VectorizedEssenceWars

    env = VectorizedEssenceWars(num_envs=num_envs, opponent=opponent)
    _, mask = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    steps = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        for _ in range(16):
            _, _, _, mask = env.step(random_legal(np.asarray(mask).astype(np.int8), rng))
        steps += 16 * num_envs
    return steps / elapsed


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
        rate = measure(a.game, n, a.seconds, a.opponent, mask_kind=a.mask)
        print(f"{a.game}: {n:>3} envs  {rate:>10,.0f} steps/s  (opponent {a.opponent}, "
              f"mask {a.mask})")
        if a.peer:
            rate = measure_peer(n, a.seconds, a.opponent)
            print(f"essence-wars: {n:>3} envs  {rate:>10,.0f} steps/s  (opponent {a.opponent})")


if __name__ == "__main__":
    main()
