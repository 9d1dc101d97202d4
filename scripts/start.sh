#!/usr/bin/env bash
# `npm start`: install, build every app, and start the portal (server + embedded SQLite + demo data) on :8080.
# Demo mode is on here (PORTAL_DEMO=1 unless set; the server says so in its log); the server alone defaults to off.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/pnpm.sh install --frozen-lockfile
bash scripts/pnpm.sh run build
PORTAL_DEMO="${PORTAL_DEMO:-1}" exec bash scripts/pnpm.sh --filter @portal/server start
