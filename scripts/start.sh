#!/usr/bin/env bash
# `npm start`: install, build every app, and start the portal (server + embedded SQLite + demo data) on :8080.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/pnpm.sh install --frozen-lockfile
bash scripts/pnpm.sh run build
exec bash scripts/pnpm.sh --filter @portal/server start
