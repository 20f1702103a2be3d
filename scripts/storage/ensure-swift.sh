#!/usr/bin/env bash
# The local object store for `npm start` and `npm test` when S3_ENDPOINT is not set: a single-node
# OpenStack Swift (Debian's packages) with its S3 layer (s3api), on loopback only. Installs the
# packages when missing, writes its configuration under .data/swift (git-ignored: the objects
# live there and survive restarts), and starts memcached and the four Swift servers unless the
# store already answers. Idempotent: when it is up this takes a moment.
#
# S3 endpoint http://127.0.0.1:${LOCAL_S3_PORT:-8480}, path-style, region us-east-1, access key
# "test:tester", secret "testing" (Swift's tempauth). Presigned URLs carry their own signature,
# so the store allows cross-origin requests from any origin (it is reachable from this machine only).
set -euo pipefail
cd "$(dirname "$0")/../.."
log() { echo "[storage] $*"; }

PORT=${LOCAL_S3_PORT:-8480}
# The account, container and object servers sit on the three ports after the proxy's.
ACCOUNT_PORT=$((PORT + 1)) CONTAINER_PORT=$((PORT + 2)) OBJECT_PORT=$((PORT + 3)) MEMCACHED_PORT=$((PORT + 4))
healthy() { curl -sf "http://127.0.0.1:$PORT/healthcheck" >/dev/null 2>&1; }

if healthy; then exit 0; fi

bash scripts/install-system-packages.sh swift-proxy swift-account swift-container swift-object memcached curl

DIR="$(pwd)/.data/swift"
mkdir -p "$DIR/etc" "$DIR/node/d1" "$DIR/run" "$DIR/logs"
USER_NAME=$(id -un)

# The hash suffix names where objects live on disk: written once, never changed.
[ -f "$DIR/etc/hash-suffix" ] || od -An -N16 -tx1 /dev/urandom | tr -d ' \n' > "$DIR/etc/hash-suffix"
cat > "$DIR/etc/swift.conf" <<EOC
[swift-hash]
swift_hash_path_suffix = $(cat "$DIR/etc/hash-suffix")
[storage-policy:0]
name = Policy-0
default = yes
EOC

for spec in "account:$ACCOUNT_PORT" "container:$CONTAINER_PORT" "object:$OBJECT_PORT"; do
  name=${spec%%:*} port=${spec##*:}
  cat > "$DIR/etc/$name-server.conf" <<EOC
[DEFAULT]
devices = $DIR/node
mount_check = false
bind_ip = 127.0.0.1
bind_port = $port
workers = 0
user = $USER_NAME
swift_dir = $DIR/etc
log_name = $name
[pipeline:main]
pipeline = $name-server
[app:$name-server]
use = egg:swift#$name
EOC
  # A ring records its server's port: rebuild it when the port changed.
  if [ ! -f "$DIR/etc/$name.ring.gz" ] || [ "$(cat "$DIR/etc/$name.port" 2>/dev/null)" != "$port" ]; then
    rm -f "$DIR/etc/$name.builder" "$DIR/etc/$name.ring.gz"
    swift-ring-builder "$DIR/etc/$name.builder" create 8 1 1 >/dev/null
    swift-ring-builder "$DIR/etc/$name.builder" add "r1z1-127.0.0.1:$port/d1" 1 >/dev/null
    swift-ring-builder "$DIR/etc/$name.builder" rebalance >/dev/null
    echo "$port" > "$DIR/etc/$name.port"
  fi
done

cat > "$DIR/etc/proxy-server.conf" <<EOC
[DEFAULT]
bind_ip = 127.0.0.1
bind_port = $PORT
workers = 0
user = $USER_NAME
swift_dir = $DIR/etc
log_name = proxy
cors_allow_origin = *
cors_expose_headers = ETag, x-amz-request-id
strict_cors_mode = false
[pipeline:main]
pipeline = catch_errors gatekeeper healthcheck proxy-logging cache listing_formats s3api tempauth copy slo dlo proxy-logging proxy-server
[app:proxy-server]
use = egg:swift#proxy
account_autocreate = true
[filter:catch_errors]
use = egg:swift#catch_errors
[filter:gatekeeper]
use = egg:swift#gatekeeper
[filter:healthcheck]
use = egg:swift#healthcheck
[filter:proxy-logging]
use = egg:swift#proxy_logging
[filter:cache]
use = egg:swift#memcache
memcache_servers = 127.0.0.1:$MEMCACHED_PORT
[filter:listing_formats]
use = egg:swift#listing_formats
[filter:s3api]
use = egg:swift#s3api
location = us-east-1
allow_multipart_uploads = true
max_upload_part_num = 10000
s3_acl = false
check_bucket_owner = false
cors_preflight_allow_origin = *
[filter:tempauth]
use = egg:swift#tempauth
user_test_tester = testing .admin
[filter:copy]
use = egg:swift#copy
[filter:slo]
use = egg:swift#slo
max_manifest_segments = 10000
[filter:dlo]
use = egg:swift#dlo
EOC

# Stops what an earlier start left behind (a crashed proxy, say) before starting afresh.
for pidfile in "$DIR"/run/*.pid; do
  [ -f "$pidfile" ] || continue
  kill "$(cat "$pidfile")" 2>/dev/null || true
  rm -f "$pidfile"
done

log "starting the local object store (Swift with S3) on 127.0.0.1:$PORT"
start() { # name, command...
  local name=$1; shift
  nohup setsid "$@" > "$DIR/logs/$name.log" 2>&1 < /dev/null &
  echo $! > "$DIR/run/$name.pid"
}
start memcached memcached -l 127.0.0.1 -p "$MEMCACHED_PORT" -U 0 -u "$USER_NAME" -m 64
for name in account container object; do start "$name" "swift-$name-server" "$DIR/etc/$name-server.conf" -v; done
start proxy swift-proxy-server "$DIR/etc/proxy-server.conf" -v

for _ in $(seq 1 120); do
  if healthy; then log "up"; exit 0; fi
  sleep 0.5
done
log "the object store did not start; its logs are in $DIR/logs"
tail -n 20 "$DIR"/logs/*.log >&2 || true
exit 1
