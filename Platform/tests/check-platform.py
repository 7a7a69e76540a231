#!/usr/bin/env python3
"""The headless platform's test (make platform-tests): runs the stand-in test app (tests/app)
through the preview driver with the scripts in fixtures/, then checks what it wrote.

usage: check-platform.py APP RENDER OUT_DIR
"""
import json
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts"))
from pngimage import load_png, png_dims  # noqa: E402  (the repository's one PNG reader)

HERE = os.path.dirname(os.path.abspath(__file__))
FIX = os.path.join(HERE, "fixtures")
APP, RENDER, OUT = sys.argv[1:4]
failures = []


def check(cond, what):
    print(("ok   " if cond else "FAIL ") + what)
    if not cond:
        failures.append(what)


def run(script, out, *extra):
    if os.path.isdir(out):
        shutil.rmtree(out)
    p = subprocess.run([APP, "--script", os.path.join(FIX, script), "--out", out, *extra],
                       capture_output=True, text=True, timeout=60)
    return p.returncode, p.stdout, p.stderr


def png_pixels(path):
    """pixel(x, y) -> (r, g, b) of a PNG, through the repository's one PNG reader."""
    return load_png(path).pixel


def flat(steps):
    """Steps with batches opened, each tagged with the index of its top-level step."""
    for i, s in enumerate(steps):
        for inner in (s["steps"] if s["type"] == "batch" else [s]):
            yield i, inner


def layout_frames(session, snapshot, scale):
    """Element frames in px from `render --layout-dump` (id -> (x, y, w, h))."""
    dump = os.path.join(OUT, "layout.txt")
    subprocess.run([RENDER, session, "--snapshot", snapshot, "--layout-dump", dump, "-o", os.path.join(OUT, "layout.png"), "-q"], check=True)
    frames = {}
    for line in open(dump):  # "ID kind X,Y WxH", indented by depth
        words = line.split()
        if len(words) >= 4 and words[0].isdigit() and words[2].count(",") == 1 and words[3].count("x") == 1:
            x, y = words[2].split(",")
            w, h = words[3].split("x")
            frames[int(words[0])] = tuple(float(v) * scale for v in (x, y, w, h))
    return frames


# 1. The flow: boot, a tap that opens a dialog, a tick inside the modal loop, OK, snapshots.
out = os.path.join(OUT, "flow")
code, stdout, stderr = run("flow.json", out)
check(code == 0, f"flow runs (exit {code}) {stderr.strip()}")
session_path = os.path.join(out, "session.json")
session = json.load(open(session_path))
steps = session["steps"]
tops = [s["type"] for s in steps if s["type"] in ("tap", "tick", "snapshot")]
check(tops == ["snapshot", "tap", "tick", "snapshot", "tap", "snapshot"], f"the script's steps are in the session in order: {tops}")
names = [s["name"] for s in steps if s["type"] == "snapshot"]
check(names == ["boot", "dialog", "closed"], f"snapshot steps named as in the script: {names}")

# Which script step each command followed (0 = boot).
slot, slots = 0, []
for i, s in flat(steps):
    if s["type"] in ("tap", "tick", "snapshot"):
        slot += 1
    slots.append((slot, s))
cmds = lambda n: [s for k, s in slots if k == n]
boot = cmds(0)
check(boot[0]["type"] == "CREATE_APPLICATION" and boot[0].get("childInternalId") == 1, "the app boots first: CREATE_APPLICATION of id 1")
check(any(s["type"] == "CREATE_TIMER" and s.get("value") == 1000 for s in boot), "the timer is created at boot")
check(any(s["type"] == "SET_TEXT_VALUE" and s.get("textValue") == "started, resumed" for s in boot), "SysInfoEvent START then RESUME reached the app at boot")
check(any(s["type"] == "setSurface" and s["internalId"] == 12 for s in boot), "the canvas surface reached the engine (setSurface)")
check(any(s["type"] == "setImageData" and s["internalId"] == 11 and s["image"]["width"] == 8 for s in boot),
      "the image request was answered from the offline HTTP folder by a worker thread (setImageData 8x8)")
check(any(s["type"] == "SET_TEXT_VALUE" and s.get("textValue") == "photo 8x8" for s in boot), "a command sent from the worker thread was recorded")
after_tap = cmds(2)
check(any(s["type"] == "CREATE_DIALOG" and s.get("childInternalId") == 14 for s in after_tap), "the tap on the button (ValueEvent) opened the dialog")
after_tick = cmds(3)
check([s.get("textValue") for s in after_tick if s["type"] == "SET_TEXT_VALUE"] == ["ticks: 1"], "the tick inside the modal loop reached the app as a TimerEvent")
after_ok = cmds(5)
check(any(s["type"] == "SET_VISIBILITY" and s["internalId"] == 14 and s.get("value", 0) == 0 for s in after_ok)
      and any(s.get("textValue") == "dialog returned 7" for s in after_ok), "OK ended the modal loop with endModal(7) and the dialog was hidden")
check(not any(s["type"] == "QUIT_APP" for _, s in slots), "the session ends with the script (the unwinding's QUIT_APP is not in it)")
for line in ("boot: ", "step 1 (tap 7): "):
    check(any(l.startswith(line) for l in stdout.splitlines()), f"the driver reports the commands per step ({line.strip()})")

# 2. The PNGs are render's PNGs of the written session, byte for byte.
for name in names:
    replay = os.path.join(OUT, f"replay-{name}.png")
    subprocess.run([RENDER, session_path, "--snapshot", name, "-o", replay, "-q"], check=True)
    same = open(replay, "rb").read() == open(os.path.join(out, name + ".png"), "rb").read()
    check(same, f"{name}.png equals render's replay of session.json")

# 2b. The same flow driven by locators only (semantics.md item 43): the same PNG bytes, and the
# written session keeps each target with the id it resolved to.
out_ids = out
out = os.path.join(OUT, "flow-locators")
code, stdout, stderr = run("flow-locators.json", out)
check(code == 0, f"flow-locators runs (exit {code}) {stderr.strip()}")
for name in names:
    same = os.path.exists(os.path.join(out, name + ".png")) and \
        open(os.path.join(out, name + ".png"), "rb").read() == open(os.path.join(out_ids, name + ".png"), "rb").read()
    check(same, f"{name}.png by locators equals {name}.png by ids, byte for byte")
if code == 0:
    taps = [s for s in json.load(open(os.path.join(out, "session.json")))["steps"] if s["type"] == "tap"]
    check([(t.get("internalId"), "target" in t) for t in taps] == [(7, True), (16, True)],
          f"the session keeps each locator and the id it found: {taps}")
out = out_ids

# 3. Pixels where the layout put the canvas and the photo.
boot_png = png_pixels(os.path.join(out, "boot.png"))
frames = layout_frames(session_path, "boot", 2)
if 12 in frames and 11 in frames:
    x, y, w, h = frames[12]
    px = lambda fx, fy: boot_png(int(x + fx * w), int(y + fy * h))
    check(px(0.1, 0.5) == (255, 0, 0) and px(0.9, 0.5) == (0, 0, 255) and px(0.5, 0.5) == (255, 255, 255),
          f"the canvas shows red | white disc | blue: {px(0.1, 0.5)} {px(0.5, 0.5)} {px(0.9, 0.5)}")
    x, y, w, h = frames[11]
    photo = lambda fx, fy: boot_png(int(x + fx * w), int(y + fy * h))
    check(photo(0.2, 0.2) == (255, 204, 0) and photo(0.8, 0.8) == (32, 160, 96),
          f"the photo shows its two colours: {photo(0.2, 0.2)} {photo(0.8, 0.8)}")
else:
    check(False, f"layout dump names the canvas (12) and the photo (11): {sorted(frames)}")

# 4. Typed text, scrolling, lifecycle and back reach their targets as the framework's events.
out = os.path.join(OUT, "events")
code, stdout, stderr = run("events.json", out)
check(code == 0, f"events.json runs (exit {code}) {stderr.strip()}")
steps = json.load(open(os.path.join(out, "session.json")))["steps"]
said, step_type = {}, None
for top in steps:
    if top["type"] in ("input", "scroll", "sys", "back", "snapshot"):
        step_type = top["type"]
    for _, s in flat([top]):
        if s["type"] == "SET_TEXT_VALUE" and step_type:
            said.setdefault(step_type, []).append(s.get("textValue"))
check(said.get("input") == ["typed anna"], f"input: the text field got ValueEvent(\"anna\"): {said.get('input')}")
scrolled = (said.get("scroll") or [""])[0]
check(scrolled.startswith("scrolled 40 rem ") and not scrolled.endswith(" of 0"), f"scroll: the scroller got ScrollChangedEvent(40, rem, height): {scrolled}")
check(said.get("sys") == ["paused"], f"sys PAUSE: the app got SysInfoEvent PAUSE: {said.get('sys')}")
check(said.get("back") == ["back"], f"back: the app got SysEvent BACK: {said.get('back')}")

# 4b. An action sheet shown modally gets its answer (semantics.md item 40): an option tapped by its
# text ends the app's modal loop with the option id, a touch on the dimming layer with 0.
out = os.path.join(OUT, "sheet")
code, stdout, stderr = run("sheet.json", out)
check(code == 0, f"sheet.json runs (exit {code}) {stderr.strip()}")
if code == 0:
    session_path = os.path.join(out, "session.json")
    steps = json.load(open(session_path))["steps"]
    said, n = {}, -1
    for top in steps:
        if top["type"] in ("tap", "snapshot"):
            n += 1
        for _, s in flat([top]):
            if s["type"] == "SET_TEXT_VALUE" and s.get("textValue", "").startswith("sheet returned"):
                said.setdefault(n, []).append(s["textValue"])
    check(said == {2: ["sheet returned 9"], 5: ["sheet returned 0"]},
          f"the option \"Email\" answered 9 and the dimming layer 0, each after its own step: {said}")
    creates = [s for _, s in flat(steps) if s["type"] in ("CREATE_ACTION_SHEET", "ADD_OPTION")]
    check([s["type"] for s in creates] == ["CREATE_ACTION_SHEET", "ADD_OPTION", "ADD_OPTION"] * 2,
          f"each tap on Share showed a sheet with two options: {[s['type'] for s in creates]}")
    for name in ("sheet", "answered", "cancelled"):
        replay = os.path.join(OUT, f"replay-sheet-{name}.png")
        subprocess.run([RENDER, session_path, "--snapshot", name, "-o", replay, "-q"], check=True)
        same = open(replay, "rb").read() == open(os.path.join(out, name + ".png"), "rb").read()
        check(same, f"sheet: {name}.png equals render's replay of session.json")

# 5. Failures name the step, exit non-zero and keep the session so far.
for script, want_code, words, extra in [
        ("unknown-id.json", 2, ["step 1 (tap 999)", "no element 999"], []),
        ("no-match.json", 2, ['step 0 (tap {"text":"Open dialgo"})', "no reachable element matches",
                              'candidates: button 7 "Open dialog"'], []),
        ("covered.json", 2, ["step 1 (tap 8)", "button 8 is under dialog 14; not delivered"], []),
        ("throw.json", 3, ["step 0 (tap 8)", "the Throw button"], []),
        ("slow.json", 4, ["step 0 (tap 9)", "still busy after 1", "worker thread"], ["--step-timeout", "1"]),
        ("hang.json", 4, ["step 0 (tap 13)", "still busy after 1 s", "code has not returned"], ["--step-timeout", "1"]),
        ("not-a-backend-step.json", 1, ["step 0", "not a backend-side step"], [])]:
    out = os.path.join(OUT, script[:-5])
    code, stdout, stderr = run(script, out, *extra)
    check(code == want_code and all(w in stderr for w in words), f"{script}: exit {code} (want {want_code}), message {stderr.strip()!r}")
    if want_code != 1:
        kept = os.path.exists(os.path.join(out, "session.json")) and \
            next(flat(json.load(open(os.path.join(out, "session.json")))["steps"]))[1]["type"] == "CREATE_APPLICATION"
        check(kept, f"{script}: the session so far is kept")

# 6. Device presets: the driver's table (Platform/src/Script.cpp) against render's.
def png_size(path):
    return png_dims(path)


for preset in ["phone", "pixel-7", "iphone-15", "iphone-se", "galaxy-s23", "ipad", "tablet-10", "phone-landscape"]:
    out = os.path.join(OUT, "preset-" + preset)
    code, _, stderr = run("preset.json", out, "--device", preset)
    replay = os.path.join(out, "render.png")
    subprocess.run([RENDER, os.path.join(out, "session.json"), "--device", preset, "-o", replay, "-q"], check=True)
    check(code == 0 and png_size(os.path.join(out, "boot.png")) == png_size(replay),
          f"--device {preset}: {png_size(os.path.join(out, 'boot.png'))} as render's preset {png_size(replay)}")

print(f"{len(failures)} failure(s)" if failures else "platform tests: all passed")
sys.exit(1 if failures else 0)
