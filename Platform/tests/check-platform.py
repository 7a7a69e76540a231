#!/usr/bin/env python3
"""The headless platform's test (make platform-tests): runs the stand-in test app (tests/app)
through the preview driver with the scripts in fixtures/, then checks what it wrote.

usage: check-platform.py APP RENDER OUT_DIR
"""
import json
import os
import re
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts"))
from pngimage import load_png, png_dims  # noqa: E402  (the repository's one PNG reader)
from platformtest import FIX, check, command_line, finish  # noqa: E402  (beside this script)

APP, RENDER, OUT = command_line()


def run(script, out, *extra):
    """Runs a fixture script (or a script at an absolute path) into the folder `out`."""
    if os.path.isdir(out):
        shutil.rmtree(out)
    p = subprocess.run([APP, "--script", os.path.join(FIX, script), "--out", out, *extra],
                       capture_output=True, text=True, timeout=60)
    return p.returncode, p.stdout, p.stderr


def run_steps(name, steps, *extra):
    """Writes a script of `steps` to OUT/NAME.json and runs it (HTTP answers from the fixtures)."""
    path = os.path.abspath(os.path.join(OUT, name + ".json"))
    with open(path, "w") as f:
        json.dump({"steps": steps}, f)
    return run(path, os.path.join(OUT, name), "--http", os.path.join(FIX, "http"), *extra)


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

# 4c. The sheet's row by its id (the form docs/session-format.md documents: `internalId` and `row`) answers as a
# row by its text does: row 1 is Email (9), row 2 (the number of options) Cancel (0); the modal loop ends.
sheet_id = None
if code == 0:
    sheet_id = next((s["childInternalId"] for _, s in flat(steps) if s["type"] == "CREATE_ACTION_SHEET"), None)
check(sheet_id is not None, f"sheet.json's session creates the action sheet: {sheet_id}")
for row, answer in ((1, "sheet returned 9"), (2, "sheet returned 0")):
    code, _, stderr = run_steps(f"sheet-row-{row}", [{"type": "tap", "target": {"text": "Share"}},
                                                      {"type": "tap", "internalId": sheet_id, "row": row},
                                                      {"type": "snapshot", "name": "after"}])
    out = os.path.join(OUT, f"sheet-row-{row}")
    texts = [s.get("textValue") for _, s in flat(json.load(open(os.path.join(out, "session.json")))["steps"])
             if s["type"] == "SET_TEXT_VALUE"] if code == 0 else []
    # No scrim left: the top right corner is the screen's white again.
    closed = code == 0 and png_pixels(os.path.join(out, "after.png"))(710, 10) == (255, 255, 255)
    check(code == 0 and answer in texts and closed,
          f"tap internalId {sheet_id} row {row}: the app's modal loop ended with \"{answer}\", the sheet closed "
          f"(exit {code}, {stderr.strip()[-200:]!r}, texts {texts[-3:]})")

# 4d. A drawer closed by a tap on its scrim (right of the drawer, which is the screen's width - 75 wide) hears
# ValueEvent 0 and the VisibilityEvent every other close sends (semantics.md items 35 and 39); the session replays.
code, _, stderr = run_steps("drawer-scrim", [{"type": "input", "internalId": 17, "textValue": "drawer"},
                                             {"type": "snapshot", "name": "open"},
                                             {"type": "tap", "x": 350, "y": 400},
                                             {"type": "snapshot", "name": "closed"}])
out = os.path.join(OUT, "drawer-scrim")
texts = [s.get("textValue") for _, s in flat(json.load(open(os.path.join(out, "session.json")))["steps"])
         if s["type"] == "SET_TEXT_VALUE" and s.get("textValue", "").startswith("drawer")] if code == 0 else []
check(code == 0 and texts[-1:] == ["drawer: visible 1, value 0, visible 0"],
      f"the drawer closed by its scrim heard ValueEvent 0 then VisibilityEvent(false): {texts[-1:]} (exit {code}) {stderr.strip()[-200:]}")
if code == 0:
    replay = os.path.join(OUT, "replay-drawer-closed.png")
    subprocess.run([RENDER, os.path.join(out, "session.json"), "--snapshot", "closed", "-o", replay, "-q"], check=True)
    check(open(replay, "rb").read() == open(os.path.join(out, "closed.png"), "rb").read()
          and png_pixels(os.path.join(out, "closed.png"))(710, 10) != png_pixels(os.path.join(out, "open.png"))(710, 10),
          "drawer: closed.png equals render's replay, and the scrim is gone from it")

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

# 7. System events (docs/session-format.md "App lifecycle"): every SysInfoEvent type, and the
# SysEvents BACK and SHOW_DEBUG with "event": "SysEvent"; the app gets each as its own class.
said_after = lambda out: [s.get("textValue") for _, s in flat(json.load(open(os.path.join(out, "session.json")))["steps"])
                          if s["type"] == "SET_TEXT_VALUE"]
for sys_type, want in [("START", None), ("RESUME", "started, resumed"), ("PAUSE", "paused"), ("STOP", "SysInfoEvent STOP"),
                       ("DESTROY", "SysInfoEvent DESTROY"), ("MEMORY_WARNING", "SysInfoEvent MEMORY_WARNING"),
                       ("LANGUAGE_CHANGED", "SysInfoEvent LANGUAGE_CHANGED"), ("DEBUG_MODE", "SysInfoEvent DEBUG_MODE")]:
    code, _, stderr = run_steps("sys-" + sys_type.lower(), [{"type": "sys", "textValue": sys_type}])
    out = os.path.join(OUT, "sys-" + sys_type.lower())
    ok = code == 0 and (want is None or said_after(out)[-1:] == [want])
    sys_steps = [s for s in json.load(open(os.path.join(out, "session.json")))["steps"] if s["type"] == "sys"] if code == 0 else []
    check(ok and sys_steps == [{"type": "sys", "textValue": sys_type}],
          f"sys {sys_type}: the app got SysInfoEvent {sys_type} (exit {code}, {sys_steps}) {stderr.strip()}")
code, _, stderr = run("sys-show-debug.json", os.path.join(OUT, "sys-show-debug"), "--http", os.path.join(FIX, "http"))
out = os.path.join(OUT, "sys-show-debug")
check(code == 0 and said_after(out)[-1:] == ["SysEvent SHOW_DEBUG"],
      f"sys SysEvent SHOW_DEBUG: the app got SysEvent SHOW_DEBUG (exit {code}) {stderr.strip()}")
if code == 0:
    written = [s for s in json.load(open(os.path.join(out, "session.json")))["steps"] if s["type"] == "sys"]
    check(written == [{"type": "sys", "event": "SysEvent", "textValue": "SHOW_DEBUG"}], f"the session keeps the SysEvent step: {written}")
    replay = os.path.join(OUT, "sys-show-debug-replay.png")
    subprocess.run([RENDER, os.path.join(out, "session.json"), "--snapshot", "debug", "-o", replay, "-q"], check=True)
    check(open(replay, "rb").read() == open(os.path.join(out, "debug.png"), "rb").read(), "debug.png equals render's replay")
code, _, stderr = run_steps("sys-back", [{"type": "sys", "event": "SysEvent", "textValue": "BACK"}])
check(code == 0 and said_after(os.path.join(OUT, "sys-back"))[-1:] == ["back"], f"sys SysEvent BACK is the back step (exit {code}) {stderr.strip()}")

# 8. Scripts refused when read (exit 1, nothing run), each message naming the step once.
for script, words in [
        ("sys-without-class.json", ["step 1: SHOW_DEBUG is a SysEvent type", '"event": "SysEvent"']),
        ("sys-thread.json", ["step 0: SysEvent TERMINATE_THREAD cannot be sent", "thread"]),
        ("sys-unknown.json", ['step 0: unknown system event "WAKE_UP"', "START, RESUME, PAUSE, STOP, DESTROY, MEMORY_WARNING, "
                              "LANGUAGE_CHANGED, DEBUG_MODE", "BACK, SHOW_DEBUG"]),
        ("duplicate-snapshot.json", ['step 2: snapshot name "screen" is already the name of step 0'])]:
    out = os.path.join(OUT, script[:-5])
    code, _, stderr = run(script, out)
    check(code == 1 and all(w in stderr for w in words) and len(re.findall(r"step \d+:", stderr)) == 1 and
          not os.path.exists(os.path.join(out, "session.json")), f"{script}: refused when read (exit {code}): {stderr.strip()!r}")
code, _, stderr = run_steps("sys-thread-terminated", [{"type": "sys", "event": "SysEvent", "textValue": "THREAD_TERMINATED"}])
check(code == 1 and "THREAD_TERMINATED cannot be sent" in stderr, f"THREAD_TERMINATED refused (exit {code}): {stderr.strip()!r}")

# 9. An engine error names its step once (the message is the library's, the prefix the driver's).
code, _, stderr = run("engine-refuses.json", os.path.join(OUT, "engine-refuses"))
check(code == 5 and stderr.count("step 0 (scroll 18)") == 1 and "pr_scroll" in stderr,
      f"engine-refuses.json: exit {code}, one step prefix: {stderr.strip()!r}")

# 10. Usage errors exit 64, before anything runs.
for extra, words in [(["--device", "bogus"], "--device"), (["--theme", "no-such-look"], "--theme"),
                     (["--assets", os.path.join(OUT, "no-such-folder")], "--assets"),
                     (["--http", os.path.join(OUT, "no-such-folder")], "--http"), (["--step-timeout", "0"], "--step-timeout")]:
    code, _, stderr = run("preset.json", os.path.join(OUT, "usage"), *extra)
    check(code == 64 and words in stderr, f"{' '.join(extra)}: exit {code} (want 64): {stderr.strip().splitlines()[:1]}")

# 11. The counts printed per step are the session's: commands (and sendCommands calls, which the
# recording keeps as one step or one batch each) between one script step and the next.
code, stdout, stderr = run("flow.json", os.path.join(OUT, "flow-counts"))
steps = json.load(open(os.path.join(OUT, "flow-counts", "session.json")))["steps"]
script_types = ("tap", "tick", "snapshot")
slot, counted = 0, [[0, 0]]
for top in steps:
    if top["type"] in script_types:
        slot += 1
        counted.append([0, 0])
        continue
    inner = [s for s in (top["steps"] if top["type"] == "batch" else [top]) if s["type"].isupper()]
    if inner:
        counted[slot][0] += len(inner)
        counted[slot][1] += 1
printed = [[int(w) for w in line.split(": ")[1].split()[::3][:2]] for line in stdout.splitlines() if " commands in " in line]
check(code == 0 and printed == counted, f"printed counts {printed} are the session's {counted}")

# 12. Image colours: a red photo packed by the stand-in canvas (as a Linux canvas build packs:
# RGB565 and RGBA4 with blue in the high bits) is red in every 16-bit format, and in the format
# each look asks for (RGB565 in default and android, RGB555 in ios).
for theme in ["default", "ios", "android"]:
    out = os.path.join(OUT, "red-" + theme)
    code, _, stderr = run("red-photos.json", out, "--theme", theme, "-v")
    if code != 0:
        check(False, f"red-photos.json --theme {theme}: exit {code} {stderr.strip()}")
        continue
    session_path = os.path.join(out, "session.json")
    images = {s["internalId"]: s["image"]["format"] for _, s in flat(json.load(open(session_path))["steps"]) if s["type"] == "setImageData"}
    dump = os.path.join(OUT, "layout.txt")
    subprocess.run([RENDER, session_path, "--theme", theme, "--snapshot", "red", "--layout-dump", dump, "-o", os.path.join(OUT, "layout.png"), "-q"], check=True)
    frames = {}
    for line in open(dump):
        words = line.split()
        if len(words) >= 4 and words[0].isdigit() and words[2].count(",") == 1 and words[3].count("x") == 1:
            x, y = words[2].split(",")
            w, h = words[3].split("x")
            frames[int(words[0])] = (float(x), float(y), float(w), float(h))
    png = png_pixels(os.path.join(out, "red.png"))
    seen = {}
    for image_id, fmt in sorted(images.items()):
        if image_id in frames and image_id != 11:
            x, y, w, h = frames[image_id]
            seen.setdefault(str(fmt), []).append(png(int(x + w / 2), int(y + h / 2)))
    want = {"RGB565", "RGBA4", "RGB555", "RGBA5551", "RGB565" if theme != "ios" else "RGB555"}
    check(set(seen) >= want and all(p == (255, 0, 0) for ps in seen.values() for p in ps),
          f"--theme {theme}: the red photo is red in every format: {seen}")
    check("canvas packs RGB565 as r0:5 g5:6 b11:5; moved to the engine's r11:5 g5:6 b0:5" in stderr,
          f"--theme {theme}: -v reports the canvas's RGB565 layout")

# 13. The written session carries its assets: OUT/assets beside it, named by a relative path, so
# the folder copied elsewhere replays to the same bytes with no warning.
out = os.path.join(OUT, "flow")
session = json.load(open(os.path.join(out, "session.json")))
check(session.get("assets") == "assets" and os.path.exists(os.path.join(out, "assets", "dot.png")),
      f"the session names its assets beside it: {session.get('assets')!r}")
moved = os.path.join(OUT, "elsewhere", "moved-flow")
if os.path.isdir(os.path.dirname(moved)):
    shutil.rmtree(os.path.dirname(moved))
shutil.copytree(out, moved)
shutil.rmtree(out + "-gone", ignore_errors=True)
os.rename(out, out + "-gone")  # the original folder is not there to be found
for name in names:
    replay = os.path.join(OUT, f"moved-{name}.png")
    p = subprocess.run([RENDER, os.path.join(moved, "session.json"), "--snapshot", name, "-o", replay], capture_output=True, text=True)
    same = p.returncode == 0 and open(replay, "rb").read() == open(os.path.join(moved, name + ".png"), "rb").read()
    check(same and "warning" not in p.stderr, f"{name}: the moved session replays to the same bytes, no warning: {p.stderr.strip()!r}")
os.rename(out + "-gone", out)
# An output folder inside the assets folder is not copied into itself.
nest = os.path.join(OUT, "nest-assets")
shutil.rmtree(nest, ignore_errors=True)
shutil.copytree(os.path.join(FIX, "assets"), nest)
code, _, stderr = run("preset.json", os.path.join(nest, "out"), "--assets", nest)
check(code == 0 and os.path.exists(os.path.join(nest, "out", "assets", "dot.png")) and
      not os.path.exists(os.path.join(nest, "out", "assets", "out")), f"--out inside --assets: copied once (exit {code}) {stderr.strip()}")

# 14. HTTP GETs: -v lists each with its answer; a GET the folder cannot answer is a warning naming
# the URL and the file looked for, the same file in every look.
code, _, stderr = run("flow.json", os.path.join(OUT, "http-verbose"), "-v")
check(code == 0 and "GET https://images.test/photo.ppm -> 200 " + os.path.join(FIX, "http", "images.test", "photo.ppm") in stderr,
      f"-v lists the GET and its answer: {[l for l in stderr.splitlines() if 'GET' in l]}")
empty = os.path.join(OUT, "empty-http")
os.makedirs(empty, exist_ok=True)
looked = set()
for theme in ["default", "ios", "android"]:
    code, _, stderr = run("flow.json", os.path.join(OUT, "http-miss-" + theme), "--http", empty, "--theme", theme)
    lines = [l for l in stderr.splitlines() if l.startswith("preview: warning: HTTP GET https://images.test/photo.ppm not answered")]
    looked.update(lines)
    check(code == 0 and len(lines) == 1 and os.path.join(empty, "images.test", "photo.ppm") in lines[0],
          f"--theme {theme}: the missed GET is a warning naming the URL and the file: {lines}")
check(len(looked) == 1, f"the file looked for does not depend on the look: {looked}")

# 15. The live mode (render serve --app): one step per line on stdin, one answer per line on stdout
# (the boot first); a refused line or a tap that reaches nothing does not end the run; the session
# so far replays to the same snapshot bytes, and so does the same walk played as a script.
def live(out, lines, *extra):
    if os.path.isdir(out):
        shutil.rmtree(out)
    p = subprocess.run([APP, "--live", "--out", out, "--assets", os.path.join(FIX, "assets"), "--http", os.path.join(FIX, "http"), *extra],
                       input="".join(json.dumps(l) + "\n" if isinstance(l, dict) else l + "\n" for l in lines),
                       capture_output=True, text=True, timeout=60)
    return p.returncode, [json.loads(l) for l in p.stdout.splitlines()], p.stderr


walk = [{"type": "tap", "target": {"text": "Open dialog"}}, {"type": "snapshot", "name": "dialog"},
        {"type": "tap", "x": 1, "y": 600}, {"type": "tap", "target": {"text": "OK"}},
        {"type": "input", "target": {"type": "textField"}, "textValue": "hi"}, "not json",
        {"type": "tick", "ms": 1000}, {"type": "snapshot", "name": "typed"}]
out = os.path.join(OUT, "live")
code, answers, stderr = live(out, walk)
outcomes = [a["outcome"] for a in answers]
check(code == 0 and outcomes == ["ok", "ok", "ok", "not-delivered", "ok", "ok", "refused", "ok", "ok"],
      f"live: one answer per line, the boot first: exit {code}, {outcomes} {stderr.strip()}")
if len(answers) == 9:
    check(answers[3]["message"].startswith("pr_input_step: tap at 1,600: outside dialog") and answers[0]["step"] == "boot",
          f"live: a tap outside the dialog reaches nothing, and says why: {answers[3].get('message')!r}")
    check(answers[6]["message"].startswith("step 5: not JSON"), f"live: a line that is not a step is refused: {answers[6].get('message')!r}")
    check({"type": "ValueEvent", "time": 0, "internalId": 17, "text": "hi"} in answers[5]["events"] and
          any(c.get("type") == "batch" and c["steps"][0].get("textValue") == "typed hi" for c in answers[5]["commands"]),
          f"live: the input's event and the commands it caused: {answers[5]}")
    check(answers[7]["events"] == [{"type": "TimerEvent", "time": 1000, "internalId": 1, "timerId": 2}],
          f"live: the tick fires the timer: {answers[7]['events']}")
    check(answers[8]["png"] == os.path.join(out, "typed.png") and os.path.exists(answers[8]["png"]),
          f"live: a snapshot answers with its PNG: {answers[8].get('png')}")
    check(answers[-1]["sessionSteps"] == len(json.load(open(os.path.join(out, "session.json")))["steps"]),
          "live: the session so far is written with every answer")
    for name in ["dialog", "typed"]:
        replay = os.path.join(OUT, f"live-replay-{name}.png")
        subprocess.run([RENDER, os.path.join(out, "session.json"), "--snapshot", name, "-o", replay, "-q"], check=True)
        check(open(replay, "rb").read() == open(os.path.join(out, name + ".png"), "rb").read(),
              f"live: the session so far replays to the {name} snapshot's bytes")
    played = [s for i, s in enumerate(walk) if isinstance(s, dict) and i != 2]
    code, _, stderr = run_steps("live-as-script", played, "--assets", os.path.join(FIX, "assets"))
    for name in ["dialog", "typed"]:
        a = os.path.join(OUT, "live-as-script", name + ".png")
        check(code == 0 and open(a, "rb").read() == open(os.path.join(out, name + ".png"), "rb").read(),
              f"live: the walk as a script gives the {name} snapshot's bytes (exit {code}) {stderr.strip()}")
# The answers' commands are the session's steps in order, as the file has them, strings longer than 1024 bytes
# trimmed: most steps go into the answer as written, unparsed (issue 49), the boot's whole file parsed.
def trimmed(v):
    if isinstance(v, str) and len(v.encode()) > 1024:
        return f"({len(v.encode())} bytes; in the session file)"
    if isinstance(v, list):
        return [trimmed(e) for e in v]
    return {k: trimmed(e) for k, e in v.items()} if isinstance(v, dict) else v


catalog = [{"type": "input", "target": {"type": "textField"}, "textValue": "x" * 1500},
           {"type": "input", "target": {"type": "textField"}, "textValue": "catalog"},
           *[{"type": "tap", "target": {"text": "Next page"}}] * 3]
out = os.path.join(OUT, "live-catalog")
code, answers, stderr = live(out, catalog)
steps = json.load(open(os.path.join(out, "session.json")))["steps"]
got = [c for a in answers for c in a["commands"]]
check(code == 0 and [a["outcome"] for a in answers] == ["ok"] * 6 and got == [trimmed(s) for s in steps]
      and answers[-1]["sessionSteps"] == len(steps) and min(len(a["commands"]) for a in answers[3:6]) > 200
      and "1500 bytes" in json.dumps(answers[1]["commands"]),
      f"live: the answers' commands are the session's steps, long strings trimmed: exit {code}, "
      f"{[(a['outcome'], len(a['commands'])) for a in answers]}, {len(got)} of {len(steps)} {stderr.strip()[-300:]}")

code, answers, stderr = live(os.path.join(OUT, "live-throw"), [{"type": "tap", "target": {"text": "Throw"}}, {"type": "tick", "ms": 16}])
check(code == 3 and [a["outcome"] for a in answers] == ["ok", "threw"] and "the app threw: the Throw button" in answers[-1]["message"],
      f"live: the app throws: the last answer says so, exit 3: {code} {answers[-1:]}")
code, answers, stderr = live(os.path.join(OUT, "live-hang"), [{"type": "tap", "target": {"text": "Hang"}}], "--step-timeout", "0.2")
check(code == 4 and [a["outcome"] for a in answers] == ["ok"] and "its code has not returned" in stderr,
      f"live: an app that hangs ends with exit 4 (the server says so): {code} {stderr.strip()}")

finish("platform tests")
