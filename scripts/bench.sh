#!/usr/bin/env bash
# Runs the benchmarks on ../shared/catalogs and prints every figure with its ratio to a reference
# measured in the same run (libyaml's bare event loop for YAML, a plain nlohmann parse for JSON), so
# runs on different machines compare (tests/bench/README.md says what each figure is).
#   scripts/bench.sh [--runs N] [--base TREE] [--page] [--no-wasm] [--json FILE]
# --base TREE: a worktree of the commit before a change, built there (scripts/build.sh native wasm):
# its figures are measured in the same run and after/before ratios printed. Run it (and put its
# before/after in the change's note) for any change to core/load, core/declcfg, core/model,
# core/validate, wasm/, the worker or the page's load path.
# Builds what it needs here first (native; wasm unless --no-wasm). Not a test: nothing fails on a figure.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
wasm=1
for a in "$@"; do [ "$a" = "--no-wasm" ] && wasm=0; done
nice -n 10 scripts/build.sh native >/dev/null
if [ "$wasm" = 1 ]; then nice -n 10 scripts/build.sh wasm >/dev/null; fi
exec python3 tests/bench/bench.py "$@"
