#!/usr/bin/env bash
# One benchmark script run alternately in another checkout (before) and in this one (now), in one
# run, so that the machine's noise falls on both sides alike; compare the ratios, not the figures
# of different runs. The other checkout uses this checkout's environment (and its compiled engine
# if it has one; PYTHON names another interpreter):
#   git worktree add /tmp/before COMMIT && cp benchmarks/SCRIPT.py /tmp/before/benchmarks/
#   bash benchmarks/run_alternated.sh /tmp/before 2 benchmarks/request_pieces.py --rounds 200
set -euo pipefail
cd "$(dirname "$0")/.."
here=$(pwd)
before=$1
times=$2
shift 2
for i in $(seq "$times"); do
  for side in "$before" "$here"; do
    echo "== $([ "$side" = "$here" ] && echo now || echo before) ($side), run $i"
    (cd "$side" && "${PYTHON:-$here/.venv/bin/python}" "$@")
  done
done
