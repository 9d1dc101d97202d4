#!/usr/bin/env bash
# `npm test`: installs what the tests need, lints (ESLint with no warnings allowed, then Prettier's check: a finding
# fails the run before any test), then runs every suite in two lanes side by side (one core each; the server suites
# also wait on I/O and argon2 threads):
#   lane "web":    1. unit and component tests (jsdom)
#                  2. the production build of the shell and every remote (with the shared-singleton check)
#                  3. once the build is done: end-to-end tests in headless Debian Chromium against the built portal
#   lane "server": 4. the demo data of the end-to-end server (ready long before the build is)
#                  5. server tests on a temp SQLite file, then again on a throwaway PostgreSQL cluster
#                  6. the type check of the whole workspace (and the server's own tsconfig: scripts, no DOM)
# The end-to-end tests start when the build is done, not when both lanes are: the server lane is the longer one.
# Prints each phase's wall and CPU time, the slowest suites, and one closing line
# "tests: N passed, N failed" (CI reads it).
set -uo pipefail
cd "$(dirname "$0")/.."
results=$(mktemp -d)
phases="$results/phases.tsv"
: > "$phases"
# This run's own PostgreSQL cluster state, so concurrent runs on one machine never stop each other's cluster.
export PG_CLUSTER_STATE="$results/pg-cluster.env"
cores=$(nproc 2>/dev/null || echo 2)
# Jest workers per lane: the two lanes share the cores.
workers=$(( cores / 2 > 1 ? cores / 2 : 1 ))
started=$(date +%s.%N)

# timed NAME COMMAND...: runs the command and appends "NAME<tab>wall s<tab>CPU s (user+sys of the command and
# the children it waited for)<tab>exit status" to the phases file.
timed() {
  local name=$1 time_file rc wall user sys
  shift
  time_file=$(mktemp "$results/time.XXXXXX")
  local TIMEFORMAT='%R %U %S'
  { time "$@" 2>&1; } 2>"$time_file"
  rc=$?
  read -r wall user sys < <(tail -n 1 "$time_file")
  printf '%s\t%s\t%s\t%s\n' "$name" "$wall" "$(echo "$user $sys" | awk '{ printf "%.1f", $1 + $2 }')" "$rc" >> "$phases"
  return $rc
}

# Prefixes every output line with the lane's name (the lanes' outputs interleave).
prefixed() {
  sed -u "s/^/[$1] /"
}

# --forceExit: a test that fails on a timeout can leave a poll or a child's pipe open, and jest would then wait
# for it forever (a fresh-clone run hung after the PostgreSQL lane's results); the results are written first.
run_jest() {
  npx jest --ci --forceExit --maxWorkers="$workers" "$@"
}

server_tests_postgres() {
  local pg_url
  pg_url=$(bash packages/server/scripts/pg-cluster.sh start | grep -o 'postgres://[^ ]*' | tail -n 1)
  if [ -z "$pg_url" ]; then
    echo "could not start a PostgreSQL cluster"
    return 1
  fi
  TEST_DATABASE_URL="$pg_url" run_jest --selectProjects server --json --outputFile="$results/server-postgres.json"
  local rc=$?
  bash packages/server/scripts/pg-cluster.sh stop
  return $rc
}

type_check() {
  # The server's "build" is its type check (its own tsconfig: scripts/ too, no DOM types); the build phase
  # leaves it out so nothing is checked twice there.
  bash scripts/pnpm.sh run typecheck && bash scripts/pnpm.sh --filter @portal/server run build
}

build() {
  bash scripts/pnpm.sh -r --workspace-concurrency="$cores" --filter '!@portal/server' run build
}

# The demo data's phase writes this file when it has ended (made or not), so the end-to-end tests can start.
demo_data_ended="$results/e2e-data.ended"

end_to_end() {
  # Normally ended minutes ago (it is the server lane's first phase); waits for it otherwise.
  while [ ! -e "$demo_data_ended" ]; do sleep 1; done
  echo "== end-to-end tests (Chromium)"
  PORTAL_E2E_DATA_TEMPLATE="$results/e2e-data" timed "end-to-end tests" npx jest --ci --forceExit --config packages/e2e/jest.config.js --json --outputFile="$results/e2e.json"
}

lane_web() {
  timed "web tests (jsdom)" run_jest --selectProjects web --json --outputFile="$results/web.json"
  if timed "build" build; then end_to_end; else echo "build failed: no end-to-end tests"; fi
}

lane_server() {
  # The end-to-end server's demo data, generated first so it is ready when the other lane's build is.
  timed "end-to-end demo data" npx tsx packages/e2e/src/demoData.ts "$results/e2e-data" \
    || { echo "could not prepare the demo data: the end-to-end server will generate it"; rm -rf "$results/e2e-data"; }
  touch "$demo_data_ended"
  timed "server tests (SQLite)" run_jest --selectProjects server --json --outputFile="$results/server-sqlite.json"
  timed "server tests (PostgreSQL)" server_tests_postgres
  timed "type check" type_check || echo "type check failed"
}

echo "== install"
timed "install" bash -c 'bash scripts/system-deps.sh && bash scripts/pnpm.sh install --frozen-lockfile' \
  || { echo "installing the dependencies failed"; node scripts/summary.js "$phases"; exit 1; }

echo "== lint"
if timed "lint" bash scripts/pnpm.sh run --silent lint; then
  echo "lint: no findings"
else
  echo "lint failed: fix the findings above (npx eslint <file>; pnpm format rewrites what Prettier lists), then run again"
  node scripts/summary.js "$phases"
  exit 1
fi

echo "== web tests, the build, then the end-to-end tests  |  demo data, server tests (SQLite, PostgreSQL), then the type check"
lane_web 2>&1 | prefixed web &
web_lane=$!
lane_server 2>&1 | prefixed server &
server_lane=$!
wait "$web_lane" "$server_lane"

printf '%s\t%s\t\t\n' "total" "$(echo "$started $(date +%s.%N)" | awk '{ printf "%.1f", $2 - $1 }')" >> "$phases"
node scripts/summary.js "$phases" "$results/web.json" "$results/server-sqlite.json" "$results/server-postgres.json" "$results/e2e.json"
status=$?
# A phase without jest results (install, type check, build) fails the run through its exit status.
awk -F'\t' '$4 != "" && $4 != 0 { bad = 1 } END { exit bad }' "$phases" || status=1
exit $status
