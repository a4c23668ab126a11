#!/usr/bin/env bash
# Fuzzes the scenario path (core-wasm/app/fuzz/fuzz_scenario.cc: JSON parse, scenario checks, Session::create, a
# bounded run) with libFuzzer under AddressSanitizer and UndefinedBehaviorSanitizer (issue 12 item 1).
#   npm run fuzz                 60 s (what `npm test` runs)
#   npm run fuzz -- 3600         an hour; any length in seconds
# First replays every input in core-wasm/test/fuzz/regressions/ (inputs that once crashed: each must now pass),
# then fuzzes from a corpus seeded with every shipped scenario, with a dictionary of the schema's names and enums.
# A crash leaves its input in build/sanitize/fuzz/crash-*: add it to regressions/ with the fix.
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-60}
bash core-wasm/tools/build-sanitize.sh
bin=build/sanitize/hpcsim_fuzz_scenario
work=build/sanitize/fuzz
mkdir -p "$work/corpus"
for f in scenarios/*.json; do
  case $(basename "$f") in scenario.schema.json|fingerprints.json) continue;; esac
  cp "$f" "$work/corpus/"
done
# Every property name and enum value of the schema as a dictionary entry (quoted JSON strings).
node -e '
  const s = JSON.parse(require("fs").readFileSync("scenarios/scenario.schema.json", "utf8"));
  const words = new Set();
  (function walk(o) {
    if (Array.isArray(o)) return o.forEach(walk);
    if (!o || typeof o !== "object") return;
    for (const [k, v] of Object.entries(o)) {
      if (k === "properties") Object.keys(v).forEach((p) => words.add(p));
      if (k === "enum" || k === "const") [].concat(v).forEach((e) => typeof e === "string" && words.add(e));
      walk(v);
    }
  })(s);
  for (const w of words) console.log(JSON.stringify(JSON.stringify(w)));
' > "$work/scenario.dict"
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
regressions=(core-wasm/test/fuzz/regressions/*)
if [ -e "${regressions[0]}" ]; then
  echo "fuzz: replaying ${#regressions[@]} regression inputs" >&2
  "$bin" -runs=1 "${regressions[@]}" 2>"$work/replay.log" || { cat "$work/replay.log" >&2; exit 1; }
fi
echo "fuzz: ${seconds} s over Session::create from $(ls "$work/corpus" | wc -l) corpus inputs" >&2
"$bin" -max_total_time="$seconds" -timeout=20 -rss_limit_mb=4096 -max_len=65536 -print_final_stats=1 \
  -dict="$work/scenario.dict" -artifact_prefix="$work/" "$work/corpus" 2>"$work/fuzz.log" \
  || { tail -60 "$work/fuzz.log" >&2; exit 1; }
grep -E "stat::number_of_executed_units|stat::peak_rss_mb|cov:" "$work/fuzz.log" | tail -3 >&2
