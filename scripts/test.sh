#!/usr/bin/env bash
# `npm test`: set up, type-check every package, check the import boundaries (lint), then run
# every test (unit, integration against the real PostgreSQL, Redis, SMTP and mediasoup, and
# end-to-end in Debian's Chromium).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-system-packages.sh
bash scripts/setup.sh
bash scripts/typecheck.sh
echo "[test] import boundaries (npm run lint)"
bash scripts/lint.sh
if [ $# -gt 0 ]; then exec npx vitest run "$@"; fi
# Unit and integration tests first, then the browser tests on their own: they share one whole
# product (API, projections, workers) and three Chromiums, which should not compete with the rest.
echo "[test] unit and integration tests"
npx vitest run --project server --project web
echo "[test] browser tests"
npx vitest run --project e2e
