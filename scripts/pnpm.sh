#!/usr/bin/env bash
# Runs the pinned pnpm (10.34.9; pnpm 11 needs Node 22) whether or not it is installed globally.
set -euo pipefail
if command -v pnpm >/dev/null 2>&1 && [ "$(pnpm --version 2>/dev/null)" = "10.34.9" ]; then
  exec pnpm "$@"
fi
exec npx -y pnpm@10.34.9 "$@"
