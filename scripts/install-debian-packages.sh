#!/usr/bin/env bash
# Installs the Debian packages Notetaker uses that are not installed yet (idempotent; needs root or sudo).
#   scripts/install-debian-packages.sh          what serving needs: ffmpeg and offline speech to text (pocketsphinx, en-us model)
#   scripts/install-debian-packages.sh --test   also what the tests use: espeak-ng and sox (spoken test audio), chromium (bots, web app tests)
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive

packages=(ffmpeg pocketsphinx pocketsphinx-en-us)
if [ "${1:-}" = "--test" ]; then packages+=(espeak-ng sox chromium fonts-liberation); fi

missing=()
for p in "${packages[@]}"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi

if ! command -v apt-get >/dev/null; then
  echo "Not a Debian or Ubuntu system: install these yourself for speech to text and audio: ${missing[*]}" >&2
  exit 0
fi
as_root=()
if [ "$(id -u)" -ne 0 ]; then as_root=(sudo); fi
echo "Installing Debian packages: ${missing[*]}"
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
