#!/usr/bin/env python3
"""`make bench`'s figure for `render serve --app` (Benchmarks/README.md): a click in headless Chromium
to the new frame painted in the page (the page's own event and requestAnimationFrame timestamps), p50
and p95 over --taps taps on the stand-in app's buttons (Open dialog, then the dialog's OK, in turn),
with the app's own time for each step (its answer's `micros`: the handler and the session write)
reported apart."""
import argparse
import json
import os
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import test_live  # noqa: E402
from bench_serve import percentile  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--render", default=".build/release/render")
    ap.add_argument("--app", default="out/platform/previewtest")
    ap.add_argument("--chromium", default="/usr/bin/chromium")
    ap.add_argument("--out", default="out/bench/serve-live")
    ap.add_argument("--taps", type=int, default=50)
    args = ap.parse_args()
    args.render, args.app = os.path.abspath(args.render), os.path.abspath(args.app)
    if not os.path.exists(args.app) or not os.path.exists(args.chromium):
        print(f"serve-live bench: skipped (no {args.app if not os.path.exists(args.app) else args.chromium})")
        return 0
    test_live.ARGS = args
    from playwright.sync_api import sync_playwright
    os.makedirs(args.out, exist_ok=True)
    server = test_live.LiveServer(os.path.abspath(args.out))
    pw = sync_playwright().start()
    browser = pw.chromium.launch(executable_path=args.chromium, args=["--no-sandbox"])
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(server.url)
    t = test_live.Live("test_1_boot_and_click_by_position")
    t.page = page
    t.wait("live", "m => m.log.some(e => e.n === 0)")
    t.painted_with(t.has_text("Open dialog"))
    page.evaluate("""() => { document.querySelector('.pic[data-slot=main] .overlay').addEventListener('mouseup',
        (e) => { window.__clickAt = performance.timeOrigin + e.timeStamp; }); }""")
    latencies, app_ms = [], []
    # The stand-in's dialog opens once only (its second showModal shows nothing), so the taps go to its
    # text field: each is hit-tested and delivered by the engine in the app, recorded, and rendered anew.
    field = page.evaluate("() => window.__state.tree.find(e => e.kind === 'textField')")
    for i in range(args.taps):
        n = t.last_n()
        version = page.evaluate("() => Math.max(0, ...window.__frames.map(f => f.version || 0))")
        page.mouse.click(*t.point(field))
        m, e = t.answered(n + 1)
        f = t.wait("frame", f"f => f.ok && f.version > {version}")
        latencies.append(f["t"] - page.evaluate("() => window.__clickAt"))
        app_ms.append(e["micros"] / 1000)
    browser.close()
    pw.stop()
    server.stop()
    result = {"taps": args.taps, "p50_ms": round(percentile(latencies, 50), 1),
              "p95_ms": round(percentile(latencies, 95), 1), "app_p50_ms": round(statistics.median(app_ms), 2),
              "app_p95_ms": round(percentile(app_ms, 95), 2)}
    print(f"serve --app: click to painted frame over {args.taps} taps: p50 {result['p50_ms']} ms, "
          f"p95 {result['p95_ms']} ms; the app's own time per step: p50 {result['app_p50_ms']} ms, "
          f"p95 {result['app_p95_ms']} ms")
    with open(os.path.join(args.out, "latency.json"), "w") as fh:
        json.dump(result, fh, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
