#!/usr/bin/env bash
# Every test: set up if needed, build native and WebAssembly, then run
#   1. Catch2 unit + conformance tests, native (CTest)
#   2. the same tests compiled to wasm, under Node (CTest)
#   3. the JS API on the headless core module under Node, checked against the native CLI
#   4. the browser end-to-end test in headless Chromium (playwright-core)
#   5. the libFuzzer targets, briefly (FUZZ_SECONDS per target, default 20; 0 skips)
# Tests that need ../shared (vectors, real catalogs) skip with a message when it is absent.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

step_start=0
step() { step_start=$(date +%s); printf '\n== %s\n' "$*"; }
took() { printf '== %s took %ss\n' "$1" "$(( $(date +%s) - step_start ))"; }

step "set-up"; scripts/setup.sh; took "set-up"
step "native build"; scripts/build.sh native; took "native build"
step "wasm build"; scripts/build.sh wasm; took "wasm build"

# Emscripten output under Node must not use Node 20's fetch() for local .wasm files (pitfall 2);
# playwright needs fetch's classes, so the flag is given only where wasm runs.
wasm_node=(env NODE_OPTIONS=--no-experimental-fetch)

step "native tests (CTest)"; ctest --test-dir build/native --output-on-failure -j2; took "native tests"
step "wasm tests under Node (CTest)"; "${wasm_node[@]}" ctest --test-dir build/wasm --output-on-failure; took "wasm tests"
step "JS API on the wasm core module, and the browser end-to-end test (node --test)"
"${wasm_node[@]}" node --test tests/wasm/
node --test tests/browser/
took "JS API and browser tests"

if [ "${FUZZ_SECONDS:-20}" != 0 ]; then
  step "fuzzing (libFuzzer, ${FUZZ_SECONDS:-20}s per target)"; scripts/fuzz.sh "${FUZZ_SECONDS:-20}"; took "fuzzing"
fi
