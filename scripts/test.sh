#!/usr/bin/env bash
# `npm test`: set up, type-check every package, then run every test (unit, integration against
# the real PostgreSQL, Redis, SMTP and mediasoup, and end-to-end in Debian's Chromium).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-system-packages.sh
bash scripts/setup.sh
echo "[test] type-checking"
npx tsc -p tsconfig.json
npx tsc -p web/tsconfig.json
echo "[test] running tests"
npx vitest run "$@"
