#!/usr/bin/env bash
# Browser tests need Debian's Chromium at /usr/bin/chromium (or CHROMIUM_PATH). Install it when
# we can (root with apt); otherwise fail with the command to run. Never skips silently.
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Chromium not found at $CHROMIUM: installing Debian's chromium package..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium >/dev/null
  [ -x "$CHROMIUM" ] && { echo "Chromium installed: $($CHROMIUM --version 2>/dev/null || true)"; exit 0; }
fi
echo "ERROR: browser tests need Chromium at $CHROMIUM." >&2
echo "Install it with: sudo apt-get install -y chromium   (or set CHROMIUM_PATH to a Chromium binary)" >&2
exit 1
