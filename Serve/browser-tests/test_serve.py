#!/usr/bin/env python3
"""`render serve` in a real browser (Playwright driving Debian's chromium) and over raw sockets:
live redraws, broken and fixed saves, the inspector, controls, timeline, side by side, the 1280x800
layout rule and the security rules (docs/serve.md). Run by `make serve-test` (part of `make test`):
    python3 Serve/browser-tests/test_serve.py --render .build/release/render --out out/serve
Waits are on events (a frame painted, an answer received, a process ending), never on time."""
import base64
import json
import os
import shutil
import signal
import struct
import subprocess
import sys
import time
import unittest
import zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from serve_support import (  # noqa: E402
    WS, PageCase, Server, test_args, children, hex_rgb, patch_rgba, png_rgba, rss_kb, session, write)

ARGS = None
BLUE, ORANGE, GREEN, RED = "#e3f2fd", "#ffcc80", "#a5d6a7", "#ef9a9a"
PAGE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Page")  # the page's files


def folder(name):
    d = os.path.abspath(os.path.join(ARGS.out, name))
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    return d


def serve_command():
    return [os.environ["RENDER_SERVE"], "--render", ARGS.render] if os.environ.get("RENDER_SERVE") else [
        ARGS.render, "serve"]


def first_pixel(png):
    """The top-left pixel's RGB of a whole-frame PNG, read from the start of its data only (decoding a
    phone-sized frame in Python takes seconds)."""
    at, idat = 8, b""
    while at < len(png):
        n, kind = struct.unpack(">I4s", png[at:at + 8])
        if kind == b"IDAT":
            idat += png[at + 8:at + 8 + n]
        at += 12 + n
    row = zlib.decompressobj().decompress(idat, 8)
    return list(row[1:4])  # the filter byte, then R G B (the first pixel has no left neighbour)


class Browser(PageCase):
    """One server and one page for the browser tests, which run in order (test_1..., test_2...)."""

    @classmethod
    def setUpClass(cls):
        cls.dir = folder("live")
        cls.path = os.path.join(cls.dir, "screen.json")
        write(cls.path, session(BLUE, ORANGE))
        write(os.path.join(cls.dir, "second.json"), session("#ffffff", "#90caf9", "Second"))
        cls.open_page(Server(ARGS.render, cls.dir), ARGS.chromium)
        cls.page.goto(cls.server.url)
        cls.version = 0

    def frame(self, test):
        return self.wait("frame", test)

    def inspect(self, test="() => true"):
        return self.wait("inspect", test)

    def probe(self, slot="main"):
        """The picture's bottom-right region (the frame layout's background), in canvas pixels."""
        return self.page.evaluate(f"""() => {{ const c = document.querySelector('.pic[data-slot="{slot}"] .img');
            return window.__probe('{slot}', c.width - 10, c.height - 10).slice(0, 3); }}""")

    def shot(self, name):
        self.page.screenshot(path=os.path.join(ARGS.out, name))

    def test_1_first_frame_and_layout_at_1280x800(self):
        f = self.frame("f => f.ok && f.slot === 'main'")
        self.assertEqual((f["width"], f["height"]), (720, 1280))
        self.assertEqual(self.probe(), hex_rgb(ORANGE))
        # Hover the text element (its frame from the engine's tree) so the screenshot shows the inspector.
        self.hover_label()
        self.shot("page.png")
        box = self.page.evaluate("""() => {
            const r = (s) => { const b = document.querySelector(s).getBoundingClientRect();
              return [b.left, b.top, b.right, b.bottom]; };
            return { scrollW: document.documentElement.scrollWidth, innerW: innerWidth, innerH: innerHeight,
              picture: r('.pic[data-slot="main"] .img'), tree: r('#treePane'), inspector: r('#inspectorPane'),
              facts: r('#facts') };
        }""")
        self.assertLessEqual(box["scrollW"], box["innerW"], "horizontal scroll at 1280x800")
        for part in ("picture", "tree", "inspector", "facts"):
            left, top, right, bottom = box[part]
            self.assertTrue(0 <= left < right <= 1280 and 0 <= top < bottom <= 800, f"{part} not in view: {box[part]}")

    def label(self):
        return self.page.evaluate("() => window.__state.tree.find(e => e.kind === 'text')")

    def hover_label(self):
        el = self.label()
        x, y, w, h = el["frame"]
        over = self.page.locator('.pic[data-slot="main"] .overlay')
        b = over.bounding_box()
        meta = self.page.evaluate("() => window.__state.metas.main.device")
        k = b["width"] / meta["width"]
        self.page.mouse.move(b["x"] + (x + w / 2) * k, b["y"] + (y + h / 2) * k)
        d = self.inspect(f"d => d.source === 'hover' && d.id === {el['id']}")
        return el, d, ((x + w / 2), (y + h / 2))

    def test_2_hover_reads_the_engine(self):
        el, d, (px, py) = self.hover_label()
        facts = self.page.evaluate(
            "() => Object.fromEntries([...document.querySelectorAll('#facts td')].map(t => [t.dataset.key, t.textContent]))")
        self.assertEqual(facts["id"], str(el["id"]))
        self.assertEqual(facts["text"], "Hello")
        # The same point through `render inspect`: the same element and frame.
        out = subprocess.run([ARGS.render, "inspect", self.path, "--point", f"{d['point'][0]},{d['point'][1]}"],
                             capture_output=True, text=True, check=True).stdout
        self.assertTrue(out.splitlines()[0].endswith(f"reaches text {el['id']}"), out)
        first = out.splitlines()[1]  # the element's own block: `text ID "Hello" at X,Y WxH`
        self.assertTrue(first.startswith(f"text {el['id']} "), out)
        # The inspector's frame is the engine's: `at X,Y WxH` in `render inspect`'s line.
        m = __import__("re").search(r" at ([-\d.]+),([-\d.]+) ([\d.]+)x([\d.]+)$", first)
        self.assertIsNotNone(m, first)
        self.assertEqual(facts["frame"], f"{m[1]}, {m[2]} · {m[3]} × {m[4]} dp")
        # The resolved style table comes from `render inspect`'s lines, one row per value.
        rows = self.page.evaluate("() => document.querySelectorAll('#style tr').length")
        self.assertGreater(rows, 5)
        # Values as the session writes them (its SET_STYLE steps), not Swift's debug text.
        style = self.page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('#style tr')]
            .map(r => [r.querySelector('th').textContent, r.querySelector('td').firstChild.textContent.trim()]))""")
        self.assertEqual(style["gravity"], "top|left")
        self.assertEqual(style["margin"], "20 20 20 20")
        self.assertEqual(style["background"], "#1e88e5")
        self.assertEqual(style["width"], "wrap-content")
        self.assertEqual(style["offsets"], "none")
        self.assertEqual(style["border"], "none")
        for key, value in style.items():
            for debug in ("Gravity(", "Sides<", "Optional(", "fixed(", "Styles."):
                self.assertNotIn(debug, value, key)
        # Click selects it in the tree.
        self.page.mouse.down()
        self.page.mouse.up()
        sel = self.page.evaluate("() => document.querySelector('#tree .sel').dataset.id")
        self.assertEqual(sel, str(el["id"]))

    def test_3_tree_selection_outlines(self):
        root = self.page.evaluate("() => window.__state.tree.find(e => e.kind === 'frameLayout' || e.parent !== undefined)")
        self.page.click(f'#tree [data-id="{root["id"]}"]:is(summary, .leaf)')
        d = self.inspect(f"d => d.source === 'tree' && d.id === {root['id']}")
        self.assertEqual(d["frame"], root["frame"])
        self.assertEqual(self.page.evaluate("() => window.__state.selected"), root["id"])

    def test_3b_a_click_with_no_hover_answered_selects_what_is_under_it(self):
        """A click at once (the pointer arrives and presses in one go) selects the element the engine
        names for the click's own point, not whatever the last answered hover was."""
        el = self.label()
        x, y, w, h = el["frame"]
        b = self.page.locator('.pic[data-slot="main"] .overlay').bounding_box()
        k = b["width"] / self.page.evaluate("() => window.__state.metas.main.device.width")
        self.page.mouse.move(2, 2)  # off the picture: no element under the pointer
        seen = self.page.evaluate("() => window.__inspect ? window.__inspect.n : 0")
        self.page.mouse.click(b["x"] + (x + w / 2) * k, b["y"] + (y + h / 2) * k)
        d = self.inspect(f"d => d.n > {seen} && d.source === 'tree'")
        self.assertEqual(d["id"], el["id"])
        self.assertEqual(self.page.evaluate("() => window.__state.selected"), el["id"])

    def test_4_edit_redraws(self):
        before = self.page.evaluate("() => window.__state.metas.main && window.__frames.at(-1).version")
        write(self.path, session(BLUE, GREEN))
        self.frame(f"f => f.ok && f.slot === 'main' && f.version > {before}")
        self.assertEqual(self.probe(), hex_rgb(GREEN))

    def test_4b_a_changed_rectangle_as_pixel_runs_paints_the_whole_frames_pixels(self):
        before = self.page.evaluate("() => window.__frames.at(-1).version")
        write(self.path, session(BLUE, GREEN, "Hallo, runs"))  # only the label changes: a small rectangle
        f = self.frame(f"f => f.ok && f.slot === 'main' && f.version > {before}")
        self.assertEqual(f["format"], "runs", f)
        self.assert_whole_frames_pixels(f)

    def assert_whole_frames_pixels(self, f):
        """Every pixel of the page's picture equals the whole frame a fresh page gets for that state."""
        shown = base64.b64decode(self.page.evaluate("""() => { const c = document.querySelector('.pic[data-slot=main] .img');
            const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data; let s = '';
            for (let i = 0; i < d.length; i += 32768) s += String.fromCharCode(...d.subarray(i, i + 32768));
            return btoa(s); }"""))
        fresh = WS(self.server)
        fresh.send({"type": "view", "session": "screen.json"})
        head, whole = fresh.frame()
        fresh.close()
        self.assertEqual(head["state"], f["state"])
        width, height, rows = png_rgba(whole)
        self.assertEqual((width, height), (f["width"], f["height"]))
        self.assertEqual(shown, b"".join(rows))

    def test_4b2_a_whole_new_screen_as_pixel_runs_paints_the_whole_frames_pixels(self):
        """Every pixel changes (the background): the whole frame goes as runs too when they fit (issue 49)."""
        before = self.page.evaluate("() => window.__frames.at(-1).version")
        write(self.path, session(BLUE, RED, "a whole new screen"))
        f = self.frame(f"f => f.ok && f.slot === 'main' && f.version > {before}")
        self.assertEqual((f["format"], f["patch"]), ("runs", [0, 0, f["width"], f["height"]]), f)
        self.assert_whole_frames_pixels(f)
        write(self.path, session(BLUE, GREEN))  # back to what the next tests start from
        self.frame(f"f => f.ok && f.slot === 'main' && f.version > {f['version']}")
        self.assertEqual(self.probe(), hex_rgb(GREEN))

    def test_4c_a_frame_decoded_late_never_replaces_a_newer_one(self):
        # The browser decodes PNGs on another thread: hold the next decode (the frame of the first
        # save) until the frame of a second save has been painted, then let it finish. The page must
        # keep the newer picture and tree (it painted the old state back before).
        self.page.evaluate("""() => {
            const real = window.createImageBitmap;
            window.__held = null;
            window.createImageBitmap = (...a) => {
              window.createImageBitmap = real;  // only this one decode waits
              return new Promise((resolve) => { window.__held = () => resolve(real(...a)); });
            };
        }""")
        # A screen of text: its runs come to more than 384 KB, so its frame goes as a PNG (a frame the page follows
        # in runs is expanded at once and cannot be late).
        write(self.path, session(BLUE, RED, "first save " + "Wq8@ mg%& " * 400))
        self.page.wait_for_function("() => window.__held !== null")
        held = self.page.evaluate("() => window.__frames.at(-1).version")
        write(self.path, session(BLUE, ORANGE, "second save"))
        self.frame(f"f => f.ok && f.slot === 'main' && f.version > {held} + 1")
        newer = self.page.evaluate("() => window.__frames.at(-1).version")
        self.assertEqual(self.probe(), hex_rgb(ORANGE))
        self.page.evaluate("() => window.__held()")
        # Until the held frame is through (decoded, then dropped or painted, its tree set after).
        self.page.wait_for_function("() => window.__state.drawing === 0")
        self.page.evaluate("() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)))")
        self.assertEqual(self.probe(), hex_rgb(ORANGE))
        self.assertEqual(self.page.evaluate("() => window.__frames.at(-1).version"), newer)
        self.assertTrue(self.page.evaluate("() => window.__state.tree.some(e => e.text === 'second save')"))
        write(self.path, session(BLUE, GREEN))  # back to what the next tests start from
        self.frame(f"f => f.ok && f.slot === 'main' && f.version > {newer}")
        self.assertEqual(self.probe(), hex_rgb(GREEN))

    def test_5_broken_save_keeps_picture_then_clears(self):
        v = self.page.evaluate("() => window.__frames.at(-1).version")
        write(self.path, session(BLUE, GREEN)[:-40])  # cut short: not JSON
        self.frame(f"f => !f.ok && f.version > {v}")
        diag = self.page.inner_text("#diagnostics")
        self.assertIn("screen.json", diag)
        self.assertIn("last good picture", diag)
        self.assertEqual(self.probe(), hex_rgb(GREEN))
        self.shot("broken.png")
        write(self.path, session(BLUE, RED))
        self.frame(f"f => f.ok && f.version > {v + 1}")
        self.assertTrue(self.page.evaluate("() => document.querySelector('#diagnostics').hidden"))
        self.assertEqual(self.probe(), hex_rgb(RED))

    def test_6_look_and_device(self):
        self.page.select_option("#look", "ios")
        f = self.frame("f => f.ok && f.look === 'ios'")
        self.assertEqual(f["width"], 720)
        self.assertIn("ios", self.page.inner_text('.pic[data-slot="main"] figcaption'))
        self.page.select_option("#device", "iphone-se")
        f = self.frame("f => f.ok && f.width === 750")
        self.assertEqual(f["height"], 1334)
        self.page.select_option("#device", "session")
        self.page.select_option("#look", "default")
        self.frame("f => f.ok && f.look === 'default' && f.width === 720")

    def test_7_timeline_snapshot_and_scrub(self):
        self.page.click('#captures button.snapshot')
        f = self.frame("f => f.ok && f.capture.startsWith('capture:')")
        self.assertEqual(self.probe(), hex_rgb(BLUE))  # the snapshot before the background changed
        self.page.fill("#scrub", "200")
        self.page.dispatch_event("#scrub", "input")
        self.frame("f => f.ok && f.capture === 'at:200'")
        self.assertEqual(self.probe(), hex_rgb(RED))
        self.page.click('#captures button.final')
        self.frame("f => f.ok && f.capture === 'final'")
        self.assertTrue(f)

    def test_8_side_by_side(self):
        self.page.check("#sideBySide")
        self.frame("f => f.ok && f.slot === 'ios'")
        self.frame("f => f.ok && f.slot === 'android'")
        self.assertTrue(self.page.is_visible('.pic[data-slot="ios"] .img'))
        self.assertTrue(self.page.is_visible('.pic[data-slot="android"] .img'))
        self.assertTrue(self.page.is_visible("#notes"))
        self.shot("side-by-side.png")
        self.page.uncheck("#sideBySide")
        self.frame("f => f.ok && f.slot === 'main' && f.t > performance.timeOrigin + performance.now() - 1e9")

    def test_9_new_session_appears_in_the_list(self):
        write(os.path.join(self.dir, "third.json"), session("#ffffff", "#fff59d", "Third"))
        self.page.wait_for_selector('#list li[data-name="third.json"]')
        self.assertEqual(self.page.locator("#list li").count(), 3)

    def test_9b_inspector_follows_a_save(self):
        """The selected element's values are asked again of each new state; a save that removes it says so."""
        el, _, _ = self.hover_label()
        # Its answer, not an earlier test's selection of the same label (the page keeps past events).
        seen = self.page.evaluate("() => window.__inspect ? window.__inspect.n : 0")
        self.page.mouse.down()
        self.page.mouse.up()  # selects it: the inspector asks for the element by id
        self.inspect(f"d => d.n > {seen} && d.source === 'tree' && d.id === {el['id']} && d.text === 'Hello'")
        before = self.facts()
        self.assertEqual((before["text"], self.style()["background"]), ("Hello", "#1e88e5"))
        write(self.path, session(BLUE, RED, "Hallo, world").replace("#1e88e5", "#43a047"))
        d = self.inspect(f"d => d.source === 'tree' && d.id === {el['id']} && d.text === 'Hallo, world'")
        after = self.facts()
        self.assertEqual((after["id"], after["text"]), (str(el["id"]), "Hallo, world"))
        self.assertEqual(self.style()["background"], "#43a047")
        moved = self.label()["frame"]
        self.assertEqual(d["frame"], moved)
        self.assertGreater(moved[2], el["frame"][2], "the longer text is wider")
        self.assertNotEqual(after["frame"], before["frame"])
        self.shot("inspector-after-save.png")
        # The label removed: the inspector says the selected element is gone.
        steps = json.loads(session(BLUE, RED))
        steps["steps"] = [s for s in steps["steps"] if el["id"] not in (s.get("internalId"), s.get("childInternalId"))]
        write(self.path, json.dumps(steps))
        self.inspect("d => d.source === 'tree' && !d.ok")
        self.assertIn(f"Element #{el['id']} is not on this frame any more", self.page.inner_text("#inspector"))
        write(self.path, session(BLUE, RED))

    def facts(self):
        return self.page.evaluate(
            "() => Object.fromEntries([...document.querySelectorAll('#facts td')].map(t => [t.dataset.key, t.textContent]))")

    def style(self):
        return self.page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('#style tr')]
            .map(r => [r.querySelector('th').textContent, r.querySelector('td').firstChild.textContent.trim()]))""")


class Security(unittest.TestCase):
    """The rules of docs/serve.md, "Safe by default", over raw HTTP and WebSocket."""

    @classmethod
    def setUpClass(cls):
        cls.dir = folder("security")
        cls.outside = folder("security-outside")
        write(os.path.join(cls.dir, "screen.json"), session())
        write(os.path.join(cls.outside, "secret.json"), session(label="Secret"))
        os.symlink(os.path.join(cls.outside, "secret.json"), os.path.join(cls.dir, "link.json"))
        cls.server = Server(ARGS.render, cls.dir)

    @classmethod
    def tearDownClass(cls):
        cls.server.stop()

    def test_listens_on_loopback(self):
        self.assertEqual(self.server.host, "127.0.0.1")

    def test_no_file_outside_the_folder(self):
        for path in ["/thumb/..%2fsecurity-outside%2fsecret.json", "/thumb/%2e%2e%2fsecurity-outside%2fsecret.json",
                     "/thumb/../security-outside/secret.json", "/../security-outside/secret.json",
                     "/%2e%2e/%2e%2e/etc/passwd", "/thumb/link.json", "/thumb/%2e%2e", "/main.js/../../etc/passwd",
                     "/etc/passwd", "/thumb/screen.expect.json"]:
            status, body = self.server.get(path)
            self.assertIn(status, (400, 404), path)
            self.assertNotIn(b"Secret", body)
        status, body = self.server.get("/thumb/screen.json")
        self.assertEqual(status, 200)
        self.assertTrue(body.startswith(b"\x89PNG"))
        ws = WS(self.server)
        ws.send({"type": "view", "session": "link.json"})
        op, data = ws.message()
        while b'"sessions"' in data:
            op, data = ws.message()
        self.assertIn(b"no session link.json", data)
        ws.close()

    def test_other_hosts_and_origins_are_refused(self):
        self.assertEqual(self.server.get("/", {"Host": f"evil.example:{self.server.port}"})[0], 403)
        self.assertEqual(self.server.get("/", {"Origin": "http://evil.example"})[0], 403)
        self.assertEqual(self.server.get("/")[0], 200)
        self.assertNotEqual(WS(self.server, origin="http://evil.example").status, 101)
        self.assertNotEqual(WS(self.server, host="rebound.example").status, 101)
        self.assertEqual(WS(self.server, origin=f"http://127.0.0.1:{self.server.port}").status, 101)

    def test_the_page_files_are_served_with_their_types(self):
        """Each file of Serve/Page (from the binary) at /NAME, index.html at /, with its content type and no-store;
        the live mode's entry empty without an app; nothing else of the folder."""
        types = {".html": "text/html; charset=utf-8", ".css": "text/css; charset=utf-8",
                 ".js": "text/javascript; charset=utf-8"}
        names = [n for n in sorted(os.listdir(PAGE)) if os.path.splitext(n)[1] in types]
        self.assertIn("main.js", names)
        for name in names:
            status, headers, body = self.server.response("/" if name == "index.html" else "/" + name)
            self.assertEqual(status, 200, name)
            self.assertEqual(headers["content-type"], types[os.path.splitext(name)[1]], name)
            self.assertEqual(headers["cache-control"], "no-store", name)
            with open(os.path.join(PAGE, name), "rb") as f:
                self.assertEqual(body, b"" if name == "live.js" else f.read(), name)
        for path in ["/index.html", "/types.d.ts", "/tsconfig.json", "/PageFiles.swift", "/README.md", "/app.js"]:
            self.assertEqual(self.server.get(path)[0], 404, path)

    def test_page_dir_serves_the_page_from_disk(self):
        """--page-dir DIR: the page's files read from DIR at each request (an edit shows on reload), still only
        the page's names; a folder without index.html is refused."""
        d = folder("page-dir")
        for name in os.listdir(PAGE):
            if os.path.isfile(os.path.join(PAGE, name)):
                shutil.copy(os.path.join(PAGE, name), d)
        server = Server(ARGS.render, self.dir, "--page-dir", d)
        try:
            with open(os.path.join(d, "page.css"), "a") as f:
                f.write("/* edited */\n")
            status, headers, body = server.response("/page.css")
            self.assertEqual((status, headers["content-type"]), (200, "text/css; charset=utf-8"))
            self.assertTrue(body.endswith(b"/* edited */\n"))
            self.assertEqual(server.get("/types.d.ts")[0], 404)
            self.assertEqual(server.get("/")[0], 200)
        finally:
            self.assertEqual(server.stop(), 0)
        r = subprocess.run([*serve_command(), self.dir, "--port", "0", "--page-dir", self.outside],
                           capture_output=True, text=True, timeout=60)
        self.assertEqual(r.returncode, 64)
        self.assertIn("has no index.html", r.stderr + r.stdout)

    def test_malformed_and_oversized_messages_close_that_connection(self):
        other = WS(self.server)
        bad = WS(self.server)
        bad.send_frame(0x1, b"{not json")
        code, reason = bad.close_reason()
        self.assertEqual(code, 1003)
        self.assertIn("malformed message", reason)
        big = WS(self.server)
        big.send_frame(0x1, b"x" * 100_000)
        code, _ = big.close_reason()
        self.assertEqual(code, 1009)
        # The other page is still served.
        other.send({"type": "view", "session": "screen.json"})
        head, png = other.frame()
        self.assertTrue(head["meta"]["ok"])
        self.assertTrue(png.startswith(b"\x89PNG"))

    def test_fifty_pages_update_and_render_once(self):
        path = os.path.join(self.dir, "screen.json")
        pages = [WS(self.server) for _ in range(50)]
        for p in pages:
            p.send({"type": "view", "session": "screen.json"})
        first = [p.frame()[0]["version"] for p in pages]
        renders = self.server.stats()["main"].get("frame", 0)
        write(path, session(GREEN))
        news = [p.frame()[0] for p in pages]
        self.assertTrue(all(h["version"] > v and h["meta"]["ok"] for h, v in zip(news, first)))
        self.assertEqual(self.server.stats()["main"].get("frame", 0) - renders, 1, "one render for 50 pages")
        for p in pages:
            p.close()

    def test_a_burst_of_saves_renders_the_newest_only(self):
        """Saves coalesce, latest wins (issue 44): a second of saves at 50 a second of a growing session,
        with a worker that takes 0.1 s a frame (slow_worker.py: saves come faster than frames on any
        machine), renders about one frame per 0.1 s, never an older version after a newer one, and the
        page ends on the last save's frame. Rendered save by save, the 50 frames took 5 s."""
        d = folder("burst")
        path = os.path.join(d, "burst.json")
        write(path, session(BLUE))
        relay = os.path.join(os.path.dirname(os.path.abspath(__file__)), "slow_worker.py")
        os.environ.update(SLOW_WORKER_RENDER=os.path.abspath(ARGS.render), SLOW_WORKER_DELAY="0.1")
        server = Server(ARGS.render, d, "--render", relay)
        try:
            page = WS(server)
            page.send({"type": "view", "session": "burst.json"})
            page.frame()
            renders = server.stats()["main"].get("frame", 0)
            saves = 50
            for i in range(saves):
                write(path, session(BLUE, GREEN if i == saves - 1 else ORANGE, label="x" * (i + 1)))
                time.sleep(0.02)
            seen = []
            while True:
                head, png = page.frame()
                seen.append(head["version"])
                if head["meta"]["ok"] and first_pixel(png) == hex_rgb(GREEN):
                    break
            made = server.stats()["main"].get("frame", 0) - renders
            self.assertEqual(seen, sorted(seen), "an older version after a newer one")
            # About 1 s / 0.1 s = 10 frames, and one for the last save.
            self.assertLessEqual(made, 16, f"{made} renders for {saves} saves: superseded versions rendered")
            page.close()
        finally:
            server.stop()

    def test_slow_reader_does_not_grow_memory(self):
        path = os.path.join(self.dir, "screen.json")
        slow = WS(self.server)
        slow.sock.setsockopt(__import__("socket").SOL_SOCKET, __import__("socket").SO_RCVBUF, 4096)
        slow.send({"type": "view", "session": "screen.json"})
        watcher = WS(self.server)
        watcher.send({"type": "view", "session": "screen.json"})
        watcher.frame()
        base = rss_kb(self.server.proc.pid)
        colors = ["#%02x%02x%02x" % (i * 5, 255 - i * 5, 128) for i in range(40)]
        for c in colors:
            write(path, session(c))
            while watcher.frame()[0]["meta"].get("ok") is not True:
                pass
        stats = self.server.stats()
        self.assertLessEqual(stats["pending"], 8, stats)  # one message per slot, not one per change
        self.assertLess(rss_kb(self.server.proc.pid) - base, 64 * 1024)
        slow.close()
        watcher.close()


class Frames(unittest.TestCase):
    """What goes over the WebSocket after a save: only the changed rectangle to a page that has painted
    the frame it changes, the same pixels as the whole frame; an `assets/` folder made while serving."""

    @classmethod
    def setUpClass(cls):
        cls.dir = folder("frames")
        cls.path = os.path.join(cls.dir, "screen.json")
        write(cls.path, session(BLUE, ORANGE, "Hello"))
        cls.server = Server(ARGS.render, cls.dir)

    @classmethod
    def tearDownClass(cls):
        cls.server.stop()

    def test_a_save_sends_the_changed_rectangle_with_the_whole_frames_pixels(self):
        page = WS(self.server)
        page.send({"type": "view", "session": "screen.json"})
        first, png = page.frame()
        self.assertNotIn("patch", first)
        before = png_rgba(png)
        page.send({"type": "painted", "slot": "main", "state": first["state"], "version": first["version"], "t": 0})
        write(self.path, session(BLUE, ORANGE, "Hallo, world"))  # only the label changes
        head, patch = page.frame()
        self.assertEqual(head["base"], first["state"])
        x, y, w, h = head["patch"]
        self.assertLess(w * h, before[0] * before[1] // 2, head["patch"])
        # A page that has painted nothing gets the whole frame of the same state.
        fresh = WS(self.server)
        fresh.send({"type": "view", "session": "screen.json"})
        whole_head, whole = fresh.frame()
        self.assertEqual((whole_head["state"], "patch" in whole_head), (head["state"], False))
        # The whole frame of that state was encoded once, for the first page that needed it, and kept.
        third = WS(self.server)
        third.send({"type": "view", "session": "screen.json"})
        self.assertEqual(third.frame()[1], whole)
        self.assertEqual(self.server.stats()["main"].get("whole", 0), 1)
        third.close()
        width, height, rows = before
        pw, ph, patch_rows = patch_rgba(head, patch)
        self.assertEqual((pw, ph), (w, h))
        for r in range(h):
            rows[y + r][x * 4:(x + w) * 4] = patch_rows[r]
        self.assertEqual(rows, png_rgba(whole)[2], "the first frame with the rectangle drawn over it")
        self.assertNotEqual(rows, png_rgba(png)[2], "the label changed")
        page.close()
        fresh.close()

    def test_an_assets_folder_made_while_serving_is_watched(self):
        steps = [
            {"type": "CREATE_APPLICATION", "internalId": 0, "childInternalId": 1},
            {"type": "CREATE_FRAMEVIEW", "internalId": 1, "childInternalId": 2},
            {"type": "CREATE_IMAGEVIEW", "internalId": 2, "childInternalId": 3, "textValue": "logo.png"},
        ]
        write(os.path.join(self.dir, "pictured.json"), json.dumps(
            {"format": "framework-session", "version": 1, "assets": "assets", "steps": steps}))
        page = WS(self.server)
        page.send({"type": "view", "session": "pictured.json"})
        head, missing = page.frame()
        def placeholder(meta):  # the folder or the file missing: a placeholder drawn
            return any("assets" in d["message"] or "logo.png" in d["message"] for d in meta["diagnostics"])
        self.assertTrue(placeholder(head["meta"]), head["meta"])
        os.mkdir(os.path.join(self.dir, "assets"))  # after the server started
        shutil.copy(os.path.join(os.path.dirname(__file__), "../../Examples/assets/logo.png"),
                    os.path.join(self.dir, "assets", "logo.png"))
        while True:  # frames of the folder's appearance, then of the copied file
            head, drawn = page.frame()
            if not placeholder(head["meta"]):
                break
        self.assertNotEqual(png_rgba(drawn)[2], png_rgba(missing)[2])
        page.close()


class Process(unittest.TestCase):
    def test_port_in_use_and_ctrl_c(self):
        d = folder("process")
        write(os.path.join(d, "screen.json"), session())
        first = Server(ARGS.render, d)
        second = subprocess.run([*serve_command(), d, "--port", str(first.port)], capture_output=True, text=True)
        self.assertEqual(second.returncode, 2)
        self.assertIn(f"port {first.port}", second.stderr)
        ws = WS(first)
        ws.send({"type": "view", "session": "screen.json"})
        ws.frame()
        workers = children(first.proc.pid)
        self.assertGreaterEqual(len(workers), 1)
        self.assertEqual(first.stop(), 0)

        def alive(pid):
            try:
                with open(f"/proc/{pid}/stat") as f:
                    return f.read().rsplit(")", 1)[1].split()[0] != "Z"
            except OSError:
                return False
        # The server's SIGKILL takes effect asynchronously: a worker may still be running for a moment under a
        # loaded machine (make test's two chains); it must be gone within 2 s, not at once.
        deadline = time.time() + 2
        while any(alive(w) for w in workers) and time.time() < deadline:
            time.sleep(0.02)
        self.assertEqual([w for w in workers if alive(w)], [])

    def test_empty_folder_and_bad_usage(self):
        d = folder("empty")
        s = Server(ARGS.render, d)
        ws = WS(s)
        op, data = ws.message()
        self.assertEqual(json.loads(data)["items"], [])
        write(os.path.join(d, "new.json"), session())
        op, data = ws.message()
        self.assertEqual([i["name"] for i in json.loads(data)["items"]], ["new.json"])
        ws.close()
        self.assertEqual(s.stop(), 0)
        bad = subprocess.run([*serve_command(), d, "--port", "x"], capture_output=True, text=True)
        self.assertEqual(bad.returncode, 64)
        self.assertIn("--port", bad.stderr)


if __name__ == "__main__":
    ARGS, argv = test_args("out/serve")
    os.makedirs(ARGS.out, exist_ok=True)
    unittest.main(argv=argv, verbosity=2)
