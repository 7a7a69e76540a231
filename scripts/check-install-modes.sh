#!/usr/bin/env bash
# `make package-test` (part of `make test`): scripts/install.sh run under umask 000 into a temporary
# DESTDIR must still make every folder 0755 and every file 0644 or 0755: nothing group- or
# world-writable (issue 44: the fonts folder and lib/pkgconfig came out 0777, and the Debian package
# with them). Reuses the binaries `make deb` built; installs nothing outside the temporary folder.
#   scripts/check-install-modes.sh RENDER LIBRARY VERSION SERVER
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# = 4 ] || { echo "usage: scripts/check-install-modes.sh RENDER LIBRARY VERSION SERVER" >&2; exit 64; }
work=$(mktemp -d "${TMPDIR:-/tmp}/install-modes.XXXXXX")
trap 'rm -rf "$work"' EXIT
# The staging folder does not exist yet: install.sh makes it and everything in it.
(umask 000 && scripts/install.sh "$work/stage" /usr "$1" "$2" "$3" "$4") > "$work/install.log" 2>&1 ||
  { cat "$work/install.log" >&2; echo "check-install-modes: install.sh failed under umask 000" >&2; exit 1; }
bad=$(find "$work/stage" ! -type l \( -perm /022 -o \( -type d ! -perm 0755 \) -o \( -type f ! -perm 0644 ! -perm 0755 \) \) \
  -printf '%m %p\n')
if [ -n "$bad" ]; then
  echo "check-install-modes: under umask 000 install.sh made (mode, path):" >&2
  echo "${bad//$work\/stage/}" >&2
  exit 1
fi
echo "check-install-modes: $(find "$work/stage" -type d | wc -l) folders 0755, $(find "$work/stage" -type f | wc -l) files 0644/0755 under umask 000"
