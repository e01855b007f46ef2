#!/usr/bin/env bash
# The README's test command: installs what the tests need, then runs typecheck, lint, unit,
# component, API and end-to-end tests, and ends with one line `N passed, N failed`.
set -uo pipefail
cd "$(dirname "$0")/.."

results=test-results
rm -rf "$results"
mkdir -p "$results"

bash scripts/ensure-system-deps.sh || { echo "could not install chromium and fonts-noto-cjk"; echo "0 passed, 1 failed"; exit 1; }

# A check that is not a test runner counts as one test: passed or failed.
check() {
  local name=$1
  shift
  echo "== $name"
  if "$@"; then
    echo "{\"name\":\"$name\",\"passed\":1,\"failed\":0}" > "$results/check-$name.json"
  else
    echo "{\"name\":\"$name\",\"passed\":0,\"failed\":1}" > "$results/check-$name.json"
  fi
}

check typecheck npx tsc --noEmit -p tsconfig.json
check lint npx eslint . --max-warnings 0
check format npx prettier --check . --log-level warn
check migrations bash scripts/check-migrations.sh

echo "== vitest (unit, component, api)"
npx vitest run --reporter=default --reporter=json --outputFile.json="$results/vitest.json"

# The race and locking tests prove nothing on PGlite (it runs one statement at a time): with
# TEST_DATABASE_URL the API tests run a second time on that PostgreSQL server.
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  echo "== vitest api on PostgreSQL (TEST_DATABASE_URL)"
  DATABASE_URL="$TEST_DATABASE_URL" npx vitest run --project api --reporter=default --reporter=json \
    --outputFile.json="$results/vitest-postgres.json"
else
  echo "== API tests on PostgreSQL: SKIPPED (set TEST_DATABASE_URL=postgres://... to run them; races and locks are only proven there)"
fi

check build npx vite build --logLevel warn

echo "== playwright (e2e in Chromium)"
PLAYWRIGHT_JSON_OUTPUT_NAME="$results/playwright.json" npx playwright test --reporter=list,json

node scripts/test-summary.mjs "$results"
