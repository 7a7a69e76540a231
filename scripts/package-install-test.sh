#!/usr/bin/env bash
# CI only (.ci/run, as root): installs the Debian packages of `make deb` for real with apt-get (which pulls what
# their Depends: name: Cairo, the font packages), runs /usr/bin/render on a sample in a folder with no checkout
# around and checks the PNG against the checkout's render of it, asks `render serve` (the server in
# /usr/libexec/preview-renderer) for its page, builds and runs the README's C example with pkg-config against the
# installed library, reads the man pages; then `apt-get purge` and checks that no file of the packages is left:
# every file dpkg listed for them is gone, and of the files under /usr, /etc and /var/lib/dpkg/info listed before
# the install and after the purge, the new ones are all the dependencies' (apt-get pulled them in).
#   scripts/package-install-test.sh DEB_FOLDER CHECKOUT_RENDER
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
[ $# = 2 ] || { echo "usage: scripts/package-install-test.sh DEB_FOLDER CHECKOUT_RENDER" >&2; exit 64; }
[ "$(id -u)" = 0 ] || { echo "package-install-test: needs root (apt-get install)" >&2; exit 1; }
debs=$(cd "$1" && pwd) checkout_render=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
version=$(sed -n 's/.*static let string = "\(.*\)".*/\1/p' "$root/Sources/RenderPipeline/Version.swift")
arch=$(dpkg --print-architecture)
packages="preview-renderer preview-renderer-common libpreview-renderer0 libpreview-renderer-dev"
sample=text-wrapping
work=$(mktemp -d "${TMPDIR:-/tmp}/package-install.XXXXXX")
fail() { echo "package-install-test: $*" >&2; exit 1; }
installed() { dpkg-query -W -f='${db:Status-Abbrev} ${Package}\n' $packages 2>/dev/null | awk '$1 != "un" {print $2}'; }
cleanup() {
  rm -rf "$work"
  if [ -n "$(installed)" ]; then DEBIAN_FRONTEND=noninteractive apt-get purge -y -q $(installed) > /dev/null; fi
}
trap cleanup EXIT
unset PREVIEW_RENDERER_FONTS
files() { find /usr /etc /var/lib/dpkg/info -xdev \( -type f -o -type l \) 2>/dev/null | sort; }
[ -z "$(installed)" ] || fail "already installed: $(installed) (apt-get purge them first)"

files > "$work/before.txt"
DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$debs/preview-renderer_${version}_$arch.deb" \
  "$debs/preview-renderer-common_${version}_all.deb" "$debs/libpreview-renderer0_${version}_$arch.deb" \
  "$debs/libpreview-renderer-dev_${version}_$arch.deb"
for p in $packages; do dpkg -L "$p"; done | sort -u > "$work/package-files.txt"

# render from /tmp, the server, the C example with pkg-config, the man pages.
[ "$(/usr/bin/render --version)" = "$version" ] || fail "/usr/bin/render --version is not $version"
cp "$root/Examples/$sample.json" "$work/"
(cd "$work" && /usr/bin/render "$sample.json" -o "$sample.png") || fail "/usr/bin/render failed on $sample.json"
"$checkout_render" "$root/Examples/$sample.json" -o "$work/checkout.png" -q
cmp -s "$work/$sample.png" "$work/checkout.png" || fail "/usr/bin/render's $sample.png differs from the checkout's"
[ ! -e /usr/bin/render-serve ] || fail "render-serve is on the PATH"
exec 3< <(exec /usr/bin/render serve "$work" --port 0 2> "$work/serve-err.txt")
server=$!
read -r -t 120 line <&3 || fail "render serve printed no address: $(cat "$work/serve-err.txt")"
url=$(sed -n 's|^render serve: \(http://[^ ]*\) .*|\1|p' <<< "$line")
curl -sf "$url" | grep -q "<title>" || { kill $server; fail "render serve's page at $url"; }
kill -INT $server
wait $server || fail "render serve did not stop cleanly on SIGINT"
exec 3<&-
[ "$(pkg-config --modversion preview_renderer)" = "$version" ] || fail "pkg-config does not find preview_renderer $version"
mkdir "$work/hello"
cc "$root/CLibrary/examples/hello.c" $(pkg-config --cflags --libs preview_renderer) -o "$work/hello/hello" ||
  fail "hello.c does not build against the installed library"
(cd "$work/hello" && ./hello > out.txt && /usr/bin/render hello.json --snapshot hello -o replayed.png -q) ||
  fail "hello or its replay failed"
cmp -s "$work/hello/hello.png" "$work/hello/replayed.png" || fail "hello.png differs from its replay"
for page in render render-check render-serve; do man -w "$page" > /dev/null 2>&1 || [ -f "/usr/share/man/man1/$page.1.gz" ] ||
  fail "no man page $page"; done
echo "package-install-test: apt-get installed $packages; /usr/bin/render drew $sample.json (same bytes as the" \
  "checkout's), render serve answered at $url, hello.c built with pkg-config and replays byte for byte"

DEBIAN_FRONTEND=noninteractive apt-get purge -y -q $packages
[ -z "$(installed)" ] || fail "still known to dpkg after apt-get purge: $(installed)"
files > "$work/after.txt"
left=$(while read -r f; do [ -e "$f" ] || [ -L "$f" ] && [ ! -d "$f" ] && echo "$f"; done < "$work/package-files.txt" || true)
[ -z "$left" ] || fail "files of the packages left after apt-get purge: $left"
comm -13 "$work/before.txt" "$work/after.txt" > "$work/new.txt"
# New files that no package owns (caches the dependencies' triggers wrote, dpkg's lists of those packages) must
# not be ours.
stray=$( (xargs -r dpkg -S < "$work/new.txt" 2>&1 >/dev/null || true) | sed -n 's/^dpkg-query: no path found matching pattern //p' |
  grep 'preview[-_]renderer\|render-serve\|/render[-.]' || true)
[ -z "$stray" ] || fail "files of the packages left after apt-get purge: $stray"
echo "package-install-test: apt-get purge left no file of the packages ($(wc -l < "$work/before.txt") files before the" \
  "install, $(wc -l < "$work/after.txt") after the purge, the $(wc -l < "$work/new.txt") new ones of the dependencies apt-get pulled in)"
echo "package-install-test: passed"
