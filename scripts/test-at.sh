#!/usr/bin/env bash
# Runs the tests as if now were another instant: `bash scripts/test-at.sh 2028-02-29T23:59+09:00
# [unit] [api] [pg] [e2e]` (all four when none is named). Every process of the run (Node, the
# embedded PGlite inside it, Vitest, the e2e server and Debian's Chromium) reads its clock through
# libfaketime, shifted by the same offset, and the API tests' PostgreSQL pass (`pg`) runs on a
# private server started under the same shifted clock, so the database's now() moves with them.
# The clock runs on from that instant. Results go to test-results/at-<instant>/ and the last line
# is `N passed, N failed` for that instant. Not part of CI: scripts/test-dates.sh runs it across
# the dates docs/testing.md names.
set -uo pipefail
cd "$(dirname "$0")/.."

at=${1:?usage: bash scripts/test-at.sh <instant, e.g. 2026-12-31T23:59+09:00> [unit] [api] [pg] [e2e]}
shift
parts=${*:-unit api pg e2e}

SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
lib=$(ls /usr/lib/*/faketime/libfaketime.so.1 2>/dev/null | head -1)
if [ -z "$lib" ]; then
  echo "installing faketime from Debian's packages"
  $SUDO apt-get install -y -qq faketime >/dev/null || { echo "could not install faketime"; exit 1; }
  lib=$(ls /usr/lib/*/faketime/libfaketime.so.1 | head -1)
fi

target=$(date -d "$at" +%s) || { echo "not an instant: $at"; exit 1; }
offset=$((target - $(date +%s)))
stamp=$(date -u -d "@$target" +%Y%m%dT%H%MZ)
# A relative offset (seconds) keeps every process on one clock; the monotonic clock stays real so
# timers and timeouts behave, and so does libfaketime's fix of waits on it (with the fix, Chromium's
# renderer stops at its first frames).
clock=(LD_PRELOAD="$lib" FAKETIME="$([ $offset -ge 0 ] && echo +)$offset" FAKETIME_DONT_FAKE_MONOTONIC=1
  FAKETIME_FORCE_MONOTONIC_FIX=0)

results=test-results/at-$stamp
rm -rf "$results"
mkdir -p "$results"
echo "== tests at $(env "${clock[@]}" date -u +%Y-%m-%dT%H:%M:%SZ) ($(env "${clock[@]}" TZ=Asia/Tokyo date '+%Y-%m-%d %H:%M') in Tokyo): $parts"

pgdir=""
stop_postgres() {
  [ -n "$pgdir" ] || return 0
  run_as_postgres "$pgbin/pg_ctl" -D "$pgdir/data" -m immediate stop >/dev/null 2>&1
  rm -rf "$pgdir"
}
run_as_postgres() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- env "${clock[@]}" "$@"; else env "${clock[@]}" "$@"; fi
}
trap stop_postgres EXIT

if [[ " $parts " == *" pg "* ]]; then
  pgbin=/usr/lib/postgresql/$(ls /usr/lib/postgresql | sort -V | tail -1)/bin
  pgdir=$(mktemp -d /tmp/yadoban-pg-at.XXXXXX)
  [ "$(id -u)" -eq 0 ] && chown postgres "$pgdir"
  pgport=${PG_AT_PORT:-55432}
  run_as_postgres "$pgbin/initdb" -D "$pgdir/data" -A trust -U postgres >/dev/null || exit 1
  run_as_postgres "$pgbin/pg_ctl" -D "$pgdir/data" -l "$pgdir/log" -w \
    -o "-p $pgport -k $pgdir -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" start >/dev/null ||
    { cat "$pgdir/log"; exit 1; }
  pgurl=postgres://postgres@127.0.0.1:$pgport/postgres
  echo "PostgreSQL under the same clock: $(psql "$pgurl" -Atc "select now()")"
fi

# run_vitest <report name> <DATABASE_URL or empty> <vitest arguments...>
run_vitest() {
  local name=$1 url=$2
  shift 2
  env -u DATABASE_URL "${clock[@]}" ${url:+DATABASE_URL=$url} npx vitest run "$@" --reporter=dot --reporter=json \
    --outputFile.json="$results/$name.json" > "$results/$name.log" 2>&1
  echo "$name: $(sed 's/\x1b\[[0-9;]*m//g' "$results/$name.log" | grep -E '^ +Tests ' | tail -1)"
}

for part in $parts; do
  case $part in
    unit) run_vitest unit "" --project unit --project 'component*' ;;
    api) run_vitest api "" --project api ;;
    # Under libfaketime PostgreSQL's own timers never fire (statement_timeout, the deadlock check),
    # so a race that deadlocks hangs instead of being refused: the race tests are proven on the real
    # clock (npm test's pass on TEST_DATABASE_URL) and have no date in them.
    pg)
      echo "pg: without tests/api/catalogueDeleteRace.test.ts (PostgreSQL's timers stand still under libfaketime)"
      run_vitest pg "$pgurl" --project api --exclude tests/api/catalogueDeleteRace.test.ts
      ;;
    e2e)
      bash scripts/ensure-system-deps.sh || { echo "e2e: could not install chromium and fonts-noto-cjk"; exit 1; }
      npx vite build --logLevel warn >/dev/null 2>&1
      env "${clock[@]}" E2E_WORK_DIR="$results/e2e" PLAYWRIGHT_JSON_OUTPUT_NAME="$results/e2e.json" \
        npx playwright test --reporter=line,json > "$results/e2e.log" 2>&1
      echo "e2e: $(grep -E '^ +[0-9]+ (passed|failed|flaky|skipped)' "$results/e2e.log" | tr -s ' \n' ' ')"
      ;;
    *) echo "unknown part: $part (unit, api, pg, e2e)"; exit 1 ;;
  esac
done

node scripts/test-summary.mjs "$results" | tail -1
