#!/usr/bin/env python3
"""`--explore`'s test (make platform-tests): walks the stand-in test app (tests/app) to depth 3 and
checks what the walk wrote: the screens it must find, the failures it must record, a screen's
script replaying to its PNG, two walks writing the same bytes, and which --out folders it refuses.

usage: check-explore.py APP RENDER OUT_DIR
"""
import json
import os
import shutil
import subprocess

from platformtest import FIX, check, command_line, finish  # noqa: E402  (beside this script)

APP, RENDER, OUT = command_line()


def explore(out, *extra):
    # A short step timeout: the app's Slow (3 s) and Hang buttons are recorded as hanging sooner.
    args = [APP, "--explore", "--out", out, "--assets", os.path.join(FIX, "assets"), "--http", os.path.join(FIX, "http"),
            "--step-timeout", "1", *extra]
    p = subprocess.run(args, capture_output=True, text=True, timeout=600)
    return p.returncode, p.stdout, p.stderr


def files(folder):
    """Every file under `folder` (relative path -> bytes), timings.json aside."""
    out = {}
    for root, _, names in os.walk(folder):
        for n in names:
            path = os.path.join(root, n)
            rel = os.path.relpath(path, folder)
            if rel != "timings.json":
                out[rel] = open(path, "rb").read()
    return out


os.makedirs(OUT, exist_ok=True)
first, second = os.path.join(OUT, "walk-1"), os.path.join(OUT, "walk-2")
for d in (first, second):
    shutil.rmtree(d, ignore_errors=True)

# 1. The stand-in app to depth 3: 34 distinct screens (the front view in its states, the dialog,
# the action sheet, the More view in its states), every tap accounted for, the throwing and hanging
# buttons recorded.
code, stdout, stderr = explore(first, "--render", RENDER)
check(code == 0, f"the walk ends (exit {code}) {stderr.strip()[-300:]}")
walk = json.load(open(os.path.join(first, "explore.json")))
screens = walk["screens"]
check(len(screens) == 34 and walk["paths"] == 113, f"34 distinct screens to depth 3 in 113 paths: {len(screens)} {walk['paths']}")
check(walk["complete"] is True and walk["stoppedBy"] is None, f"the walk is complete: {walk['complete']} {walk['stoppedBy']}")
titles = [s["title"] for s in screens]
check("dialog 'Hello'" in titles and "action sheet 'Share'" in titles, f"the dialog and the action sheet are screens: {titles}")
by_path = {" -> ".join(s["path"]): s for s in screens}
check(by_path.get("tap 'Open dialog'", {}).get("name") == "screen-001", "the dialog is screen-001, reached by one tap")
check("tap 'Share' -> tap 'Email'" in by_path, f"an action sheet's option is tapped: {sorted(by_path)}")
check([s["depth"] for s in screens] == sorted(s["depth"] for s in screens) and max(s["depth"] for s in screens) == 3,
      "screens come in breadth-first order, up to depth 3")
kinds = {(f["element"], f["kind"]) for f in walk["failures"]}
check(("tap 'Throw'", "threw") in kinds and ("tap 'Hang'", "hung") in kinds, f"the throwing and hanging taps are recorded: {kinds}")
throw = next(f for f in walk["failures"] if f["element"] == "tap 'Throw'")
check(throw["message"] == 'step 0 (tap {"text":"Throw"}): the app threw: the Throw button', f"the failure's message: {throw['message']}")
check(any("tap 'Hang'" in s for s in walk["skipped"]), "a tap that hung is not tried again from later screens")
names = {s["name"] for s in screens}
check(all(e["from"] in names and (e["to"] is None or e["to"] in names) for e in walk["edges"]), "edges join known screens")
check(len([e for e in walk["edges"] if e["to"] is None]) == len([f for f in walk["failures"] if f["from"]]),
      "every failing tap is an edge to no screen")
check(all(os.path.isfile(os.path.join(first, s[k])) for s in screens for k in ("session", "script", "png")),
      "every screen has its session, script and PNG")
check(os.path.isfile(os.path.join(first, "map.html")) and os.path.isfile(os.path.join(first, "gallery", "index.html")),
      "the map page and the gallery are written")
page = open(os.path.join(first, "map.html")).read()
check(page.count("<image href=\"screens/") == 34 and "tap &#39;Open dialog&#39;" in page, "the map shows 34 thumbnails and labelled taps")

# 1a. The map as a browser draws it: no tap's label covers a screen, the lines under it or another label.
def map_overlaps(path):
    """Boxes (chromium's own getBBox) of labels that meet a screen's frame or text, or another label; None
    when no browser is here."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return None
    if not os.path.exists("/usr/bin/chromium"):
        return None
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        page = browser.new_page()
        page.goto("file://" + os.path.abspath(path))
        found = page.evaluate("""() => {
          const box = (e) => { const b = e.getBBox(); return [b.x, b.y, b.x + b.width, b.y + b.height, e.textContent]; };
          const meets = (a, b) => a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];
          const labels = [...document.querySelectorAll('.edge:not(.back) text')].map(box);
          const nodes = [...document.querySelectorAll('.node rect, .node text')].map(box);
          const out = [];
          labels.forEach((l, i) => {
            for (const n of nodes) if (meets(l, n)) out.push([l[4], n[4] || 'a screen']);
            for (const m of labels.slice(i + 1)) if (meets(l, m)) out.push([l[4], m[4]]);
          });
          return out; }""")
        browser.close()
    return found


overlaps = map_overlaps(os.path.join(first, "map.html"))
if overlaps is None:
    # CI installs both (make deps) and says so: there the check must run.
    check(not os.environ.get("PREVIEW_REQUIRE_CHROMIUM"), "the map's label check runs (Playwright and chromium)")
    print("skip the map's label check: no Playwright or /usr/bin/chromium here")
else:
    check(overlaps == [], f"no label on the map covers a screen, its lines or another label: {overlaps[:4]}")
card = json.load(open(os.path.join(first, "sessions", "screen-006.json")))
check(card.get("description") == "depth 2: tap 'Open dialog' -> tap 'OK'", f"a session says its path: {card.get('description')}")

# 1b. The More view's widgets: the action bar's back and save buttons, each row of the picker's option
# sheet and of the list, the slider set to 50, the system back: each an edge from the More view.
more = by_path.get("tap 'More'", {}).get("name")
edges = {e["label"]: e["to"] for e in walk["edges"] if e["from"] == more}
check(more == "screen-004" and len(edges) == 8, f"the More view is screen-004 with 8 taps: {more} {sorted(edges)}")
check(edges.get("tap the action bar's back button") == "screen-000" and edges.get("back") == "screen-000",
      f"the action bar's back and the system back return to the first screen: {edges}")
expected = {"tap the action bar's save button": "'saved'", "pick 'Red' in picker #1": "'picked Red'",
            "pick 'Blue' in picker #1": "'picked Blue'", "tap row 'Alice' of listView #1": "'list row 0'",
            "tap row 'Bob' of listView #1": "'list row 1'", "set slider #1 to 50": "'slider 50'"}
names = {s["name"]: s for s in screens}
got = {label: names[edges[label]]["title"] if edges.get(label) in names else None for label in expected}
check(got == expected, f"save, picker rows, list rows and the slider each reach the app: {got}")
blue = names.get(edges.get("pick 'Blue' in picker #1"), {})
picked = json.load(open(os.path.join(first, blue["script"]))) if blue else {"steps": []}
check({"type": "tap", "target": {"type": "picker", "index": 0}, "row": 1} in picked["steps"],
      f"a picker row is a tap with its row: {picked['steps']}")
p = subprocess.run([RENDER, os.path.join(first, blue["session"]), "--snapshot", "screen", "-o",
                    os.path.join(OUT, "replay-picked.png"), "-q"], capture_output=True, text=True)
same = p.returncode == 0 and open(os.path.join(OUT, "replay-picked.png"), "rb").read() == open(
    os.path.join(first, blue["png"]), "rb").read()
check(same, f"render replays the picked screen's session (the picker showing Blue) to its PNG {p.stderr.strip()[-200:]}")

# 1c. The same input in a script of one's own: a list row, a slider's value, a row a picker lacks.
def play(name, steps):
    path = os.path.join(OUT, name + ".json")
    json.dump({"steps": steps}, open(path, "w"))
    out = os.path.join(OUT, name)
    shutil.rmtree(out, ignore_errors=True)
    p = subprocess.run([APP, "--script", path, "--out", out, "--assets", os.path.join(FIX, "assets"),
                        "--http", os.path.join(FIX, "http")], capture_output=True, text=True, timeout=60)
    return p.returncode, p.stderr, out


more_step = {"type": "tap", "target": {"text": "More"}}
code, stderr, out = play("native", [more_step, {"type": "tap", "target": {"type": "listView", "index": 0}, "row": 1},
                                    {"type": "select", "target": {"type": "slider", "index": 0}, "value": 7},
                                    {"type": "snapshot", "name": "s"}])
text = open(os.path.join(out, "session.json")).read() if code == 0 else ""
check(code == 0 and '"textValue":"list row 1"' in text and '"textValue":"slider 7"' in text and
      '"type":"SET_INT_VALUE","internalId":51,"value":7}' in text,
      f"a list row and a slider value reach the app; the slider's value is in the session (exit {code}) {stderr[-200:]}")
code, stderr, _ = play("native-bad-row", [more_step, {"type": "tap", "target": {"type": "picker", "index": 0}, "row": 5}])
check(code == 2 and 'step 1 (tap {"type":"picker","index":0}): the picker element 49 has 2 option(s); no row 5' in stderr,
      f"a row the picker does not have is not delivered (exit {code}) {stderr.strip()[-200:]}")

# 2. A screen's script is a test: played by the app, it reaches the same screen, pixel for pixel.
script = os.path.join(first, "scripts", "screen-008.json")
replay = os.path.join(OUT, "replay-8")
shutil.rmtree(replay, ignore_errors=True)
p = subprocess.run([APP, "--script", script, "--out", replay, "--assets", os.path.join(FIX, "assets"),
                    "--http", os.path.join(FIX, "http")], capture_output=True, text=True, timeout=60)
same = p.returncode == 0 and open(os.path.join(replay, "screen.png"), "rb").read() == open(
    os.path.join(first, "screens", "screen-008.png"), "rb").read()
check(same, f"scripts/screen-008.json replays to its PNG (exit {p.returncode}) {p.stderr.strip()[-200:]}")
# And render replays each written session to the walk's PNG.
p = subprocess.run([RENDER, os.path.join(first, "sessions", "screen-003.json"), "--snapshot", "screen", "-o",
                    os.path.join(OUT, "replay-3.png"), "-q"], capture_output=True, text=True)
same = p.returncode == 0 and open(os.path.join(OUT, "replay-3.png"), "rb").read() == open(
    os.path.join(first, "screens", "screen-003.png"), "rb").read()
check(same, f"render replays sessions/screen-003.json to its PNG {p.stderr.strip()[-200:]}")

# 3. Same app, same walk, same bytes (timings.json aside), in a folder of another name.
code, _, stderr = explore(second, "--render", RENDER)
a, b = files(first), files(second)
differ = sorted(k for k in set(a) | set(b) if a.get(k) != b.get(k))
check(code == 0 and not differ, f"a second walk writes the same {len(a)} files (exit {code}); differing: {differ[:5]}")

# 4. An earlier walk's folder is replaced whole; a folder the walk did not write is refused.
open(os.path.join(second, "stray.txt"), "w").write("not the walk's")
code, _, stderr = explore(second, "--depth", "1", "--no-gallery")
check(code == 0 and not os.path.exists(os.path.join(second, "stray.txt")) and not os.path.exists(os.path.join(second, "gallery")),
      f"an earlier walk's folder is replaced whole (exit {code}) {stderr.strip()[-200:]}")
foreign = os.path.join(OUT, "foreign")
shutil.rmtree(foreign, ignore_errors=True)
os.makedirs(foreign)
open(os.path.join(foreign, "notes.txt"), "w").write("mine")
code, _, stderr = explore(foreign, "--depth", "1")
check(code == 64 and "an earlier --explore did not write it" in stderr and os.listdir(foreign) == ["notes.txt"],
      f"a foreign non-empty --out is refused and left alone (exit {code}) {stderr.strip()}")

# 5. --max-paths bounds the walk by a count, not the machine's speed.
limited = os.path.join(OUT, "walk-limited")
shutil.rmtree(limited, ignore_errors=True)
code, _, stderr = explore(limited, "--max-paths", "5", "--no-gallery")
w = json.load(open(os.path.join(limited, "explore.json")))
check(code == 0 and w["paths"] == 5 and w["complete"] is False and w["stoppedBy"] == "max-paths",
      f"--max-paths 5: 5 paths, stopped by max-paths: {w['paths']} {w['stoppedBy']}")
check([s["name"] for s in w["screens"]] == [s["name"] for s in screens[:len(w["screens"])]] and
      [s["hash"] for s in w["screens"]] == [s["hash"] for s in screens[:len(w["screens"])]],
      "a limited walk is the start of the full walk")

# 6. --budget: a walk out of time stops starting paths and says so; what it wrote is valid and the
# start of the full walk. A budget of a microsecond is over once the first run (always played) has
# ended, whatever the machine: the counts below do not depend on its speed.
budgeted = os.path.join(OUT, "walk-budget")
shutil.rmtree(budgeted, ignore_errors=True)
code, stdout, stderr = explore(budgeted, "--budget", "0.000001", "--no-gallery")
w = json.load(open(os.path.join(budgeted, "explore.json")))
check(code == 0 and w["complete"] is False and w["stoppedBy"] == "budget" and "stopped by budget" in stdout,
      f"--budget: the walk says it stopped on its budget (exit {code}): {w['complete']} {w['stoppedBy']} {stdout.strip()}")
check(w["paths"] == 1 and [s["hash"] for s in w["screens"]] == [screens[0]["hash"]] and w["edges"] == [],
      f"--budget: the first screen alone, as the full walk's first: {w['paths']} path(s), {len(w['screens'])} screen(s)")
check(all(os.path.isfile(os.path.join(budgeted, w["screens"][0][k])) for k in ("session", "script", "png")),
      "--budget: the screen it found has its session, script and PNG")


def ticks(folder, screen):
    """The test app's tick counter as a screen's session leaves it ("ticks: N")."""
    steps = json.load(open(os.path.join(folder, "sessions", screen + ".json")))["steps"]
    flat = [t for s in steps for t in (s.get("steps", []) if s["type"] == "batch" else [s])]
    texts = [t["textValue"] for t in flat if t.get("textValue", "").startswith("ticks: ")]
    return texts[-1] if texts else None


# 7. --tick: without it virtual time is frozen (the app's one-second timer never fires: the counter
# stays at 0 and does not make screens); with --tick 1000 a tick follows the boot and every step.
by_path = {" -> ".join(s["path"]): s for s in screens}
check(ticks(first, "screen-000") == "ticks: 0" and ticks(first, by_path["back"]["name"]) == "ticks: 0",
      "without --tick the counter stays at 0")
back = by_path["back"]["name"]
check("back -> back" not in by_path and {"from": back, "to": back, "label": "back"} in walk["edges"],
      "without --tick a second back is the same screen (an edge to itself)")
ticked = os.path.join(OUT, "walk-tick")
shutil.rmtree(ticked, ignore_errors=True)
code, _, stderr = explore(ticked, "--tick", "1000", "--depth", "2", "--max-paths", "12", "--no-gallery")
w = json.load(open(os.path.join(ticked, "explore.json")))
tp = {" -> ".join(s["path"]): s for s in w["screens"]}
check(code == 0 and w["options"]["tick"] == 1000 and ticks(ticked, "screen-000") == "ticks: 1" and
      ticks(ticked, tp["back"]["name"]) == "ticks: 2",
      f"--tick 1000: 1 tick after the boot, one more after the step (exit {code}) {stderr.strip()[-200:]}")
script_steps = json.load(open(os.path.join(ticked, tp["back"]["script"])))["steps"]
check([s["type"] for s in script_steps] == ["tick", "back", "tick", "snapshot"],
      f"--tick: the screen's script ticks after the boot and after its step: {[s['type'] for s in script_steps]}")
two = "tap 'Open dialog' -> tap 'OK'"
check(two in tp and ticks(ticked, tp[two]["name"]) == "ticks: 3" and ticks(first, by_path[two]["name"]) == "ticks: 0",
      "--tick: two taps, three ticks (frozen without --tick)")

# 8. Bad options are usage errors.
for bad, said in ((["--depth", "0"], "--depth needs a positive whole number"), ([], "--explore needs --out DIR")):
    p = subprocess.run([APP, "--explore", *bad], capture_output=True, text=True)
    check(p.returncode == 64 and said in p.stderr, f"{bad or 'no --out'}: exit 64, says {said!r} ({p.stderr.strip()[:80]})")

# 9. --assets and --http by the documented rule (docs/explore.md): relative to the current folder, else
# beside the app; not found, an error that says where it looked (issue 46).
p = subprocess.run([APP, "--explore", "--out", os.path.join(OUT, "nowhere"), "--assets", "no-such-assets"],
                   capture_output=True, text=True)
check(p.returncode == 64 and "--assets no-such-assets: no such folder (looked in " in p.stderr and "beside the app" in p.stderr,
      f"a relative --assets not found: exit 64, says where it looked ({p.stderr.strip()[:160]})")
small = os.path.join(OUT, "relative")
shutil.rmtree(small, ignore_errors=True)
p = subprocess.run([os.path.abspath(APP), "--explore", "--out", os.path.abspath(small), "--assets", "assets", "--http",
                    "http", "--depth", "1", "--max-paths", "2", "--step-timeout", "1"],
                   capture_output=True, text=True, cwd=FIX, env={**os.environ, "PATH": "/nonexistent"}, timeout=600)
check(p.returncode == 0, f"--assets assets from the fixtures folder: found there (exit {p.returncode}) {p.stderr.strip()[-200:]}")
# Without `render` on the PATH the gallery is skipped, and the last line does not claim it.
check("gallery/index.html" not in p.stdout and not os.path.exists(os.path.join(small, "gallery", "index.html")),
      f"a skipped gallery is not claimed: {p.stdout.strip()[-120:]}")

finish("explore tests")
