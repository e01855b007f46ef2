#!/usr/bin/env bash
# Runs the tests at the instants that catch a suite which depends on when it runs (issue 27):
#   bash scripts/test-dates.sh edges [parts]   12-31 23:59, a month end, 02-29 of a leap year,
#                                                23:59 Tokyo on an ordinary day, 00:30 Tokyo (the
#                                                UTC date is still yesterday's)
#   bash scripts/test-dates.sh month 2027-01 [parts]   noon Tokyo on each day of that month
#   bash scripts/test-dates.sh <instant>... [-- parts]
# parts as scripts/test-at.sh takes them (unit, api, pg, e2e; all by default). One line per
# instant (`<instant>: N passed, N failed`) is appended to test-results/dates.log; the last line
# is the total.
set -uo pipefail
cd "$(dirname "$0")/.."

instants=()
parts=()
case ${1:-edges} in
  edges)
    instants=(2026-12-31T23:59+09:00 2027-02-28T23:59+09:00 2028-02-29T12:00+09:00 2027-06-15T23:59+09:00
      2027-03-01T00:30+09:00)
    shift || true
    parts=("$@")
    ;;
  month)
    month=${2:?usage: test-dates.sh month yyyy-mm [parts]}
    shift 2
    parts=("$@")
    for d in $(seq 1 31); do
      day=$(printf '%s-%02d' "$month" "$d")
      [ "$(date -d "$day" +%Y-%m-%d 2>/dev/null)" = "$day" ] && instants+=("${day}T12:00+09:00")
    done
    ;;
  *)
    while [ $# -gt 0 ] && [ "$1" != "--" ]; do instants+=("$1"); shift; done
    [ "${1:-}" = "--" ] && shift
    parts=("$@")
    ;;
esac

mkdir -p test-results
passed=0
failed=0
for at in "${instants[@]}"; do
  line=$(bash scripts/test-at.sh "$at" "${parts[@]}" | tee /dev/stderr | tail -1)
  echo "$at (${parts[*]:-unit api pg e2e}): $line" | tee -a test-results/dates.log
  p=$(sed -nE 's/^([0-9]+) passed.*/\1/p' <<< "$line")
  f=$(sed -nE 's/^[0-9]+ passed, ([0-9]+) failed.*/\1/p' <<< "$line")
  passed=$((passed + ${p:-0}))
  failed=$((failed + ${f:-1}))
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
