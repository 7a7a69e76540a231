#!/usr/bin/env bash
# `make package-test` (part of `make test`): the Debian package as a user gets it, without installing it.
# Unpacks it into a temporary root (dpkg -x), checks its fields and files, runs its `render` on a sample
# copied into a folder with no checkout around (the PNG must equal the checkout's render of it, byte for
# byte), runs its `render serve` (the packaged render-serve, with the packaged render as its worker) and
# fetches the page and a thumbnail, builds the README's C example against its header and library with pkg-config --define-prefix and
# runs it (its screenshot replayed by the packaged render, byte for byte), and shows that both found the
# package's fonts folder with no option (a face added to that folder's lock is reported missing there).
#   scripts/package-test.sh PACKAGE.deb CHECKOUT_RENDER
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
[ $# = 2 ] || { echo "usage: scripts/package-test.sh PACKAGE.deb CHECKOUT_RENDER" >&2; exit 64; }
deb=$(cd "$(dirname "$1")" && pwd)/$(basename "$1") checkout_render=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
version=$(sed -n 's/.*static let string = "\(.*\)".*/\1/p' "$root/Sources/RenderPipeline/Version.swift")
sample=text-wrapping
work=$(mktemp -d "${TMPDIR:-/tmp}/package-test.XXXXXX")
trap 'rm -rf "$work"' EXIT
fail() { echo "package-test: $*" >&2; exit 1; }
unset PREVIEW_RENDERER_FONTS LD_LIBRARY_PATH PKG_CONFIG_PATH

# 1. The package's fields and files.
[ "$(dpkg-deb -f "$deb" Package)" = preview-renderer ] || fail "Package is not preview-renderer"
[ "$(dpkg-deb -f "$deb" Version)" = "$version" ] || fail "Version $(dpkg-deb -f "$deb" Version), not $version"
depends=$(dpkg-deb -f "$deb" Depends)
for lib in libc6 libcairo2 libfreetype6 libharfbuzz0b; do
  grep -q "\b$lib\b" <<< "$depends" || fail "Depends lacks $lib: $depends"
done
dpkg-deb -c "$deb" | awk '{print $NF}' > "$work/contents"
for f in ./usr/bin/render ./usr/bin/render-serve ./usr/lib/libpreview_renderer.so ./usr/include/preview_renderer.h \
  ./usr/lib/pkgconfig/preview_renderer.pc ./usr/share/man/man1/render.1.gz \
  ./usr/share/preview-renderer/fonts/fonts.lock ./usr/share/preview-renderer/fonts/Roboto-Regular.ttf \
  ./usr/share/doc/preview-renderer/CHANGELOG.md; do
  grep -qx "$f" "$work/contents" || fail "the package lacks $f"
done
fonts=$(grep -vc '^#' "$root/Fonts/fonts.lock")
[ "$(grep -c '^./usr/share/preview-renderer/fonts/.*\.tt[fc]$' "$work/contents")" = "$fonts" ] ||
  fail "the package does not hold the $fonts font files of fonts.lock"
echo "package-test: 1/5 $(basename "$deb"): version $version, $fonts fonts, Depends: $depends"

# 2. Its render, from a folder with no checkout around.
dpkg -x "$deb" "$work/root"
grep -qx "prefix=/usr" "$work/root/usr/lib/pkgconfig/preview_renderer.pc" || fail "the .pc file's prefix is not /usr"
[ "$("$work/root/usr/bin/render" --version)" = "$version" ] || fail "render --version is not $version"
mkdir "$work/x" && cp "$root/Examples/$sample.json" "$work/x/"
(cd "$work/x" && "$work/root/usr/bin/render" "$sample.json" -o "$sample.png") || fail "the packaged render failed"
[ "$(head -c 8 "$work/x/$sample.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] || fail "$sample.png is not a PNG"
"$checkout_render" "$root/Examples/$sample.json" -o "$work/checkout.png" -q
cmp -s "$work/x/$sample.png" "$work/checkout.png" || fail "the packaged render's $sample.png differs from the checkout's"
echo "package-test: 2/5 the packaged render drew $sample.json in a folder of its own, same bytes as the checkout's"

# 3. Its `render serve`: render-serve beside render, with no Swift runtime library from the toolchain; the
# page and its modules, and a thumbnail drawn by the packaged render as the server's worker; Ctrl-C stops it with exit 0.
! ldd "$work/root/usr/bin/render-serve" | grep -q 'libswiftCore\|libFoundation' ||
  fail "the packaged render-serve needs the Swift toolchain's libraries: $(ldd "$work/root/usr/bin/render-serve")"
"$work/root/usr/bin/render" serve --help > "$work/serve-help.txt" || fail "render serve --help failed"
grep -q "^usage: render serve" "$work/serve-help.txt" || fail "render serve --help: $(cat "$work/serve-help.txt")"
exec 3< <(exec "$work/root/usr/bin/render" serve "$work/x" --port 0 2> "$work/serve-err.txt")
server=$!
read -r -t 120 line <&3 || fail "render serve printed no address: $(cat "$work/serve-err.txt")"
echo "$line" > "$work/serve-out.txt"
url=$(sed -n 's|^render serve: \(http://[^ ]*\) .*|\1|p' "$work/serve-out.txt")
[ -n "$url" ] || { kill $server; fail "render serve printed no address: $(cat "$work/serve-out.txt")"; }
curl -sf "$url" | grep -q "<title>" || { kill $server; fail "render serve's page at $url"; }
# The page's modules are in the binary (Serve/Page, embedded at build time), nothing beside it.
curl -sf "${url}main.js" | grep -q "connect(" || { kill $server; fail "render serve's page module ${url}main.js"; }
curl -sf "${url}thumb/$sample.json" -o "$work/thumb.png" || { kill $server; fail "no thumbnail from $url"; }
kill -INT $server
wait $server || fail "render serve did not stop cleanly on SIGINT"
exec 3<&-
[ "$(head -c 8 "$work/thumb.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] || fail "the thumbnail is not a PNG"
echo "package-test: 3/5 the packaged render serve served $url and a thumbnail drawn by the packaged render"

# 4. The README's C example against the package's header and library.
export PKG_CONFIG_PATH="$work/root/usr/lib/pkgconfig"
[ "$(pkg-config --modversion preview_renderer)" = "$version" ] || fail "pkg-config --modversion is not $version"
flags=$(pkg-config --define-prefix --cflags --libs preview_renderer)
grep -q -- "-I$work/root/usr/include" <<< "$flags" || fail "pkg-config --define-prefix does not point into the root: $flags"
mkdir "$work/hello"
cc "$root/CLibrary/examples/hello.c" $flags -o "$work/hello/hello" || fail "hello.c does not build against the package"
(cd "$work/hello" && ./hello > out.txt) || fail "hello failed"
grep -q "ValueEvent to 3" "$work/hello/out.txt" || fail "hello printed no ValueEvent: $(cat "$work/hello/out.txt")"
(cd "$work/hello" && "$work/root/usr/bin/render" hello.json --snapshot hello -o replayed.png -q) || fail "replaying hello.json"
cmp -s "$work/hello/hello.png" "$work/hello/replayed.png" || fail "hello.png differs from its replay"
echo "package-test: 4/5 hello.c built with pkg-config --define-prefix, ran, and its screenshot replays byte for byte"

# 5. Both found the package's fonts folder: a face added to its lock is reported missing there.
lock="$work/root/usr/share/preview-renderer/fonts/fonts.lock"
echo "0000 NotInstalled.ttf Not-Installed 400 normal 0 fonts-none /nonexistent/NotInstalled.ttf" >> "$lock"
if (cd "$work/x" && "$work/root/usr/bin/render" "$sample.json" -o again.png 2> err.txt); then
  fail "the packaged render did not read $lock"
fi
grep -q "neither in $work/root/usr/share/preview-renderer/fonts" "$work/x/err.txt" ||
  fail "the packaged render read another fonts folder: $(cat "$work/x/err.txt")"
if (cd "$work/hello" && ./hello > out2.txt 2> err.txt); then fail "the packaged library did not read $lock"; fi
grep -q "neither in $work/root/usr/share/preview-renderer/fonts" "$work/hello/err.txt" ||
  fail "the packaged library read another fonts folder: $(cat "$work/hello/err.txt")"
echo "package-test: 5/5 the packaged render and library read $work/root/usr/share/preview-renderer/fonts with no option"
echo "package-test: passed"
