#!/usr/bin/env python3
"""`render serve`'s Groups pane in a real browser (Playwright driving Debian's chromium, issue 50): a folder
with goldens (`--snapshots DIR`) shows its changes grouped by cause, the groups `render check FOLDER` writes
to its report (same ids, words and snapshots), asked for only while the pane is open; a group's snapshot
shows that capture; a group accepted with `render check --accept-group` leaves the pane. Run by
`make serve-test`:
    python3 Serve/browser-tests/test_serve_groups.py --render .build/release/render --out out/serve
Waits are on events (a frame painted, an answer received), never on time."""
import json
import os
import shutil
import subprocess
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from serve_support import PageCase, Server, session, test_args, write  # noqa: E402

ARGS = None


class GroupsPane(PageCase):
    """One server and one page; the tests run in order (test_1..., test_2...)."""

    @classmethod
    def setUpClass(cls):
        cls.dir = os.path.abspath(os.path.join(ARGS.out, "groups"))
        shutil.rmtree(cls.dir, ignore_errors=True)
        cls.screens, cls.goldens = os.path.join(cls.dir, "screens"), os.path.join(cls.dir, "goldens")
        os.makedirs(cls.screens)
        for n in "abc":
            write(os.path.join(cls.screens, n + ".json"), session())
        cls.check("--record", "missing", codes=(6,))
        # a and b: the background of their snapshot `first` changed; c: its text.
        for n in "ab":
            write(os.path.join(cls.screens, n + ".json"), session(background="#fce4ec"))
        write(os.path.join(cls.screens, "c.json"), session(label="Hi"))
        report = os.path.join(cls.dir, "check.json")
        cls.check("--report", report, codes=(6,))
        with open(report) as f:
            cls.expected = json.load(f)["groups"]
        cls.open_page(Server(ARGS.render, cls.screens, "--snapshots", cls.goldens), ARGS.chromium)
        cls.page.goto(cls.server.url)

    @classmethod
    def check(cls, *extra, codes=(0,)):
        r = subprocess.run([ARGS.render, "check", cls.screens, "--snapshots", cls.goldens, *extra],
                           capture_output=True, text=True, timeout=300, start_new_session=True)
        assert r.returncode in codes, f"render check {extra}: exit {r.returncode}\n{r.stdout}\n{r.stderr}"

    def test_1_the_pane_is_offered_closed_and_costs_nothing(self):
        self.wait("frame", "f => f.ok && f.slot === 'main'")
        self.assertFalse(self.page.evaluate("() => document.querySelector('#groupsPane').hidden"))
        self.assertFalse(self.page.evaluate("() => document.querySelector('#groupsPane').open"))
        self.assertEqual(self.server.stats()["side"].get("check", 0), 0, "no check while the pane is closed")

    def test_2_open_shows_render_checks_groups(self):
        self.page.click("#groupsPane > summary")
        got = self.wait("groups", "m => m.data.ok")["data"]
        self.assertEqual([g["id"] for g in got["groups"]], [g["id"] for g in self.expected])
        self.assertEqual([g["words"] for g in got["groups"]], [g["words"] for g in self.expected])
        self.assertEqual([g["snapshots"] for g in got["groups"]], [g["snapshots"] for g in self.expected])
        self.assertEqual(got["groups"][0]["sessions"], ["a.json", "b.json"])
        causes = self.page.eval_on_selector_all("#groups .group .cause", "xs => xs.map(x => x.textContent)")
        self.assertEqual(causes, [g["cause"] for g in self.expected])
        self.assertEqual(self.page.text_content("#groupsCount"), f"({len(self.expected)})")
        self.page.click("#groups .group > summary")
        self.page.screenshot(path=os.path.join(ARGS.out, "groups.png"))

    def test_3_a_snapshot_of_a_group_is_shown(self):
        self.page.click("#groups .group button[data-session='b.json']")
        f = self.wait("frame", "f => f.ok && f.slot === 'main' && f.capture && f.capture.startsWith('capture:')")
        view = self.page.evaluate("() => window.__state.view")
        self.assertEqual(view["session"], "b.json")
        shown = self.page.evaluate("() => window.__state.metas.main.timeline.find(t => t.kind === 'snapshot')")
        self.assertEqual(f["capture"], f"capture:{shown['index']}")

    def test_4_an_accepted_group_leaves_the_pane(self):
        first = self.expected[0]
        # Its goldens are written: every group of those snapshots goes, the others stay.
        left = [g["id"] for g in self.expected if not set(g["snapshots"]) & set(first["snapshots"])]
        self.check("--accept-group", first["id"], codes=(6,))  # goldens written: exit 6, as any recording
        got = self.wait("groups", f"m => m.data.ok && !m.data.groups.some(g => g.id === {json.dumps(first['id'])})")
        self.assertEqual([g["id"] for g in got["data"]["groups"]], left)
        self.page.wait_for_function(f"() => document.querySelectorAll('#groups .group').length === {len(left)}")


if __name__ == "__main__":
    ARGS, argv = test_args("out/serve")
    os.makedirs(ARGS.out, exist_ok=True)
    unittest.main(argv=argv, verbosity=2)
