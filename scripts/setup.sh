#!/usr/bin/env bash
# Installs everything fbclens needs on a fresh Debian 12 machine (run as root), idempotently:
#   - Debian packages: compilers and build tools, Emscripten, nlohmann/json, Catch2, CLI11 (the CLI's
#     argument parser), libyaml, mimalloc (the native programs' allocator), Chromium, brotli;
#   - third-party *sources* that we compile ourselves (Dear ImGui 1.90.1, libyaml 0.2.5) via `apt-get source`
#     into third_party/ (git-ignored; never committed);
#   - npm packages (playwright-core only, no browser download) via `npm ci`.
# A second run on a machine that has everything does no network work and exits quickly.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

log() { printf '[setup] %s\n' "$*"; }

# Packages that a new machine of this kind may lack. (cmake, ninja, clang, node and npm are usually there.)
apt_packages=(cmake ninja-build clang lld llvm libclang-rt-14-dev dpkg-dev emscripten nlohmann-json3-dev catch2 libyaml-dev libcli11-dev libmimalloc-dev
              chromium brotli python3 nodejs npm)

need_apt=()
for p in "${apt_packages[@]}"; do
  # nodejs/npm may come from another vendor under other names; accept any working binary.
  case "$p" in
    nodejs) command -v node >/dev/null 2>&1 && continue ;;
    npm) command -v npm >/dev/null 2>&1 && continue ;;
    python3) command -v python3 >/dev/null 2>&1 && continue ;;
  esac
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || need_apt+=("$p")
done

# deb-src entries for bookworm and trixie: Dear ImGui 1.90.1 exists only as trixie *source*.
src_list=/etc/apt/sources.list.d/fbclens-src.sources
need_src=0
[ -f "$src_list" ] || need_src=1
if [ ! -d third_party/imgui-1.90.1+ds ] || [ ! -d third_party/libyaml-0.2.5 ]; then need_src_pkgs=1; else need_src_pkgs=0; fi

if [ "$need_src" = 1 ]; then
  uri=$(awk '/^URIs:/{print $2; exit}' /etc/apt/sources.list.d/debian.sources 2>/dev/null || true)
  [ -n "$uri" ] || uri=http://deb.debian.org/debian
  log "adding deb-src entries ($uri bookworm trixie)"
  cat > "$src_list" <<SRC
Types: deb-src
URIs: $uri
Suites: bookworm trixie
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRC
fi

if [ ${#need_apt[@]} -gt 0 ] || [ "$need_src" = 1 ] || [ "$need_src_pkgs" = 1 ]; then
  log "apt-get update"
  apt-get update -qq
fi
if [ ${#need_apt[@]} -gt 0 ]; then
  log "installing: ${need_apt[*]}"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need_apt[@]}" >/dev/null
fi

# Third-party sources compiled by our CMake. `apt-get source pkg=version` (never `-t trixie`, see toolchain.md).
mkdir -p third_party
fetch_source() { # $1 = pkg=version, $2 = unpacked folder, $3 = symlink name
  if [ ! -d "third_party/$2" ]; then
    log "apt-get source $1"
    (cd third_party && apt-get source -qq "$1" >/dev/null)
  fi
  ln -sfn "$2" "third_party/$3"
}
fetch_source imgui=1.90.1+ds-1 imgui-1.90.1+ds imgui
fetch_source libyaml=0.2.5-1 libyaml-0.2.5 libyaml

# npm: playwright-core only (drives Debian's /usr/bin/chromium; no browser download).
if [ ! -d node_modules/playwright-core ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  log "npm ci"
  npm ci --no-audit --no-fund --loglevel=error >/dev/null
fi
log "ok"
