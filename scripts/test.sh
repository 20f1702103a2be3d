#!/usr/bin/env bash
# `npm test`: set up, type-check every package, check the import boundaries (lint), then run
# every test (unit, integration against the real PostgreSQL, Redis, SMTP and mediasoup, and
# end-to-end in Debian's Chromium).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-system-packages.sh
bash scripts/setup.sh
# Type-checking and lint side by side (each is mostly one thread); each one's output is printed whole.
checks=$(mktemp -d)
bash scripts/typecheck.sh > "$checks/typecheck" 2>&1 & typecheck=$!
bash scripts/lint.sh > "$checks/lint" 2>&1 & lint=$!
typecheck_status=0; wait "$typecheck" || typecheck_status=$?
lint_status=0; wait "$lint" || lint_status=$?
cat "$checks/typecheck"
echo "[test] formatting and import boundaries (npm run lint)"
cat "$checks/lint"
rm -rf "$checks"
if [ "$typecheck_status" -ne 0 ] || [ "$lint_status" -ne 0 ]; then exit 1; fi
if [ $# -gt 0 ]; then exec npx vitest run "$@"; fi
# Unit and integration tests first, then the browser tests on their own: they share one whole
# product (API, projections, workers) and three Chromiums, which should not compete with the rest.
echo "[test] unit and integration tests"
# Each run's per-file durations stay in test-artifacts/durations (vitest's JSON report).
durations() { echo --reporter=default --reporter=json "--outputFile.json=test-artifacts/durations/$1.json"; }
npx vitest run --project server --project web --project web-module-mocks $(durations unit-integration)
echo "[test] browser tests"
# The first-load budget times paints under emulated throttling: it runs last, alone, so that no
# other file's Chromium (the live files decode video) takes the CPU it measures.
budget=e2e/web-client-budget.e2e.test.ts
npx vitest run --project e2e --exclude "$budget" $(durations browser)
npx vitest run --project e2e "$budget" $(durations browser-budget)
