#!/usr/bin/env python3
"""The render worker's memory under a burst of saves (issue 44; docs/limits.md "`render serve`'s children"):
`render serve FOLDER` with three pages on a session that grows by 20 text elements with every save, written
50 times a second for 20 s (temporary file, then rename). Saves coalesce, so the worker renders the newest
version only; its peak resident memory must stay under WORKER_CAP_MB and the server's under SERVER_CAP_MB, and
the pages must end on the last save. Run by `make soak`:
    python3 Serve/browser-tests/burst_memory.py --render .build/release/render [--seconds 20]"""
import argparse
import json
import os
import shutil
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from serve_support import Server, WS, children, rss_kb, session, write  # noqa: E402

WORKER_CAP_MB = 400
SERVER_CAP_MB = 120


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--render", default=".build/release/render")
    ap.add_argument("--out", default="out/burst-memory")
    ap.add_argument("--seconds", type=float, default=20)
    a = ap.parse_args()
    shutil.rmtree(a.out, ignore_errors=True)
    os.makedirs(a.out)
    path = os.path.join(a.out, "burst.json")
    base = json.loads(session("#e3f2fd"))
    write(path, json.dumps(base))
    server = Server(a.render, os.path.abspath(a.out))
    peak, stop = {}, threading.Event()

    def sample():
        while not stop.is_set():
            for pid in children(server.proc.pid):
                try:
                    peak["worker"] = max(peak.get("worker", 0), rss_kb(pid))
                except OSError:
                    pass
            peak["server"] = max(peak.get("server", 0), rss_kb(server.proc.pid))
            time.sleep(0.1)

    pages = [WS(server) for _ in range(3)]
    try:
        for p in pages:
            p.send({"type": "view", "session": "burst.json"})
            p.frame()
        threading.Thread(target=sample, daemon=True).start()
        last = {}

        def drain(p):
            try:
                while not stop.is_set():
                    head, _ = p.frame()
                    last[p] = head
            except Exception:
                pass

        for p in pages:
            threading.Thread(target=drain, args=(p,), daemon=True).start()
        steps, saves, t0 = list(base["steps"]), 0, time.time()
        while time.time() - t0 < a.seconds:
            saves += 1
            steps += [{"type": "CREATE_TEXT", "internalId": 3, "childInternalId": 1000 + saves * 20 + k,
                       "textValue": f"row {saves} {k}"} for k in range(20)]
            write(path, json.dumps({**base, "steps": steps}))
            time.sleep(max(0, t0 + saves / 50 - time.time()))
        final_version = None
        deadline = time.time() + 60
        while time.time() < deadline:
            time.sleep(0.5)
            versions = {h["version"] for h in last.values()}
            if len(versions) == 1 and (final_version is not None and versions == {final_version}):
                break
            final_version = max(versions) if versions else None
        stats = server.stats()
    finally:
        stop.set()
        for p in pages:
            p.close()
        server.stop()
    size = os.path.getsize(path)
    worker, srv = peak.get("worker", 0) // 1024, peak.get("server", 0) // 1024
    print(f"burst-memory: {saves} saves in {a.seconds:.0f} s, session {size / 1e6:.1f} MB at the end, "
          f"{stats['main'].get('frame', 0)} frames made; peak RSS: worker {worker} MB (cap {WORKER_CAP_MB}), "
          f"server {srv} MB (cap {SERVER_CAP_MB})")
    failures = []
    if worker >= WORKER_CAP_MB:
        failures.append(f"the worker reached {worker} MB")
    if srv >= SERVER_CAP_MB:
        failures.append(f"the server reached {srv} MB")
    if stats["main"].get("frame", 0) >= saves // 2:
        failures.append(f"{stats['main'].get('frame', 0)} frames for {saves} saves: the saves did not coalesce")
    if failures:
        sys.exit("burst-memory: FAIL: " + "; ".join(failures))
    print("burst-memory: passed")


if __name__ == "__main__":
    main()
