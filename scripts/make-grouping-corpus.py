#!/usr/bin/env python3
"""Writes Tests/GroupingCorpus/seeded-changes.json: changes seeded into the committed goldens' sidecars
(Snapshots/, Snapshots/ios/, Snapshots/android/: every sample in three looks), each with the words of
the change groups it must land in (issue 50). The words are made here, independently of the Swift code
that groups (Sources/Snapshots/ChangeGroups.swift), so the test that applies the seeds
(Tests/SnapshotsTests/GroupingCorpusTests.swift) measures it. Deterministic: the same goldens give the
same bytes. Run: python3 scripts/make-grouping-corpus.py
"""
import json
import os
import unicodedata

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
LOOKS = [("default", "Snapshots"), ("ios", "Snapshots/ios"), ("android", "Snapshots/android")]
OUT = os.path.join(ROOT, "Tests/GroupingCorpus/seeded-changes.json")


def fmt(v):
    """Primitives.fmt: an integer without decimals, else at most two, trailing zeros dropped."""
    if v == round(v):
        return str(int(round(v)))
    s = "%.2f" % v
    return s.rstrip("0").rstrip(".")


def graphemes(s):
    """What Swift counts as characters, near enough for the samples' texts: a base with its combining
    marks, variation selectors, skin tones and keycaps; ZWJ sequences; regional-indicator pairs."""
    out = []
    for ch in s:
        c = ord(ch)
        joins = out and (unicodedata.category(ch) in ("Mn", "Me") or c in (0xFE0F, 0x200D, 0x20E3)
                         or 0x1F3FB <= c <= 0x1F3FF or out[-1].endswith("\u200d"))
        pair = out and 0x1F1E6 <= c <= 0x1F1FF and len(out[-1]) == 1 and 0x1F1E6 <= ord(out[-1]) <= 0x1F1FF
        if joins or pair:
            out[-1] += ch
        else:
            out.append(ch)
    return out


def label(e):
    """SemanticDiff.label: the text, newlines as spaces, at most 24 characters (23 and an ellipsis)."""
    t = e.get("text", "")
    if not t:
        return None
    g = graphemes(t.replace("\n", " "))
    return "'" + ("".join(g[:23]) + "\u2026" if len(g) > 24 else "".join(g)) + "'"


def subject(e):
    lab = label(e)
    return e["kind"] + (" " + lab if lab else "")


def quote(s):
    """SemanticDiff.quote: at most 40 characters (39 and an ellipsis), newlines as \\n, in double quotes."""
    g = graphemes(s)
    short = "".join(g[:39]) + "\u2026" if len(g) > 40 else s
    return '"' + short.replace("\n", "\\n") + '"'


def leaves_with_text(elements):
    return [e for e in elements if e.get("text") and e.get("lines") is not None]


def innermost(elements, x0, y0, x1, y1):
    """PaintedElement.name: the smallest element holding the box (a dp of slack), the later of equals."""
    best = None
    for e in elements:
        f = (e["frame"] + [0, 0, 0, 0])[:4]
        if f[0] - 1 <= x0 and f[1] - 1 <= y0 and f[0] + f[2] + 1 >= x1 and f[1] + f[3] + 1 >= y1:
            area = f[2] * f[3]
            if best is None or area <= best[0]:
                best = (area, subject(e))
    return best[1] if best else None


# Each seed: (kind, function(elements, environment) -> (ops, expected words) or None when it does not apply).
def theme(elements, env, second=False):
    hits = [e for e in elements if e.get("colors", {}).get("color") == "#212121"]
    if not hits:
        return None
    ops = [{"op": "color", "id": e["id"], "property": "color", "value": "#303030"} for e in hits]
    words = sorted({f"{e['kind']} color #212121 -> #303030" for e in hits})
    if second:
        other = [e for e in elements if e.get("colors", {}).get("color") not in (None, "#212121", "#0b5394")]
        if not other:
            return None
        e = other[0]
        ops.append({"op": "color", "id": e["id"], "property": "color", "value": "#0b5394"})
        words.append(f"{e['kind']} color {e['colors']['color']} -> #0b5394")
    return ops, sorted(set(words))


def recolor(prop, value):
    def seed(elements, env):
        hits = [e for e in elements if prop in e.get("colors", {}) and e["colors"][prop] != value]
        if not hits:
            return None
        e = hits[-1]
        return [{"op": "color", "id": e["id"], "property": prop, "value": value}], \
            [f"{e['kind']} {prop} {e['colors'][prop]} -> {value}"]
    return seed


def move(dx, dy, words):
    def seed(elements, env):
        hits = leaves_with_text(elements)
        if not hits:
            return None
        e = hits[-1]
        f = list(e["frame"])
        f[0] = round(f[0] + dx, 2)
        f[1] = round(f[1] + dy, 2)
        return [{"op": "frame", "id": e["id"], "frame": f}], [f"{subject(e)} moved {words}"]
    return seed


def resize(elements, env):
    hits = [e for e in leaves_with_text(elements) if e["kind"] != "text"] or leaves_with_text(elements)
    if not hits:
        return None
    e = hits[0]
    f = list(e["frame"])
    w = round(f[2] + 8, 2)
    words = f"{subject(e)} resized {fmt(f[2])}x{fmt(f[3])} -> {fmt(w)}x{fmt(f[3])} dp"
    f[2] = w
    return [{"op": "frame", "id": e["id"], "frame": f}], [words]


def added(elements, env):
    new = {"id": max(e["id"] for e in elements) + 1, "kind": "button", "frame": [16, 16, 96, 40], "text": "Retry",
           "lines": 1, "colors": {"background": "#1a73e8", "color": "#ffffff"}}
    return [{"op": "add", "element": new}], ["button 'Retry' added"]


def removed(elements, env):
    hits = leaves_with_text(elements)
    if not hits:
        return None
    e = hits[len(hits) // 2]
    return [{"op": "remove", "id": e["id"]}], [f"{subject(e)} removed"]


def text_changed(elements, env):
    hits = [e for e in leaves_with_text(elements) if e["kind"] == "text"]
    if not hits:
        return None
    e = hits[0]
    new = e["text"] + " (beta)"
    return [{"op": "text", "id": e["id"], "value": new}], [f"{e['kind']} text {quote(e['text'])} -> {quote(new)}"]


def wraps(elements, env):
    hits = [e for e in leaves_with_text(elements) if e["lines"] == 1]
    if not hits:
        return None
    e = hits[-1]
    return [{"op": "lines", "id": e["id"], "value": 2}], [f"{subject(e)} now wraps to 2 lines (was 1)"]


def cut(elements, env):
    hits = leaves_with_text(elements)
    if not hits:
        return None
    e = hits[0]
    return [{"op": "cut", "id": e["id"]}], [f"{subject(e)} text now cut short"]


def pixels_inside(elements, env):
    hits = [e for e in leaves_with_text(elements) if e["frame"][2] >= 4 and e["frame"][3] >= 4]
    if not hits:
        return None
    e = hits[0]
    scale = float(env["device"].split("@")[-1])
    cx, cy = e["frame"][0] + e["frame"][2] / 2, e["frame"][1] + e["frame"][3] / 2
    box = [int(cx * scale) - 2, int(cy * scale) - 2, 4, 4]
    x0, y0 = box[0] / scale, box[1] / scale
    x1, y1 = (box[0] + box[2]) / scale, (box[1] + box[3]) / scale
    where = innermost(elements, x0, y0, x1, y1)
    return [{"op": "region", "box": box}], [f"pixels changed inside {where}, no element changed"]


def environment(elements, env):
    return [{"op": "renderer", "value": "0.4.0"}, {"op": "region", "box": [0, 0, 8, 8]}], \
        [f"pixels changed with the environment: renderer version {env['rendererVersion']} -> 0.4.0"]


SEEDS = [
    ("theme text colour", theme),
    ("background", recolor("background", "#fafafa")),
    ("moved down", move(0, 4, "4 dp down")),
    ("resized", resize),
    ("added", added),
    ("removed", removed),
    ("text changed", text_changed),
    ("wraps", wraps),
    ("text cut", cut),
    ("pixels inside an element", pixels_inside),
    ("environment", environment),
    ("border", recolor("border", "#ff0000")),
    ("moved left", move(-2.5, 0, "2.5 dp left")),
    ("second colour", lambda els, env: theme(els, env, second=True)),
]


def main():
    entries = []
    n = 0
    for look, folder in LOOKS:
        names = sorted(f[:-5] for f in os.listdir(os.path.join(ROOT, folder))
                       if f.endswith(".json") and not f.endswith(".a11y.json"))
        for name in names:
            sidecar = json.load(open(os.path.join(ROOT, folder, name + ".json")))
            elements, env = sidecar["elements"], sidecar["environment"]
            # Two seeds per golden, turning through the kinds; a kind that does not apply passes to the next.
            taken = 0
            for k in range(len(SEEDS)):
                kind, seed = SEEDS[(n + k) % len(SEEDS)]
                made = seed(elements, env)
                if made is None:
                    continue
                ops, words = made
                entries.append({"look": look, "golden": name, "kind": kind, "ops": ops, "groups": words})
                taken += 1
                if taken == 2:
                    break
            n += 1
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, "w", encoding="utf-8") as f:
        json.dump({"about": "changes seeded into the goldens' sidecars, each with its groups' words: "
                   "scripts/make-grouping-corpus.py, issue 50", "changes": entries}, f, indent=1,
                  ensure_ascii=False, sort_keys=True)
        f.write("\n")
    kinds = {}
    for e in entries:
        kinds[e["kind"]] = kinds.get(e["kind"], 0) + 1
    print(f"{OUT}: {len(entries)} seeded changes of {len(kinds)} kinds: {kinds}")


if __name__ == "__main__":
    main()
