#!/usr/bin/env python3
"""Writes issue 44's "did you mean" case: a session of about 440 KB whose screen holds 40 labels of
10,000 characters each, then ten taps whose text targets (4,000 characters) match none of them, so
each tap ranks every label as a candidate. Before the edit-distance cap (docs/limits.md, "Names
compared") one render took 35-38 s (92.8 s on a loaded 2-core VM); with it 0.19 s.

Usage: scripts/make-unmatched-taps.py OUT.json   (then: time .build/release/render OUT.json -o x.png)
Deterministic: the same bytes every run (a fixed linear congruential generator, no `random`)."""
import json
import sys

LABELS, LABEL_CHARS, TAPS, TARGET_CHARS = 40, 10_000, 10, 4_000


def text(seed: int, n: int) -> str:
    # Words of letters from a tiny LCG: long, varied texts that share no long run with each other.
    out, x = [], seed
    while len(out) < n:
        x = (x * 1103515245 + 12345) % (1 << 31)
        out.append(" " if x % 7 == 0 else chr(ord("a") + x % 26))
    return "".join(out)


def main() -> None:
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    steps = [
        {"type": "CREATE_APPLICATION", "internalId": 0, "childInternalId": 1, "textValue": "com.example.taps"},
        {"type": "CREATE_FRAMEVIEW", "internalId": 1, "childInternalId": 2},
        {"type": "CREATE_LINEAR_LAYOUT", "internalId": 2, "childInternalId": 3, "value": 1},
    ]
    for i in range(LABELS):
        # One line 15 dp high each: all 40 are on screen, so all are reachable candidates.
        steps.append({"type": "CREATE_TEXT", "internalId": 3, "childInternalId": 10 + i,
                      "textValue": text(i + 1, LABEL_CHARS)})
        for key, value in (("height", "15"), ("max-lines", "1")):
            steps.append({"type": "SET_STYLE", "internalId": 10 + i, "value": 0, "textValue": key,
                          "textValue2": value})
    for t in range(TAPS):
        steps.append({"type": "tap", "target": {"text": text(1000 + t, TARGET_CHARS)}})
    session = {"format": "framework-session", "version": 1, "name": "unmatched-taps",
               "device": {"width": 360, "height": 640, "scale": 2}, "steps": steps}
    with open(sys.argv[1], "w", encoding="utf-8") as f:
        json.dump(session, f, indent=0)
        f.write("\n")


if __name__ == "__main__":
    main()
