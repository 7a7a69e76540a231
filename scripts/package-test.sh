#!/usr/bin/env bash
# `make package-test` (part of `make test`): the Debian packages as a user gets them, without installing them.
# Unpacks the four packages of `make deb` into a temporary root (dpkg -x), checks their fields, files and sizes
# (ceilings on their download and installed sizes; each font the lock reads from Debian's packages pinned and
# identical), shows that their render, server and library read ICU's one data file, runs their `render` on a sample copied into a folder with no checkout around (the PNG
# must equal the checkout's render of it, byte for byte), runs their `render serve` (the server in
# /usr/libexec/preview-renderer, with the packaged render as its worker) and fetches the page and a thumbnail,
# builds the README's C example against the -dev package with pkg-config --define-prefix and runs it (its
# screenshot replayed by the packaged render, byte for byte), shows that both found the packaged fonts lock with
# no option (a face added to that lock is reported missing there), and that every man page is the help text
# the packaged render prints (scripts/make-man --check) and every doc a page names is shipped.
#   scripts/package-test.sh DEB_FOLDER CHECKOUT_RENDER
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
[ $# = 2 ] || { echo "usage: scripts/package-test.sh DEB_FOLDER CHECKOUT_RENDER" >&2; exit 64; }
debs=$(cd "$1" && pwd) checkout_render=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
version=$(sed -n 's/.*static let string = "\(.*\)".*/\1/p' "$root/Sources/RenderPipeline/Version.swift")
arch=$(dpkg --print-architecture)
sample=text-wrapping
work=$(mktemp -d "${TMPDIR:-/tmp}/package-test.XXXXXX")
trap 'rm -rf "$work"' EXIT
fail() { echo "package-test: $*" >&2; exit 1; }
unset PREVIEW_RENDERER_FONTS LD_LIBRARY_PATH PKG_CONFIG_PATH

# 1. The packages' fields, files and sizes.
tools=$debs/preview-renderer_${version}_$arch.deb common=$debs/preview-renderer-common_${version}_all.deb
lib=$debs/libpreview-renderer0_${version}_$arch.deb dev=$debs/libpreview-renderer-dev_${version}_$arch.deb
for deb in "$tools" "$common" "$lib" "$dev"; do
  [ -f "$deb" ] || fail "no $deb"
  [ "$(dpkg-deb -f "$deb" Version)" = "$version" ] || fail "$(basename "$deb"): Version $(dpkg-deb -f "$deb" Version), not $version"
  dpkg-deb -c "$deb" | awk '{print $6}' >> "$work/contents"
done
# `make package-test` builds quickly (DEB_QUICK=1: gzip -1, no -dbgsym packages); a plain `make deb` has both.
quick=; ar t "$tools" | grep -q '^data\.tar\.xz$' || quick=1
if [ -z "$quick" ]; then
  for f in libpreview-renderer0 preview-renderer; do
    ls "$debs/$f-dbgsym_${version}_$arch.deb" > /dev/null || fail "no debug symbols package $f-dbgsym"
  done
fi
depends=$(dpkg-deb -f "$tools" Depends)
# render links Cairo statically (Makefile, RELEASE); the library the shared libcairo.
for d in libc6 libfreetype6 libharfbuzz0b "preview-renderer-common (= $version)" "libpreview-renderer0 (= $version)"; do
  grep -qF "$d" <<< "$depends" || fail "preview-renderer's Depends lacks $d: $depends"
done
for d in libc6 libcairo2 "preview-renderer-common (= $version)"; do
  grep -qF "$d" <<< "$(dpkg-deb -f "$lib" Depends)" || fail "libpreview-renderer0's Depends lacks $d: $(dpkg-deb -f "$lib" Depends)"
done
grep -qF "libpreview-renderer0 (= $version)" <<< "$(dpkg-deb -f "$dev" Depends)" || fail "the -dev package does not depend on the library"
for f in ./usr/bin/render ./usr/libexec/preview-renderer/render-serve \
  ./usr/lib/libpreview_renderer.so.0 ./usr/lib/libpreview_renderer.so ./usr/include/preview_renderer.h \
  ./usr/lib/pkgconfig/preview_renderer.pc ./usr/share/man/man1/render.1.gz ./usr/share/man/man1/render-serve.1.gz \
  ./usr/share/man/man1/render-mcp.1.gz ./usr/share/preview-renderer/fonts/fonts.lock \
  ./usr/share/doc/preview-renderer/CHANGELOG.md.gz ./usr/share/doc/preview-renderer/copyright \
  ./usr/share/doc/libpreview-renderer0/copyright ./usr/lib/preview-renderer/$(cat "$root/out/icu/data-file"); do
  grep -qx "$f" "$work/contents" || fail "the packages lack $f"
done
! grep -q '^./usr/bin/render-serve$' "$work/contents" || fail "render-serve is on the PATH"
# The headless platform an app's preview is built with (issue 49; make app-build-test builds with it).
for f in ./usr/lib/pkgconfig/preview_renderer_platform.pc ./usr/lib/cmake/PreviewRenderer/PreviewRendererConfig.cmake \
  ./usr/include/preview-renderer/platform/PreviewThread.h ./usr/share/preview-renderer/platform/PreviewMain.cpp \
  ./usr/share/preview-renderer/platform/framework-fixes.sh; do
  grep -qx "$f" "$work/contents" || fail "the packages lack $f"
done
# The fonts: each file of the lock either in preview-renderer-common, or read from its Debian install path (the
# packaged lock's 9th column, its size: scripts/deb-fonts), whose package the common package pins to the version
# installed here, where that file has the lock's sha256 and size.
dpkg-deb --fsys-tarfile "$common" | tar -xO ./usr/share/preview-renderer/fonts/fonts.lock > "$work/fonts.lock"
common_depends=$(dpkg-deb -f "$common" Depends)
inside=$(dpkg-deb -c "$common" | grep -c '/usr/share/preview-renderer/fonts/.*\.tt[fc]$' || true)
from_debian=0
while read -r sum file _ _ _ _ pkg src size; do
  [ -n "$size" ] || continue
  grep -qF "$pkg (= $(dpkg-query -W -f '${Version}' "$pkg"))" <<< "$common_depends" ||
    fail "preview-renderer-common does not pin $pkg to the installed version: $common_depends"
  [ "$(stat -c %s "$src")" = "$size" ] && [ "$(sha256sum < "$src" | cut -d' ' -f1)" = "$sum" ] ||
    fail "$src is not the lock's $file (size $size, sha256 $sum)"
  from_debian=$((from_debian + 1))
done < <(grep -v '^#' "$work/fonts.lock")
fonts=$(grep -vc '^#' "$root/Fonts/fonts.lock")
[ "$((inside + from_debian))" = "$fonts" ] && [ "$(grep -vc '^#' "$work/fonts.lock")" = "$fonts" ] ||
  fail "preview-renderer-common holds $inside font files and reads $from_debian from Debian's packages, not the $fonts of fonts.lock"
download=0 installed=0 max_download=${PACKAGE_MAX_DOWNLOAD_MB:-45} max_installed=${PACKAGE_MAX_INSTALLED_MB:-150}
for deb in "$tools" "$common" "$lib" "$dev"; do
  download=$((download + $(stat -c %s "$deb"))) installed=$((installed + $(dpkg-deb -f "$deb" Installed-Size)))
done
echo "package-test: 1/6 4 packages of version $version ($from_debian font files from Debian's packages, $inside inside):" \
  "$((installed / 1000)) MB installed (at most $max_installed)," \
  "$((download / 1000000)) MB to download${quick:+ with gzip -1 (make deb DEB_QUICK=1; the xz size, at most $max_download, is checked after a plain make deb)}"

# 2. Its render, from a folder with no checkout around.
for deb in "$tools" "$common" "$lib" "$dev"; do dpkg -x "$deb" "$work/root"; done
pc=$work/root/usr/lib/pkgconfig/preview_renderer.pc
grep -qx "prefix=/usr" "$pc" || fail "the .pc file's prefix is not /usr"
! grep -q 'rpath\|^#' "$pc" || fail "the .pc file has an rpath or a comment: $(cat "$pc")"
[ "$(readelf -d "$work/root/usr/lib/libpreview_renderer.so.0" | sed -n 's/.*SONAME.*\[\(.*\)\]/\1/p')" = libpreview_renderer.so.0 ] ||
  fail "libpreview_renderer.so.0 has no SONAME libpreview_renderer.so.0"
[ "$("$work/root/usr/bin/render" --version)" = "$version" ] || fail "render --version is not $version"
mkdir "$work/x" && cp "$root/Examples/$sample.json" "$work/x/"
(cd "$work/x" && "$work/root/usr/bin/render" "$sample.json" -o "$sample.png") || fail "the packaged render failed"
[ "$(head -c 8 "$work/x/$sample.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] || fail "$sample.png is not a PNG"
"$checkout_render" "$root/Examples/$sample.json" -o "$work/checkout.png" -q
cmp -s "$work/x/$sample.png" "$work/checkout.png" || fail "the packaged render's $sample.png differs from the checkout's"
# ICU's data is one file in the library's package, which render, its server and the library map (Makefile,
# ICU_LINK): without it each says so (and none carries a copy of its own).
icu=$work/root/usr/lib/preview-renderer/$(cat "$root/out/icu/data-file")
mv "$icu" "$icu.away"
"$work/root/usr/bin/render" --version > /dev/null 2> "$work/icu-err.txt" || true
"$work/root/usr/bin/render" serve --help > /dev/null 2>> "$work/icu-err.txt" || true
python3 -c 'import ctypes, sys; ctypes.CDLL(sys.argv[1])' "$work/root/usr/lib/libpreview_renderer.so.0" 2>> "$work/icu-err.txt"
mv "$icu.away" "$icu"
for b in usr/bin/render usr/libexec/preview-renderer/render-serve usr/lib/libpreview_renderer.so.0; do
  grep -qF "$work/root/$b: ICU's data $(basename "$icu") is missing" "$work/icu-err.txt" ||
    fail "/$b did not look for $(basename "$icu") in /usr/lib/preview-renderer: $(cat "$work/icu-err.txt")"
done
echo "package-test: 2/6 the packaged render drew $sample.json in a folder of its own, same bytes as the checkout's;" \
  "it, its server and the library read ICU's data from /usr/lib/preview-renderer"

# 3. Its `render serve`: render-serve beside render, with no Swift runtime library from the toolchain; the
# page and its modules, and a thumbnail drawn by the packaged render as the server's worker; Ctrl-C stops it with exit 0.
! ldd "$work/root/usr/libexec/preview-renderer/render-serve" | grep -q 'not found\|/opt/swift\|swift-' ||
  fail "the packaged render-serve needs the Swift toolchain's libraries: $(ldd "$work/root/usr/libexec/preview-renderer/render-serve")"
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
echo "package-test: 3/6 the packaged render serve served $url and a thumbnail drawn by the packaged render"

# 4. The README's C example against the package's header and library.
export PKG_CONFIG_PATH="$work/root/usr/lib/pkgconfig"
[ "$(pkg-config --modversion preview_renderer)" = "$version" ] || fail "pkg-config --modversion is not $version"
flags=$(pkg-config --define-prefix --cflags --libs preview_renderer)
grep -q -- "-I$work/root/usr/include" <<< "$flags" || fail "pkg-config --define-prefix does not point into the root: $flags"
mkdir "$work/hello"
cc "$root/CLibrary/examples/hello.c" $flags -o "$work/hello/hello" || fail "hello.c does not build against the package"
# The library is not installed: the dynamic linker is told where the unpacked one is (the .pc has no rpath).
export LD_LIBRARY_PATH=$work/root/usr/lib
(cd "$work/hello" && ./hello > out.txt) || fail "hello failed"
grep -q "ValueEvent to 3" "$work/hello/out.txt" || fail "hello printed no ValueEvent: $(cat "$work/hello/out.txt")"
(cd "$work/hello" && "$work/root/usr/bin/render" hello.json --snapshot hello -o replayed.png -q) || fail "replaying hello.json"
cmp -s "$work/hello/hello.png" "$work/hello/replayed.png" || fail "hello.png differs from its replay"
echo "package-test: 4/6 hello.c built with pkg-config --define-prefix, ran, and its screenshot replays byte for byte"

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
echo "package-test: 5/6 the packaged render and library read $work/root/usr/share/preview-renderer/fonts with no option"

# 6. The man pages are the help text the packaged render prints, and the docs they name are shipped.
unset LD_LIBRARY_PATH
python3 "$root/scripts/make-man" --check "$work/root/usr/bin/render" "$work/root/usr/share/man/man1" ||
  fail "the man pages are not the help text render prints"
for d in $(zcat "$work/root/usr/share/man/man1/"*.gz | grep -o 'docs/[A-Za-z0-9_.-]*\.md' | sort -u); do
  # dh_compress gzips the docs, as Debian does (zless reads them).
  [ -f "$work/root/usr/share/doc/preview-renderer/$d.gz" ] || [ -f "$work/root/usr/share/doc/preview-renderer/$d" ] || fail "a man page names $d, not in /usr/share/doc/preview-renderer"
done
echo "package-test: 6/6 $(ls "$work/root/usr/share/man/man1" | wc -l) man pages are the packaged render's help text; the docs they name are shipped"
# 7. The size ceilings, checked last so that a package over them is still tested above: PACKAGE_MAX_DOWNLOAD_MB
# and PACKAGE_MAX_INSTALLED_MB (the Makefile's, today's sizes with a little room, so that growth is noticed,
# under issue 47's limits of 45 and 150 MB: Benchmarks/notes/debian-packages.md).
[ -n "$quick" ] || [ "$download" -le $((max_download * 1000000)) ] ||
  fail "the packages are $download bytes to download, more than $max_download MB"
[ "$installed" -le $((max_installed * 1000)) ] || fail "the packages install $installed kB, more than $max_installed MB"
echo "package-test: passed"
