#!/usr/bin/env bash
# `make install` (and `make deb`, whose debian/rules installs into debian/tmp): puts the release `render` (with
# ICU's data file the release binaries share, in lib/preview-renderer/), the
# server `render serve` runs off the PATH in libexec/preview-renderer/ (`render serve` looks there from its own
# folder), the C library (header, libpreview_renderer.so.0 with that SONAME and the libpreview_renderer.so link,
# preview_renderer.pc), the headless platform (headers, sources, preview_renderer_platform.pc and the CMake package
# PreviewRenderer), fonts.lock with the fonts it names, a man page per command generated from the help text
# render prints (scripts/make-man) and the docs those pages name under DESTDIR/PREFIX. The installed `render`
# and library find the fonts at PREFIX/share/preview-renderer/fonts with no option (TextLayout's BundledFonts,
# the C library's FontsLookup); the .pc file names PREFIX, not DESTDIR, and an rpath only when PREFIX is not
# /usr (where the dynamic linker looks anyway).
#   scripts/install.sh DESTDIR PREFIX RENDER LIBRARY VERSION SERVER
set -euo pipefail
# Every folder 0755 and every file 0644 (the programs 0755) whatever the caller's umask:
# a package built under umask 000 would otherwise install world-writable folders (issue 44). The
# umask covers the parents `install -d` makes and the files redirections write; each install names its mode.
# scripts/check-install-modes.sh (make package-test) installs under umask 000 and checks.
umask 022
cd "$(dirname "$0")/.."
[ $# = 6 ] || { echo "usage: scripts/install.sh DESTDIR PREFIX RENDER LIBRARY VERSION SERVER" >&2; exit 64; }
destdir=$1 prefix=$2 render=$3 library=$4 version=$5 server=$6
case "$prefix" in /*) ;; *) echo "install: PREFIX must be an absolute path (got '$prefix')" >&2; exit 64;; esac
[ -n "$version" ] || { echo "install: no version read from Sources/RenderPipeline/Version.swift" >&2; exit 1; }
root=$destdir$prefix
fonts=$root/share/preview-renderer/fonts
doc=$root/share/doc/preview-renderer

# Every folder first, with its mode (their parents get 0755 from the umask).
libexec=$root/libexec/preview-renderer
install -d -m 755 "$root/bin" "$libexec" "$root/lib/pkgconfig" "$root/include" "$fonts" "$doc/docs" \
  "$root/share/man/man1"
install -m 755 "$render" "$root/bin/render"
# ICU's data, one file for render, the server and the library (each maps it from ../lib/preview-renderer or
# ../../lib/preview-renderer: scripts/icu-data-file.c); the release builds have it beside them (make build).
icu=$(ls "$(dirname "$render")"/icudt*.dat 2>/dev/null | head -1)
[ -n "$icu" ] || { echo "install: no ICU data (icudtNNl.dat) beside $render (make build puts it there)" >&2; exit 1; }
install -d -m 755 "$root/lib/preview-renderer"
install -m 644 "$icu" "$root/lib/preview-renderer/"
# The server must not need the Swift toolchain's libraries (`make serve` links them in statically).
if ldd "$server" 2>/dev/null | grep -q 'libswiftCore\|libFoundation'; then
  echo "install: $server links the Swift runtime dynamically (build it with make serve)" >&2; exit 1
fi
install -m 755 "$server" "$libexec/render-serve"
# A shared library is not executable (Debian policy 10.2). Its SONAME libpreview_renderer.so.0 (SwiftPM links
# it without one): a program linked with -lpreview_renderer needs libpreview_renderer.so.0, which a later
# incompatible library (.so.1) does not replace.
install -m 644 "$library" "$root/lib/libpreview_renderer.so.0"
patchelf --set-soname libpreview_renderer.so.0 "$root/lib/libpreview_renderer.so.0"
ln -sf libpreview_renderer.so.0 "$root/lib/libpreview_renderer.so"
install -m 644 CLibrary/include/preview_renderer.h "$root/include/preview_renderer.h"
rpath=
[ "$prefix" = /usr ] || rpath='-Wl,-rpath,${libdir} '
sed -e '/^#/d' -e "s|@PREFIX@|$prefix|" -e "s|@VERSION@|$version|" -e "s|@RPATH@|$rpath|" \
  CLibrary/preview_renderer.pc.in > "$root/lib/pkgconfig/preview_renderer.pc"
chmod 644 "$root/lib/pkgconfig/preview_renderer.pc"

# The headless platform (README "Preview your app"): its headers, its sources (compiled with each app against the
# app's framework headers: docs/decisions/2026-12-07-platform-installed-as-sources.md), a .pc file whose
# `sources` variable lists them, the CMake package with preview_renderer_add_app, and the patch the framework's
# pinned commit needs for example1 (Platform/install/).
platform_inc=$root/include/preview-renderer/platform platform_src=$root/share/preview-renderer/platform
cmake_dir=$root/lib/cmake/PreviewRenderer
install -d -m 755 "$platform_inc" "$platform_src" "$cmake_dir"
install -m 644 Platform/src/*.h "$platform_inc/"
install -m 644 Platform/src/*.cpp "$platform_src/"
install -m 755 Platform/install/framework-fixes.sh "$platform_src/"
names=$(cd Platform/src && ls *.cpp | LC_ALL=C sort)
sources=$(for n in $names; do printf '${platformdir}/%s ' "$n"; done)
sed -e '/^#/d' -e "s|@PREFIX@|$prefix|" -e "s|@VERSION@|$version|" -e "s|@SOURCES@|${sources% }|" \
  Platform/install/preview_renderer_platform.pc.in > "$root/lib/pkgconfig/preview_renderer_platform.pc"
sed -e "s|@VERSION@|$version|" -e "s|@CMAKE_SOURCES@|$(echo $names)|" \
  Platform/install/PreviewRendererConfig.cmake.in > "$cmake_dir/PreviewRendererConfig.cmake"
sed -e "s|@VERSION@|$version|" Platform/install/PreviewRendererConfigVersion.cmake.in \
  > "$cmake_dir/PreviewRendererConfigVersion.cmake"
chmod 644 "$root/lib/pkgconfig/preview_renderer_platform.pc" "$cmake_dir"/*.cmake

# Only the files fonts.lock names, each checked against its sha256 (scripts/fonts.sh copied them).
install -m 644 Fonts/fonts.lock "$fonts/fonts.lock"
grep -v '^#' Fonts/fonts.lock | while read -r sum file _ _ _ _ pkg _; do
  [ -n "$file" ] || continue
  echo "$sum  Fonts/$file" | sha256sum --quiet -c - || { echo "install: Fonts/$file differs from fonts.lock (run make fonts)" >&2; exit 1; }
  install -m 644 "Fonts/$file" "$fonts/$file"
  # Each font's licence travels with it (the Debian package's copyright file).
  if [ -f "/usr/share/doc/$pkg/copyright" ]; then
    install -d -m 755 "$doc/fonts"
    install -m 644 "/usr/share/doc/$pkg/copyright" "$doc/fonts/$pkg.copyright"
  fi
done

# A man page per command, from the help text the installed render prints (its `render serve --help` is the
# installed server's); compressed without a timestamp, so two installs of one commit give the same bytes.
man=$(mktemp -d)
trap 'rm -rf "$man"' EXIT
scripts/make-man "$root/bin/render" "$man" "$version" > /dev/null
for page in "$man"/*.1; do gzip -9n < "$page" > "$root/share/man/man1/$(basename "$page").gz"; done
chmod 644 "$root"/share/man/man1/render*.1.gz
# The docs the pages name (docs/NAME.md), with the README and CHANGELOG.
for d in $(cat "$man"/*.1 | grep -o 'docs/[A-Za-z0-9_.-]*\.md' | sort -u); do install -m 644 "$d" "$doc/docs/"; done
install -m 644 README.md CHANGELOG.md "$doc/"
echo "install: render $version under $root"
