"""Series from Python give what `orbitals match` gives; Ray shards merge into the same."""
import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

import orbitals

ROOT = Path(__file__).resolve().parents[2]


def _cli():
    exe = os.environ.get("ORBITALS_BIN") or shutil.which("orbitals")
    if not exe or not Path(exe).exists():
        pytest.skip("the orbitals command is not built (set ORBITALS_BIN)")
    return exe


def _match(*args):
    out = subprocess.run([_cli(), "match", "--json", *args], cwd=ROOT, check=True,
                         capture_output=True, text=True).stdout
    return json.loads(out)


KEYS = ("games", "draws", "first_mover_win_rate", "mean_turns", "max_turns")


@pytest.mark.parametrize("game,agents,extra,options", [
    ("orbitals", ["random", "greedy"], [], {}),
    ("orbitals", ["greedy", "random"], ["--deck1", "decks/swarm.yaml"], {"deck1": "swarm"}),
    ("globetrotter", ["random", "random", "greedy"], ["--players", "3"], {"players": 3}),
    ("mothership", ["random", "random"], [], {}),
    ("rover", ["greedy"], [], {}),
])
def test_series_matches_the_command_line(game, agents, extra, options):
    flags = [x for i, a in enumerate(agents) for x in (f"--p{i + 1}", a)]
    cli = _match("--game", game, "--games", "6", "--seed", "9", *flags, *extra)
    py = orbitals.series(game, agents=agents, games=6, seed=9, jobs=2, **options)
    for k in KEYS:
        assert py["summary"][k] == cli[k], k
    for a, b in zip(py["summary"]["sides"], cli["sides"]):
        assert (a["agent"], a["deck"], a["wins"], a["losses"], a["draws"]) == \
            (b["agent"], b["deck"], b["wins"], b["losses"], b["draws"])
    assert [g["index"] for g in py["games"]] == list(range(6))


def test_jobs_do_not_change_results():
    a = orbitals.series("orbitals", agents=["random", "random"], games=8, seed=3, jobs=1)
    b = orbitals.series("orbitals", agents=["random", "random"], games=8, seed=3, jobs=2)
    assert a["games"] == b["games"]


def test_ray_series_merges_into_the_local_series_game_by_game():
    ray = pytest.importorskip("ray")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        seen = []
        remote = orbitals.ray_series("orbitals", agents=["random", "greedy"], games=10, seed=4,
                                     shards=3, progress=lambda done, total: seen.append(done))
        local = orbitals.series("orbitals", agents=["random", "greedy"], games=10, seed=4)
        assert remote["games"] == local["games"]
        for k in KEYS:
            assert remote["summary"][k] == local["summary"][k]
        assert seen[-1] == 10 and len(seen) == 3
    finally:
        ray.shutdown()
