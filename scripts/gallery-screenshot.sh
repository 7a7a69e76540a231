#!/bin/sh
# Renders the review gallery of every shared session (Examples/) and screenshots its top in headless
# Chromium: `make gallery-screenshot` -> docs/gallery.png. Usage: gallery-screenshot.sh RENDER OUT_DIR PNG
set -eu
render=$1 out=$2 png=$3
chromium=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
if [ -z "$chromium" ]; then
  echo "gallery-screenshot: needs Chromium (sudo apt-get install chromium)" >&2; exit 1
fi
"$render" gallery Examples -o "$out" -q
dir=$(cd "$out" && pwd)
mkdir -p "$(dirname "$png")"
shot=$(cd "$(dirname "$png")" && pwd)/$(basename "$png")
profile=$(mktemp -d)
# A tall window: the header, the session index and the first sessions with their themes side by side.
"$chromium" --headless --no-sandbox --disable-gpu --hide-scrollbars --user-data-dir="$profile" \
  --window-size=1400,2400 --virtual-time-budget=10000 --screenshot="$shot" "file://$dir/index.html" 2>/dev/null
rm -rf "$profile"
echo "gallery-screenshot: $png ($(wc -c < "$shot") bytes) from $out/index.html"
