#!/usr/bin/env bash
# Installs the Debian packages that building mediasoup-worker 3.16-3.18 needs. Does nothing when
# they are all present. mediasoup needs meson >= 1.1 but Debian 12 ships 1.0.1, so meson comes
# from bookworm-backports through a private apt configuration: the machine's own apt sources
# are copied and the backports suite is added beside them, without touching /etc/apt.
set -euo pipefail

log() { echo "[mediasoup-worker] $*"; }

PACKAGES=(
  build-essential pkg-config ninja-build python3 patch
  libuv1-dev libssl-dev libsrtp2-dev libabsl-dev libusrsctp-dev
  libflatbuffers-dev flatbuffers-compiler
)

meson_is_new_enough() {
  command -v meson >/dev/null || return 1
  dpkg --compare-versions "$(meson --version)" ge 1.1.0
}

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ] && meson_is_new_enough; then
  exit 0
fi

if [ "$(id -u)" != 0 ]; then SUDO=sudo; else SUDO=; fi
CODENAME=$(. /etc/os-release && echo "${VERSION_CODENAME:?}")
APT_DIR=${MYWORLD_CACHE_DIR:-$HOME/.cache/myworld}/apt-$CODENAME-backports
$SUDO mkdir -p "$APT_DIR/sources.list.d" "$APT_DIR/lists/partial"

# The machine's own sources (keeps its mirror and the security suite) ...
if compgen -G "/etc/apt/sources.list.d/*" >/dev/null; then
  $SUDO cp /etc/apt/sources.list.d/* "$APT_DIR/sources.list.d/"
fi
# ... plus backports from the same mirror as the main suite.
MIRROR=$(awk '/^URIs:/ && $2 ~ /\/debian\/?$/ { print $2; exit }' /etc/apt/sources.list.d/*.sources 2>/dev/null || true)
[ -n "$MIRROR" ] ||
  MIRROR=$(awk '$1 == "deb" && $2 ~ /\/debian\/?$/ { print $2; exit }' /etc/apt/sources.list 2>/dev/null || true)
MIRROR=${MIRROR:-http://deb.debian.org/debian}
$SUDO tee "$APT_DIR/sources.list.d/myworld-backports.sources" >/dev/null <<EOF
Types: deb
URIs: $MIRROR
Suites: $CODENAME-backports
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF

APT_OPTS=(
  -o Dir::Etc::SourceParts="$APT_DIR/sources.list.d"
  -o Dir::State::Lists="$APT_DIR/lists"
  -o DPkg::Lock::Timeout=600
  # The lists live under the cache dir, which apt's unprivileged _apt user may not enter.
  -o APT::Sandbox::User=root
)
APT_GET=($SUDO env DEBIAN_FRONTEND=noninteractive apt-get "${APT_OPTS[@]}")
log "installing Debian build packages (meson from $CODENAME-backports): ${missing[*]:-}"
"${APT_GET[@]}" update -qq
"${APT_GET[@]}" install -y -qq --no-install-recommends -t "$CODENAME-backports" meson >/dev/null
"${APT_GET[@]}" install -y -qq --no-install-recommends "${PACKAGES[@]}" >/dev/null
meson_is_new_enough || { echo "[mediasoup-worker] error: meson >= 1.1 is still missing" >&2; exit 1; }
