#!/usr/bin/env bash
# An app's preview built without this repository (issue 49, README "Preview your app"): `make install
# PREFIX=TMP`, then the stand-in app (Platform/tests/app with the framework stand-in Platform/standin, copied to a
# folder of its own, as an app and its framework checkout are) built against the installed files only, both ways
# the README gives: one c++ line with pkg-config (preview_renderer_platform) and a CMake project with
# find_package(PreviewRenderer) and preview_renderer_add_app. Each build runs the flow script; the two draw the same
# PNG bytes with the same session steps, and the installed render replays each PNG from its session.
#   scripts/app-build-test.sh (from the Makefile: make app-build-test; MAKE names make)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/app-build.XXXXXX")
trap 'rm -rf "$work"' EXIT
fail() { echo "app-build-test: $*" >&2; exit 1; }
prefix=$work/prefix
"${MAKE:-make}" -C "$root" --no-print-directory install PREFIX="$prefix" TESTED_BUILDS=1 > "$work/install.log" ||
  { tail -20 "$work/install.log"; fail "make install PREFIX=$prefix failed"; }
for f in lib/pkgconfig/preview_renderer_platform.pc lib/cmake/PreviewRenderer/PreviewRendererConfig.cmake \
  include/preview-renderer/platform/PreviewThread.h share/preview-renderer/platform/PreviewMain.cpp; do
  [ -f "$prefix/$f" ] || fail "make install did not install $f"
done

# The app and its "framework": copies, so no path of the checkout is in either build.
app=$work/app
mkdir -p "$app"
cp -r "$root/Platform/tests/app" "$app/src"
cp -r "$root/Platform/standin" "$app/framework"
cp -r "$root/Platform/tests/fixtures/assets" "$root/Platform/tests/fixtures/http" "$root/Platform/tests/fixtures/flow.json" "$app/"
# ccache, when there is one, keyed on paths relative to the work folder: a second run compiles nothing again.
launcher=$(command -v ccache || true)
export CCACHE_BASEDIR=$work CCACHE_NOHASHDIR=1

# 1. pkg-config: the README's line (in the app's folder), with the stand-in's sources for the framework's.
export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
start=$(date +%s%N)
(cd "$app" && $launcher c++ src/*.cpp framework/src/*.cpp $(pkg-config --variable=sources preview_renderer_platform) \
  -Iframework/include $(pkg-config --cflags --libs preview_renderer_platform) -o app-preview) ||
  fail "the pkg-config build failed"
echo "app-build-test: 1/3 built with pkg-config in $(( ($(date +%s%N) - start) / 1000000 )) ms"

# 2. CMake: find_package(PreviewRenderer) and preview_renderer_add_app.
cat > "$app/CMakeLists.txt" <<'CMAKE'
cmake_minimum_required(VERSION 3.16)
project(standin-preview CXX)
find_package(PreviewRenderer REQUIRED)
file(GLOB app_sources src/*.cpp framework/src/*.cpp)
preview_renderer_add_app(app-preview SOURCES ${app_sources} INCLUDE_DIRECTORIES framework/include)
CMAKE
start=$(date +%s%N)
(cd "$app" && cmake -S . -B build -DCMAKE_PREFIX_PATH="$prefix" \
  ${launcher:+-DCMAKE_CXX_COMPILER_LAUNCHER=$launcher} > "$work/cmake.log" && cmake --build build -j2 >> "$work/cmake.log") ||
  { tail -30 "$work/cmake.log"; fail "the CMake build failed"; }
echo "app-build-test: 2/3 built with CMake in $(( ($(date +%s%N) - start) / 1000000 )) ms"

# 3. Both run the flow; the same bytes, and the installed render replays each PNG from its session.
for build in pkg-config:app-preview cmake:build/app-preview; do
  name=${build%%:*} binary=${build#*:}
  (cd "$app" && env -u LD_LIBRARY_PATH -u PREVIEW_RENDERER_FONTS "./$binary" --script flow.json --out "out-$name" > "$work/$name.log" 2>&1) ||
    { cat "$work/$name.log"; fail "the $name build's run of flow.json failed"; }
  for png in "$app/out-$name"/*.png; do
    "$prefix/bin/render" "$app/out-$name/session.json" --snapshot "$(basename "$png" .png)" -o "$work/replay.png" -q
    cmp -s "$png" "$work/replay.png" || fail "$name: $(basename "$png") differs from the installed render's replay"
  done
done
pngs=$(ls "$app/out-pkg-config"/*.png | wc -l)
[ "$pngs" = 3 ] || fail "flow.json wrote $pngs PNGs, not 3"
for png in "$app/out-pkg-config"/*.png; do
  cmp -s "$png" "$app/out-cmake/$(basename "$png")" || fail "the pkg-config and CMake builds drew $(basename "$png") differently"
done
# The same steps and commands: the test app's two worker threads send theirs at boot side by side, so their order in
# the session may differ from run to run (as on a phone), never what they are.
steps() { python3 -c 'import json, sys
steps = json.load(open(sys.argv[1]))["steps"]
print("\n".join(sorted(json.dumps(s, sort_keys=True) for t in steps for s in (t["steps"] if t["type"] == "batch" else [t]))))' "$1"; }
[ "$(steps "$app/out-pkg-config/session.json")" = "$(steps "$app/out-cmake/session.json")" ] ||
  fail "the pkg-config and CMake builds' sessions hold different steps"
echo "app-build-test: 3/3 both builds ran flow.json: the same $pngs PNGs and session steps, each PNG the installed render's replay"
