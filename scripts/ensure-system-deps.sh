#!/usr/bin/env bash
# Debian's Chromium (Playwright cannot download a browser here) and Japanese fonts (without them
# Japanese renders as empty boxes in screenshots). Installed only when missing.
set -euo pipefail
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
# grep reads the whole list: with -q it would stop early, fc-list would die of SIGPIPE and pipefail
# would call the fonts missing (an apt-get update on every run).
fc-list 2>/dev/null | grep -i 'Noto Sans CJK' >/dev/null || missing+=(fonts-noto-cjk)
[ ${#missing[@]} -eq 0 ] && exit 0
echo "installing ${missing[*]} from Debian's packages"
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
