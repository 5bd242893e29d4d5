#!/usr/bin/env bash
# Every test: set up if needed, build native and WebAssembly, then run
#   1. Catch2 unit + conformance tests, native (CTest)
#   2. the same tests compiled to wasm, under Node (CTest)
#   3. the JS API on the headless core module under Node, checked against the native CLI
#   4. the page's parsers (share-link state, tar, catalog sources, postMessage, the panel table)
#      under Node with fast-check (FBCLENS_PROPERTY_RUNS runs per property, default 150)
#   5. the browser end-to-end test in headless Chromium (playwright-core)
#   6. the libFuzzer targets, briefly (FUZZ_SECONDS per target, default 20; 0 skips)
# Tests that need ../shared (vectors, real catalogs) skip with a message when it is absent.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

# Every runner's output is also kept here, to print one closing count at the end.
results=$(mktemp)
trap 'rm -f "$results"' EXIT
counted() { "$@" 2>&1 | tee -a "$results"; }

step_start=0
step() { step_start=$(date +%s); printf '\n== %s\n' "$*"; }
took() { printf '== %s took %ss\n' "$1" "$(( $(date +%s) - step_start ))"; }

step "set-up"; scripts/setup.sh; took "set-up"
step "native build"; scripts/build.sh native; took "native build"
step "wasm build"; scripts/build.sh wasm; took "wasm build"

# Emscripten output under Node must not use Node 20's fetch() for local .wasm files (pitfall 2);
# playwright needs fetch's classes, so the flag is given only where wasm runs.
wasm_node=(env NODE_OPTIONS=--no-experimental-fetch)

step "native tests (CTest)"; counted ctest --test-dir build/native --output-on-failure -j2; took "native tests"
step "wasm tests under Node (CTest)"; counted "${wasm_node[@]}" ctest --test-dir build/wasm --output-on-failure; took "wasm tests"
step "JS API on the wasm core module, the page's parsers, and the browser end-to-end test (node --test)"
counted "${wasm_node[@]}" node --test tests/wasm/
counted node --test tests/js/
counted node --test tests/browser/
took "JS API and browser tests"

if [ "${FUZZ_SECONDS:-20}" != 0 ]; then
  step "fuzzing (libFuzzer, ${FUZZ_SECONDS:-20}s per target)"; scripts/fuzz.sh "${FUZZ_SECONDS:-20}"; took "fuzzing"
fi

# One closing line over all runners: CTest ("... 0 tests failed out of N") and node ("# pass N", "# fail N").
awk '/tests passed, [0-9]+ tests failed out of/ { for (i = 1; i <= NF; i++) if ($i == "of") total += $(i + 1);
                                                 for (i = 1; i <= NF; i++) if ($i == "failed" && $(i - 1) == "tests") failed += $(i - 2) }
     /^# pass / { total += $3 } /^# fail / { total += $3; failed += $3 }
     END { printf "tests: %d passed, %d failed\n", total - failed, failed }' "$results"
