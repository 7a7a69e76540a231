#!/usr/bin/env bash
# `make deb`: the Debian package of a staging folder that `make install DESTDIR=STAGE PREFIX=/usr` filled.
# Depends: is computed by dpkg-shlibdeps from the ELF files (render links Cairo statically, the library
# dynamically); the fonts travel in the package, so no font package is needed. Built with
# dpkg-deb --root-owner-group (no debhelper, no fakeroot); file times are set to the commit's time, so
# the same commit gives the same package.
#   scripts/make-deb.sh STAGE VERSION OUT.deb
set -euo pipefail
# DEBIAN/ and its files 0755 / 0644 whatever the caller's umask (dpkg-deb refuses a 0777 DEBIAN/).
umask 022
cd "$(dirname "$0")/.."
[ $# = 3 ] || { echo "usage: scripts/make-deb.sh STAGE VERSION OUT.deb" >&2; exit 64; }
stage=$(cd "$1" && pwd) version=$2 deb=$3
arch=$(dpkg --print-architecture)
for f in usr/bin/render usr/bin/render-serve usr/lib/libpreview_renderer.so usr/share/preview-renderer/fonts/fonts.lock; do
  [ -f "$stage/$f" ] || { echo "make-deb: $stage/$f is missing (run make install DESTDIR=$stage PREFIX=/usr)" >&2; exit 1; }
done

# As dh_strip does: debug info out (about 17 MB of render's 90), symbols kept for backtraces.
strip --strip-debug "$stage/usr/bin/render" "$stage/usr/bin/render-serve" "$stage/usr/lib/libpreview_renderer.so"

# dpkg-shlibdeps reads debian/control of its working folder: a minimal one in a scratch folder. The
# staging folder's DEBIAN/ tells it where the package's root is (SwiftPM's $ORIGIN rpath is resolved there).
mkdir -p "$stage/DEBIAN"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/debian"
printf 'Source: preview-renderer\n\nPackage: preview-renderer\nArchitecture: any\n' > "$scratch/debian/control"
depends=$(cd "$scratch" && dpkg-shlibdeps -O --ignore-missing-info \
  "$stage/usr/bin/render" "$stage/usr/bin/render-serve" "$stage/usr/lib/libpreview_renderer.so" | sed -n 's/^shlibs:Depends=//p')
[ -n "$depends" ] || { echo "make-deb: dpkg-shlibdeps found no dependencies" >&2; exit 1; }

size=$(du -sk --apparent-size "$stage/usr" | cut -f1)
cat > "$stage/DEBIAN/control" <<CONTROL
Package: preview-renderer
Version: $version
Architecture: $arch
Maintainer: ${DEB_MAINTAINER:-PreviewRenderer developers <preview-renderer@localhost>}
Installed-Size: $size
Depends: $depends
Section: graphics
Priority: optional
Description: headless renderer of recorded Sometrik framework sessions
 render replays a recorded UI session of the Sometrik C++ framework (JSON) and draws
 it to PNG with Cairo and the bundled fonts, compares screens with golden images
 (render check), writes review pages and serves a live page of sessions with an
 inspector (render serve, on 127.0.0.1). Also the C library libpreview_renderer.so,
 its header and pkg-config file (preview_renderer).
CONTROL
(cd "$stage" && find usr -type f -print0 | sort -z | xargs -0 md5sum > DEBIAN/md5sums)
chmod 644 "$stage/DEBIAN/control" "$stage/DEBIAN/md5sums"
stamp=$(git log -1 --format=%ct 2>/dev/null || echo 0)
find "$stage" -exec touch -h -d "@$stamp" {} +
mkdir -p "$(dirname "$deb")"
SOURCE_DATE_EPOCH=$stamp dpkg-deb --root-owner-group -Zzstd --build "$stage" "$deb"
echo "make-deb: $deb (Depends: $depends)"
