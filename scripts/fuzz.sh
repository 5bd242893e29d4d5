#!/usr/bin/env bash
# Builds the libFuzzer targets with clang (ASan + UBSan) and runs each for SECONDS (default 20):
#   loader  arbitrary bytes as catalog files (seeds: our fixtures and the sample catalog)
#   ranges  semver versions and ranges (seeds: a few ranges)
#   json    bytes as one JSON value: a CSV manifest's dropped members cut before the parse, against
#           nlohmann's own parse with the same filter (seeds: CSV-shaped values)
#   model   bytes that choose a small well-formed catalog, through validation, profiles, both
#           OLMs' walks, the hub preview and a diff against a mutated copy (no seeds needed)
# Usage: scripts/fuzz.sh [SECONDS]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
seconds=${1:-20}
CC=clang CXX=clang++ cmake -S . -B build/fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DFBCLENS_FUZZ=ON \
  -DFBCLENS_BUILD_TESTS=OFF >/dev/null
cmake --build build/fuzz --target fuzz_loader fuzz_ranges fuzz_model fuzz_json
corpus=build/fuzz/corpus
mkdir -p "$corpus/loader" "$corpus/ranges" "$corpus/model" "$corpus/json"
# Named by their path: most fixtures are called catalog.yaml, and copying them by base name kept
# only the last of each name.
find tests/fixtures samples/catalog -type f \( -name '*.yaml' -o -name '*.json' \) -size -64k |
  while read -r f; do cp "$f" "$corpus/loader/$(printf '%s' "$f" | tr '/' '_')"; done
# CSV-shaped values: members the CSV filter keeps and drops, escapes, UTF-8, numbers, literals.
printf '%s' '{"apiVersion":"v1","kind":"ClusterServiceVersion","metadata":{"name":"a.v1","annotations":{"x":"y"}},"spec":{"install":{"strategy":"deployment","spec":{"deployments":[{"name":"d","spec":{"replicas":1,"template":{"a":[true,false,null,-1.5e3,"\u00e9\ud83d\ude00\n"]}}}],"permissions":[{"rules":[]}]}},"customresourcedefinitions":{"owned":[{"name":"n","version":"v1","kind":"K","description":"caf\u00e9","specDescriptors":[{"path":"p"}]}],"required":[{}]},"displayName":"A","dx":{"dy":[1,2]}}}' \
  > "$corpus/json/csv.json"
printf '%s' '{"d":[{"d":1}],"k":[{"e":{"d":"x"}},[{"d":{}}]],"dz":"\ud800\udc00"}' > "$corpus/json/drop.json"
# Long strings (256 bytes and more: decoded by our decode_json_string, not nlohmann) with escapes,
# surrogate pairs and UTF-8, like CSV descriptions and alm-examples.
long=$(printf 'x%.0s' $(seq 300))
printf '{"kind":"ClusterServiceVersion","metadata":{"annotations":{"alm-examples":"[{\\"kind\\":\\"%s\\"}]"}},"spec":{"description":"%s\\n\\u00e9\\ud83d\\ude00\xc3\xa9\\/%s","icon":[{"base64data":"%s"}]}}' \
  "$long" "$long" "$long" "$long" > "$corpus/json/long-strings.json"
printf '%s\n' '>=1.0.0 <2.0.0' '1.2.x || >=3.0.0' '>= 4.x < 4.12.0' '<0.1.0-0' > "$corpus/ranges/seed.txt"
# fuzz_model's reproducers are its own bytes (not catalogs): replay them before fuzzing. (The
# loader's, at the top of tests/fuzz/regressions, run in the unit tests.)
build/fuzz/fuzz_model tests/fuzz/regressions/model/* >/dev/null 2>&1 ||
  { echo "fuzz_model fails on a kept reproducer in tests/fuzz/regressions/model" >&2; exit 1; }
artifacts=build/fuzz/artifacts
rm -rf "$artifacts" && mkdir -p "$artifacts"
for target in loader ranges model json; do
  echo "fuzzing $target for ${seconds}s"
  dict=()
  if [ -f "tests/fuzz/$target.dict" ]; then dict=(-dict="tests/fuzz/$target.dict"); fi
  build/fuzz/fuzz_$target -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 "${dict[@]}" \
    -artifact_prefix="$artifacts/" -print_final_stats=1 "$corpus/$target" 2>&1 \
    | grep -E '^(stat::number_of_executed_units|stat::peak_rss_mb|==|SUMMARY|Done)' || true
  # Any crash-/leak-/timeout-/oom- file means the fuzzer found a problem.
  if [ -n "$(ls -A "$artifacts")" ]; then echo "fuzz_$target found a problem: $(ls "$artifacts")" >&2; exit 1; fi
done
