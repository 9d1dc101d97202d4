#!/usr/bin/env bash
# `npm start`: install, build every app, and start the portal (server + embedded SQLite + demo data) on :8080.
# Demo mode is on here (PORTAL_DEMO=1 unless set; the server says so in its log); the server alone defaults to off.
# The demo libraries' simulated devices send live readings, alarms and SIP operations (PORTAL_DEMO_DEVICES=0: none).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/pnpm.sh install --frozen-lockfile
bash scripts/pnpm.sh run build
PORTAL_DEMO="${PORTAL_DEMO:-1}" PORTAL_DEMO_DEVICES="${PORTAL_DEMO_DEVICES:-1}" exec bash scripts/pnpm.sh --filter @portal/server start
