#!/usr/bin/env bash
# Installs Debian packages the product and its tests need; does nothing when all are present.
# With arguments, installs those; without, what `npm test` needs: the media tools the product
# uses (ffmpeg) and the browser for end-to-end tests: Chromium's headless shell, the same Blink
# and V8 as the desktop browser without its window and UI, at about 60% of its CPU in those tests.
set -euo pipefail
if [ $# -gt 0 ]; then PACKAGES=("$@"); else PACKAGES=(ffmpeg chromium-headless-shell fonts-liberation); fi
missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" != 0 ]; then SUDO=sudo; else SUDO=; fi
echo "[setup] installing Debian packages: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get -o DPkg::Lock::Timeout=600 update -qq
$SUDO apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
