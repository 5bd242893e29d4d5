#!/usr/bin/env bash
# The main job: set up if needed, build the web app, and serve it on http://127.0.0.1:8080
# (PORT=... to change). The page opens on the built-in sample catalog; drop or pick a folder.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
scripts/setup.sh
scripts/build.sh wasm
exec node scripts/static-server.mjs --root dist --host 127.0.0.1 --port "${PORT:-8080}"
