#!/usr/bin/env bash
# Checks that a change kept fbclens's outputs: runs two builds of the CLI (BASE, e.g. the build of
# main's commit, and NEW, default build/native/fbclens) on every catalog root of ../shared/catalogs
# (roots.json, globs expanded), every fixture catalog under tests/fixtures and every spec vector
# (../shared/spec/validation-vectors), and compares stdout and exit status byte for byte for
#   validate --output opm | json | sarif | text, and
#   validate --output json --profile konflux,operator-pipelines,operatorhub --ocp-version 4.17.
# Prints each difference and exits 1 when there is one (0 when all match).
#   scripts/check-outputs.sh BASE_FBCLENS [NEW_FBCLENS]
# Make a BASE build: git worktree add /tmp/fbclens-base <commit> && (cd /tmp/fbclens-base &&
# scripts/setup.sh && scripts/build.sh native); BASE is then /tmp/fbclens-base/build/native/fbclens.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
base=${1:?usage: scripts/check-outputs.sh BASE_FBCLENS [NEW_FBCLENS]}
new=${2:-$root/build/native/fbclens}
base=$(realpath "$base")
new=$(realpath "$new")
shared=$(cd "$root/.." && pwd)/shared
cd "$root"

# Every catalog to check, one path a line (relative to the repository when inside it, so file
# names in the outputs are the same for both builds).
list=$(mktemp)
trap 'rm -f "$list" "$list".*' EXIT
find tests/fixtures -type d -name catalog | sort > "$list"
if [ -d "$shared/catalogs" ]; then
  python3 - "$shared/catalogs" >> "$list" <<'PY'
import glob, json, os, sys
base = sys.argv[1]
roots = json.load(open(os.path.join(base, 'roots.json')))
for dataset, spec in roots.items():
    for pattern in spec['roots']:
        for path in sorted(glob.glob(os.path.join(base, dataset, pattern))):
            print(path)
PY
else
  echo "check-outputs: ../shared/catalogs is absent: only the project's fixtures are checked" >&2
fi
if [ -d "$shared/spec/validation-vectors" ]; then
  find "$shared/spec/validation-vectors" -mindepth 2 -maxdepth 2 -name catalog | sort >> "$list"
fi

runs=(
  "--output opm"
  "--output json"
  "--output sarif"
  "--output text"
  "--output json --profile konflux,operator-pipelines,operatorhub --ocp-version 4.17"
)
differences=0
checked=0
while IFS= read -r catalog; do
  for flags in "${runs[@]}"; do
    # shellcheck disable=SC2086
    a_status=0; "$base" validate "$catalog" $flags > "$list.a" 2> "$list.ae" || a_status=$?
    # shellcheck disable=SC2086
    b_status=0; "$new" validate "$catalog" $flags > "$list.b" 2> "$list.be" || b_status=$?
    checked=$((checked + 1))
    if [ "$a_status" != "$b_status" ] || ! cmp -s "$list.a" "$list.b" || ! cmp -s "$list.ae" "$list.be"; then
      differences=$((differences + 1))
      echo "DIFFERS: validate $catalog $flags (exit $a_status → $b_status)"
      diff "$list.a" "$list.b" | head -20 || true
      diff "$list.ae" "$list.be" | head -5 || true
    fi
  done
done < "$list"
echo "check-outputs: $checked runs over $(wc -l < "$list") catalogs, $differences differ"
[ "$differences" = 0 ]
