#!/usr/bin/env bash
# Checks that the loader's output is unchanged: builds tests/bench/dump_documents.cpp against the
# loader of BASE (a worktree of the commit before the change, e.g. made with
# `git worktree add /tmp/fbclens-base <commit>`) and of this tree, runs both on every catalog root of
# ../shared/catalogs (roots.json), every fixture catalog and every spec vector, and compares what they
# print (files, load findings, every document's value, position and field positions, and the JSON of
# every olm.bundle.object payload) byte for byte. Exits 1 when anything differs.
#   scripts/check-loader.sh BASE_TREE
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
base=$(cd "${1:?usage: scripts/check-loader.sh BASE_TREE}" && pwd)
shared=$(cd "$root/.." && pwd)/shared
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
yaml=$root/third_party/libyaml
build() {  # $1 = tree, $2 = output binary
  local objs=()
  for c in api parser reader scanner; do
    gcc -O2 -w -c -DYAML_DECLARE_STATIC -DYAML_VERSION_MAJOR=0 -DYAML_VERSION_MINOR=2 -DYAML_VERSION_PATCH=5 \
      -DYAML_VERSION_STRING='"0.2.5"' -I"$yaml/include" "$yaml/src/$c.c" -o "$work/$c-$(basename "$2").o"
    objs+=("$work/$c-$(basename "$2").o")
  done
  g++ -O2 -std=c++17 -DYAML_DECLARE_STATIC -I"$1/core" -isystem "$yaml/include" "$root/tests/bench/dump_documents.cpp" \
    "$1"/core/load/*.cpp "$1"/core/findings/*.cpp "${objs[@]}" -o "$2"
}
echo "check-loader: building the dump tool against $base and $root" >&2
build "$base" "$work/old" &
build "$root" "$work/new"
wait
list=$work/list
find "$root/tests/fixtures" -type d -name catalog | sort > "$list"
if [ -d "$shared/catalogs" ]; then
  python3 - "$shared/catalogs" >> "$list" <<'PY'
import glob, json, os, sys
base = sys.argv[1]
for dataset, spec in json.load(open(os.path.join(base, 'roots.json'))).items():
    for pattern in spec['roots']:
        for path in sorted(glob.glob(os.path.join(base, dataset, pattern))):
            print(path)
PY
  find "$shared/spec/validation-vectors" -mindepth 2 -maxdepth 2 -name catalog | sort >> "$list"
else
  echo "check-loader: ../shared is absent: only the project's fixtures are compared" >&2
fi
differences=0
while IFS= read -r catalog; do
  "$work/old" "$catalog" > "$work/a" 2>&1 || true
  "$work/new" "$catalog" > "$work/b" 2>&1 || true
  if ! cmp -s "$work/a" "$work/b"; then
    differences=$((differences + 1))
    echo "DIFFERS: $catalog"
    diff "$work/a" "$work/b" | head -10 | cut -c1-300 || true
  fi
done < "$list"
echo "check-loader: $(wc -l < "$list") catalogs compared, $differences differ"
[ "$differences" = 0 ]
