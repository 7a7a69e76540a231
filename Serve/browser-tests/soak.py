#!/usr/bin/env python3
"""The soak of `render serve` (issue 44): the live app misbehaving under ten open pages, and a burst of saves,
with the server's memory, descriptors and processes measured before and after.

Two servers run for the whole soak:
- live: `render-serve --step-timeout S --app previewtest` (the stand-in test app), ten pages: one chromium page
  (Playwright, screenshotted at the end) and nine light WebSocket pages (raw sockets, soak_pages.py) that send
  the page's `view` and `painted` messages as the page's frames.js does and read every frame. A cycle types each of the test
  app's misbehaving modes into its text field (Platform/README.md "Live mode": soak:flood five times, then
  soak:crash-with-helpers, soak:exit-helper-floods, soak:close-stdout, soak:hang, soak:helper-holds-pipes),
  each followed by Restart: every page must get the new app's first frame within 2 s of the Restart message
  (from sending it to the frame's arrival). The server's RSS just after 50 MB of the app's stderr must stay
  within the RSS margin. A live server on which Restart never brings a frame (10 s) is wedged: it is
  measured, stopped and replaced, and the soak goes on with the next mode.
- burst: `render-serve FOLDER` with ten pages on a growing session that a writer saves 50 times a second
  (temporary file, then rename) for a few seconds: every page must end on the last save's frame within one
  render's time (twice a single save's save-to-frame time, plus 0.5 s) after the burst ends.
At the end, per server: RSS (VmRSS) at most 40 MB (its byte-bounded caches, filled) and open descriptors at most 8 above where they were after
warm-up; while it runs, no process in its session or in its apps' process groups but itself, its workers and
the current app, and no zombie under it; once stopped (SIGINT), nothing of it left.

    python3 Serve/browser-tests/soak.py --render .build/release/render --app out/platform/previewtest [--duration 60]

`--duration SECONDS` runs cycles (the modes, then a burst) until that time is spent (at least one); every wait
has a time limit, a whole-run guard ends everything past duration + 300 s, and the servers' process groups
(and anything left in them) are killed on the way out, pass or fail. Exit 1 when an assertion failed."""
import argparse
import atexit
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, HERE)
from soak_pages import LightPage  # noqa: E402
from soak_procs import fd_count, kill_pids, rss_kb, scan  # noqa: E402

FIX = os.path.join(ROOT, "Platform", "tests", "fixtures")
# The server's caches fill as the soak runs and are bounded by bytes (docs/limits.md): kept frames 16 MiB and
# thumbnails 8 MiB; 16 MB more for the allocator. A leak passes this within minutes (the 30-minute soak: +33 MB,
# Benchmarks/notes/serve-under-faults.md).
RSS_MARGIN_KB = 40 * 1024
FD_MARGIN = 8
RESTART_LIMIT = 2.0      # s, Restart message to the new app's first frame
RESTART_WEDGED = 10.0    # s without that frame: the server is wedged
BURST_HZ = 50
GROWTH = 4             # elements a burst save adds to the session
MODES = ["flood", "crash-with-helpers", "exit-helper-floods", "close-stdout", "hang", "helper-holds-pipes"]
FLOODS = 5               # soak:flood steps (10 MB of stderr each) before the RSS sample

ARGS = None
FAILURES = []
NOTES = []
SERVERS = []             # every server started, for the cleanup
LOCK = threading.Lock()


def fail(msg):
    with LOCK:
        FAILURES.append(msg)
    print(f"soak: FAIL: {msg}", flush=True)


def note(msg):
    print(f"soak: {msg}", flush=True)


# ---- servers

class Serve:
    """One `render-serve` in a session of its own (so it and all it starts can be found and ended)."""

    def __init__(self, label, *args):
        self.label, self.args = label, list(args)
        self.pgids, self.helpers, self.apps = set(), set(), set()
        self.rss0 = self.fds0 = self.rss_peak = None
        self.rss1 = self.fds1 = None
        self.extra, self.zombies, self.left = [], [], []
        self.stopped = False
        base = os.path.join(ARGS.out, label)
        self.out_path, self.err_path = base + ".out", base + ".err"
        command = [ARGS.serve, "--render", ARGS.render, "--fonts-dir", ARGS.fonts_dir, "--port", "0", *self.args]
        with open(self.out_path, "w") as o, open(self.err_path, "w") as e:
            self.proc = subprocess.Popen(command, stdout=o, stderr=e, stdin=subprocess.DEVNULL,
                                         start_new_session=True, cwd=ROOT)
        self.pid = self.sid = self.proc.pid
        SERVERS.append(self)
        deadline = time.time() + 60
        self.url = None
        while time.time() < deadline and self.proc.poll() is None:
            m = re.search(r"http://([\d.]+):(\d+)/", open(self.out_path).read())
            if m:
                self.host, self.port, self.url = m.group(1), int(m.group(2)), m.group(0)
                break
            time.sleep(0.05)
        if not self.url:
            self.kill_group()
            SERVERS.remove(self)
            raise RuntimeError(f"{label}: render-serve did not start (exit {self.proc.poll()}): "
                               f"{open(self.err_path).read()[-2000:]}")

    def sample(self):
        r = rss_kb(self.pid)
        self.rss_peak = max(self.rss_peak or 0, r)
        return r, fd_count(self.pid)

    def baseline(self):
        self.rss0, self.fds0 = self.sample()

    def mine(self, procs):
        """The processes of this server: its session, its apps' process groups, its descendants."""
        out = {p for p, s in procs.items() if s.sid == self.sid or s.pgrp in self.pgids}
        todo = [self.pid]
        while todo:
            q = todo.pop()
            for p, s in procs.items():
                if s.ppid == q and p not in out:
                    out.add(p)
                    todo.append(p)
        return out

    def observe(self):
        """Notes the app runs (their process groups) and helpers now alive."""
        procs = scan()
        for p in self.mine(procs):
            s = procs[p]
            if s.comm == "soak-helper":
                self.helpers.add(p)
            elif "--live" in s.cmdline:
                self.apps.add(p)
                self.pgids.add(s.pgrp)
        return procs

    def app_pid(self):
        procs = self.observe()
        apps = [p for p in self.mine(procs) if "--live" in procs[p].cmdline and procs[p].comm != "soak-helper"
                and procs[p].ppid == self.pid and procs[p].state != "Z"]
        return apps[0] if len(apps) == 1 else None

    def finish(self):
        """The end figures while it runs, then SIGINT and what is left of it."""
        if self.stopped:
            return
        time.sleep(1.0)
        procs = self.observe()
        if self.proc.poll() is None:
            self.rss1, self.fds1 = self.sample()
        mine = self.mine(procs)
        expected = {self.pid} | {p for p in mine if "--serve-worker" in procs[p].cmdline}
        current = self.app_pid()
        if current:
            expected.add(current)
        self.extra = sorted(mine - expected)
        self.zombies = sorted(p for p in mine if procs[p].state == "Z")
        self.extra_desc = [f"{p} {procs[p].comm} ({procs[p].state}, pgrp {procs[p].pgrp})" for p in self.extra]
        self.stop()

    def stop(self):
        if self.stopped:
            return
        self.stopped = True
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                fail(f"{self.label}: the server did not stop within 20 s of SIGINT")
                self.proc.kill()
                self.proc.wait(timeout=10)
        deadline = time.time() + 3
        while True:
            procs = scan()
            left = self.mine(procs) - {self.pid}
            if not left or time.time() > deadline:
                break
            time.sleep(0.1)
        self.left = [f"{p} {procs[p].comm} ({procs[p].state})" for p in sorted(left)]
        kill_pids(left)
        self.kill_group()

    def kill_group(self):
        try:
            os.killpg(self.sid, signal.SIGKILL)
        except OSError:
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            pass

    def report_checks(self):
        if self.rss0 is None:
            return
        if self.rss1 is not None and self.rss1 > self.rss0 + RSS_MARGIN_KB:
            fail(f"{self.label}: RSS {self.rss0 // 1024} MB at the start, {self.rss1 // 1024} MB at the end "
                 f"(margin {RSS_MARGIN_KB // 1024} MB)")
        if self.fds1 is not None and self.fds1 > self.fds0 + FD_MARGIN:
            fail(f"{self.label}: {self.fds0} open descriptors at the start, {self.fds1} at the end "
                 f"(margin {FD_MARGIN})")
        if self.extra:
            fail(f"{self.label}: {len(self.extra)} process(es) beyond the server, its workers and the app: "
                 + ", ".join(self.extra_desc[:8]))
        if self.zombies:
            fail(f"{self.label}: zombies under the server: {self.zombies}")
        if self.left:
            fail(f"{self.label}: left after the server stopped: " + ", ".join(self.left[:8]))


def cleanup():
    for s in SERVERS:
        try:
            procs = scan()
            kill_pids(s.mine(procs) - {s.pid})
        except Exception:
            pass
        s.kill_group()


def guard(seconds):
    def fire():
        print(f"soak: FAIL: the whole-run guard fired after {seconds} s: ending everything", flush=True)
        cleanup()
        os._exit(3)
    t = threading.Timer(seconds, fire)
    t.daemon = True
    t.start()


# ---- the chromium pages

class Browser:
    def __init__(self):
        from playwright.sync_api import sync_playwright
        self.pw = sync_playwright().start()
        self.browser = self.pw.chromium.launch(executable_path=ARGS.chromium, args=["--no-sandbox"])
        self.pages = {}

    def open(self, name, url):
        page = self.pages.get(name) or self.browser.new_page(viewport={"width": 1280, "height": 800})
        page.set_default_timeout(30000)
        self.pages[name] = page
        page.goto(url)
        return page

    def first_frame_after(self, name, t0_ms, version, wait_ms):
        """ms from t0 to the arrival of the page's first painted frame of at least that version; None: none."""
        return self.pages[name].evaluate("""([t0, v, wait]) => new Promise((resolve) => {
            window.__on('frame', f => f.ok && f.version >= v).then(f => resolve(f.recv - t0));
            setTimeout(() => resolve(null), wait); })""", [t0_ms, version, wait_ms])

    def last_version(self, name):
        return self.pages[name].evaluate(
            "() => { const f = window.__frames.filter(f => f.ok); return f.length ? f[f.length - 1].version : null; }")

    def close(self):
        try:
            self.browser.close()
        finally:
            self.pw.stop()


# ---- live

class Live:
    """A live server, its pages, the driver (light page 0 sends the steps)."""

    def __init__(self, browser, n):
        args = ["--step-timeout", str(ARGS.step_timeout)] if ARGS.step_timeout else []
        app = ["--app", ARGS.app, "--assets", os.path.join(FIX, "assets"), "--http", os.path.join(FIX, "http")]
        label = f"live-{n}"
        try:
            self.serve = Serve(label, *args, *app)
        except RuntimeError as e:
            if not args or "unknown option --step-timeout" not in str(e):
                raise
            if not any("--step-timeout" in f for f in FAILURES):
                said = next((line for line in str(e).splitlines() if "unknown option" in line), str(e)[:200])
                fail(f"the server does not take --step-timeout ({said.strip()}); run without it")
            ARGS.step_timeout = None
            self.serve = Serve(label, *app)
        self.browser = browser
        self.pages = [LightPage(self.serve.host, self.serve.port, f"{label}/p{i}") for i in range(ARGS.pages - 1)]
        self.driver = self.pages[0]
        browser.open("live", self.serve.url)
        self.ready = 0
        if not self.wait_all(lambda p: p.field_id is not None and p.has_frame(lambda f: "no events" in f.texts), 60):
            raise RuntimeError(f"{label}: the app's first frame did not reach every page in 60 s")

    def wait_all(self, test, timeout):
        deadline = time.time() + timeout
        return all(p.wait(test, max(0.0, deadline - time.time())) for p in self.pages)

    def step(self, text):
        self.driver.send({"type": "live", "op": "step",
                          "step": {"type": "input", "internalId": self.driver.field_id, "textValue": text}})

    def make_ready(self):
        """A normal step first: the screen then shows its text, not the boot screen's."""
        self.ready += 1
        text = f"soak-ready-{self.ready}"
        self.step(text)
        return self.wait_all(lambda p: p.has_frame(lambda f: f"typed {text}" in f.texts), 20)

    def mode(self, mode, figures):
        """One misbehaving mode, then Restart. False when the server is wedged (no new app's frame)."""
        s = self.serve
        if not self.make_ready():
            fail(f"{s.label}: before soak:{mode}: a normal step's frame did not reach every page in 20 s")
            return False
        s.app_pid()  # its process group is noted
        if mode == "flood":
            for _ in range(FLOODS):
                n = self.driver.last_n()
                self.step("soak:flood")
                if not self.driver.wait(lambda p: p.last_n() > n, 30):
                    fail(f"{s.label}: soak:flood was not answered in 30 s")
                    break
            rss, _ = s.sample()
            figures.setdefault("flood_rss_kb", []).append(rss)
            if s.rss0 is not None and rss > s.rss0 + RSS_MARGIN_KB:
                fail(f"{s.label}: RSS {rss // 1024} MB after {FLOODS * 10} MB of the app's stderr "
                     f"(start {s.rss0 // 1024} MB, margin {RSS_MARGIN_KB // 1024} MB)")
        else:
            seq = self.driver.live_seq()
            self.step(f"soak:{mode}")
            # Crashes and exits are seen at once; a hang and a closed stdout are restarted while they last.
            self.driver.wait(lambda p: p.live_seq() > seq and not p.running(), 1.0)
            time.sleep(0.3)
            s.observe()  # the helpers it forked
        t0 = time.time()
        self.driver.send({"type": "live", "op": "restart"})
        deadline = t0 + RESTART_WEDGED
        got = [p.wait_first(lambda f: f.t > t0 and "no events" in f.texts, max(0.0, deadline - time.time()))
               for p in self.pages]
        times = [g.t - t0 for g in got if g]
        figures.setdefault(mode, []).extend(times)
        if len(times) < len(got):
            fail(f"{s.label}: Restart after soak:{mode}: {len(got) - len(times)} of {len(got)} pages got no frame "
                 f"of the new app in {RESTART_WEDGED:.0f} s (server wedged)")
            return False
        worst = max(times)
        version = min(g.version for g in got)
        chrome = self.browser.first_frame_after("live", t0 * 1000, version, int(RESTART_WEDGED * 1000))
        if chrome is not None:
            figures.setdefault(mode + " (chromium)", []).append(chrome / 1000)
        if worst > RESTART_LIMIT:
            fail(f"{s.label}: Restart after soak:{mode}: the new app's first frame took {worst:.2f} s "
                 f"(limit {RESTART_LIMIT} s)")
        if chrome is None:
            fail(f"{s.label}: Restart after soak:{mode}: the chromium page painted no frame of the new app in "
                 f"{RESTART_WEDGED:.0f} s")
        elif chrome / 1000 > RESTART_LIMIT:
            fail(f"{s.label}: Restart after soak:{mode}: the new app's first frame reached the chromium page after "
                 f"{chrome / 1000:.2f} s (limit {RESTART_LIMIT} s)")
        note(f"{s.label}: soak:{mode}: restart to frame {min(times):.2f}-{worst:.2f} s"
             + (f", chromium {chrome / 1000:.2f} s" if chrome is not None else ""))
        return True

    def close(self):
        for p in self.pages:
            p.close()


# ---- burst

def burst_session(n, size):
    """A session that grows by one line per save; its label names the save."""
    def style(i, k, v):
        return {"type": "SET_STYLE", "internalId": i, "value": 0, "textValue": k, "textValue2": v}
    steps = [
        {"type": "CREATE_APPLICATION", "internalId": 0, "childInternalId": 1, "textValue": "com.example.soak"},
        {"type": "CREATE_FRAMEVIEW", "internalId": 1, "childInternalId": 2},
        {"type": "CREATE_LINEAR_LAYOUT", "internalId": 2, "childInternalId": 3, "value": 1},
        style(3, "width", "match-parent"), style(3, "height", "match-parent"), style(3, "background-color", "#e3f2fd"),
        {"type": "CREATE_TEXT", "internalId": 3, "childInternalId": 4, "textValue": f"save {n}"},
        style(4, "font-size", "20"), style(4, "color", "#0d47a1"),
    ]
    for i in range(GROWTH * (size + 10)):  # grows by GROWTH elements a save
        steps.append({"type": "CREATE_TEXT", "internalId": 3, "childInternalId": 10 + i,
                      "textValue": f"line {i} of save {n}: the quick brown fox jumps over the lazy dog"})
        steps += [style(10 + i, "font-size", str(6 + i % 5)),
                  style(10 + i, "background-color", f"#{(i * 2654435) % 0xffffff:06x}")]
    return json.dumps({"format": "framework-session", "version": 1, "name": "soak-burst",
                       "device": {"width": 360, "height": 640, "scale": 2}, "steps": steps})


def save(path, n, size):
    tmp = path + ".tmp~"
    with open(tmp, "w") as f:
        f.write(burst_session(n, size))
    os.rename(tmp, path)


class Burst:
    def __init__(self, browser):
        self.folder = os.path.join(ARGS.out, "burst")
        shutil.rmtree(self.folder, ignore_errors=True)
        os.makedirs(self.folder)
        self.path = os.path.join(self.folder, "burst.json")
        self.n = self.size = 0
        save(self.path, 0, 0)
        self.serve = Serve("burst", self.folder)
        self.browser = browser
        self.pages = [LightPage(self.serve.host, self.serve.port, f"burst/p{i}") for i in range(ARGS.pages - 1)]
        browser.open("burst", self.serve.url)
        if not self.wait_saved(0, 60):
            raise RuntimeError("burst: the session's first frame did not reach every page in 60 s")

    def wait_saved(self, n, timeout):
        deadline = time.time() + timeout
        return all(p.wait(lambda p: p.has_frame(lambda f: f"save {n}" in f.texts), max(0.0, deadline - time.time()))
                   for p in self.pages)

    def single(self):
        """One save, the time until every page has its frame: one render's time."""
        self.n += 1
        t0 = time.time()
        save(self.path, self.n, self.size)
        if not self.wait_saved(self.n, 30):
            fail(f"burst: a single save's frame did not reach every page in 30 s")
            return 30.0
        return max(p.first(lambda f, n=self.n: f"save {n}" in f.texts).t for p in self.pages) - t0

    def run(self, figures):
        s = self.serve
        self.size = 0  # each burst grows the session from its first size again
        before = self.single()
        t0 = time.time()
        peak = [0]
        first = self.n + 1
        while time.time() - t0 < ARGS.burst_seconds:
            self.n += 1
            self.size += 1
            save(self.path, self.n, self.size)
            end = time.time()
            if self.n % 10 == 0:
                peak[0] = max(peak[0], s.sample()[0])
            time.sleep(max(0.0, t0 + (self.n - first + 1) / BURST_HZ - time.time()))
        last = self.n
        saves = last - first + 1
        late, deadline = [], end + 30.0
        for p in self.pages:
            g = p.wait_first(lambda f: f"save {last}" in f.texts, max(0.0, deadline - time.time()))
            late.append(None if g is None else g.t - end)
        time.sleep(0.5)
        arrived = [x for x in late if x is not None]
        stale = [p.name for p in self.pages if p.last_frame() is None or f"save {last}" not in p.last_frame().texts]
        frames = [p.count_since(t0) for p in self.pages]
        # One render's time: a single save of the session as it is now (grown), from the write to every page.
        one = max(before, self.single())
        allowance = 2 * one + 0.5
        figures.setdefault("burst_one_render", []).append(one)
        figures.setdefault("burst_last_frame", []).extend(arrived)
        figures.setdefault("burst_saves", []).append(saves)
        figures.setdefault("burst_rss_peak_kb", []).append(peak[0])
        figures.setdefault("burst_frames_per_page", []).extend(frames)
        if len(arrived) < len(late):
            fail(f"burst: {len(late) - len(arrived)} of {len(late)} pages never got the last save's frame "
                 f"(waited 30 s after the burst)")
        if arrived and max(arrived) > allowance:
            fail(f"burst: the last save's frame reached the pages {max(arrived):.2f} s after the burst ended "
                 f"(allowed {allowance:.2f} s: twice one save's {one:.2f} s, plus 0.5 s; {saves} saves in "
                 f"{ARGS.burst_seconds} s)")
        if stale:
            fail(f"burst: {len(stale)} pages do not end on the last save's frame")
        chrome = self.browser.last_version("burst")
        want = self.pages[0].last_frame().version if self.pages[0].last_frame() else None
        if arrived and chrome != want:
            # the chromium page may still be painting: give it its time, then compare
            deadline = time.time() + max(5.0, allowance)
            while time.time() < deadline and chrome != want:
                time.sleep(0.2)
                chrome = self.browser.last_version("burst")
            if chrome != want:
                fail(f"burst: the chromium page ends on version {chrome}, the last save's frame is version {want}")
        note(f"burst: {saves} saves in {ARGS.burst_seconds} s; one save {one:.2f} s; last frame "
             + (f"{max(arrived):.2f} s after the burst" if arrived else "never")
             + f"; frames per page {min(frames)}-{max(frames)}")

    def close(self):
        for p in self.pages:
            p.close()


# ---- the run

def table(servers, figures, wall):
    def mb(kb):
        return "-" if kb is None else f"{kb / 1024:.0f}"
    print("\nsoak figures")
    print(f"{'server':<10} {'RSS start':>9} {'end':>5} {'peak':>5} {'fds start':>9} {'end':>4}  {'extra procs':>11} "
          f"{'zombies':>7} {'left':>4}")
    for s in servers:
        fds0, fds1 = ("-" if x is None else x for x in (s.fds0, s.fds1))
        print(f"{s.label:<10} {mb(s.rss0):>9} {mb(s.rss1):>5} {mb(s.rss_peak):>5} {fds0:>9} {fds1:>4}  "
              f"{len(s.extra):>11} {len(s.zombies):>7} {len(s.left):>4}")
    print(f"(RSS in MB; margins: RSS +{RSS_MARGIN_KB // 1024} MB, descriptors +{FD_MARGIN}; extra, zombies and left must be 0)")
    print(f"{'measure':<34} {'n':>4} {'min':>7} {'max':>7}")
    for k, v in figures.items():
        if not v:
            continue
        scale = 1 / 1024 if k.endswith("_kb") else 1
        unit = " MB" if k.endswith("_kb") else ""
        vals = [x * scale for x in v]
        whole = k.endswith("_kb") or "saves" in k or "frames" in k
        fmt = (lambda x: f"{x:.0f}") if whole else (lambda x: f"{x:.2f}")
        name = (k[:-3] if k.endswith("_kb") else k) + unit
        print(f"{name:<34} {len(vals):>4} {fmt(min(vals)):>7} {fmt(max(vals)):>7}")
    print(f"wall {wall:.0f} s; restart times and burst times in s")


def main():
    global ARGS
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--render", default=".build/release/render")
    parser.add_argument("--serve", default=None,
                        help="render-serve (default: beside --render, else Serve/.build/release)")
    parser.add_argument("--app", default="out/platform/previewtest")
    parser.add_argument("--fonts-dir", default="Fonts")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--out", default="out/soak")
    parser.add_argument("--duration", type=float, default=60)
    parser.add_argument("--step-timeout", type=float, default=2)
    parser.add_argument("--pages", type=int, default=10, help="pages per server: one chromium, the rest light")
    parser.add_argument("--burst-seconds", type=float, default=4)
    ARGS = parser.parse_args()
    for name in ("render", "app", "fonts_dir", "out"):
        setattr(ARGS, name, os.path.abspath(getattr(ARGS, name)))
    if ARGS.serve is None:
        beside = os.path.join(os.path.dirname(ARGS.render), "render-serve")
        built = os.path.join(ROOT, "Serve", ".build", "release", "render-serve")
        ARGS.serve = beside if os.path.exists(beside) else built
    ARGS.serve = os.path.abspath(ARGS.serve)
    shutil.rmtree(ARGS.out, ignore_errors=True)
    os.makedirs(ARGS.out)
    guard(ARGS.duration + 300)
    atexit.register(cleanup)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(2))

    start = time.time()
    figures = {}
    browser = Browser()
    live = burst = None
    n = 0
    try:
        n += 1
        live = Live(browser, n)
        burst = Burst(browser)
        live.make_ready()
        live.serve.baseline()
        burst.single()
        burst.serve.baseline()
        note(f"warm: live RSS {live.serve.rss0 // 1024} MB, {live.serve.fds0} fds; burst RSS "
             f"{burst.serve.rss0 // 1024} MB, {burst.serve.fds0} fds ({time.time() - start:.0f} s)")
        cycle = 0
        loop_time = None
        while True:
            t_loop = time.time()
            cycle += 1
            for mode in MODES:
                if live is None:
                    n += 1
                    live = Live(browser, n)
                    live.make_ready()
                    live.serve.baseline()
                if not live.mode(mode, figures):
                    live.serve.finish()
                    live.close()
                    live = None
            burst.run(figures)
            loop_time = time.time() - t_loop
            left = start + ARGS.duration - time.time()
            note(f"cycle {cycle} took {loop_time:.0f} s; {max(0, left):.0f} s left")
            if left < loop_time:
                break
        if live is not None:
            browser.pages["live"].screenshot(path=os.path.join(ARGS.out, "live-page.png"))
            live.serve.finish()
        browser.pages["burst"].screenshot(path=os.path.join(ARGS.out, "burst-page.png"))
        burst.serve.finish()
    except Exception as e:  # a failure of the soak itself: still measured and cleaned up
        fail(f"the soak stopped: {type(e).__name__}: {e}")
    finally:
        for part in (live, burst):
            if part is not None:
                part.close()
        for s in SERVERS:
            s.finish() if s.rss0 is not None else s.stop()
        try:
            browser.close()
        except Exception:
            pass
        cleanup()
    for s in SERVERS:
        s.report_checks()
    wall = time.time() - start
    table(SERVERS, figures, wall)
    with open(os.path.join(ARGS.out, "soak.json"), "w") as f:
        json.dump({"wall": wall, "figures": figures, "failures": FAILURES,
                   "servers": [{k: getattr(s, k) for k in ("label", "rss0", "rss1", "rss_peak", "fds0", "fds1",
                                                          "extra", "zombies", "left")} for s in SERVERS]}, f, indent=1)
    if FAILURES:
        print(f"\nsoak: {len(FAILURES)} failure(s):")
        for m in FAILURES:
            print(f"  - {m}")
        return 1
    print("soak: passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
