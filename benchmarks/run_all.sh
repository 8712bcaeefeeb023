#!/usr/bin/env bash
# Every benchmark in docs/benchmarks.md, in one run: bash benchmarks/run_all.sh
set -euo pipefail
cd "$(dirname "$0")/.."
BANSHA_PURE=1 ./scripts/bansha compile  # the figures are for the compiled engine
./scripts/bansha bench m103 -n 10000
for rs in bs46 m186 xxxii werewolf9 avalon10; do
  ./scripts/bansha bench "$rs" -n 3000 --no-memory
done
bash benchmarks/run_peer.sh --games 4000
.venv/bin/python benchmarks/simulate_scaling.py --games 4000
PYTHONPATH=. .venv/bin/python benchmarks/forum_import.py
PYTHONPATH=. .venv/bin/python benchmarks/hostile.py
.venv/bin/python benchmarks/load_web.py --games 200 --rate 300 --seconds 60
scripts/with-postgres .venv/bin/python benchmarks/load_web.py --games 200 --rate 300 --seconds 60
