#!/usr/bin/env bash
# Fails when server/db/schema has changes that no migration carries (someone forgot
# `npm run db:generate`). Generates into a copy, so the repository's migrations are never touched.
set -euo pipefail
cd "$(dirname "$0")/.."
# drizzle-kit takes a relative output folder only; test-results/ is git-ignored.
copy=test-results/migrations-check
rm -rf "$copy"
mkdir -p test-results
cp -r server/db/migrations "$copy"
before=$(ls "$copy" | wc -l)
out=$(npx drizzle-kit generate --dialect postgresql --schema ./server/db/schema/index.ts --out "./$copy" --name drift 2>&1)
after=$(ls "$copy" | wc -l)
rm -rf "$copy"
if ! grep -q 'No schema changes' <<<"$out"; then
  [ "$before" != "$after" ] && echo "server/db/schema differs from the migrations: run npm run db:generate and commit the new migration"
  echo "$out" | grep -v nodedir | tail -5
  exit 1
fi
echo "migrations match the schema"
