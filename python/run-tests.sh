#!/usr/bin/env bash
# Builds the Python package from source in a fresh virtual environment and runs its tests:
#   python/run-tests.sh
# Needs python3 (3.10 or later, with venv) and a Rust toolchain. Ray is installed too when
# pip finds it for this Python (its test is skipped otherwise). The series tests compare with
# the `orbitals` command, built here without the client.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
venv="${ORBITALS_VENV:-$root/target/python-venv}"
python3 -m venv "$venv"
"$venv/bin/pip" install -q --upgrade pip
"$venv/bin/pip" install -q "$here[test]"
"$venv/bin/pip" install -q "ray>=2.9" || echo "ray is not installable here: the Ray test is skipped"
(cd "$root" && cargo build -q --release --no-default-features --bin orbitals)
bin_dir="${CARGO_TARGET_DIR:-$root/target}/release"
# From the tests folder, so that the installed package is tested, not the source folder.
cd "$here/tests"
ORBITALS_BIN="$bin_dir/orbitals" "$venv/bin/python" -m pytest -q . "$@"
