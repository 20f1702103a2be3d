#!/usr/bin/env bash
# `npm start`: set up whatever is missing, then run the API, projections and workers together.
set -euo pipefail
cd "$(dirname "$0")/.."
# Explicit development: the /dev/outbox page and the default TOKEN_SECRET work only when
# NODE_ENV=development is set, never by default.
export NODE_ENV="${NODE_ENV:-development}"
bash scripts/setup.sh
exec node --import tsx scripts/run-all.ts
