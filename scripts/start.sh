#!/usr/bin/env bash
# `npm start`: set up whatever is missing, then run the API, projections and workers together.
set -euo pipefail
cd "$(dirname "$0")/.."
# Explicit development: the /dev/outbox page and the default TOKEN_SECRET work only with
# NODE_ENV=development (or test) and a loopback HOST (default 127.0.0.1). On any other HOST the API
# and the workers refuse to start with the default TOKEN_SECRET, the workers refuse to start
# without SMTP_URL, and /dev/outbox is not served, whatever NODE_ENV says.
export NODE_ENV="${NODE_ENV:-development}"
bash scripts/setup.sh
exec node --import tsx scripts/run-all.ts
