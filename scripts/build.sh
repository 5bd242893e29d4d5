#!/usr/bin/env bash
# Builds fbclens. Usage: scripts/build.sh [native] [wasm] [release]   (default: native and wasm)
#   native → build/native: the core library, the `fbclens` CLI, Catch2 tests
#   release → build/release/fbclens: the CLI alone, optimised, statically linked and stripped (what
#            CI and pre-commit hooks download or cache); checked to have no dynamic dependencies
#   wasm   → build/wasm: the app and the headless core module (Emscripten), tests for Node;
#            the finished static site is written to dist/
# Assumes scripts/setup.sh has run (test.sh and serve.sh run it first).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
targets=("$@")
# ccache, when the machine has it, makes a rebuild in a second worktree or after a branch switch
# cheap (native builds only; Emscripten's compiler driver is left alone).
launcher=()
if command -v ccache >/dev/null 2>&1; then launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache); fi
[ ${#targets[@]} -gt 0 ] || targets=(native wasm)

for t in "${targets[@]}"; do
  case "$t" in
    native)
      cmake -S . -B build/native -G Ninja -DCMAKE_BUILD_TYPE=Release "${launcher[@]}" >/dev/null
      cmake --build build/native
      ;;
    release)
      cmake -S . -B build/release -G Ninja -DCMAKE_BUILD_TYPE=Release -DFBCLENS_BUILD_TESTS=OFF "${launcher[@]}" \
        -DFBCLENS_STATIC=ON >/dev/null
      cmake --build build/release --target fbclens
      # A binary that still needs a loader (e.g. a toolchain without static libraries) is no release.
      if readelf -l build/release/fbclens | grep -q 'INTERP'; then
        echo "build/release/fbclens is dynamically linked" >&2
        exit 1
      fi
      # Smoke test: it runs, and a catalog the konflux profile fails exits 1 with SARIF on stdout.
      build/release/fbclens --version >/dev/null
      status=0
      build/release/fbclens validate tests/fixtures/validation/p09-konflux-images/catalog --profile konflux \
        --ocp-version 4.17 --output sarif > build/release/smoke.sarif || status=$?
      if [ "$status" != 1 ] || ! grep -q '"ruleId": "FBC5107"' build/release/smoke.sarif; then
        echo "build/release/fbclens failed its smoke test (exit $status)" >&2
        exit 1
      fi
      ;;
    wasm)
      # Debian's emcc runs acorn from /usr/share/nodejs (toolchain.md pitfall 1); emcmake's default
      # emulator passes a flag Node 20 rejects (pitfall 5).
      export NODE_PATH=/usr/share/nodejs
      emcmake cmake -S . -B build/wasm -G Ninja -DCMAKE_BUILD_TYPE=MinSizeRel \
        -DCMAKE_CROSSCOMPILING_EMULATOR=/usr/bin/node >/dev/null
      cmake --build build/wasm
      ;;
    *) echo "unknown target $t (native|wasm|release)" >&2; exit 2 ;;
  esac
done
