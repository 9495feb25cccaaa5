#!/usr/bin/env bash
# Runs every cargo-fuzz target for a while and prints executions and crashes per target.
#
#   bash fuzz/run.sh [SECONDS]   each target for SECONDS (default 300)
#   FUZZ_TARGETS="classify reader" bash fuzz/run.sh 60   only these targets
#   bash fuzz/run.sh --smoke     each target for 25 s; prints SKIP and exits 0 when the
#                                nightly toolchain or cargo-fuzz cannot be had (CI uses this)
#
# Seeds are copied at run time from ../shared (JSONTestSuite and JSON-Schema-Test-Suite) into
# fuzz/corpus/<target>/, which is git-ignored; crashes land in fuzz/artifacts/<target>/.
# Exit status: 0 when no target crashed, 1 otherwise.
set -uo pipefail

# The targets, in order. Add a new one here and in fuzz/Cargo.toml (see fuzz/README.md).
TARGETS=${FUZZ_TARGETS:-"parse_format reader replay_session host_checks classify validate_arguments fast_path"}

seconds=300
smoke=false
case "${1:-}" in
  --smoke) smoke=true; seconds=25 ;;
  '') ;;
  *[!0-9]*) echo "usage: bash fuzz/run.sh [SECONDS | --smoke]" >&2; exit 2 ;;
  *) seconds=$1 ;;
esac

root=$(cd "$(dirname "$0")/.." && pwd)
shared=${SHARED_DIR:-$root/../shared}
cd "$root" || exit 1

# Something needed is missing: a smoke run skips, a real run fails.
missing() {
  if $smoke; then echo "SKIP fuzz smoke: $1"; exit 0; fi
  echo "error: $1" >&2; exit 1
}

cargo +nightly --version >/dev/null 2>&1 || missing "no nightly toolchain (rustup toolchain install nightly)"
if ! cargo +nightly fuzz --version >/dev/null 2>&1; then
  echo "cargo-fuzz is missing: installing it (cargo install cargo-fuzz)"
  cargo install cargo-fuzz >/dev/null 2>&1 || missing "cargo-fuzz could not be installed"
fi

# Writes one seed per JSON-Schema-Test-Suite test case into $1: the schema, a 0xFF separator and
# the instance (the split `validate_arguments` makes).
seed_test_cases() {
  local tests=$shared/json-schema-test-suite/tests
  [ -d "$tests" ] || { echo "warning: $tests is missing; no schema+instance seeds" >&2; return; }
  node -e '
    const fs = require("fs"), path = require("path");
    const [tests, out] = process.argv.slice(1);
    let n = 0;
    for (const dir of fs.readdirSync(tests)) {
      const folder = path.join(tests, dir);
      if (!fs.statSync(folder).isDirectory()) continue;
      for (const file of fs.readdirSync(folder).filter((f) => f.endsWith(".json"))) {
        for (const group of JSON.parse(fs.readFileSync(path.join(folder, file), "utf8"))) {
          for (const test of group.tests ?? []) {
            const bytes = Buffer.concat([Buffer.from(JSON.stringify(group.schema)), Buffer.from([0xff]),
              Buffer.from(JSON.stringify(test.data))]);
            fs.writeFileSync(path.join(out, `case_${dir}_${n++}`), bytes);
          }
        }
      }
    }' "$tests" "$1" || echo "warning: could not write the schema+instance seeds (node missing?)" >&2
}

# Copies the seed corpora into fuzz/corpus/$1 (existing files are kept).
seed() {
  local dir=fuzz/corpus/$1 file name
  mkdir -p "$dir"
  local suites=("$shared/jsontestsuite/test_parsing" "$shared/json-schema-test-suite")
  case $1 in
    replay_session) suites+=("$root/tests/fixtures/sessions") ;;
    host_checks) suites+=("$shared/mcp-schema") ;;
    classify) suites+=("$shared/mcp-schema") ;;
    validate_arguments) seed_test_cases "$dir" ;;
  esac
  for suite in "${suites[@]}"; do
    [ -d "$suite" ] || { echo "warning: seed corpus $suite is missing; fuzzing without it" >&2; continue; }
    while IFS= read -r -d '' file; do
      name=$(basename "$(dirname "$file")")_$(basename "$file")
      cp -n "$file" "$dir/$name"
    done < <(find "$suite" -type f \( -name '*.json' -o -name '*.jsonl' \) -print0)
  done
}

status=0
summary=""
for target in $TARGETS; do
  seed "$target"
  mkdir -p "fuzz/artifacts/$target"
  log=fuzz/artifacts/$target.log
  marker=fuzz/artifacts/$target.started
  touch "$marker"
  echo "== $target: fuzzing for ${seconds}s (log: $log)"
  # -a: debug assertions and overflow checks on, so arithmetic overflow is a crash too.
  # -detect_leaks=0: jsonschema 0.60 leaks memory it allocates for `unevaluatedProperties` under
  # `$ref`/`oneOf` (found by validate_arguments: 19 KB per compiled schema, not a crash; see
  # fuzz/README.md). Without it every such input stops the run.
  cargo +nightly fuzz run -a "$target" "fuzz/corpus/$target" -- \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 -max_len=65536 -detect_leaks=0 \
    -print_final_stats=1 >"$log" 2>&1
  code=$?
  execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1)
  [ -n "$execs" ] || execs=$(grep -o '^#[0-9]*' "$log" | tail -1 | tr -d '#')
  crashes=$(find "fuzz/artifacts/$target" -type f -newer "$marker" | wc -l)
  if [ "$code" -ne 0 ] && [ "$crashes" -eq 0 ]; then
    echo "   $target did not run (exit $code); last lines of $log:"; tail -n 15 "$log"
    crashes="?"
    status=1
  elif [ "$crashes" -gt 0 ]; then
    status=1
    grep -E 'panicked at|ERROR: libFuzzer|SUMMARY' "$log" | head -5
    find "fuzz/artifacts/$target" -type f -newer "$marker"
  fi
  line=$(printf '%-16s %12s executions  %s crashes' "$target" "${execs:-0}" "$crashes")
  echo "   $line"
  summary+="$line"$'\n'
done
echo "== fuzz summary (${seconds}s per target)"
printf '%s' "$summary"
exit $status
