#!/usr/bin/env python3
"""The review page's groups in Chromium (issue 50): accept a group, apply, check again; the gallery of the same
folder shows the same groups.

Three sample sessions get goldens; then every text colour #212121 becomes #303030 in two of them
(one cause over many snapshots) and #111827 becomes #1f2937 in the third (another cause). The page of
`render check --html` must show the groups first, each with its words, count and thumbnails; ticking
"accept the group" writes the accept file, and ticking "reject it" on the other adds its mark. The
page's own command applies the file: exactly the group's goldens are re-recorded, the rejected mark
is kept in the page's folder, and a second check passes the accepted snapshots while the others
still fail. Run: RENDER=.build/release/render python3 Tests/ReviewPage/test_accept_group.py
(make review-test). Exits non-zero with the reason on any failure.
"""
import json
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
import unittest

from playwright.sync_api import sync_playwright

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
RENDER = os.path.abspath(os.environ.get("RENDER", os.path.join(ROOT, ".build/release/render")))
SESSIONS = ["dialog-and-toast", "timers-and-spinner", "login-form"]
TIMEOUT = 600  # seconds for one `render check` (a debug build on a busy machine is slow)


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def write(path, text):
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def run(args, cwd, expect):
    """Runs `render ARGS` (or a shell line) in cwd, in its own process group, with a time limit."""
    cmd = args if isinstance(args, list) else shlex.split(args)
    if cmd[0] == "render":
        cmd[0] = RENDER
    p = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=TIMEOUT, start_new_session=True)
    if p.returncode not in expect:
        sys.exit(f"{' '.join(cmd)}: exit {p.returncode}, wanted {expect}\n{p.stdout}\n{p.stderr}")
    return p


def check(work, *extra):
    return run(["render", "check", "s", "--snapshots", "gold", "--jobs", "2", "--timeout", "300", *extra], work,
               expect=[0, 6])


def main():
    work = tempfile.mkdtemp(prefix="review-groups-")
    try:
        os.makedirs(work + "/s")
        for s in SESSIONS:
            shutil.copy(f"{ROOT}/Examples/{s}.json", f"{work}/s/{s}.json")
        check(work, "--record", "missing")
        for s, old, new in [("dialog-and-toast", "#212121", "#303030"), ("timers-and-spinner", "#212121", "#303030"),
                            ("login-form", "#111827", "#1f2937")]:
            path = f"{work}/s/{s}.json"
            text = read(path)
            assert old in text, f"{s} has no {old}"
            write(path, text.replace(old, new))
        first = check(work, "--html", "review", "--report", "review/check.json")
        assert first.returncode == 6, first.stdout
        report = json.loads(read(f"{work}/review/check.json"))
        groups = {g["cause"]: g for g in report["groups"]}
        text = groups.get("text color #212121 -> #303030")
        other = groups.get("text color #111827 -> #1f2937")
        assert text and other, f"groups: {list(groups)}"
        assert not set(text["snapshots"]) & set(other["snapshots"]), "the two causes share a snapshot"
        # The gallery of the same folder shows the same groups (one page, not two): ids, words, snapshots.
        run(["render", "gallery", "s", "--snapshots", "gold", "--themes", "default", "--no-states", "-q",
             "-o", "gallery", "--jobs", "2", "--timeout", "300"], work, expect=[0])
        shown = json.loads(read(f"{work}/gallery/gallery.json"))["groups"]
        for key in ("id", "words", "snapshots"):
            assert [g[key] for g in shown] == [g[key] for g in report["groups"]], \
                f"gallery {key}: {[g[key] for g in shown]} != {[g[key] for g in report['groups']]}"

        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium")
            page = browser.new_page(viewport={"width": 1200, "height": 900}, accept_downloads=True)
            errors = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            page.goto("file://" + work + "/review/index.html")
            # The groups come first: the first heading of the page's main is theirs.
            assert page.locator("main h2").first.inner_text().startswith("Changes by cause"), "groups are not first"
            section = page.locator(f"#group-{text['id']}")
            words = section.locator("h3").inner_text()
            want = f"text color #212121 -> #303030 {len(text['snapshots'])} snapshots in 2 sessions"
            assert words.startswith(want), f"{words!r} does not start with {want!r}"
            thumbs = section.locator(".strip img")
            assert thumbs.count() == min(8, len(text["snapshots"])), f"{thumbs.count()} thumbnails"
            # Every thumbnail loads (scrolled into view: they are lazy).
            for i in range(thumbs.count()):
                thumbs.nth(i).scroll_into_view_if_needed()
            page.wait_for_function(
                "sel => [...document.querySelectorAll(sel)].every(i => i.complete && i.naturalWidth > 0)",
                arg=f"#group-{text['id']} .strip img")
            # Expanding lists the snapshots.
            section.locator("details.members summary").click()
            listed = section.locator("details.members li a").all_inner_texts()
            assert listed == text["snapshots"], f"{listed}"
            section.locator("input.pick").first.check()
            page.locator(f"#group-{other['id']} input.pick.reject").check()
            accepts = page.locator("#accepts").input_value()
            assert accepts == f"group {text['id']}\nreject group {other['id']}\n", repr(accepts)
            page.screenshot(path=work + "/review-page.png", full_page=False)
            gallery = browser.new_page(viewport={"width": 1200, "height": 900})
            gallery.on("pageerror", lambda e: errors.append(str(e)))
            gallery.goto("file://" + work + "/gallery/index.html")
            ids = gallery.eval_on_selector_all("#groups .group", "xs => xs.map(x => x.dataset.group)")
            assert ids == [g["id"] for g in report["groups"]], f"gallery page groups {ids}"
            # Each group's strip links to a card of the gallery that is there.
            for href in gallery.eval_on_selector_all("#groups .strip a", "xs => xs.map(x => x.getAttribute('href'))"):
                assert gallery.locator(f"[id='{href[1:]}']").count() == 1, f"no card {href}"
            gallery.screenshot(path=work + "/gallery-groups.png", full_page=False)
            with page.expect_download() as d:
                page.locator("#accepts-download").click()
            d.value.save_as(work + "/accepts.txt")
            command = page.locator("#accept-file-command").inner_text()
            browser.close()
        assert not errors, f"page errors: {errors}"
        assert read(work + "/accepts.txt") == accepts
        # The page names its own folder (where it was opened from) for the rejected marks.
        assert command.endswith(f"--accept-file accepts.txt --snapshots gold --html {work}/review"), command

        # (A debug build on a busy machine may need more than the default 30 s a session.)
        applied = run(command + " --timeout 300 --jobs 2", work, expect=[6])
        assert f"accepted group {text['id']}" in applied.stdout, applied.stdout
        marks = json.loads(read(work + "/review/review-marks.json"))
        assert list(marks["rejected"]) == [other["id"]], marks

        again = check(work, "--report", "again.json")
        assert again.returncode == 6, "the rejected group must still fail"
        status = {o["name"]: o["status"] for o in json.loads(read(work + "/again.json"))["outcomes"]}
        for n in text["snapshots"]:
            assert status[n] == "passed", f"{n} is {status[n]} after accepting its group"
        for n in other["snapshots"]:
            assert status[n] == "failed", f"{n} is {status[n]}: only the accepted group may change"
        # The rejected mark shows on the next review page.
        check(work, "--html", "review")
        html = read(work + "/review/index.html")
        assert f'id="group-{other["id"]}"' in html and "rejected</span>" in html, "the rejected mark is not shown"
        shot = os.environ.get("REVIEW_SCREENSHOT")
        if shot:
            shutil.copy(work + "/review-page.png", shot)
            shutil.copy(work + "/gallery-groups.png", os.path.splitext(shot)[0] + "-gallery.png")
        print(f"review-test: accepted {len(text['snapshots'])} snapshots of group {text['id']} in Chromium; "
              f"{len(other['snapshots'])} of the rejected group {other['id']} still fail")
    finally:
        if os.environ.get("KEEP_WORK"):
            print(f"review-test: kept {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)


class ReviewPageTest(unittest.TestCase):
    def test_accept_a_group_apply_check_again(self):
        main()


if __name__ == "__main__":
    unittest.main()
