#!/usr/bin/env bash
# Runs the server test project against a throwaway PostgreSQL cluster, then stops it.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
url="$("$here/pg-cluster.sh" start | sed -n 's/^TEST_DATABASE_URL=//p')"
trap '"$here/pg-cluster.sh" stop >/dev/null' EXIT
cd "$here/../../.."
TEST_DATABASE_URL="$url" npx jest --selectProjects server "$@"
