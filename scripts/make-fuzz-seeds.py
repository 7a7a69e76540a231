#!/usr/bin/env python3
"""Regenerates Fuzz/corpus (seeds) and Fuzz/session.dict (dictionary) for `make fuzz`.

Seeds must fit libFuzzer's -max_len (16384 bytes, Makefile): a seed cut by -max_len is invalid
JSON and fuzzes only the parser's error path. Each Examples/*.json becomes a compact seed with as
many of its steps as fit; hand-written seeds add the hostile classes of issue 16 (huge numbers,
page controls, combining marks, canvas surfaces, lone surrogates). The dictionary holds every
command name, style key, canvas call and extreme numbers, read from the sources.
`--large DIR` writes, instead, the seeds of `make fuzz-large` (-max_len 1 MiB; generated at run time, not
committed, about 0.5 MB; each runs in 1.5-5.5 s in the fuzz build, under its 20 s timeout): seeds above 16 KB for the budgets that hold per
render and not per item (issue 28): one long label, many ticks of a fast timer, many reorders of many
children, and subtrees moved between the ends of a deep chain. libFuzzer mutates them as any other input,
so it reaches sizes no small seed would grow to in a run.
Usage: scripts/make-fuzz-seeds.py [--large DIR]   (from the repository root)
"""
import json, os, re, glob, sys

MAX_LEN = 16384
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(ROOT, "Fuzz", "corpus")
DICT = os.path.join(ROOT, "Fuzz", "session.dict")
MAX_LEN_LARGE = 1024 * 1024


def compact(doc):
    return json.dumps(doc, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def fit(doc):
    """The document with as many leading steps as fit MAX_LEN (batches whole)."""
    steps = doc.get("steps", [])
    lo, hi = 0, len(steps)
    while lo < hi:  # largest n with compact(doc[:n]) <= MAX_LEN
        mid = (lo + hi + 1) // 2
        if len(compact(dict(doc, steps=steps[:mid]))) <= MAX_LEN:
            lo = mid
        else:
            hi = mid - 1
    return dict(doc, steps=steps[:lo])


def base(device=None):
    return {"format": "framework-session", "version": 1,
            "device": device or {"width": 160, "height": 240, "scale": 1},
            "steps": [{"type": "CREATE_APPLICATION", "internalId": 0, "childInternalId": 1},
                      {"type": "CREATE_FRAMEVIEW", "internalId": 1, "childInternalId": 2},
                      {"type": "CREATE_LINEAR_LAYOUT", "internalId": 2, "childInternalId": 3, "value": 1}]}


def style(i, k, v):
    return {"type": "SET_STYLE", "internalId": i, "value": 0, "textValue": k, "textValue2": v}


def text(i, t, parent=3):
    return {"type": "CREATE_TEXT", "internalId": parent, "childInternalId": i, "textValue": t}


def hostile():
    seeds = {}
    s = base(); s["steps"] += [text(4, "Hi"), style(4, "font-size", "1e20"), style(4, "zoom", "1e20"),
                               style(4, "border", "1.79e308 dotted #000000"), style(4, "shadow", "1.79e308 1.79e308 4 #000000")]
    seeds["hostile-numbers"] = s
    s = base(); s["steps"] += [{"type": "CREATE_PAGE_CONTROL", "internalId": 3, "childInternalId": 4, "value": 2147483647},
                               {"type": "CREATE_AUTO_COLUMN_LAYOUT", "internalId": 3, "childInternalId": 5},
                               text(6, "a", parent=5), style(6, "width", "1e-320"), text(7, "b", parent=5)]
    seeds["hostile-controls"] = s
    s = base(); s["steps"] += [text(4, "a" + "\u0301" * 200), text(5, "\\ud800 lone")]
    seeds["hostile-text"] = s
    s = base(); s["steps"] += [{"type": "CREATE_IMAGEVIEW", "internalId": 3, "childInternalId": 4}, style(4, "width", "100"),
                               style(4, "height", "50"),
                               {"type": "setSurface", "internalId": 4, "surface": {"width": 100, "height": 50, "draw": [
                                   ["fillStyle", "#336699"], ["shadowBlur", 1e6], ["shadowColor", "#000000"], ["fillRect", 10, 10, 30, 20],
                                   ["beginPath"], ["moveTo", 0, 0], ["arc", 50, 25, 20, 0, 6.283], ["lineTo", 1e6, -1e6], ["stroke"],
                                   ["font", "bold 12px Roboto"], ["fillText", "Canvas", 5, 40], ["setLineDash", [2, 3]],
                                   ["rotate", 0.5], ["scale", 1e-300, 2], ["drawImage", "missing.png", 0, 0, 10, 10]]}}]
    seeds["hostile-canvas"] = s
    s = base(); s["steps"] += [{"type": "CREATE_IMAGEVIEW", "internalId": 3, "childInternalId": 4,
                                "textValue": "https://example.com/a.png"}, style(4, "width", "1e19"),
                               {"type": "tick", "ms": 1000}, {"type": "tap", "internalId": 4}, {"type": "snapshot", "name": "s"}]
    seeds["hostile-image"] = s
    return seeds


def large():
    """Seeds above -max_len 16384: each is cheap per item and expensive only by count (issue 28)."""
    seeds = {}
    words = ("lorem ipsum dolor sit amet, consectetur adipiscing elit; " * 1200)[:64 * 1024]
    s = base(); s["steps"] += [text(4, words), style(4, "font-size", "14")]
    seeds["large-long-label"] = s
    s = base(); s["steps"] += [text(4, "x" * (32 * 1024))]
    seeds["large-unbroken-label"] = s
    s = base(); s["steps"] += [{"type": "CREATE_TIMER", "internalId": 1, "childInternalId": 90, "value": 1}]
    s["steps"] += [{"type": "tick", "ms": 1000} for _ in range(1200)]
    seeds["large-many-ticks"] = s
    s = base(); n = 800
    s["steps"] += [text(10 + i, "t%d" % i) for i in range(n)]
    s["steps"] += [{"type": "REORDER_CHILD", "internalId": 3, "childInternalId": 10 + (i * 7919) % n, "value": 0}
                   for i in range(n)]
    seeds["large-many-reorders"] = s
    s = base(); depth = 2000
    s["steps"] += [{"type": "CREATE_LINEAR_LAYOUT", "internalId": (3 if i == 0 else 99 + i), "childInternalId": 100 + i,
                    "value": 1} for i in range(depth)]
    s["steps"] += [text(20000, "moved", parent=100 + depth - 1)]
    s["steps"] += [{"type": "REORDER_CHILD", "internalId": (100 if i % 2 == 0 else 100 + depth - 1),
                    "childInternalId": 20000, "value": 0} for i in range(1000)]
    seeds["large-deep-moves"] = s
    return seeds


def write_large(folder):
    os.makedirs(folder, exist_ok=True)
    for name, doc in large().items():
        out = compact(doc)
        assert MAX_LEN < len(out) <= MAX_LEN_LARGE, (name, len(out))
        open(os.path.join(folder, name + ".json"), "wb").write(out)


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--large":
        write_large(sys.argv[2])
        return
    os.makedirs(CORPUS, exist_ok=True)
    for f in glob.glob(os.path.join(CORPUS, "*")):
        os.remove(f)
    for path in sorted(glob.glob(os.path.join(ROOT, "Examples", "*.json"))):
        if path.endswith(".expect.json"):
            continue
        doc = json.load(open(path, encoding="utf-8"))
        out = compact(fit(doc))
        open(os.path.join(CORPUS, os.path.basename(path)), "wb").write(out)
    for name, doc in hostile().items():
        out = compact(doc)
        assert len(out) <= MAX_LEN
        open(os.path.join(CORPUS, name + ".json"), "wb").write(out)

    words = set()
    src = open(os.path.join(ROOT, "Sources/SessionFormat/CommandType.swift"), encoding="utf-8").read()
    names = re.search(r"static let names: \[String\] = \[(.*?)\]", src, re.S).group(1)
    words |= set(re.findall(r'"([A-Z_]+)"', names))
    src = open(os.path.join(ROOT, "Sources/Styles/StyleParser.swift"), encoding="utf-8").read()
    keys = re.search(r"knownKeys: \[String\] = \[(.*?)\]", src, re.S).group(1)
    words |= set(re.findall(r'"([a-z-]+)"', keys))
    src = open(os.path.join(ROOT, "Sources/Canvas/CanvasPlayer.swift"), encoding="utf-8").read()
    canvas = set(re.findall(r'case "([a-z]+)"', src))
    camel = {"fillstyle": "fillStyle", "strokestyle": "strokeStyle", "linewidth": "lineWidth", "globalalpha": "globalAlpha",
             "shadowblur": "shadowBlur", "shadowoffsetx": "shadowOffsetX", "shadowoffsety": "shadowOffsetY",
             "shadowcolor": "shadowColor", "textalign": "textAlign", "textbaseline": "textBaseline",
             "imagesmoothingenabled": "imageSmoothingEnabled", "setlinedash": "setLineDash", "beginpath": "beginPath",
             "closepath": "closePath", "moveto": "moveTo", "lineto": "lineTo", "arcto": "arcTo", "resetclip": "resetClip",
             "fillrect": "fillRect", "strokerect": "strokeRect", "clearrect": "clearRect", "filltext": "fillText",
             "stroketext": "strokeText", "measuretext": "measureText", "drawimage": "drawImage", "settransform": "setTransform",
             "resettransform": "resetTransform"}
    words |= {camel.get(c, c) for c in canvas}
    words |= {"framework-session", "steps", "batch", "tick", "ms", "tap", "press", "release", "select", "scroll", "input",
              "snapshot", "setImageData", "setSurface", "surface", "draw", "device", "assets", "fonts", "internalId",
              "childInternalId", "textValue", "textValue2", "value", "width", "height", "flags", "row", "column", "sheet",
              "dotted", "dashed", "solid", "match-parent", "wrap-content", "inherit", "linear-gradient(", "rgba(",
              "#000000", "#fff", "\\ud800", "\\udc00", "\\u0301", "NaN", "Infinity", "-Infinity"}
    numbers = ["0", "-0", "1", "-1", "0.5", "1e-320", "5e-324", "1e19", "1e20", "1e300", "1.79e308", "1e309", "-1e308",
               "2147483647", "2147483648", "-2147483648", "9007199254740993", "99999999999999999999", "100000", "100001",
               "1000", "1001", "8192", "8193", "65535", "1000000", "1e6", "1e12"]
    with open(DICT, "w", encoding="utf-8") as f:
        f.write("# Generated by scripts/make-fuzz-seeds.py: command names, style keys, canvas calls, extreme numbers.\n")
        for i, w in enumerate(sorted(words) + numbers):
            f.write('w%d="%s"\n' % (i, w.replace("\\", "\\\\").replace('"', '\\"')))


if __name__ == "__main__":
    main()
