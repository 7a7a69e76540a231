#!/usr/bin/env python3
"""Writes the browser-reference cases (sessions in session2html's subset) used by the pixel tests.
Each case states one fact; `make browser-references` screenshots them in headless Chromium."""
import json, os, sys

out = sys.argv[1] if len(sys.argv) > 1 else "Tests/RenderPipelineTests/Fixtures/browser"
os.makedirs(out, exist_ok=True)

def session(name, desc, steps, w=200, h=200, scale=2):
    base = [{"type": "CREATE_APPLICATION", "internalId": 0, "childInternalId": 1},
            {"type": "CREATE_FRAMEVIEW", "internalId": 1, "childInternalId": 2},
            {"type": "SET_STYLE", "internalId": 2, "value": 0, "textValue": "background-color", "textValue2": "#ffffff"}]
    doc = {"format": "framework-session", "version": 1, "name": name, "description": desc,
           "device": {"width": w, "height": h, "scale": scale}, "steps": base + steps}
    with open(os.path.join(out, name + ".json"), "w") as f:
        json.dump(doc, f, indent=1)

nid = [10]
def box(parent, styles, kind="CREATE_FRAME_LAYOUT", value=0, text=None):
    nid[0] += 1
    i = nid[0]
    s = [{"type": kind, "internalId": parent, "childInternalId": i, "value": value}]
    if text is not None:
        s[0]["textValue"] = text
    for k, v in styles:
        s.append({"type": "SET_STYLE", "internalId": i, "value": 0, "textValue": k, "textValue2": v})
    return i, s

def place(styles, x, y):
    return [("left", str(x)), ("top", str(y))] + styles

# 1. rounded backgrounds with four radii and borders
steps = []
for (x, y, st) in [
    (10, 10, [("width", "80"), ("height", "60"), ("background-color", "#1e88e5"), ("border-radius", "12")]),
    (110, 10, [("width", "80"), ("height", "60"), ("background-color", "#43a047"), ("border-radius", "0 20 0 20")]),
    (10, 90, [("width", "80"), ("height", "60"), ("background-color", "#fff3e0"), ("border", "4 solid #e65100"), ("border-radius", "16")]),
    (110, 90, [("width", "80"), ("height", "60"), ("background-color", "#ffffff"), ("border-top", "6 solid #d81b60"),
               ("border-right", "3 solid #3949ab"), ("border-bottom", "6 solid #00897b"), ("border-left", "3 solid #fdd835")]),
    (10, 160, [("width", "180"), ("height", "30"), ("background-color", "#80000000"), ("border-radius", "15")]),
]:
    _, s = box(2, place(st, x, y)); steps += s
session("boxes-radii-borders", "rounded backgrounds (1 and 4 radii), a thick rounded border, per-side border colours, translucent pill", steps)

# 2. shadows
nid[0] = 10; steps = []
for (x, y, st) in [
    (20, 20, [("width", "60"), ("height", "60"), ("background-color", "#ffffff"), ("shadow", "6")]),
    (120, 20, [("width", "60"), ("height", "60"), ("background-color", "#ffffff"), ("border-radius", "30"), ("shadow", "0 4 12 #80000000")]),
    (20, 120, [("width", "60"), ("height", "60"), ("background-color", "#ffeb3b"), ("border-radius", "10"), ("shadow", "4 4 0 #ff5722")]),
    (120, 120, [("width", "60"), ("height", "60"), ("background-color", "#4000897b"), ("border-radius", "8"), ("shadow", "0 0 16 4 #cc3949ab")]),
]:
    _, s = box(2, place(st, x, y)); steps += s
session("shadows", "iOS-style shadow n, CSS shadows with offset, blur 0, spread; translucent fill shows no shadow under it", steps)

# 3. gradients
nid[0] = 10; steps = []
for (x, y, st) in [
    (10, 10, [("width", "85"), ("height", "85"), ("background", "linear-gradient(#ff0000, #ffff00)")]),
    (105, 10, [("width", "85"), ("height", "85"), ("background", "linear-gradient(#3949ab, #ffffff)"), ("border-radius", "20")]),
    (10, 105, [("width", "85"), ("height", "85"), ("background", "radial-gradient(#fdd835, #d81b60)")]),
    (105, 105, [("width", "85"), ("height", "85"), ("background", "radial-gradient(#ffffff, #1e88e5)"), ("border-radius", "42")]),
]:
    _, s = box(2, place(st, x, y)); steps += s
session("gradients", "vertical two-stop (square and rounded), radial to the farthest corner (square and circle)", steps)

# 4. linear layout weights, margins, padding, gravity
nid[0] = 10; steps = []
col, s = box(2, [("width", "match-parent"), ("height", "match-parent"), ("padding", "8"), ("background-color", "#eceff1")], "CREATE_LINEAR_LAYOUT", 1); steps += s
row, s = box(col, [("width", "match-parent"), ("height", "40"), ("background-color", "#cfd8dc")], "CREATE_LINEAR_LAYOUT", 2); steps += s
for c, wgt in [("#e53935", "1"), ("#43a047", "2"), ("#1e88e5", "1")]:
    _, s = box(row, [("width", "0"), ("height", "match-parent"), ("weight", wgt), ("background-color", c)]); steps += s
row2, s = box(col, [("width", "match-parent"), ("height", "60"), ("margin-top", "8"), ("background-color", "#b0bec5"), ("padding", "4")], "CREATE_LINEAR_LAYOUT", 2); steps += s
for c, g, sz in [("#8e24aa", "top", "20"), ("#f4511e", "center", "30"), ("#00acc1", "bottom", "16")]:
    _, s = box(row2, [("width", "40"), ("height", sz), ("gravity", g), ("margin-left", "6"), ("background-color", c)]); steps += s
col2, s = box(col, [("width", "match-parent"), ("height", "0"), ("weight", "1"), ("margin-top", "8"), ("background-color", "#ffffff"), ("border", "2 solid #546e7a")], "CREATE_LINEAR_LAYOUT", 1); steps += s
for c, g, w in [("#fdd835", "left", "50"), ("#7cb342", "center", "80"), ("#5e35b1", "right", "30")]:
    _, s = box(col2, [("width", w), ("height", "18"), ("gravity", g), ("margin", "4"), ("background-color", c)]); steps += s
session("linear-layout-weights-gravity", "horizontal weights 1:2:1 in a padded column, cross-axis gravity in a row, a weighted column filling the rest", steps)

# 5. frame gravity and offsets
nid[0] = 10; steps = []
fr, s = box(2, [("width", "match-parent"), ("height", "match-parent"), ("background-color", "#e3f2fd")]); steps += s
for g, c in [("top|left", "#e53935"), ("top|center-horizontal", "#43a047"), ("top|right", "#1e88e5"),
             ("center-vertical|left", "#fb8c00"), ("center", "#8e24aa"), ("center-vertical|right", "#00897b"),
             ("bottom|left", "#6d4c41"), ("bottom|center-horizontal", "#546e7a"), ("bottom|right", "#d81b60")]:
    _, s = box(fr, [("width", "36"), ("height", "24"), ("gravity", g), ("margin", "6"), ("border-radius", "6"), ("background-color", c)]); steps += s
_, s = box(fr, [("width", "40"), ("height", "20"), ("left", "60"), ("top", "40"), ("background-color", "#fdd835")]); steps += s
_, s = box(fr, [("height", "14"), ("left", "50"), ("right", "50"), ("bottom", "40"), ("background-color", "#3949ab")]); steps += s
session("frame-gravity-offsets", "nine gravities with margins inside a frame; offsets from the frame; left+right sets the width", steps)

# 6. opacity groups
nid[0] = 10; steps = []
g1, s = box(2, place([("width", "120"), ("height", "120"), ("background-color", "#1e88e5"), ("opacity", "0.5")], 20, 20)); steps += s
_, s = box(g1, [("width", "60"), ("height", "60"), ("gravity", "bottom|right"), ("background-color", "#e53935")]); steps += s
_, s = box(2, place([("width", "100"), ("height", "40"), ("background-color", "#43a047"), ("border-radius", "8"), ("opacity", "0.3")], 80, 140)); steps += s
session("opacity-groups", "opacity fades an element and its subtree as one group (the overlap is not darker)", steps)

# 7. text: labels with wrapping, alignment and weights (Roboto), compared with a higher tolerance
nid[0] = 10; steps = []
col, s = box(2, [("width", "match-parent"), ("height", "match-parent"), ("padding", "10")], "CREATE_LINEAR_LAYOUT", 1); steps += s
for txt, st in [("Hello, world", [("font-size", "20")]),
                ("A paragraph that wraps onto a second line in this column.", [("font-size", "15"), ("width", "match-parent")]),
                ("Bold title", [("font-size", "18"), ("font-weight", "bold")]),
                ("Centred", [("font-size", "15"), ("width", "match-parent"), ("text-align", "center"), ("background-color", "#eeeeee")]),
                ("Ellipsis at the end of a long line", [("font-size", "15"), ("width", "150"), ("white-space", "nowrap"), ("text-overflow", "ellipsis")])]:
    _, s = box(col, [("font-family", "Roboto"), ("color", "#212121"), ("margin-bottom", "6")] + st, "CREATE_TEXT", 0, txt); steps += s
session("text-labels", "Roboto labels: size, wrap in a column, bold, centred, nowrap ellipsis", steps, w=220, h=220)
print("wrote cases to", out)
