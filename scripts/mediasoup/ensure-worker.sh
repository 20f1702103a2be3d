#!/usr/bin/env bash
# Makes sure node_modules/mediasoup has its C++ worker binary.
#
# mediasoup's own postinstall downloads a prebuilt worker (and pip packages) from outside the npm
# registry, which this project cannot reach, so the project installs with --ignore-scripts and
# this script provides the worker instead:
#   1. the version is the exact one pinned in sfu/package.json;
#   2. a worker already built for that version is taken from
#      ${MYWORLD_CACHE_DIR:-$HOME/.cache/myworld}/mediasoup-worker/<version>/mediasoup-worker;
#   3. otherwise it is built from the npm tarball's C++ source against Debian packages
#      (see scripts/mediasoup/shims/README.md) with the fixes in scripts/mediasoup/patches/,
#      smoke-tested and moved into the cache atomically;
#   4. every installed copy of mediasoup (root node_modules and sfu/node_modules) gets a symlink
#      at worker/out/Release/mediasoup-worker, where mediasoup's Node layer looks for it.
# Idempotent; with the cache present it only checks a symlink. Needs root (or sudo) only when
# Debian build packages are missing.
set -euo pipefail

REPO_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
SHIMS_DIR="$REPO_DIR/scripts/mediasoup/shims"
PATCHES_DIR="$REPO_DIR/scripts/mediasoup/patches"
CACHE_ROOT=${MYWORLD_CACHE_DIR:-$HOME/.cache/myworld}

log() { echo "[mediasoup-worker] $*"; }
die() { echo "[mediasoup-worker] error: $*" >&2; exit 1; }

# ------------------------------------------------------------- pinned version ----
# Read with grep/sed rather than node so the fast path stays a few milliseconds.
json_string_field() { # FIELD FILE: the first "FIELD": "value" in a JSON file
  grep -o "\"$1\"[[:space:]]*:[[:space:]]*\"[^\"]*\"" "$2" | head -n1 | sed -E 's/.*"([^"]*)"$/\1/'
}
VERSION=$(json_string_field mediasoup "$REPO_DIR/sfu/package.json")
[[ "$VERSION" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] ||
  die "sfu/package.json must pin an exact mediasoup version (found '${VERSION:-nothing}')"
case "$VERSION" in
  3.16.* | 3.17.* | 3.18.*) ;;
  *) die "scripts/mediasoup/shims/ fit mediasoup 3.16-3.18; $VERSION needs its own shims" ;;
esac

# The cache key names the patches too: changing a patch builds a new worker.
PATCH_ID=$(cat "$PATCHES_DIR"/*.patch 2>/dev/null | sha256sum | cut -c1-10)
CACHE_DIR="$CACHE_ROOT/mediasoup-worker/$VERSION-$PATCH_ID"
CACHED_WORKER="$CACHE_DIR/mediasoup-worker"

# ------------------------------------------------------ installed copies --------
# npm workspaces hoist mediasoup to the root; a version conflict would nest it under sfu/.
INSTALLS=()
for dir in "$REPO_DIR/node_modules/mediasoup" "$REPO_DIR/sfu/node_modules/mediasoup"; do
  [ -f "$dir/package.json" ] || continue
  installed=$(json_string_field version "$dir/package.json")
  [ "$installed" = "$VERSION" ] ||
    die "$dir is mediasoup $installed but sfu/package.json pins $VERSION: run 'npm ci --ignore-scripts' again"
  INSTALLS+=("$dir")
done
[ ${#INSTALLS[@]} -gt 0 ] ||
  die "node_modules/mediasoup is missing: run 'npm ci --ignore-scripts' in $REPO_DIR first, then this script"

link_worker_into_installs() {
  for dir in "${INSTALLS[@]}"; do
    local target="$dir/worker/out/Release/mediasoup-worker"
    [ "$(readlink "$target" 2>/dev/null || true)" = "$CACHED_WORKER" ] && continue
    mkdir -p "$(dirname "$target")"
    ln -sfn "$CACHED_WORKER" "$target.tmp.$$"
    mv -fT "$target.tmp.$$" "$target"
    log "linked ${target#"$REPO_DIR"/} -> $CACHED_WORKER"
  done
}

# ----------------------------------------------------------------- fast path -----
if [ -x "$CACHED_WORKER" ]; then
  link_worker_into_installs
  exit 0
fi

# ------------------------------------------------------------------ build --------
mkdir -p "$CACHE_DIR"
# Two setups running at once (e.g. parallel CI steps) build once; the second waits and reuses.
exec 9>"$CACHE_DIR/.build.lock"
flock 9
if [ -x "$CACHED_WORKER" ]; then
  link_worker_into_installs
  exit 0
fi

START=$SECONDS
log "no cached worker for mediasoup $VERSION; building it (about 8 minutes on 2 cores)"
bash "$REPO_DIR/scripts/mediasoup/install-build-packages.sh"

BUILD_DIR=$(mktemp -d "${TMPDIR:-/tmp}/myworld-mediasoup-$VERSION.XXXXXX")
# Keep the scratch directory when the build fails, so its logs can be read.
trap 'log "build failed; scratch directory kept at $BUILD_DIR"' ERR

# The C++ source ships in the npm tarball; npm pack fetches it without installing or running
# anything.
(cd "$BUILD_DIR" && npm pack --silent "mediasoup@$VERSION" >/dev/null && tar -xzf "mediasoup-$VERSION.tgz")
WORKER_SRC="$BUILD_DIR/package/worker"

for fix in "$PATCHES_DIR"/*.patch; do
  [ -e "$fix" ] || continue
  patch -d "$BUILD_DIR/package" -p1 --quiet --forward < "$fix" || die "patch $(basename "$fix") did not apply"
  log "applied $(basename "$fix")"
done

# Replace the downloading wraps with the local shims over Debian's libraries.
rm -f "$WORKER_SRC"/subprojects/*.wrap
for shim in "$SHIMS_DIR"/*/; do
  name=$(basename "$shim")
  cp -r "$shim" "$WORKER_SRC/subprojects/$name"
  cp "$SHIMS_DIR/placeholder.c" "$WORKER_SRC/subprojects/$name/placeholder.c"
done

# Meson directly, as mediasoup's invoke tasks do, minus their pip installs of meson and ninja.
# liburing is disabled: Debian 12's liburing 2.3 lacks io_uring_prep_sendto.
(
  cd "$WORKER_SRC"
  meson setup --buildtype release -Db_ndebug=true --wrap-mode=nodownload \
    -Dms_disable_liburing=true out/build >"$BUILD_DIR/meson-setup.log" 2>&1 ||
    { tail -n 40 "$BUILD_DIR/meson-setup.log" >&2; exit 1; }
  # The FlatBuffers headers first: the worker's targets do not declare that they need them.
  { meson compile -C out/build flatbuffers-generator &&
    meson compile -C out/build -j "$(nproc)" mediasoup-worker; } >"$BUILD_DIR/meson-compile.log" 2>&1 ||
    { tail -n 40 "$BUILD_DIR/meson-compile.log" >&2; exit 1; }
)

# Into the cache atomically: a half-written file never carries the final name.
TMP_WORKER="$CACHE_DIR/.mediasoup-worker.tmp.$$"
install -m 0755 "$WORKER_SRC/out/build/mediasoup-worker" "$TMP_WORKER"
strip "$TMP_WORKER"

# Smoke test before caching: the Node layer starts the binary and closes it.
(cd "$REPO_DIR/sfu" && MEDIASOUP_WORKER_BIN="$TMP_WORKER" node --input-type=module -e "
  const { createWorker } = await import('mediasoup');
  const worker = await createWorker({ logLevel: 'error' });
  const router = await worker.createRouter({ mediaCodecs: [{ kind: 'audio', mimeType: 'audio/opus', clockRate: 48000, channels: 2 }] });
  router.close();
  worker.close();
") || die "the built worker failed its smoke test (scratch: $BUILD_DIR)"

mv -f "$TMP_WORKER" "$CACHED_WORKER"
trap - ERR
rm -rf "$BUILD_DIR"
log "built mediasoup-worker $VERSION in $((SECONDS - START))s -> $CACHED_WORKER"
link_worker_into_installs
