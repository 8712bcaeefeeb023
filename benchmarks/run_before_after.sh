#!/usr/bin/env bash
# µs per action of m103, this checkout against an earlier one, and of werewolf9 against the PyPI
# werewolf-engine, all in one run; the peer is installed only here, in a throwaway venv.
#   git worktree add /tmp/before <commit> && bash benchmarks/run_before_after.sh /tmp/before
set -euo pipefail
cd "$(dirname "$0")/.."
BEFORE=$1
shift
VENV=$(mktemp -d)/venv
python3 -m venv "$VENV"
"$VENV/bin/pip" install --quiet -e . werewolf-engine==0.1.0
"$VENV/bin/python" benchmarks/before_after.py --before "$BEFORE" --peer "$@"
rm -rf "$(dirname "$VENV")"
