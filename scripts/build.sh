#!/usr/bin/env bash
# Builds fbclens. Usage: scripts/build.sh [native] [wasm]   (default: both)
#   native → build/native: the core library, the `fbclens` CLI, Catch2 tests
#   wasm   → build/wasm: the app and the headless core module (Emscripten), tests for Node;
#            the finished static site is written to dist/
# Assumes scripts/setup.sh has run (test.sh and serve.sh run it first).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(native wasm)

for t in "${targets[@]}"; do
  case "$t" in
    native)
      cmake -S . -B build/native -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
      cmake --build build/native
      ;;
    wasm)
      # Debian's emcc runs acorn from /usr/share/nodejs (toolchain.md pitfall 1); emcmake's default
      # emulator passes a flag Node 20 rejects (pitfall 5).
      export NODE_PATH=/usr/share/nodejs
      emcmake cmake -S . -B build/wasm -G Ninja -DCMAKE_BUILD_TYPE=MinSizeRel \
        -DCMAKE_CROSSCOMPILING_EMULATOR=/usr/bin/node >/dev/null
      cmake --build build/wasm
      ;;
    *) echo "unknown target $t (native|wasm)" >&2; exit 2 ;;
  esac
done
