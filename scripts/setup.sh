#!/usr/bin/env bash
# Installs whatever is missing for running and testing MyWorld, and nothing when all is there:
# npm packages (from the lock file), the mediasoup worker (built once, cached outside the repo),
# ffmpeg, the object store, the web client build, the PostgreSQL database and the storage bucket.
# Idempotent; a second run takes seconds.
set -euo pipefail
cd "$(dirname "$0")/.."
log() { echo "[setup] $*"; }

# npm packages: reinstall only when the lock file changed since the last install. Scripts stay
# off: mediasoup's own install script downloads a prebuilt worker, which cannot work here.
lock_hash=$(sha256sum package-lock.json | cut -c1-16)
stamp=node_modules/.myworld-installed
if [ "$(cat "$stamp" 2>/dev/null)" != "$lock_hash" ]; then
  log "installing npm packages (npm ci)"
  npm ci --ignore-scripts --no-audit --no-fund --loglevel=error
  echo "$lock_hash" > "$stamp"
fi

bash scripts/mediasoup/ensure-worker.sh

# Media: ffmpeg processes videos. Without S3_ENDPOINT the product keeps its objects in a local
# Swift (started here when it is not running, supervised by `npm start`).
bash scripts/install-system-packages.sh ffmpeg
if [ -z "${S3_ENDPOINT:-}" ]; then bash scripts/storage/ensure-swift.sh; fi

# Web client: rebuild when any source is newer than the last build.
if [ ! -f web/dist/index.html ] || [ -n "$(find web/src web/build web/public web/index.html web/vite.config.ts web/package.json schemas/src -newer web/dist/index.html -print -quit 2>/dev/null)" ]; then
  log "building the web client"
  npm run build --workspace web --silent
fi

npx tsx scripts/migrate.ts
