#!/usr/bin/env bash
# Installs the Debian packages the tests need when they are missing: chromium (end-to-end), postgresql (server suite),
# nginx (the load balancer of the scale-out test, packages/e2e/tests/scale.test.ts) and LibreOffice Calc without its
# GUI (`soffice`: the xlsx writer's read-back test, packages/server/src/lists/export/xlsxWriter.test.ts). Each check
# is a file test, so a machine that has them all spends no time here.
set -euo pipefail
need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
[ -x /usr/lib/postgresql/15/bin/initdb ] || ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
[ -x /usr/sbin/nginx ] || need+=(nginx-light)
command -v soffice >/dev/null 2>&1 || need+=(libreoffice-calc-nogui)
if [ ${#need[@]} -gt 0 ]; then
  echo "Installing Debian packages: ${need[*]}"
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
fi
