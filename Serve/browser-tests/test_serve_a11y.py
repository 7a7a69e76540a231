#!/usr/bin/env python3
"""`render serve`'s Accessibility panel in a real browser (Playwright driving Debian's chromium): the
findings of the frame shown, worded as `render a11y` words them, outlined on the picture, selectable, in
the inspector, and asked for only while the panel is open. Run by `make serve-test`:
    python3 Serve/browser-tests/test_serve_a11y.py --render .build/release/render --out out/serve
Waits are on events (a frame painted, an answer received), never on time."""
import json
import os
import shutil
import subprocess
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from serve_support import PageCase, Server, test_args, write  # noqa: E402

ARGS = None
MAGENTA = (204, 0, 153)  # the findings' outline colour (Serve/Page/a11y.js)


def screen(terms_color="#999999"):
    """A white screen: a grey text "Terms" (2.85:1 on white: a contrast finding while grey), a 32 dp
    button (a touch-target finding: under 48 dp) and a black text (no finding)."""
    def style(i, k, v):
        return {"type": "SET_STYLE", "internalId": i, "value": 0, "textValue": k, "textValue2": v}
    steps = [
        {"type": "CREATE_APPLICATION", "internalId": 0, "childInternalId": 1, "textValue": "com.example.a11y"},
        {"type": "CREATE_FRAMEVIEW", "internalId": 1, "childInternalId": 2},
        {"type": "CREATE_LINEAR_LAYOUT", "internalId": 2, "childInternalId": 3, "value": 1},
        style(3, "width", "match-parent"), style(3, "height", "match-parent"), style(3, "padding", "16"),
        style(3, "background-color", "#ffffff"),
        {"type": "CREATE_TEXT", "internalId": 3, "childInternalId": 4, "textValue": "Terms"},
        style(4, "color", terms_color), style(4, "font-size", "16"), style(4, "font-family", "DejaVu Sans"),
        {"type": "CREATE_BUTTON", "internalId": 3, "childInternalId": 5, "textValue": "+"},
        style(5, "background-color", "#1565c0"), style(5, "color", "#ffffff"), style(5, "margin-top", "8"),
        style(5, "width", "32"), style(5, "height", "32"), style(5, "padding", "0"),
        {"type": "CREATE_TEXT", "internalId": 3, "childInternalId": 6, "textValue": "Fine"},
        style(6, "color", "#000000"), style(6, "font-size", "16"), style(6, "margin-top", "8"),
    ]
    return json.dumps({"format": "framework-session", "version": 1, "name": "a11y-serve",
                       "device": {"width": 360, "height": 640, "scale": 2}, "steps": steps}, indent=1)


class A11yPanel(PageCase):
    """One server and one page; the tests run in order (test_1..., test_2...)."""

    @classmethod
    def setUpClass(cls):
        cls.dir = os.path.abspath(os.path.join(ARGS.out, "a11y"))
        shutil.rmtree(cls.dir, ignore_errors=True)
        os.makedirs(cls.dir)
        cls.path = os.path.join(cls.dir, "screen.json")
        write(cls.path, screen())
        cls.open_page(Server(ARGS.render, cls.dir), ARGS.chromium)
        cls.page.goto(cls.server.url)

    def overlay_pixel(self, frame):
        """The overlay canvas's pixel at the middle of a frame given in dp, as [r, g, b, a]."""
        return self.page.evaluate(f"""() => {{
            const o = document.querySelector('.pic[data-slot="main"] .overlay');
            const k = o.width / window.__state.metas.main.device.width, f = {json.dumps(frame)};
            return Array.from(o.getContext('2d').getImageData(Math.round((f[0] + f[2] / 2) * k),
              Math.round((f[1] + f[3] / 2) * k), 1, 1).data); }}""")

    def cli_findings(self):
        """`render a11y --json` of the same session: the messages the page must show."""
        out = os.path.join(self.dir, "..", "a11y-cli.json")
        r = subprocess.run([ARGS.render, "a11y", self.path, "--json", out], capture_output=True, text=True)
        self.assertIn(r.returncode, (0, 6), r.stderr)
        with open(out) as f:
            data = json.load(f)
        found = data if isinstance(data, list) else data.get("findings", [])
        if found and "findings" in found[0]:  # per session
            found = [x for s in found for x in s["findings"]]
        # A finding on several screens is one, naming them all (`screens`, issue 46).
        return sorted(x["message"] for x in found if "final" in x.get("screens", [x.get("screen", "final")]))

    def test_1_closed_panel_costs_nothing(self):
        f = self.wait("frame", "f => f.ok && f.slot === 'main'")
        self.assertEqual((f["width"], f["height"]), (720, 1280))
        self.assertFalse(self.page.evaluate("() => document.querySelector('#a11yPane').open"))
        self.assertEqual(self.server.stats()["side"].get("a11y", 0), 0, "no findings asked for with the panel closed")

    def test_2_open_panel_lists_and_outlines_the_engines_findings(self):
        terms = self.page.evaluate("() => window.__state.tree.find(e => e.text === 'Terms')")
        self.assertEqual(self.overlay_pixel(terms["frame"])[3], 0, "nothing drawn over Terms before the panel opens")
        self.page.click("#a11yPane summary")
        got = self.wait("a11y", "a => a.slot === 'main'")
        messages = sorted(f["message"] for f in got["findings"])
        self.assertEqual(messages, self.cli_findings(), "the page shows what `render a11y` finds")
        checks = sorted((f["check"], f["text"]) for f in got["findings"])
        self.assertEqual(checks, [("contrast", "Terms"), ("target", "+")])
        self.assertRegex(next(m for m in messages if "Terms" in m),
                         r'^text \d+ "Terms": contrast 2\.\d+:1 on #ffffff, needs 4\.5:1$')
        self.page.wait_for_function("() => document.querySelectorAll('#a11y li').length === 2")
        self.assertEqual(self.page.text_content("#a11yCount"), "(2)")
        listed = self.page.evaluate("() => [...document.querySelectorAll('#a11y li')].map(li => li.textContent)")
        for m in messages:
            self.assertTrue(any(m in t for t in listed), f"{m!r} not listed in {listed}")
        self.assertTrue(any('text("Terms")' in t or '"Terms"' in t for t in listed), listed)
        r, g, b, a = self.overlay_pixel(terms["frame"])
        self.assertGreater(a, 0, "the finding's element is outlined")
        # A translucent fill: the canvas keeps it premultiplied, so its colour reads back a little off.
        self.assertTrue(all(abs(x - y) <= 8 for x, y in zip((r, g, b), MAGENTA)), (r, g, b))
        fine = self.page.evaluate("() => window.__state.tree.find(e => e.text === 'Fine')")
        self.assertEqual(self.overlay_pixel(fine["frame"])[3], 0, "no outline on an element without findings")
        self.page.screenshot(path=os.path.join(ARGS.out, "a11y-panel.png"))

    def test_3_clicking_a_finding_selects_its_element(self):
        button = self.page.evaluate("() => window.__state.tree.find(e => e.text === '+')")
        self.page.click("#a11y li:has-text('+')")
        d = self.wait("inspect", f"d => d.source === 'tree' && d.id === {button['id']}")
        self.assertEqual(d["id"], button["id"])
        self.assertEqual(self.page.evaluate("() => window.__state.selected"), button["id"])
        mine = self.page.evaluate("() => [...document.querySelectorAll('#a11yFindings li')].map(li => li.textContent)")
        self.assertEqual(len(mine), 1, mine)
        self.assertIn("target", mine[0])
        self.assertIn(f"button {button['id']}", mine[0])
        self.page.screenshot(path=os.path.join(ARGS.out, "a11y-selected.png"))

    def test_4_a_fix_saved_clears_its_finding(self):
        before = self.server.stats()["side"].get("a11y", 0)
        write(self.path, screen("#333333"))
        got = self.wait("a11y", "a => a.slot === 'main' && a.findings.length === 1")
        self.assertEqual([f["check"] for f in got["findings"]], ["target"])
        self.page.wait_for_function("() => document.querySelector('#a11yCount').textContent === '(1)'")
        terms = self.page.evaluate("() => window.__state.tree.find(e => e.text === 'Terms')")
        self.assertEqual(self.overlay_pixel(terms["frame"])[3], 0, "the fixed text is no longer outlined")
        self.assertEqual(self.server.stats()["side"].get("a11y", 0) - before, 1, "one audit for the new state")

    def test_5_closing_the_panel_stops_asking(self):
        self.page.click("#a11yPane summary")
        button = self.page.evaluate("() => window.__state.tree.find(e => e.text === '+')")
        self.page.wait_for_function("() => !document.querySelector('#a11yPane').open")
        before = self.server.stats()["side"].get("a11y", 0)
        version = self.page.evaluate("() => window.__frames.at(-1).version")
        write(self.path, screen("#999999"))
        self.wait("frame", f"f => f.ok && f.slot === 'main' && f.version > {version}")
        self.assertEqual(self.server.stats()["side"].get("a11y", 0), before, "no audit with the panel closed")
        # Only the selection's blue outline is left on the button.
        r, g, b, a = self.overlay_pixel(button["frame"])
        self.assertFalse(all(abs(x - y) <= 8 for x, y in zip((r, g, b), MAGENTA)), (r, g, b))


if __name__ == "__main__":
    ARGS, argv = test_args("out/serve")
    os.makedirs(ARGS.out, exist_ok=True)
    unittest.main(argv=argv, verbosity=2)
