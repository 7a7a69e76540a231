#!/usr/bin/env bash
# The README's two dependency lines as written, only the URL replaced (issue 46): first the line for the
# repository as it is (`branch: "main"`), resolved against a clone with no tag at all (no release is tagged
# yet); then the `from:` line for once a release is tagged, with which it builds and tests
# Integration/Consumer, a package that depends on this one as a user's would: `from:` a version, reached
# through a file:// URL to a clone of this repository's committed HEAD with a temporary tag (SwiftPM
# refuses unsafe flags only for versioned dependencies, so a `path:` dependency would not catch them). The clone's Fonts/ holds only fonts.lock, as a dependency's
# checkout does, so the fonts come from the Debian packages' install paths.
# Then it walks the snapshot workflow: committed goldens pass; with no golden the test records it and
# fails naming the file; the next run passes; a changed colour fails with the worded difference and a
# diff image (its time is printed, not judged: speed is measured in `make bench`, never in tests);
# PREVIEW_RECORD=failed re-records and fails once more.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
version=$(sed -n 's/.*static let string = "\(.*\)".*/\1/p' "$root/Sources/RenderPipeline/Version.swift")
work=$(mktemp -d "${TMPDIR:-/tmp}/consumer.XXXXXX")
trap 'rm -rf "$work"' EXIT
readme_url=https://github.com/sometrik-preview/PreviewRenderer.git
line() { grep -m1 -F "$1" "$root/README.md" | sed -e 's#^ *\(// \)*##' -e 's#),.*#),#'; }
branch_line=$(line ".package(url: \"$readme_url\", branch: \"main\")")
from_line=$(line ".package(url: \"$readme_url\", from: \"$version\")")
[ -n "$branch_line" ] || { echo "consumer-test: README.md has no line .package(url: \"$readme_url\", branch: \"main\")" >&2; exit 1; }
[ -n "$from_line" ] || { echo "consumer-test: README.md has no line .package(url: \"$readme_url\", from: \"$version\")" >&2; exit 1; }

# 1. The branch line on an untagged clone whose main is the committed HEAD.
git clone -q "$root" "$work/untagged/PreviewRenderer"
git -C "$work/untagged/PreviewRenderer" checkout -q -B main
git -C "$work/untagged/PreviewRenderer" tag -l | xargs -r git -C "$work/untagged/PreviewRenderer" tag -d > /dev/null
mkdir -p "$work/branch/Sources/Uses"
echo 'import PreviewRenderer' > "$work/branch/Sources/Uses/Uses.swift"
cat > "$work/branch/Package.swift" <<EOF
// swift-tools-version:5.9
import PackageDescription
let package = Package(
    name: "Branch", platforms: [.macOS(.v13)],
    dependencies: [
        ${branch_line//$readme_url/file://$work/untagged/PreviewRenderer}
    ],
    targets: [.target(name: "Uses", dependencies: [.product(name: "PreviewRenderer", package: "PreviewRenderer")])]
)
EOF
(cd "$work/branch" && swift package resolve > log 2>&1) || { cat "$work/branch/log" >&2; echo "consumer-test: the README's branch line does not resolve against an untagged clone" >&2; exit 1; }
grep -q "\"revision\" : \"$(git -C "$root" rev-parse HEAD)\"" "$work/branch/Package.resolved" \
  || { echo "consumer-test: the branch line did not resolve to the committed HEAD" >&2; exit 1; }
echo "consumer-test: 0/5 the README's branch line resolves against an untagged clone: $branch_line"

# 2. The from: line on a tagged clone.
git clone -q "$root" "$work/PreviewRenderer"
# The clone may carry the release tag already (an older commit): the temporary tag is this HEAD, named
# as docs/releasing.md names releases (vX.Y.Z, which SwiftPM reads as X.Y.Z).
git -C "$work/PreviewRenderer" tag -f "v$version" > /dev/null
cp -R "$root/Integration/Consumer" "$work/Consumer"
rm -rf "$work/Consumer/.build"
# The consumer's dependency line is the README's from: line, only its URL replaced by the tagged clone's.
FROM_LINE=${from_line//$readme_url/file://$work/PreviewRenderer} python3 - "$work/Consumer/Package.swift" <<'PY'
import os, re, sys
text = open(sys.argv[1]).read()
new, n = re.subn(r"^ *\.package\(url: previewRenderer, from: .*$", "        " + os.environ["FROM_LINE"], text, flags=re.M)
if n != 1:
    sys.exit("consumer-test: the consumer package has no `.package(url: previewRenderer, from: ...)` line")
open(sys.argv[1], "w").write(new)
PY
export PREVIEW_RENDERER_URL="file://$work/PreviewRenderer"
cd "$work/Consumer"
unset PREVIEW_RECORD PREVIEW_RENDERER_FONTS
golden=Tests/ConsumerTests/__Snapshots__/ScreenTests/testRedButton.red-button.png
fail() { echo "consumer-test: $*" >&2; [ -f log ] && tail -40 log >&2; exit 1; }
run() { swift test "$@" > log 2>&1; }

echo "consumer-test: PreviewRenderer $version as a versioned dependency ($PREVIEW_RENDERER_URL)"
swift build --build-tests > log 2>&1 || fail "the consumer package does not build"
run || fail "committed goldens: expected a pass"
echo "consumer-test: 1/5 committed goldens pass (XCTest and Swift Testing)"

rm -rf Tests/ConsumerTests/__Snapshots__
if run; then fail "no golden: expected a failure that records it"; fi
grep -q "recorded a new golden at .*__Snapshots__/ScreenTests/testRedButton.red-button.png" log || fail "no golden: the failure does not name the file it wrote"
[ -f "$golden" ] && [ -f "${golden%.png}.json" ] || fail "no golden: $golden and its sidecar were not written"
run || fail "after recording: expected a pass"
echo "consumer-test: 2/5 a missing golden is recorded, fails naming the file, then passes"

sed -i 's/#ff0000/#00aa00/' Tests/ConsumerTests/ScreenTests.swift
swift build --build-tests > log 2>&1 || fail "build after the colour change"
start=$(date +%s%N)
if swift test --skip-build --filter ScreenTests.testRedButton > log 2>&1; then fail "changed colour: expected a failure"; fi
ms=$(( ($(date +%s%N) - start) / 1000000 ))
grep -q "button 4 background #ff0000 -> #00aa00" log || fail "changed colour: no worded difference"
grep -q "reproduce: swift test --filter ScreenTests.testRedButton " log || fail "changed colour: reproduce does not name the test"
diffimage=$(sed -n 's/.*expected | diff | actual: \(.*\.png\).*/\1/p' log | head -1)
[ -n "$diffimage" ] && [ -f "$diffimage" ] || fail "changed colour: no diff image"
case "$diffimage" in */.build/*) ;; *) fail "changed colour: the diff image $diffimage is outside .build/";; esac
echo "consumer-test: 3/5 a changed colour fails in $ms ms with the worded change and $diffimage"

if PREVIEW_RECORD=failed swift test --skip-build --filter ScreenTests.testRedButton > log 2>&1; then fail "PREVIEW_RECORD=failed: expected a failure"; fi
grep -q "re-recorded .*testRedButton.red-button.png" log || fail "PREVIEW_RECORD=failed: the failure does not name the file"
swift test --skip-build --filter ScreenTests.testRedButton > log 2>&1 || fail "after re-recording: expected a pass"
echo "consumer-test: 4/5 PREVIEW_RECORD=failed re-records, fails once, then passes"

rm -f Tests/ConsumerTests/__Snapshots__/ScreenSwiftTests/*.png ../Consumer/Snapshots/*.png 2>/dev/null || true
rm -rf Snapshots
if run --filter ScreenSwiftTests.sessionSnapshot; then fail "session snapshot without golden: expected a failure"; fi
ls Snapshots > recorded.txt
[ "$(cat recorded.txt | tr '\n' ' ')" = "greeting@greeting.json greeting@greeting.png " ] || fail "session snapshot: recorded $(cat recorded.txt | tr '\n' ' ') instead of only greeting@greeting"
echo "consumer-test: 5/5 assertSnapshot(session:snapshot:) records only the snapshot it names"
echo "consumer-test: passed"
