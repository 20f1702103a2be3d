#!/usr/bin/env bash
# `npm run typecheck`: type-checks every package with its own compiler settings: the server
# packages and root code (tsconfig.json), the browser client (web/, DOM types, JSX) and the
# browser tests (e2e/). Nothing is emitted: tsx runs the server's TypeScript directly.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "[typecheck] server packages, testkit and root code"
node_modules/.bin/tsc -p tsconfig.json --noEmit
echo "[typecheck] web client"
node_modules/.bin/tsc -p web/tsconfig.json --noEmit
echo "[typecheck] browser tests"
node_modules/.bin/tsc -p e2e/tsconfig.json --noEmit
