#!/usr/bin/env python3
"""`render serve --app` in a real browser (Playwright driving Debian's chromium) with the headless
platform's stand-in test app (Platform/tests/app): boot, a click by position, a dialog opened and
answered, typing, scrolling by wheel and by drag, the action bar's buttons, the app throwing, hanging,
calling exit() and abort() and a restart after each, then a recording with two snapshots whose script,
replayed through the driver, gives the same commands and PNG bytes (docs/serve.md "Live app").
One test: append e.g. `Live.test_2b_drag_scrolls_and_is_no_tap` (the tests before it set its stage).
Run by `make serve-live-test`:
    python3 Serve/browser-tests/test_live.py --render .build/release/render --app out/platform/previewtest
Waits are on events (an answer in the page's log, a frame painted, a process ending), never on time."""
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import unittest

ARGS = None
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from serve_support import WS, PageCase, children, png_rgba, test_args  # noqa: E402
FIX = os.path.join(HERE, "..", "..", "Platform", "tests", "fixtures")


def app_args():
    return ["--assets", os.path.join(FIX, "assets"), "--http", os.path.join(FIX, "http"), "--step-timeout", "2"]


# The server's own limit on a step (render serve --step-timeout): above the app's watchdog (2 s, app_args), so the
# Hang button's exit 4 comes first; `soak:hang` blocks that watchdog, and this limit ends the app.
SERVER_STEP_TIMEOUT = 4


class LiveServer:
    """`render serve --port 0 --record-dir DIR --app APP ...`; the address from its first line."""

    def __init__(self, record_dir):
        command = ([os.environ["RENDER_SERVE"], "--render", ARGS.render] if os.environ.get("RENDER_SERVE")
                   else [ARGS.render, "serve"])
        self.proc = subprocess.Popen([*command, "--port", "0", "--record-dir", record_dir, "--step-timeout", str(SERVER_STEP_TIMEOUT),
                                      "--app", ARGS.app, *app_args()],
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = self.proc.stdout.readline()
        m = re.search(r"http://([\d.]+):(\d+)/", line)
        if not m:
            self.proc.kill()
            raise RuntimeError(f"render serve did not start: {line!r} {self.proc.stderr.read()}")
        self.host, self.port = m.group(1), int(m.group(2))
        self.url = f"http://{self.host}:{self.port}/"

    def stop(self):
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
        return self.proc.wait(timeout=60)


def read(path, mode="r"):
    with open(path, mode) as f:
        return f.read()


def session_commands(path):
    """The app's commands in a session (batches opened), without the input and capture steps."""
    out = []
    for s in json.loads(read(path))["steps"]:
        for inner in (s["steps"] if s["type"] == "batch" else [s]):
            if inner["type"].isupper():
                out.append(inner)
    return out


class Live(PageCase):
    """One server, one page; the tests run in order (test_1..., test_2...)."""

    @classmethod
    def setUpClass(cls):
        cls.out = os.path.abspath(ARGS.out)
        shutil.rmtree(cls.out, ignore_errors=True)
        cls.records = os.path.join(cls.out, "records")
        os.makedirs(cls.records)
        cls.open_page(LiveServer(cls.records), ARGS.chromium)
        cls.answers = []  # what the page's prompts and confirms answer, in order
        cls.page.on("dialog", lambda d: d.accept(cls.answers.pop(0)) if cls.answers else d.dismiss())
        cls.page.goto(cls.server.url)

    def answered(self, n):
        """The live message once the log holds answer number n (the boot is 0), and that answer."""
        m = self.wait("live", f"m => m.log.some(e => e.n === {n})")
        return m, next(e for e in m["log"] if e["n"] == n)

    def seq(self):
        return self.page.evaluate("() => window.__live.seq || 0")

    def last_n(self):
        return self.page.evaluate("() => { const l = window.__live.log; return l.length ? l[l.length - 1].n : -1; }")

    def painted_with(self, js_test):
        """A frame painted whose tree passes the test (the frame follows the answer)."""
        return self.wait("frame", f"f => f.ok && ({js_test})(window.__state.tree)")

    def element(self, text, kind=None, reachable=True):
        """The tree's element with that text (and kind), reachable or not as asked (None: either)."""
        reach = "" if reachable is None else f"&& e.reachable === {json.dumps(reachable)}"
        return self.page.evaluate(f"""() => window.__state.tree.find(e => e.text === {json.dumps(text)}
            {f"&& e.kind === {json.dumps(kind)}" if kind else ""} {reach})""")

    def point(self, el):
        """The page point over an element's centre (its frame in dp from the engine's tree)."""
        x, y, w, h = el["frame"]
        b = self.page.locator('.pic[data-slot="main"] .overlay').bounding_box()
        k = b["width"] / self.page.evaluate("() => window.__state.metas.main.device.width")
        return b["x"] + (x + w / 2) * k, b["y"] + (y + h / 2) * k

    def click(self, text, kind=None, reachable=True):
        n = self.last_n()
        el = self.element(text, kind, reachable)
        self.assertIsNotNone(el, f"no reachable {text!r} on the screen")
        self.page.mouse.click(*self.point(el))
        return self.answered(n + 1)

    def has_text(self, text):
        return f"t => t.some(e => e.text === {json.dumps(text)})"

    def scale(self):
        """Page px per dp of the main picture."""
        b = self.page.locator('.pic[data-slot="main"] .overlay').bounding_box()
        return b["width"] / self.page.evaluate("() => window.__state.metas.main.device.width")

    def picture_of(self, el):
        """The page's pixels over an element's frame (a screenshot of that rectangle), as RGBA rows."""
        x, y, w, h = el["frame"]
        b = self.page.locator('.pic[data-slot="main"] .overlay').bounding_box()
        k = self.scale()
        clip = {"x": b["x"] + x * k, "y": b["y"] + y * k, "width": w * k, "height": h * k}
        return png_rgba(self.page.screenshot(clip=clip))[2]

    def type_text(self, text):
        """A tap on the text field, then the text typed in the bar's box and Enter: the input's answer."""
        field = self.page.evaluate("() => window.__state.tree.find(e => e.kind === 'textField')")
        n = self.last_n()
        self.page.mouse.click(*self.point(field))
        self.answered(n + 1)
        self.page.wait_for_function("() => !document.querySelector('#liveText').disabled")
        self.page.fill("#liveText", text)
        self.page.press("#liveText", "Enter")
        return self.answered(n + 2)

    def drag(self, el, dy_dp, steps=4):
        """Presses over an element's centre, moves dy_dp dp down (negative: up) in `steps` moves, releases."""
        x, y = self.point(el)
        self.page.mouse.move(x, y)
        self.page.mouse.down()
        self.page.mouse.move(x, y + dy_dp * self.scale(), steps=steps)
        self.page.mouse.up()

    def picture_top(self):
        """Where the live picture's top is on the page (CSS px)."""
        return self.page.evaluate("() => document.querySelector('#pictures').getBoundingClientRect().top")

    def picture_box(self):
        """The live picture's place and size on the page (CSS px)."""
        return self.page.locator('.pic[data-slot="main"] .img').bounding_box()

    def test_1_boot_and_click_by_position(self):
        m, boot = self.answered(0)
        self.assertEqual(boot["outcome"], "ok")
        self.assertTrue(m["running"])
        self.painted_with(self.has_text("Open dialog"))
        m, e = self.click("Open dialog", "button")
        self.assertEqual(e["outcome"], "ok")
        self.assertEqual(e["input"]["type"], "tap")
        self.assertEqual(e["commands"][0]["internalId"], 7)  # the engine's hit test resolved the point
        self.assertTrue(any(c["type"] == "batch" and c["steps"][0]["type"] == "CREATE_DIALOG" for c in e["commands"]))
        self.painted_with(self.has_text("Inside the dialog"))
        # The page shows the step and its commands, counted as the app sent them: a batch's commands one by one,
        # the tap itself not (issue 49: the page said one more).
        self.assertIn("CREATE_DIALOG", self.page.text_content("#liveLog"))
        sent = [c for top in e["commands"] for c in (top["steps"] if top["type"] == "batch" else [top])
                if c["type"][0].isupper()]
        self.assertEqual(e["commandCount"], len(sent))
        summary = self.page.text_content("#liveLog li:last-child summary")
        self.assertTrue(summary.startswith(f"{len(sent)} commands, "), summary)
        # README's docs/serve-live.png: the app with its dialog open, the steps so far, no diagnostics.
        self.assertTrue(self.page.evaluate("() => document.querySelector('#diagnostics').hidden"))
        self.page.screenshot(path=os.path.join(self.out, "live-page.png"))
        # A covered element does not get the tap: the dialog takes it.
        box = self.picture_box()
        m, e = self.click("Throw", "button", reachable=False)
        self.assertEqual(e["outcome"], "not-delivered")
        self.assertIn("dialog", e["message"])
        # Its diagnostic shows in the live page's fixed box: the picture keeps its place and size (issue 49).
        self.page.wait_for_function("() => !document.querySelector('#diagnostics').hidden")
        self.assertEqual(self.picture_box(), box)
        ok = self.element("OK", "button", True)
        m, e = self.click("OK", "button")
        self.assertEqual(e["events"][0]["type"], "ValueEvent")
        self.painted_with(self.has_text("dialog returned 7"))
        # Each step is listed by the element it reached, not by its point: also OK, gone with its dialog (issue 49).
        lines = self.page.eval_on_selector_all("#liveLog li .in", "els => els.map(e => e.textContent.split(' · ')[0])")
        self.assertEqual(lines[-3], 'tap on button 7 "Open dialog" → ok')
        self.assertRegex(lines[-2], r"^tap at [\d.]+,[\d.]+ → not-delivered$")  # reached nothing: the point
        self.assertEqual(lines[-1], f'tap on button {ok["id"]} "OK" → ok')

    def test_1b_look_switch_says_the_app_runs_in_its_own(self):
        """The Look switch draws the session in another look; the page says plainly that the app runs in its own,
        on the notes' line, which moves nothing (issue 49)."""
        top = self.picture_top()
        self.page.select_option("#look", "ios")
        self.page.wait_for_function("() => document.querySelector('#lookNote').textContent.startsWith("
                                    "'The app runs in the default look: this is its session drawn in ios')")
        self.assertEqual(self.picture_top(), top)
        self.page.screenshot(path=os.path.join(self.out, "live-look-note.png"))
        self.page.select_option("#look", "default")
        self.page.wait_for_function("() => document.querySelector('#lookNote').textContent === ''")
        self.page.wait_for_function("() => window.__frames.length && window.__frames[window.__frames.length - 1].look"
                                    " === 'default'")

    def test_2_type_and_scroll(self):
        field = self.page.evaluate("() => window.__state.tree.find(e => e.kind === 'textField')")
        n = self.last_n()
        self.page.mouse.click(*self.point(field))
        self.answered(n + 1)
        self.page.wait_for_function("() => !document.querySelector('#liveText').disabled")
        self.page.fill("#liveText", "hello")
        self.page.press("#liveText", "Enter")
        m, e = self.answered(n + 2)
        self.assertEqual(e["input"]["type"], "input")
        self.assertEqual(e["events"], [{"type": "ValueEvent", "time": 0, "internalId": field["id"], "text": "hello"}])
        self.painted_with(self.has_text("typed hello"))
        scroller = self.page.evaluate("() => window.__state.tree.find(e => e.kind === 'scrollLayout')")
        self.page.mouse.move(*self.point(scroller))
        self.page.mouse.wheel(0, 30)
        m, e = self.answered(n + 3)
        self.assertEqual(e["input"]["type"], "scroll")
        self.assertEqual([v["type"] for v in e["events"]], ["ScrollChangedEvent"])
        self.assertEqual(e["events"][0]["internalId"], scroller["id"])
        self.painted_with("t => t.some(e => e.text && e.text.startsWith('scrolled 30'))")
        self.page.screenshot(path=os.path.join(self.out, "live-typed.png"))

    def test_2b_drag_scrolls_and_is_no_tap(self):
        # After test_2's wheel the scroller is at 30; a drag 40 dp up scrolls it to 70, as a finger would.
        scroller = self.page.evaluate("() => window.__state.tree.find(e => e.kind === 'scrollLayout')")
        row = self.element("row 1", reachable=None)
        before = self.picture_of(scroller)
        n = self.last_n()
        self.drag(scroller, -40)
        m = self.wait("live", "m => m.log.some(e => e.input && e.input.type === 'scroll' && e.input.value >= 69)")
        entries = [e for e in m["log"] if e["n"] > n]
        # Steps while dragging (one in flight at most) and the last offset at release: scrolls only,
        # from the point the drag started, never a tap or a press.
        self.assertTrue(entries and all(e["input"]["type"] == "scroll" for e in entries), entries)
        last = entries[-1]
        self.assertIn(last["input"]["value"], (69, 70, 71))  # 40 dp of page px, rounded
        self.assertEqual(last["outcome"], "ok")
        self.assertEqual(last["events"][0]["type"], "ScrollChangedEvent")
        self.assertEqual(last["events"][0]["internalId"], scroller["id"])
        value = last["input"]["value"]
        self.painted_with(f"t => t.some(e => e.text && e.text.startsWith('scrolled {value} '))")
        # The content moved by the drag: the row's frame and the pixels over the scroller.
        self.assertAlmostEqual(self.element("row 1", reachable=None)["frame"][1], row["frame"][1] - (value - 30), places=3)
        self.assertNotEqual(self.picture_of(scroller), before)
        # A drag over no scroll container is nothing at all (not a tap on the button it started on): the
        # next answer is the tick that follows it.
        n, selected = self.last_n(), self.page.evaluate("() => window.__state.selected")
        self.drag(self.element("Open dialog", "button"), 60)  # released over Slow
        self.page.click("[data-tick='16']")
        m, e = self.answered(n + 1)
        self.assertEqual(e["input"], {"type": "tick", "ms": 16})
        self.assertFalse(any(x["n"] > n + 1 for x in m["log"]))
        self.assertIsNone(self.element("Inside the dialog"))
        self.assertEqual(self.page.evaluate("() => window.__state.selected"), selected)  # nor an inspector click
        self.page.screenshot(path=os.path.join(self.out, "live-dragged.png"))

    def test_3_clock_and_sys(self):
        n = self.last_n()
        self.page.click("[data-tick='1000']")
        m, e = self.answered(n + 1)
        self.assertEqual(e["events"][0]["type"], "TimerEvent")
        self.painted_with(self.has_text("ticks: 1"))
        self.page.click("[data-sys='PAUSE']")
        m, e = self.answered(n + 2)
        self.assertEqual(e["events"][0].get("sysType"), "PAUSE")
        self.painted_with(self.has_text("paused"))

    def test_3b_action_bar_buttons(self):
        # The More view has an action bar with back and save (flags 3): the page offers both.
        self.click("More", "button")
        self.painted_with(self.has_text("nothing picked"))
        bar = self.page.evaluate("() => window.__state.tree.find(e => e.kind === 'actionBar')")
        self.assertEqual(bar["barButtons"], ["back", "save"])
        self.page.wait_for_selector("#barButtons button[data-button='save']")
        labels = self.page.eval_on_selector_all("#barButtons button", "bs => bs.map(b => [b.dataset.button, b.disabled])")
        self.assertEqual(labels, [["back", False], ["save", False]])
        self.page.screenshot(path=os.path.join(self.out, "live-action-bar.png"))
        n = self.last_n()
        self.page.click("#barButtons button[data-button='save']")
        m, e = self.answered(n + 1)
        self.assertEqual(e["input"], {"type": "tap", "internalId": bar["id"], "textValue": "save"})
        self.assertEqual(e["outcome"], "ok")
        # The app's handler of CommandEvent FW_ID_SAVE (-4) set the status label.
        commands = [c for top in e["commands"] for c in (top["steps"] if top["type"] == "batch" else [top])]
        self.assertIn("saved", [c.get("textValue") for c in commands if c["type"] == "SET_TEXT_VALUE"], commands)
        self.painted_with(self.has_text("saved"))
        self.page.click("#barButtons button[data-button='back']")
        m, e = self.answered(n + 2)
        self.assertEqual(e["input"]["textValue"], "back")
        self.painted_with("t => t.some(e => e.text === 'Open dialog' && e.reachable)")
        # Back on the first view: no action bar on the screen, no bar buttons.
        self.page.wait_for_function("() => document.querySelector('#barButtons').children.length === 0")

    def test_4_app_throws_then_restart(self):
        m, e = self.click("Throw", "button")
        self.assertEqual(e["outcome"], "threw")
        self.assertIn("the app threw: the Throw button", self.ended_then_restart("threw"))

    def test_4b_app_hangs_then_restart(self):
        m, e = self.click("Hang", "button")  # its handler never returns: the driver's watchdog ends it (exit 4)
        self.assertEqual(e["outcome"], "hung")
        self.assertIn("still busy after", e["message"])
        self.ended_then_restart("hung")

    def test_4f_app_never_answers_the_server_ends_it_at_its_step_limit(self):
        # `soak:hang` (Platform/tests/app/SoakModes.cpp) never answers and holds the lock the app's own
        # watchdog needs: only the server's --step-timeout ends it, and the page names the limit and the option.
        seq = self.seq()
        m, e = self.type_text("soak:hang")
        self.assertEqual((e["outcome"], e["limit"], e["step"]), ("hung", "step-timeout", 1))
        self.assertIn(f"did not answer step 1 within {SERVER_STEP_TIMEOUT} s (render serve --step-timeout)",
                      e["message"])
        self.wait("live", f"m => m.seq > {seq} && !m.running && m.ended && m.ended.limit === 'step-timeout'")
        self.page.wait_for_function("() => document.querySelector('#liveLog').innerText.includes('--step-timeout')")
        state = self.page.inner_text("#liveState")
        self.assertIn("app ended: hung at step 1: the app did not answer step 1 within", state)
        self.assertIn("(render serve --step-timeout): it was ended", state)
        self.page.screenshot(path=os.path.join(self.out, "live-step-timeout.png"))
        n = self.last_n()
        self.page.click("#restart")
        m, e = self.answered(n + 1)
        self.assertEqual((e["step"], e["outcome"]), ("boot", "ok"))
        self.painted_with("t => t.some(e => e.text === 'Open dialog')")

    def ended_then_restart(self, outcome):
        """The page says the app ended (how, at which step), the session so far downloads, Restart boots."""
        m = self.wait("live", f"m => !m.running && m.ended && m.ended.outcome === '{outcome}'")
        state = self.page.inner_text("#liveState")
        self.assertIn(f"app ended: {outcome} at step {m['ended']['step']}", state)
        self.page.screenshot(path=os.path.join(self.out, f"live-{outcome}.png"))
        session = self.page.evaluate("() => fetch('/live/session.json').then(r => r.json())")
        self.assertEqual(session["format"], "framework-session")
        n = self.last_n()
        self.page.click("#restart")
        m, e = self.answered(n + 1)
        self.assertEqual((e["step"], e["outcome"]), ("boot", "ok"))
        self.painted_with("t => t.some(e => e.text === 'Open dialog')")
        return state

    def test_4c_app_calls_exit_then_restart(self):
        m, e = self.type_text("exit")  # the field's handler calls exit(3)
        self.assertEqual((e["outcome"], e["status"], e["step"]), ("exited", 3, 1))  # the tap was step 0
        self.assertIn("the app exited with status 3", e["message"])
        self.assertIn("exit(3) from the text field's handler", e["message"])  # its last words on stderr
        state = self.ended_then_restart("exited")
        self.assertIn("app ended: exited at step 1: the app exited with status 3", state)

    def test_4d_app_aborts_then_restart(self):
        m, e = self.type_text("abort")  # the field's handler calls abort(): SIGABRT
        self.assertEqual((e["outcome"], e["status"], e["step"]), ("crashed", 6, 1))
        self.assertIn("the app crashed (signal 6)", e["message"])
        self.ended_then_restart("crashed")

    def test_4e_app_killed_between_steps(self):
        # Killed while idle (as the OOM killer would): the page hears of it at once, not at the next input.
        m, e = self.click("Open dialog", "button")
        self.painted_with(self.has_text("Inside the dialog"))
        apps = [p for p in children(self.server.proc.pid) if "--live" in read(f"/proc/{p}/cmdline").split("\0")]
        self.assertEqual(len(apps), 1, apps)
        seq = self.seq()
        os.kill(apps[0], signal.SIGKILL)
        m = self.wait("live", f"m => m.seq > {seq} && !m.running && m.ended && m.ended.outcome === 'crashed'")
        self.assertEqual(m["ended"]["message"], f"the app crashed (signal 9) between steps (after step {e['step']})")
        self.assertNotIn("step", m["ended"])
        self.assertIn("app ended: crashed: the app crashed (signal 9) between steps", self.page.inner_text("#liveState"))
        self.page.wait_for_function("() => document.querySelector('#liveLog').innerText.includes('(between steps) → crashed')")
        n = self.last_n()
        self.page.click("#restart")
        m, e = self.answered(n + 1)
        self.assertEqual((e["step"], e["outcome"]), ("boot", "ok"))
        self.painted_with("t => t.some(e => e.text === 'Open dialog' && e.reachable)")

    def test_5_record_two_snapshots_and_replay(self):
        n, seq = self.last_n(), self.seq()
        self.page.click("#record")  # a recording starts from a fresh boot, as its replay will
        self.answered(n + 1)
        self.wait("live", f"m => m.seq > {seq} && m.recording && m.recording.steps === 0")
        self.painted_with(self.has_text("Open dialog"))
        self.click("Open dialog", "button")
        self.painted_with(self.has_text("Inside the dialog"))
        n = self.last_n()
        self.answers.append("dialog")
        self.page.click("#snapshot")
        self.answered(n + 1)
        self.click("OK", "button")
        self.painted_with(self.has_text("dialog returned 7"))
        n = self.last_n()
        self.page.click("[data-tick='16']")
        self.answered(n + 1)
        self.answers.append("after")
        self.page.click("#snapshot")
        m, e = self.answered(n + 2)
        self.assertEqual(m["recording"], {"steps": 5, "snapshots": ["dialog", "after"]})
        # A snapshot causes no command (the page said "1 commands": the snapshot step itself).
        self.assertEqual(e["commandCount"], 0)
        self.assertTrue(self.page.text_content("#liveLog li:last-child summary").startswith("0 commands, "))
        self.answers.append("walk")
        seq = self.seq()
        top = self.picture_top()
        self.page.click("#stopRecord")
        m = self.wait("live", f"m => m.seq > {seq} && m.recordNote && m.recordNote.startsWith('wrote')")
        # The "wrote ..." line moves nothing: a click made now lands where the picture showed it (issue 49).
        self.page.wait_for_function("() => document.querySelector('#recordNote').textContent.startsWith('wrote')")
        self.assertEqual(self.picture_top(), top)
        script = json.loads(read(os.path.join(self.records, "walk.script.json")))
        self.assertEqual(script["steps"][0], {"type": "tap", "target": {"text": "Open dialog"}})
        self.assertEqual(script["steps"][2], {"type": "tap", "target": {"text": "OK"}})
        self.assertEqual([s["type"] for s in script["steps"]], ["tap", "snapshot", "tap", "tick", "snapshot"])
        # The script through the driver: the same commands, the same PNG bytes.
        replay = os.path.join(self.out, "replay")
        p = subprocess.run([ARGS.app, "--script", os.path.join(self.records, "walk.script.json"), "--out", replay,
                            *app_args()], capture_output=True, text=True, timeout=120)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual(session_commands(os.path.join(replay, "session.json")),
                         session_commands(os.path.join(self.records, "walk.session.json")))
        for name in ["dialog", "after"]:
            with open(os.path.join(replay, name + ".png"), "rb") as a, \
                    open(os.path.join(self.records, f"walk.{name}.png"), "rb") as b:
                self.assertEqual(a.read(), b.read(), f"{name}: the replay's PNG differs")
            # render replays the recorded session to the same bytes.
            out = os.path.join(self.out, f"render-{name}.png")
            subprocess.run([ARGS.render, os.path.join(self.records, "walk.session.json"), "--snapshot", name,
                            "-o", out, "-q"], check=True)
            with open(out, "rb") as a, open(os.path.join(self.records, f"walk.{name}.png"), "rb") as b:
                self.assertEqual(a.read(), b.read(), f"{name}: render's replay of the session differs")

    def test_6_never_overwrites_without_asking(self):
        before = read(os.path.join(self.records, "walk.script.json"))
        n, seq = self.last_n(), self.seq()
        self.page.click("#record")
        self.answered(n + 1)
        self.wait("live", f"m => m.seq > {seq} && m.recording && m.recording.steps === 0")
        self.painted_with(self.has_text("Open dialog"))
        self.click("Open dialog", "button")
        # The page closing mid-recording keeps what was recorded: a new page sees it.
        self.page.close()
        type(self).page = self.page = self.browser.new_page(viewport={"width": 1280, "height": 800})
        self.page.on("dialog", lambda d: d.accept(self.answers.pop(0)) if self.answers else d.dismiss())
        self.page.goto(self.server.url)
        m = self.wait("live", "m => m.recording")
        self.assertEqual(m["recording"]["steps"], 1)
        self.answers.append("walk")  # the name; the confirm below says no
        self.page.evaluate("() => { window.__confirms = 0; const c = window.confirm; window.confirm = (t) => { window.__confirms++; return false; }; }")
        seq = self.seq()
        self.page.click("#stopRecord")
        m = self.wait("live", f"m => m.seq > {seq} && m.recordNote && m.recordNote.startsWith('exists: ')")
        self.assertIn("walk.script.json", m["recordNote"])
        self.assertEqual(read(os.path.join(self.records, "walk.script.json")), before)
        self.assertTrue(m["recording"])  # still recording: nothing lost
        self.page.evaluate("() => { window.confirm = () => true; }")
        self.answers.append("walk")
        seq = self.seq()
        self.page.click("#stopRecord")
        self.wait("live", f"m => m.seq > {seq} && m.recordNote && m.recordNote.startsWith('wrote')")
        self.assertNotEqual(read(os.path.join(self.records, "walk.script.json")), before)

    def test_6b_record_drag_and_action_bar_then_replay(self):
        n, seq = self.last_n(), self.seq()
        self.page.click("#record")
        self.answered(n + 1)
        self.wait("live", f"m => m.seq > {seq} && m.recording && m.recording.steps === 0")
        self.painted_with(self.has_text("Open dialog"))
        n = self.last_n()
        self.drag(self.page.evaluate("() => window.__state.tree.find(e => e.kind === 'scrollLayout')"), -25)
        self.wait("live", f"m => m.log.some(e => e.n > {n} && e.input && e.input.type === 'scroll' && e.input.value >= 24)")
        self.click("More", "button")
        self.page.wait_for_selector("#barButtons button[data-button='save']")
        n = self.last_n()
        self.page.click("#barButtons button[data-button='save']")
        self.answered(n + 1)
        self.page.click("#barButtons button[data-button='back']")
        self.answered(n + 2)
        self.painted_with("t => t.some(e => e.text === 'Open dialog' && e.reachable)")
        self.answers.append("bar")
        seq = self.seq()
        self.page.click("#stopRecord")
        self.wait("live", f"m => m.seq > {seq} && m.recordNote && m.recordNote.startsWith('wrote')")
        steps = json.loads(read(os.path.join(self.records, "bar.script.json")))["steps"]
        scrolls = [s for s in steps if s["type"] == "scroll"]
        self.assertTrue(scrolls and all(s["target"] == {"type": "scrollLayout", "index": 0} for s in scrolls), steps)
        self.assertEqual(steps[len(scrolls):], [
            {"type": "tap", "target": {"text": "More"}},
            {"type": "tap", "target": {"text": "More"}, "textValue": "save"},  # the bar, by its title
            {"type": "tap", "target": {"text": "More"}, "textValue": "back"}])
        replay = os.path.join(self.out, "replay-bar")
        p = subprocess.run([ARGS.app, "--script", os.path.join(self.records, "bar.script.json"), "--out", replay,
                            *app_args()], capture_output=True, text=True, timeout=120)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual(session_commands(os.path.join(replay, "session.json")),
                         session_commands(os.path.join(self.records, "bar.session.json")))

    def test_7_malformed_live_messages_close_the_connection(self):
        for bad, why in [({"type": "live", "op": "step", "step": {"type": "CREATE_BUTTON"}}, "live step: needs a type"),
                         ({"type": "live", "op": "step", "step": {"type": "tick", "ms": -5}}, "live step: bad ms"),
                         ({"type": "live", "op": "launch"}, "live: unknown op")]:
            ws = WS(self.server)
            ws.send(bad)
            code, reason = ws.close_reason()
            ws.close()
            self.assertEqual(code, 1003)
            self.assertIn(why, reason)
        ws = WS(self.server, origin="http://evil.example")
        self.assertNotEqual(ws.status, 101)  # the same Host/Origin rules as render serve
        ws.close()



FAKE_BUILD = """#!/bin/sh
# A stand-in for an app's build (render serve --rebuild): src/app.cpp's LABEL and MORE lines become the test app's
# PREVIEWTEST_LABEL and PREVIEWTEST_MORE in a wrapper (written beside and renamed over, as a linker writes); a line
# holding "syntax error" is a compiler error at that line, as gcc prints it.
src=src/app.cpp
line=$(grep -n 'syntax error' "$src" | head -1 | cut -d: -f1)
if [ -n "$line" ]; then
  echo "g++ -c src/app.cpp"; echo "$src:$line:5: error: expected ';' before '}' token"; echo "make: *** [app] Error 1"
  exit 1
fi
label=$(sed -n 's/^LABEL=//p' "$src"); more=$(sed -n 's/^MORE=//p' "$src")
printf '#!/bin/sh\\nPREVIEWTEST_LABEL="%s" PREVIEWTEST_MORE="%s" exec %s "$@"\\n' "$label" "$more" "$APP" > bin/app.new
chmod +x bin/app.new && mv bin/app.new bin/app
"""


def write_source(folder, label="nothing picked", more="More", extra=""):
    """src/app.cpp as an editor saves it: a new file renamed over the old (the fake build reads it)."""
    path = os.path.join(folder, "src", "app.cpp")
    with open(path + ".tmp", "w") as f:
        f.write(f"// the test app's edited source\nLABEL={label}\nMORE={more}\n{extra}")
    os.replace(path + ".tmp", path)


class RebuildServer:
    """`render serve --app bin/app --rebuild ./build.sh --watch src -- APP-ARGS` in a folder of its own."""

    def __init__(self, folder):
        command = ([os.environ["RENDER_SERVE"], "--render", ARGS.render] if os.environ.get("RENDER_SERVE")
                   else [ARGS.render, "serve"])
        env = dict(os.environ, APP=ARGS.app)
        self.proc = subprocess.Popen([*command, "--port", "0", "--step-timeout", str(SERVER_STEP_TIMEOUT), "--app",
                                      "bin/app", "--rebuild", "./build.sh", "--watch", "src", "--", *app_args()],
                                     cwd=folder, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = self.proc.stdout.readline()
        m = re.search(r"http://([\d.]+):(\d+)/", line)
        if not m:
            self.proc.kill()
            raise RuntimeError(f"render serve did not start: {line!r} {self.proc.stderr.read()}")
        self.host, self.port = m.group(1), int(m.group(2))
        self.url = f"http://{self.host}:{self.port}/"

    stop = LiveServer.stop


def start_rebuild_folder(folder):
    """A folder with src/app.cpp, the fake build and its first build (bin/app)."""
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(os.path.join(folder, "src"))
    os.makedirs(os.path.join(folder, "bin"))
    with open(os.path.join(folder, "build.sh"), "w") as f:
        f.write(FAKE_BUILD)
    os.chmod(os.path.join(folder, "build.sh"), 0o755)
    write_source(folder)
    subprocess.run(["./build.sh"], cwd=folder, env=dict(os.environ, APP=ARGS.app), check=True, timeout=60)


class LiveRebuild(PageCase):
    """`render serve --app BIN --rebuild CMD --watch DIR` (docs/serve.md "Restart on code edit"): an edit of the
    app's source reaches the page on the screen the walk was on, with the picture before the edit a toggle away;
    a compiler error is shown by file and line and the last good picture stays; a locator the edit broke stops the
    replay at its step, and the page says which."""
    answered, last_n, painted_with, element, point, click, has_text, type_text = (
        Live.answered, Live.last_n, Live.painted_with, Live.element, Live.point, Live.click, Live.has_text,
        Live.type_text)

    @classmethod
    def setUpClass(cls):
        cls.out = os.path.abspath(ARGS.out) + "-rebuild"
        start_rebuild_folder(cls.out)
        cls.open_page(RebuildServer(cls.out), ARGS.chromium)
        cls.page.goto(cls.server.url)

    def version(self):
        return self.page.evaluate("() => Math.max(0, ...window.__frames.filter(f => f.ok).map(f => f.version))")

    def test_1_an_edit_shows_the_new_frame_on_the_same_screen_with_the_one_before(self):
        self.answered(0)
        self.page.wait_for_function("() => window.__rebuild.last && window.__rebuild.last.state === 'watching'")
        self.painted_with(self.has_text("More"))
        self.type_text("hi")
        self.painted_with(self.has_text("typed hi"))
        self.click("More", "button")
        self.painted_with(self.has_text("nothing picked"))
        before = self.version()
        write_source(self.out, label="edited label")
        m = self.wait("rebuild", "m => m.state === 'done'")
        self.assertEqual(m["replay"], {"steps": 3, "played": 3})
        self.assertTrue(m["changed"][0].endswith("src/app.cpp"), m["changed"])
        f = self.wait("frame", f"f => f.ok && f.version > {before}")
        self.assertGreater(f["t"], m["builtAt"])
        self.assertTrue(self.page.evaluate("() => window.__state.tree.some(e => e.text === 'edited label')"))
        # The replayed steps are the page's log again, marked, after the new build's boot.
        lines = self.page.eval_on_selector_all("#liveLog li .in", "els => els.map(e => e.textContent)")
        self.assertTrue(all("replayed" in line for line in lines[-3:]), lines[-3:])
        self.assertIn("3 steps replayed", self.page.text_content("#rebuildState"))
        # The toggle lays the picture from before the edit over the new one, and takes it away again.
        self.page.click("#beforeEdit")
        self.wait("rebuild", "m => m.toggle === true")
        differ = """() => { const a = document.querySelector('.pic[data-slot=main] canvas.img');
            const b = document.querySelector('#beforeEditPic');
            if (b.hidden || a.width !== b.width || a.height !== b.height) return null;
            const x = a.getContext('2d').getImageData(0, 0, a.width, a.height).data;
            const y = b.getContext('2d').getImageData(0, 0, b.width, b.height).data;
            let n = 0; for (let i = 0; i < x.length; i += 4) if (x[i] !== y[i] || x[i + 1] !== y[i + 1]) n++;
            return n; }"""
        changed = self.page.evaluate(differ)
        self.assertIsNotNone(changed)
        self.assertGreater(changed, 0)  # the label's pixels
        self.assertLess(changed, 0.2 * self.page.evaluate("() => document.querySelector('#beforeEditPic').width ** 2"))
        self.assertEqual(self.page.locator("#beforeEditPic").bounding_box(),
                         self.page.locator('.pic[data-slot="main"] .img').bounding_box())
        self.page.screenshot(path=os.path.join(self.out, "live-rebuild-before.png"))
        self.page.click("#beforeEdit")
        self.wait("rebuild", "m => m.toggle === false")
        self.assertTrue(self.page.evaluate("() => document.querySelector('#beforeEditPic').hidden"))
        self.page.screenshot(path=os.path.join(self.out, "live-rebuild-after.png"))

    def test_2_a_compiler_error_is_shown_and_the_last_picture_stays(self):
        shown = self.version()
        n = self.last_n()
        write_source(self.out, label="edited label", extra="int x = syntax error\n")
        m = self.wait("rebuild", "m => m.state === 'failed'")
        self.assertEqual(m["diagnostics"], [{"file": "src/app.cpp", "line": 4, "column": 5, "severity": "error",
                                             "message": "expected ';' before '}' token"}])
        self.assertIn("the app runs the last good build", m["message"])
        box = self.page.text_content("#rebuildBox")
        self.assertIn("src/app.cpp:4:5", box)
        self.assertIn("expected ';' before '}' token", box)
        self.assertIn("Build failed (1 error)", self.page.text_content("#rebuildNote"))
        # No restart, no new frame: the picture is the last good build's, and the app still answers.
        self.assertEqual(self.version(), shown)
        self.assertEqual(self.last_n(), n)
        self.assertTrue(self.page.evaluate("() => window.__state.tree.some(e => e.text === 'edited label')"))
        # README's docs/serve-live-rebuild.png: the error over the Steps pane, the last good picture.
        self.page.screenshot(path=os.path.join(self.out, "live-rebuild-error.png"))

    def test_3_a_locator_the_edit_broke_stops_the_replay_at_its_step(self):
        write_source(self.out, label="edited label", more="Extras")
        m = self.wait("rebuild", "m => m.state === 'stopped'")
        self.assertEqual(m["replay"]["stoppedAt"], 2)
        self.assertEqual(m["replay"]["played"], 2)
        self.assertIn("More", m["replay"]["step"])
        self.painted_with(self.has_text("Extras"))  # the screen the replay reached: the front, renamed button
        detail = self.page.text_content("#rebuildDetail")
        self.assertIn("The replay stopped at step 3 of 3", detail)
        self.page.screenshot(path=os.path.join(self.out, "live-rebuild-stopped.png"))

    def test_4_the_look_switch_restarts_the_app_in_that_look_on_the_same_screen(self):
        """Another look is the session drawn in it until the note's button restarts the app in that look and replays
        the walk by its locators (issue 49): then the note is gone and the session is the app's own in that look."""
        self.page.select_option("#look", "ios")
        self.page.wait_for_function("() => !document.querySelector('#lookRestart').hidden")
        self.page.screenshot(path=os.path.join(self.out, "live-look-restart-offered.png"))
        n = self.last_n()
        self.page.click("#lookRestart")
        m = self.wait("live", "m => m.restartNote && m.restartNote.startsWith('restarted in the ios look')")
        self.assertEqual(m["appLook"], "ios")
        # The walk is the two steps played and the one the last rebuild's replay could not play (More, renamed).
        self.assertTrue(m["restartNote"].startswith("restarted in the ios look, 2 of 3 steps replayed; stopped: step 3 "
                                                    "of 3 (tap {\"text\":\"More\"}): not-delivered"), m["restartNote"])
        self.assertEqual([e["step"] for e in m["log"] if e["n"] > n][0], "boot")
        self.page.wait_for_function("() => document.querySelector('#lookRestart').hidden")
        self.page.wait_for_function("() => document.querySelector('#lookNote').textContent"
                                    ".startsWith('The app restarted in the ios look, 2 of 3 steps replayed; stopped')")
        theme = self.page.evaluate("async () => (await (await fetch('/live/session.json')).json()).theme")
        self.assertEqual(theme, "ios")
        self.page.wait_for_function("() => window.__state.tree.some(e => e.text === 'typed hi')")
        self.page.screenshot(path=os.path.join(self.out, "live-look-restarted.png"))


class Start(unittest.TestCase):
    def test_record_dir_not_writable_is_an_error_at_start(self):
        blocker = os.path.join(os.path.abspath(ARGS.out) + "-file")
        open(blocker, "w").close()
        command = ([os.environ["RENDER_SERVE"], "--render", ARGS.render] if os.environ.get("RENDER_SERVE")
                   else [ARGS.render, "serve"])
        p = subprocess.run([*command, "--port", "0", "--record-dir", blocker, "--app", ARGS.app],
                           capture_output=True, text=True, timeout=60)
        self.assertEqual(p.returncode, 64)
        self.assertIn(f"--record-dir {blocker}: not a folder this user can write", p.stderr)


if __name__ == "__main__":
    ARGS, argv = test_args("out/serve-live", app="out/platform/previewtest")
    unittest.main(argv=argv, verbosity=2)
