#!/usr/bin/env bash
# CI only (.ci/run, as root): installs the Debian package for real with apt-get (which pulls what its
# Depends: names), runs /usr/bin/render on a sample in a folder with no checkout around and checks the
# PNG against the checkout's render of it, checks that `render serve --help` reaches /usr/bin/render-serve
# and that pkg-config finds the installed C library, then removes the package and checks that its files
# are gone.
#   scripts/package-install-test.sh PACKAGE.deb CHECKOUT_RENDER
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
[ $# = 2 ] || { echo "usage: scripts/package-install-test.sh PACKAGE.deb CHECKOUT_RENDER" >&2; exit 64; }
[ "$(id -u)" = 0 ] || { echo "package-install-test: needs root (apt-get install)" >&2; exit 1; }
deb=$(cd "$(dirname "$1")" && pwd)/$(basename "$1") checkout_render=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
version=$(sed -n 's/.*static let string = "\(.*\)".*/\1/p' "$root/Sources/RenderPipeline/Version.swift")
sample=text-wrapping
work=$(mktemp -d "${TMPDIR:-/tmp}/package-install.XXXXXX")
fail() { echo "package-install-test: $*" >&2; exit 1; }
cleanup() {
  rm -rf "$work"
  if dpkg-query -W -f='${Status}' preview-renderer 2>/dev/null | grep -q "install ok installed"; then
    DEBIAN_FRONTEND=noninteractive apt-get remove -y -q preview-renderer > /dev/null
  fi
}
trap cleanup EXIT
unset PREVIEW_RENDERER_FONTS

DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$deb"
[ "$(/usr/bin/render --version)" = "$version" ] || fail "/usr/bin/render --version is not $version"
cp "$root/Examples/$sample.json" "$work/"
(cd "$work" && /usr/bin/render "$sample.json" -o "$sample.png") || fail "/usr/bin/render failed on $sample.json"
"$checkout_render" "$root/Examples/$sample.json" -o "$work/checkout.png" -q
cmp -s "$work/$sample.png" "$work/checkout.png" || fail "/usr/bin/render's $sample.png differs from the checkout's"
[ "$(pkg-config --modversion preview_renderer)" = "$version" ] || fail "pkg-config does not find preview_renderer $version"
/usr/bin/render serve --help | grep -q "^usage: render serve" || fail "/usr/bin/render serve --help does not reach render-serve"
man -w render > /dev/null 2>&1 || [ -f /usr/share/man/man1/render.1.gz ] || fail "no man page"
echo "package-install-test: apt-get installed $(basename "$deb"); /usr/bin/render drew $sample.json, same bytes as the checkout's"

DEBIAN_FRONTEND=noninteractive apt-get remove -y -q preview-renderer
for f in /usr/bin/render /usr/bin/render-serve /usr/lib/libpreview_renderer.so /usr/share/preview-renderer/fonts/fonts.lock; do
  [ ! -e "$f" ] || fail "$f is still there after apt-get remove"
done
echo "package-install-test: apt-get remove preview-renderer removed its files"
echo "package-install-test: passed"
