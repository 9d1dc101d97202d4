#!/usr/bin/env bash
# `npm test`: installs what the tests need, then runs every suite:
#   1. unit, component and server tests (server on a temp SQLite file)
#   2. the server suite again on a throwaway PostgreSQL cluster
#   3. the type check of the whole workspace, and the production build of the shell and every remote
#      (with the shared-singleton check)
#   4. end-to-end tests in headless Debian Chromium against the built portal
# and prints one closing line "tests: N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
results=$(mktemp -d)
# This run's own PostgreSQL cluster state, so concurrent runs on one machine never stop each other's cluster.
export PG_CLUSTER_STATE="$results/pg-cluster.env"
status=0

bash scripts/system-deps.sh || { echo "system dependencies could not be installed"; exit 1; }
bash scripts/pnpm.sh install --frozen-lockfile || { echo "pnpm install failed"; exit 1; }

echo "== 1/4 unit, component and server tests (SQLite)"
npx jest --ci --json --outputFile="$results/unit.json" || status=1

echo "== 2/4 server tests on PostgreSQL"
pg_url=$(bash packages/server/scripts/pg-cluster.sh start | grep -o 'postgres://[^ ]*' | tail -n 1)
if [ -z "$pg_url" ]; then
  echo "could not start a PostgreSQL cluster"; status=1
else
  TEST_DATABASE_URL="$pg_url" npx jest --ci --selectProjects server --json --outputFile="$results/postgres.json" || status=1
  bash packages/server/scripts/pg-cluster.sh stop
fi

echo "== 3/4 type check and build"
bash scripts/pnpm.sh run typecheck || { echo "type check failed"; status=1; }
if bash scripts/pnpm.sh run build; then
  echo "== 4/4 end-to-end tests (Chromium)"
  npx jest --ci --config packages/e2e/jest.config.js --json --outputFile="$results/e2e.json" || status=1
else
  echo "build failed"; status=1
fi

node scripts/summary.js "$results"/*.json || status=1
exit $status
