#!/usr/bin/env bash
# Runs one phase of `make test` with its output in target/test-logs/NAME.log, printing one line
# when it starts and one when it ends (its wall and CPU seconds), so phases that run side by side
# stay readable; with `--needs A,B` it is skipped unless phases A and B passed. `--summary` prints
# the log of every failed phase whole, then the table of all phases since `--reset`, then what
# failed in short (the failing tests and their errors), and exits 1 unless every phase passed.
# Times are kept in target/test-timings.txt (NAME, wall s, CPU s, ok|FAILED|skipped, a line each).
#   bash scripts/timed.sh NAME [--needs A,B] COMMAND...  |  bash scripts/timed.sh --reset  |  --summary
#
# CPU seconds are user + system time of the phase's whole process tree (bash's `times` for the
# children it waited for). A compiler run by a cache server (RUSTC_WRAPPER=sccache) is not in it:
# measure with the wrapper unset.
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
log="$root/target/test-timings.txt"
logs="$root/target/test-logs"

# The user + system seconds of the children this shell has waited for (the second line of
# `times`, "0m1.5s 0m0.2s"; `times` runs in this shell, not in a subshell, which has its own).
children_cpu() {
  times >"$logs/.$name.times"
  awk 'NR == 2 {
    for (i = 1; i <= 2; i++) { split($i, t, /[ms]/); total += t[1] * 60 + t[2] }
    printf "%.0f", total
  }' "$logs/.$name.times"
}

# The failures of one phase's log, in at most 40 lines: each failing test of node's test runner
# (TAP `not ok`, with the first lines of its error) or of cargo (`---- name stdout ----` and what
# it printed, `panicked at`); a log with neither (a build error, a crash) gives its last lines.
failures() {
  awk '
    function out(line) { if (shown < 40) print "    " substr(line, 1, 300); shown++ }
    /^ *not ok / { out($0); block = 12; next }
    block > 0 && /^ *(\.\.\.|stack:)/ { block = 0; next }
    block > 0 && /^ *($|duration_ms|---|type:|failureType:|code:|name:|operator:)/ { next }
    block > 0 { out($0); block--; next }
    /^---- .* stdout ----$/ { out($0); block = 6; next }
    /^test result: FAILED/ { out($0) }
    { last[NR % 15] = $0 }
    END {
      if (shown == 0) for (i = NR - 14; i <= NR; i++) if (i > 0) out(last[i % 15])
      if (shown > 40) printf "    … %d more lines: the whole log is above\n", shown - 40
    }' "$1"
}

case ${1:-} in
  --reset)
    rm -rf "$logs"
    mkdir -p "$logs"
    : >"$log"
    date +%s >"$logs/.started"
    exit 0
    ;;
  --summary)
    failed=$(awk -F'\t' '$4 == "FAILED" {print $1}' "$log")
    for name in $failed; do
      printf '\n===== %s FAILED: its log (target/test-logs/%s.log) =====\n' "$name" "$name"
      cat "$logs/$name.log"
      printf '===== end of %s =====\n' "$name"
    done
    started=$(cat "$logs/.started" 2>/dev/null || date +%s)
    echo
    awk -F'\t' -v wall=$(($(date +%s) - started)) '
      BEGIN { printf "  %-18s %7s %7s  %s\n", "phase", "wall s", "CPU s", "result" }
      { printf "  %-18s %7d %7d  %s\n", $1, $2, $3, $4; cpu += $3; count[$4]++ }
      END {
        busy = wall > 0 ? 100 * cpu / wall : 0
        printf "  %-18s %7d %7d  (the run, phases side by side: CPU busy %d %% of one core on average)\n",
          "total", wall, cpu, busy
      }' "$log"
    # What failed, in short, last: a reader shown only a long log's head and tail still sees it.
    for name in $failed; do
      printf '\n%s, what failed:\n' "$name"
      failures "$logs/$name.log"
    done
    awk -F'\t' '
      { count[$4]++ }
      END {
        printf "\nmake test phases: %d passed, %d failed", count["ok"], count["FAILED"]
        printf count["skipped"] ? ", %d skipped\n" : "\n", count["skipped"]
      }' "$log"
    ! grep -qv $'\tok$' "$log"
    exit
    ;;
esac
# A phase's CPU seconds count the processes it started that outlived their parent too: this shell
# becomes their reaper (PR_SET_CHILD_SUBREAPER, which exec keeps), so that they are reparented to it,
# not to init, and `times` counts them when it reaps them. Chromium's renderers are such processes
# (its zygote's children, orphaned as the browser closes): without it the browser tests' CPU was a
# third of what the machine spent on them (2026-12-06: 25 CPU s counted, 74 busy core-seconds
# sampled from /proc/stat, for two browser test files).
if [[ -z ${TIMED_REAPER:-} ]] && command -v python3 >/dev/null; then
  TIMED_REAPER=1 exec python3 -c 'import ctypes, os, sys
ctypes.CDLL(None).prctl(36, 1, 0, 0, 0)  # PR_SET_CHILD_SUBREAPER
os.execvp(sys.argv[1], sys.argv[1:])' bash "$0" "$@"
fi
unset TIMED_REAPER
name=$1
shift
mkdir -p "$logs"
if [[ ${1:-} == --needs ]]; then
  for need in ${2//,/ }; do
    if ! grep -q "^$need"$'\t.*\tok$' "$log" 2>/dev/null; then
      printf '%s\t0\t0\tskipped\n' "$name" >>"$log"
      printf '  %-7s %-18s (it needs %s, which did not pass)\n' skipped "$name" "$need"
      exit 1
    fi
  done
  shift 2
fi
printf '  start   %s: %s\n' "$name" "$*"
start=$SECONDS
children_cpu >"$logs/.$name.before"
# MAKEFLAGS: the phase's own sub-make runs serially, and cargo never sees the jobserver of the
# make that runs the phases side by side.
env -u MAKEFLAGS -u MFLAGS "$@" >"$logs/$name.log" 2>&1 </dev/null
status=$?
wall=$((SECONDS - start))
children_cpu >"$logs/.$name.after"
cpu=$(($(cat "$logs/.$name.after") - $(cat "$logs/.$name.before")))
rm -f "$logs/.$name".*
result=ok
[[ $status -eq 0 ]] || result=FAILED
printf '%s\t%d\t%d\t%s\n' "$name" "$wall" "$cpu" "$result" >>"$log"
printf '  %-7s %-18s %5d s wall %6d s CPU   target/test-logs/%s.log\n' "$result" "$name" "$wall" "$cpu" "$name"
exit "$status"
