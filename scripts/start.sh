#!/usr/bin/env bash
# `npm start`: set up whatever is missing, then run the API, projections and workers together.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
exec node --import tsx scripts/run-all.ts
