#!/usr/bin/env python3
"""The review at scale (issue 50): a generated check run of 10,000 snapshots in 20 shards, 1,000 of them
changed by 5 causes, merged with `render report merge`, and its review page opened in headless Chromium.

Prints the merge's wall seconds, the page's and the report's sizes, the groups it shows, the page's first
contentful paint in Chromium (from `file://`, cold), how many of its pictures the first screen fetched (every
picture is `loading="lazy"`) and how many entries Chromium laid out (`content-visibility: auto`), and the same
after jumping to the middle and to the end (lists drawn as they scroll); the figures also go to
OUT/figures.json. The shards' reports are written as `render check --report`
writes them (each picture a small distinct PNG under the shard's images/), so the merge does all it does
for a real run but render. Run: python3 Benchmarks/review_scale.py --render .build/release/render
(make bench). Targets (issue 50): merge at most 10 s, first paint at most 2 s.
"""
import argparse
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import time
import zlib

from playwright.sync_api import sync_playwright

SHARDS, SNAPSHOTS, CHANGED = 20, 10000, 1000
CAUSES = [
    ("restyled", "text", "color", "#212121", "#303030"),
    ("restyled", "button", "background", "#1a73e8", "#1967d2"),
    ("moved", "button", "", None, "4 dp down"),
    ("textChanged", "text", "", '"Sign in"', '"Log in"'),
    ("resized", "imageView", "", "48x48", "56x56"),
]


def png(seed, w=24, h=48):
    """A small PNG whose pixels depend on seed (every picture distinct, as real ones are)."""
    # The seed's bytes open the first row: every picture's bytes differ (the page stores one file per content).
    rows = b"".join(b"\x00" + (seed.to_bytes(6, "big") if y == 0 else b"")
                    + bytes(((seed * 7 + x * 3 + y) & 255) for x in range(w * 3 - (6 if y == 0 else 0)))
                    for y in range(h))
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows, 1)) + chunk(b"IEND", b""))


def change(cause, element_id):
    kind, ek, prop, a, b = cause
    msg = {"restyled": f"{ek} {element_id} {prop} {a} -> {b}", "moved": f"{ek} {element_id} moved {b}",
           "textChanged": f"{ek} {element_id} text {a} -> {b}", "resized": f"{ek} {element_id} resized {a} -> {b} dp"}
    c = {"elementId": element_id, "elementKind": ek, "kind": kind, "message": msg[kind], "property": prop, "to": b}
    if a is not None:
        c["from"] = a
    if kind in ("moved", "resized"):
        c["label"] = "'OK'"
    return c


def generate(root):
    per = SNAPSHOTS // SHARDS
    for s in range(SHARDS):
        folder = f"{root}/shard{s + 1}"
        os.makedirs(folder + "/images")
        outcomes = []
        for i in range(per):
            n = s * per + i
            session = f"screens/screen{n // 10:04d}.json"
            name = f"screen{n // 10:04d}@state{n % 10}"
            o = {"name": name, "session": session, "snapshot": f"state{n % 10}", "golden": name + ".png",
                 "regions": [], "changes": [], "environmentChanges": [], "notes": [], "mismatch": 0,
                 "reproduce": f"render check {session} --snapshots Snapshots", "status": "passed",
                 "message": f"{name}: matches Snapshots/{name}.png", "seconds": 0.05}
            g = png(n)
            o["goldenImage"] = "images/g%d.png" % n
            with open(f"{folder}/images/g{n}.png", "wb") as f:
                f.write(g)
            if n % (SNAPSHOTS // CHANGED) == 0:
                cause = CAUSES[(n // (SNAPSHOTS // CHANGED)) % len(CAUSES)]
                o.update(status="failed", changes=[change(cause, 5 + n % 7)], mismatch=0.02,
                         regions=[{"x": 0, "y": 0, "width": 8, "height": 8}],
                         accept=f"render check {session} --accept {name} --snapshots Snapshots",
                         message=f"{name}: 2.000% of pixels differ", actualImage=f"images/a{n}.png",
                         diffImage=f"images/d{n}.png")
                for p, seed in ((f"images/a{n}.png", n + 100000), (f"images/d{n}.png", n + 200000)):
                    with open(f"{folder}/{p}", "wb") as f:
                        f.write(png(seed, 72, 48))
            outcomes.append(o)
        report = {"rendererVersion": "0.3.0", "recordMode": "never", "snapshots": "Snapshots",
                  "tolerance": {"maxMismatch": 0.001, "semantic": True, "threshold": 40}, "outcomes": outcomes}
        with open(f"{folder}/check.json", "w") as f:
            json.dump(report, f)


# The first screen, once the page has loaded: how many pictures there are and how many were loaded (lazy ones
# load only near the view), and how many entries the browser laid out (content-visibility: auto skips the
# layout of those far from the view: their height is the intrinsic size given, 0 content boxes inside).
# Distinct pictures (by address: an image's views share it) in the page, and those loaded so far.
PICTURES = """const pictures = () => { const all = new Set(), loaded = new Set();
  for (const i of document.images) { all.add(i.src); if (i.complete && i.naturalWidth > 0) loaded.add(i.src); }
  return {all: all.size, loaded: loaded.size}; };"""
LAID_OUT = """const laidOut = (e) => { const c = e.firstElementChild;
  return !c || !c.checkVisibility || c.checkVisibility({contentVisibilityAuto: true}); };"""
FIRST_SCREEN = """() => { """ + LAID_OUT + PICTURES + """
  const imgs = [...document.images];
  const entries = [...document.querySelectorAll('.entry')];
  const cv = entries.filter(e => getComputedStyle(e).contentVisibility === 'auto').length;
  return {images: imgs.length, lazyImages: imgs.filter(i => i.loading === 'lazy').length,
          pictures: pictures().all, picturesLoaded: pictures().loaded,
          entries: entries.length, contentVisibility: cv, rendered: entries.filter(laidOut).length,
          domContentLoadedSeconds: performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd / 1000};
}"""

# Scrolls the entry to review at a fraction of the list to the top of the view and waits two animation frames
# (the screen painted): the time, and what was loaded and laid out then (the pictures of the entries in view
# load as they come: waited for, up to 5 s).
SCROLL_TO = """async (f) => { """ + LAID_OUT + PICTURES + """
  const list = [...document.querySelectorAll('.entry.failed')];
  const target = list[Math.min(list.length - 1, Math.floor(list.length * f))];
  const before = pictures().loaded, t = performance.now();
  target.scrollIntoView();
  await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
  const paintMs = performance.now() - t;
  const inView = () => [...target.querySelectorAll('.side img')].every(i => i.complete && i.naturalWidth > 0);
  while (!inView() && performance.now() - t < 5000) await new Promise(r => setTimeout(r, 20));
  const entries = [...document.querySelectorAll('.entry')];
  return {fraction: f, paintMs, picturesMs: performance.now() - t, picturesInView: inView(),
          picturesLoaded: pictures().loaded, newlyLoaded: pictures().loaded - before,
          rendered: entries.filter(laidOut).length};
}"""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--render", default=".build/release/render")
    ap.add_argument("--out", default="out/bench/review-scale")
    args = ap.parse_args()
    work = tempfile.mkdtemp(prefix="review-scale-")
    try:
        generate(work)
        shards = [f"{work}/shard{s + 1}" for s in range(SHARDS)]
        t = time.monotonic()
        cpu0 = os.times()
        p = subprocess.run([os.path.abspath(args.render), "report", "merge", *shards, "-o", work + "/merged",
                            "--snapshots", work + "/none"], capture_output=True, text=True, timeout=600,
                           start_new_session=True)
        merge = time.monotonic() - t
        cpu1 = os.times()
        merge_cpu = (cpu1.children_user - cpu0.children_user) + (cpu1.children_system - cpu0.children_system)
        if p.returncode != 6:
            sys.exit(f"report merge: exit {p.returncode}\n{p.stdout}\n{p.stderr[-2000:]}")
        page = work + "/merged/review/index.html"
        report = json.load(open(work + "/merged/check.json"))
        groups = [g["words"] for g in report.get("groups", [])]
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path="/usr/bin/chromium")
            tab = browser.new_page(viewport={"width": 1280, "height": 900})
            t = time.monotonic()
            tab.goto("file://" + page, wait_until="commit")
            tab.wait_for_function("performance.getEntriesByName('first-contentful-paint').length > 0",
                                  timeout=120000)
            fcp = tab.evaluate("performance.getEntriesByName('first-contentful-paint')[0].startTime") / 1000
            shown = time.monotonic() - t
            tab.wait_for_load_state("load", timeout=120000)
            first = tab.evaluate(FIRST_SCREEN)
            os.makedirs(args.out, exist_ok=True)
            tab.screenshot(path=args.out + "/first-screen.png")
            # Lists drawn as they scroll: the middle of the page, then its end, each painted (two animation
            # frames after the jump) and its pictures in view loaded.
            scrolls = [tab.evaluate(SCROLL_TO, f) for f in (0.5, 1.0)]
            tab.screenshot(path=args.out + "/scrolled-to-end.png")
            browser.close()
        size = os.path.getsize(page)
        json_size = os.path.getsize(work + "/merged/check.json")
        images = sum(os.path.getsize(os.path.join(work, "merged/review/img", f))
                     for f in os.listdir(work + "/merged/review/img"))
        figures = {
            "snapshots": SNAPSHOTS, "shards": SHARDS, "changed": CHANGED, "causes": len(CAUSES), "groups": groups,
            "mergeSeconds": round(merge, 2), "mergeCPUSeconds": round(merge_cpu, 2), "pageMB": round(size / 1e6, 2),
            "reportJSONMB": round(json_size / 1e6, 2),
            "imagesMB": round(images / 1e6, 2), "firstContentfulPaintSeconds": round(fcp, 2),
            "navigationToSeenSeconds": round(shown, 2), "firstScreen": first, "scrolls": scrolls,
        }
        with open(args.out + "/figures.json", "w") as f:
            json.dump(figures, f, indent=1)
        lazy = first["lazyImages"] == first["images"]
        print(f"review-scale: {SNAPSHOTS} snapshots in {SHARDS} shards, {CHANGED} changed by {len(CAUSES)} causes: "
              f"{len(groups)} groups; merge {merge:.2f} s wall, {merge_cpu:.2f} CPU-seconds (target 10 s); page "
              f"{size / 1e6:.1f} MB + report {json_size / 1e6:.1f} MB + {images / 1e6:.1f} MB of images; first "
              f"contentful paint {fcp:.2f} s (target 2 s; the whole page parsed at "
              f"{first['domContentLoadedSeconds']:.2f} s, seen by Playwright {shown:.2f} s after navigating)")
        print(f"  first screen: {first['picturesLoaded']} of {first['pictures']} pictures loaded "
              f"({'every' if lazy else 'not every'} <img> lazy); {first['rendered']} of {first['entries']} entries "
              f"laid out (content-visibility: auto on {first['contentVisibility']})")
        for s in scrolls:
            print(f"  the change {s['fraction']:.0%} down the list: painted {s['paintMs']:.0f} ms after the jump, its "
                  f"pictures in {s['picturesMs']:.0f} ms ({s['newlyLoaded']} pictures loaded then); "
                  f"{s['rendered']} entries laid out")
        for g in groups:
            print("  " + g)
        print(f"review-scale: figures in {args.out}/figures.json")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
