#!/usr/bin/env bash
# `npm run typecheck`: type-checks every package with its own compiler settings: the server
# packages and root code (tsconfig.json), the browser client (web/, DOM types, JSX) and the
# browser tests (e2e/). Nothing is emitted: tsx runs the server's TypeScript directly.
# Incremental: what tsc learnt last time is kept in node_modules/.cache/tsc, so a second run
# re-checks only what changed.
set -euo pipefail
cd "$(dirname "$0")/.."
cache=node_modules/.cache/tsc
mkdir -p "$cache"
check() { node_modules/.bin/tsc -p "$1" --noEmit --incremental --tsBuildInfoFile "$cache/$2.tsbuildinfo"; }
echo "[typecheck] server packages, testkit and root code"
check tsconfig.json root
echo "[typecheck] web client"
check web/tsconfig.json web
echo "[typecheck] browser tests"
check e2e/tsconfig.json e2e
