#!/usr/bin/env bash
# Explores with every cargo-fuzz target for a while and prints executions and crashes per target
# (`make fuzz`). The gate does not run this: `make test` replays the committed corpora instead
# (fuzz/replay.rs, `make test-fuzz-replay`; see fuzz/README.md).
#
#   bash fuzz/run.sh [SECONDS]   each target for SECONDS (default 300)
#   FUZZ_TARGETS="classify reader" bash fuzz/run.sh 60   only these targets
#   bash fuzz/run.sh --minimize  merge what exploration found into the committed corpora
#                                fuzz/seeds/<target>/ (libFuzzer -merge=1: the smallest set with
#                                the same coverage), keeping every regression-* input
#
# Needs the nightly toolchain; installs cargo-fuzz when it is missing. Exploration starts from
# fuzz/seeds/<target>/ plus seeds copied at run time from ../shared (JSONTestSuite and
# JSON-Schema-Test-Suite) into fuzz/corpus/<target>/ (git-ignored), which keeps what it finds;
# crashes land in fuzz/artifacts/<target>/. Exit status: 0 when no target crashed, 1 otherwise.
set -uo pipefail

# The targets, in order. Add a new one here, in fuzz/Cargo.toml and in fuzz/src (see fuzz/README.md).
TARGETS=${FUZZ_TARGETS:-"parse_format reader replay_session session_push host_checks classify validate_arguments fast_path compat read_log"}

seconds=300
minimize=false
case "${1:-}" in
  --minimize) minimize=true ;;
  '') ;;
  *[!0-9]*) echo "usage: bash fuzz/run.sh [SECONDS | --minimize]" >&2; exit 2 ;;
  *) seconds=$1 ;;
esac

root=$(cd "$(dirname "$0")/.." && pwd)
shared=${SHARED_DIR:-$root/../shared}
cd "$root" || exit 1

if ! cargo +nightly --version >/dev/null 2>&1; then
  echo "error: fuzzing needs the nightly toolchain (rustup toolchain install nightly)" >&2
  exit 1
fi
if ! cargo +nightly fuzz --version >/dev/null 2>&1; then
  echo "cargo-fuzz is missing: installing it (cargo install cargo-fuzz)"
  cargo install cargo-fuzz >/dev/null 2>&1 || { echo "error: cargo-fuzz could not be installed" >&2; exit 1; }
fi

# libFuzzer options of every run: a hang is a crash after 10 s, inputs up to 64 KiB. Leak
# detection is on (AddressSanitizer's LeakSanitizer).
FLAGS=(-timeout=10 -rss_limit_mb=4096 -max_len=65536)

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

# Copies the committed corpus and the shared seed corpora into fuzz/corpus/$1 (existing files are kept).
seed() {
  local dir=fuzz/corpus/$1 file name
  mkdir -p "$dir"
  cp -n fuzz/seeds/"$1"/* "$dir/" 2>/dev/null
  local suites=("$shared/jsontestsuite/test_parsing" "$shared/json-schema-test-suite")
  case $1 in
    replay_session) suites+=("$root/tests/fixtures/sessions") ;;
    read_log) suites+=("$root/tests/fixtures/logs" "$root/tests/fixtures/sessions") ;;
    host_checks) suites+=("$shared/mcp-schema") ;;
    compat) suites+=("$shared/mcp-schema" "$root/tests/fixtures/lint") ;;
    classify) suites+=("$shared/mcp-schema") ;;
    validate_arguments) seed_test_cases "$dir" ;;
  esac
  for suite in "${suites[@]}"; do
    [ -d "$suite" ] || { echo "warning: seed corpus $suite is missing; fuzzing without it" >&2; continue; }
    while IFS= read -r -d '' file; do
      name=$(basename "$(dirname "$file")")_$(basename "$file")
      cp -n "$file" "$dir/$name"
    done < <(find "$suite" -type f \( -name '*.json' -o -name '*.jsonl' -o -name '*.har' -o -name '*.log' \) -print0)
  done
}

# Replaces fuzz/seeds/$1 with the smallest subset of it and fuzz/corpus/$1 with the same coverage,
# plus its regression-* inputs, which always stay.
minimize() {
  local seeds=fuzz/seeds/$1 merged
  merged=$(mktemp -d)
  seed "$1"
  echo "== $1: merging $(find "$seeds" -type f | wc -l) committed and $(find "fuzz/corpus/$1" -type f | wc -l) explored inputs"
  if ! cargo +nightly fuzz run -a "$1" "$merged" "$seeds" "fuzz/corpus/$1" -- -merge=1 "${FLAGS[@]}" \
    >"fuzz/artifacts/$1.merge.log" 2>&1; then
    echo "   merge failed; last lines of fuzz/artifacts/$1.merge.log:"; tail -n 15 "fuzz/artifacts/$1.merge.log"
    rm -rf "$merged"
    return 1
  fi
  find "$seeds" -type f ! -name 'regression-*' -delete
  # Merged files are named by the SHA-1 of their contents: drop copies of the regression inputs.
  for kept in "$seeds"/regression-*; do
    [ -e "$kept" ] && rm -f "$merged/$(sha1sum "$kept" | cut -d' ' -f1)"
  done
  cp -n "$merged"/* "$seeds/" 2>/dev/null
  rm -rf "$merged"
  echo "   fuzz/seeds/$1: $(find "$seeds" -type f | wc -l) inputs, $(du -sk --apparent-size "$seeds" | cut -f1) KiB"
}

status=0
summary=""
for target in $TARGETS; do
  mkdir -p "fuzz/artifacts/$target"
  if $minimize; then
    minimize "$target" || status=1
    continue
  fi
  seed "$target"
  log=fuzz/artifacts/$target.log
  marker=fuzz/artifacts/$target.started
  touch "$marker"
  echo "== $target: fuzzing for ${seconds}s (log: $log)"
  # -a: debug assertions and overflow checks on, so arithmetic overflow is a crash too.
  cargo +nightly fuzz run -a "$target" "fuzz/corpus/$target" -- -max_total_time="$seconds" \
    "${FLAGS[@]}" -print_final_stats=1 >"$log" 2>&1
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
  line=$(printf '%-20s %12s executions  %s crashes' "$target" "${execs:-0}" "$crashes")
  echo "   $line"
  summary+="$line"$'\n'
done
$minimize && exit $status
echo "== fuzz summary (${seconds}s per target)"
printf '%s' "$summary"
exit $status
