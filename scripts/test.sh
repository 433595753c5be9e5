#!/usr/bin/env bash
# `npm test`: everything, in the order that fails fastest.
# 1 typecheck · 2 lint · 3 unit + API tests on PGlite · 4 the API tests again on the PostgreSQL
# server when TEST_DATABASE_URL is set · 5 build · 6 browser tests in Debian's Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n\033[1m== %s ==\033[0m\n' "$*"; }

step "typecheck"
npx tsc --noEmit -p .

step "lint"
npx biome check .
# Import rules (docs/architecture.md): features, modules and core import one way only.
npm run lint:imports

step "unit and API tests (embedded PGlite)"
TEST_TARGET=pglite npx vitest run

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  # The unit project touches no database: it ran above, once is enough.
  step "API tests (PostgreSQL server at ${TEST_DATABASE_URL%%\?*})"
  TEST_TARGET=postgres npx vitest run --project api
else
  echo "TEST_DATABASE_URL not set: the PostgreSQL server run is skipped (CI sets it)."
fi

step "build"
npx vite build

step "browser tests (Chromium)"
bash scripts/ensure-chromium.sh
npx playwright test
