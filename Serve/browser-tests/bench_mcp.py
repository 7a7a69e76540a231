#!/usr/bin/env python3
"""`make bench`'s figures for `render mcp` (Benchmarks/README.md, docs/mcp.md "Speed"), measured by the Python MCP
client over stdio as an agent calls it: p50 and p95 of a `render` call on the bench screen (1170 x 2532 px; the
picture shrunk to at most 800 px, as by default), of the same call after the session file changed (a new
state: the worker replays and draws it again), of `tree` on it, and of an `app_step` on the stand-in app (a tap
on the text field by locator, as bench_live.py taps it: the app's step, the new frame, its tree and locators). Each time is from the call sent to its
answer read back, base64 decoding included. Writes out/bench/mcp/mcp-bench.json.
    python3 Serve/browser-tests/bench_mcp.py --render .build/release/render --app out/platform/previewtest"""
import argparse
import asyncio
import json
import os
import shutil
import statistics
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.abspath(os.path.join(HERE, "..", ".."))
FIX = os.path.join(REPO, "Platform", "tests", "fixtures")


def percentile(values, p):
    s = sorted(values)
    return s[min(len(s) - 1, int(round(p / 100 * (len(s) - 1))))]


async def timed(s, tool, args, expect_image=True):
    t = time.perf_counter()
    r = await s.call_tool(tool, args)
    ms = (time.perf_counter() - t) * 1000
    if r.is_error or (expect_image and not any(c.type == "image" for c in r.content)):
        raise SystemExit(f"mcp bench: {tool} failed: {[c.text for c in r.content if c.type == 'text']}")
    return ms


async def measure(a):
    from mcp import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client
    root = os.path.join(a.out, "root")
    shutil.rmtree(root, ignore_errors=True)
    os.makedirs(root)
    shutil.copy(os.path.join(a.benchmarks, "messages-screen.json"), root)
    shutil.copytree(os.path.join(a.benchmarks, "assets"), os.path.join(root, "assets"))
    session = os.path.join(root, "messages-screen.json")
    params = StdioServerParameters(command=a.render, args=[
        "mcp", "--root", root, "--fonts-dir", os.path.join(REPO, "Fonts"), "--app", a.app,
        "--assets", os.path.join(FIX, "assets"), "--http", os.path.join(FIX, "http")])
    out = {}
    async with stdio_client(params) as (r, w):
        async with ClientSession(r, w) as s:
            await s.initialize()
            view = {"session": "messages-screen.json"}
            await timed(s, "render", view)  # the first: the worker starts, loads fonts, replays
            out["render"] = [await timed(s, "render", view) for _ in range(a.calls)]
            edited = []
            for i in range(a.calls):
                os.utime(session, ns=(i * 1_000_000_000 + 1, i * 1_000_000_000 + 1))  # a new version, same bytes
                edited.append(await timed(s, "render", view))
            out["render_after_edit"] = edited
            out["tree"] = [await timed(s, "tree", view, expect_image=False) for _ in range(a.calls)]
            await timed(s, "app_start", {})
            steps = []
            for _ in range(a.calls):  # as bench_live.py: taps on the text field
                steps.append(await timed(s, "app_step", {"action": "tap", "locator": {"type": "textField"}}))
            out["app_step"] = steps
            await s.call_tool("app_stop", {})
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--render", default=".build/release/render")
    ap.add_argument("--app", default="out/platform/previewtest")
    ap.add_argument("--benchmarks", default="Benchmarks")
    ap.add_argument("--out", default="out/bench/mcp")
    ap.add_argument("--calls", type=int, default=30)
    a = ap.parse_args()
    a.render, a.app, a.out = os.path.abspath(a.render), os.path.abspath(a.app), os.path.abspath(a.out)
    try:
        import mcp  # noqa: F401
    except ImportError:
        print("mcp bench: skipped: the mcp package is missing (make deps installs it)")
        return
    os.makedirs(a.out, exist_ok=True)
    times = asyncio.run(measure(a))
    result = {k: {"p50_ms": round(statistics.median(v), 1), "p95_ms": round(percentile(v, 95), 1), "calls": len(v)}
              for k, v in times.items()}
    with open(os.path.join(a.out, "mcp-bench.json"), "w") as f:
        json.dump(result, f, indent=1)
    for k, v in result.items():
        print(f"render mcp, {k}: p50 {v['p50_ms']} ms, p95 {v['p95_ms']} ms over {v['calls']} calls")


if __name__ == "__main__":
    main()
