#!/usr/bin/env python3
"""`make bench`'s live-preview figures (Benchmarks/README.md): edit-to-pixel latency of `render serve`
on the bench screen (1170 x 2532 px) in headless Chromium, from the file write to the page's own
requestAnimationFrame timestamp of the frame that drew the new picture, p50 and p95 over --edits
edits; beside it one `render` process of the same screen in the same run; then the same with
--pages pages open (the latency until the last of them has painted). Installs Playwright with pip
when it is missing; says plainly that it skipped when it cannot (no chromium, no pip)."""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from serve_support import Server, write  # noqa: E402


def percentile(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, max(0, int(round(p / 100 * len(xs) + 0.5)) - 1))]


def breakdown(t0, f):
    """Where one edit's time went (ms): the write until the server noticed it (inotify), until the
    frame was queued for the page (the worker: `state` = load, replay and inspect the new session,
    then layout, paint, raster, PNG encode, the tree's JSON), until the page received it, decoded the
    PNG, and painted (its requestAnimationFrame time)."""
    if "noticed" not in f:  # a server from before these fields
        return {}
    out = {"noticed": f["noticed"] - t0, "worker_wait": f["sent"] - f["noticed"], "socket": f["recv"] - f["sent"],
           "decode": f["decoded"] - f["recv"], "paint": f["t"] - f["decoded"], "png_kb": f["bytes"] / 1024,
           "patch": 1 if f.get("patch") else 0}
    for k, v in (f.get("timing") or {}).items():
        out["worker_" + k] = v
    return out


def playwright_or_skip():
    try:
        from playwright.sync_api import sync_playwright  # noqa: F401
        return True
    except ImportError:
        print("serve bench: installing Playwright (pip install playwright)")
        for extra in ([], ["--break-system-packages"]):
            r = subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--user", "playwright", *extra])
            if r.returncode == 0:
                return True
    return False


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--render", default=".build/release/render")
    ap.add_argument("--benchmarks", default="Benchmarks")
    ap.add_argument("--out", default="out/bench/serve")
    ap.add_argument("--edits", type=int, default=50)
    ap.add_argument("--pages", type=int, default=10)
    ap.add_argument("--chromium", default="/usr/bin/chromium")
    a = ap.parse_args()
    render = os.path.abspath(a.render)
    if not os.path.exists(a.chromium):
        print(f"serve bench: skipped: no chromium at {a.chromium} (make deps installs it)")
        return 0
    if not playwright_or_skip():
        print("serve bench: skipped: Playwright could not be installed (pip install playwright)")
        return 0
    from playwright.sync_api import sync_playwright
    shutil.rmtree(a.out, ignore_errors=True)
    os.makedirs(a.out)
    shutil.copy(os.path.join(a.benchmarks, "messages-screen.json"), a.out)
    shutil.copytree(os.path.join(a.benchmarks, "assets"), os.path.join(a.out, "assets"))
    path = os.path.join(a.out, "messages-screen.json")
    original = open(path).read()

    # One `render` process of the same screen, in the same run: median of 11.
    process = []
    for _ in range(11):
        t = time.perf_counter()
        subprocess.run([render, path, "-o", os.path.join(a.out, "process.png"), "-q"], check=True)
        process.append((time.perf_counter() - t) * 1000)

    server = Server(render, a.out)
    edit = 0

    def save():
        nonlocal edit
        edit += 1
        text = original.replace('"Alice Johnson"', f'"Alice Johnson {edit}"')
        t0 = time.time() * 1000
        write(path, text)
        return t0

    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=a.chromium, args=["--no-sandbox"])
            pages = [browser.new_page(viewport={"width": 1280, "height": 800})]
            pages[0].goto(server.url)
            wait = "v => window.__on('frame', f => f.ok && f.slot === 'main' && f.version >= v).then(f => f.t)"
            whole = "v => window.__on('frame', f => f.ok && f.slot === 'main' && f.version >= v)"
            pages[0].evaluate(wait, 0)
            version = pages[0].evaluate("() => window.__frames.at(-1).version")
            one, parts = [], []
            for _ in range(a.edits):
                t0 = save()
                version += 1
                f = pages[0].evaluate(whole, version)
                one.append(f["t"] - t0)
                parts.append(breakdown(t0, f))
            for _ in range(a.pages - 1):
                p = browser.new_page(viewport={"width": 1280, "height": 800})
                p.goto(server.url)
                p.evaluate(wait, version)
                pages.append(p)
            many = []
            for _ in range(max(1, a.edits // 2)):
                t0 = save()
                version += 1
                many.append(max(p.evaluate(wait, version) for p in pages) - t0)
            browser.close()
        stats = server.stats()
    finally:
        server.stop()
    result = {
        "edits": a.edits, "p50_ms": percentile(one, 50), "p95_ms": percentile(one, 95),
        "pages": a.pages, "pages_p50_ms": percentile(many, 50), "pages_p95_ms": percentile(many, 95),
        "render_process_median_ms": statistics.median(process), "server_stats": stats,
        "load_average": os.getloadavg(),
        "breakdown_p50_ms": {k: statistics.median(p[k] for p in parts) for k in parts[0]},
        "frames_as_changed_rectangles": sum(p.get("patch", 0) for p in parts),
    }
    with open(os.path.join(a.out, "serve-bench.json"), "w") as f:
        json.dump(result, f, indent=1)
    print(f"render serve, bench screen 1170x2532: edit-to-pixel p50 {result['p50_ms']:.1f} ms, "
          f"p95 {result['p95_ms']:.1f} ms over {a.edits} edits (goal p95 <= 50 ms); "
          f"one `render` process {result['render_process_median_ms']:.1f} ms (median of 11)")
    print("where it went (medians, ms): " + ", ".join(f"{k} {v:.1f}" for k, v in result["breakdown_p50_ms"].items())
          + f"; {result['frames_as_changed_rectangles']} of {a.edits} frames sent as changed rectangles")
    print(f"render serve, {a.pages} pages open: p50 {result['pages_p50_ms']:.1f} ms, "
          f"p95 {result['pages_p95_ms']:.1f} ms until the last page painted ({len(many)} edits); "
          f"load average {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
