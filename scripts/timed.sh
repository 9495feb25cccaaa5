#!/usr/bin/env bash
# Runs one phase of `make test`, printing a banner and how long it took; `--summary` prints the
# table of all phases since `--reset`. Times are kept in target/test-timings.txt.
#   bash scripts/timed.sh NAME COMMAND...  |  bash scripts/timed.sh --reset  |  --summary
set -euo pipefail
log="$(dirname "$0")/../target/test-timings.txt"
case ${1:-} in
  --reset)
    mkdir -p "$(dirname "$log")"
    : >"$log"
    exit 0
    ;;
  --summary)
    echo
    echo "make test: all phases passed"
    awk -F'\t' '{printf "  %-16s %4ds\n", $1, $2; total += $2} END {printf "  %-16s %4ds\n", "total", total}' "$log"
    exit 0
    ;;
esac
name=$1
shift
printf '\n=== %s: %s\n' "$name" "$*"
start=$SECONDS
if ! "$@"; then
  echo "=== $name FAILED after $((SECONDS - start))s" >&2
  exit 1
fi
mkdir -p "$(dirname "$log")"
printf '%s\t%d\n' "$name" $((SECONDS - start)) >>"$log"
echo "=== $name passed in $((SECONDS - start))s"
