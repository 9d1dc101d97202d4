#!/usr/bin/env bash
# Installs the Debian packages the tests need when they are missing: chromium (end-to-end), postgresql (server suite)
# and nginx (the load balancer of the scale-out test, packages/e2e/tests/scale.test.ts).
set -euo pipefail
need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
[ -x /usr/lib/postgresql/15/bin/initdb ] || ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
[ -x /usr/sbin/nginx ] || need+=(nginx-light)
if [ ${#need[@]} -gt 0 ]; then
  echo "Installing Debian packages: ${need[*]}"
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
fi
