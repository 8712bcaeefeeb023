#!/usr/bin/env bash
# Side-by-side benchmark against the PyPI werewolf-engine, installed only here, in a throwaway venv.
set -euo pipefail
cd "$(dirname "$0")/.."
VENV=$(mktemp -d)/venv
python3 -m venv "$VENV"
"$VENV/bin/pip" install --quiet -e . werewolf-engine==0.1.0
"$VENV/bin/python" benchmarks/peer_werewolf_engine.py "$@"
rm -rf "$(dirname "$VENV")"
