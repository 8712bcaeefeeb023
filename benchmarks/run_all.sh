#!/usr/bin/env bash
# Every benchmark in docs/benchmarks.md, in one run: bash benchmarks/run_all.sh
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/bansha bench m103 -n 10000
./scripts/bansha bench werewolf9 -n 10000 --no-memory
bash benchmarks/run_peer.sh --games 4000
