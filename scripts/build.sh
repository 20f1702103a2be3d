#!/usr/bin/env bash
# `npm run build` (also the Dockerfile's build step): type-checks every package, then builds the
# web client into web/dist, which the API serves. The server needs no build: tsx runs its
# TypeScript sources directly.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/typecheck.sh
echo "[build] web client -> web/dist (and its server render -> web/dist-ssr)"
npm run build --workspace web --silent
