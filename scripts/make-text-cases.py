#!/usr/bin/env python3
"""Writes the Chromium text-fidelity cases and their references (behind `make text-references`).

    make-text-cases.py [OUT_DIR] [--sessions-only] [--only NAME]

For each case: OUT_DIR/NAME.json, a session in the subset of scripts/session2html (Roboto and
DejaVu Sans labels in a vertical linear layout), NAME.png, Chromium's screenshot of the page
session2html makes of it, and NAME.lines.json, the lines Chromium broke each label into:
{"labels": {"<element id>": ["first line", "second line…"]}}, read from the page itself (a script
on document.fonts.ready groups the characters by the top of their Range client rects; lines hidden
by max-lines are dropped, and a cut line keeps the characters that end before the ellipsis).

session2html's subset has no `text-align: justify`; a case that asks for it is converted with `left`
and the label's inner div is switched to `justify` in the page (the only difference between them).
Needs the `chromium` package.
"""
import argparse
import html
import importlib.machinery
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def load_session2html():
    path = os.path.join(HERE, "session2html")
    loader = importlib.machinery.SourceFileLoader("session2html", path)
    spec = importlib.util.spec_from_loader("session2html", loader)
    mod = importlib.util.module_from_spec(spec)
    loader.exec_module(mod)
    return mod


PARAGRAPH = ("The quick brown fox jumps over the lazy dog while five boxing wizards jump quickly; "
             "sphinx of black quartz, judge my vow.")
SHORT = "Pack my box with five dozen liquor jugs."
FINNISH = "Hyvää päivää! Tämä on suomenkielinen lause, jossa on pitkiä sanoja kuten ympäristöystävällisyys."


class Case:
    def __init__(self, name, desc, w=240, h=320, scale=2):
        self.name, self.desc, self.w, self.h, self.scale = name, desc, w, h, scale
        self.next_id = 10
        self.steps = [{"type": "CREATE_APPLICATION", "internalId": 0, "childInternalId": 1},
                      {"type": "CREATE_FRAMEVIEW", "internalId": 1, "childInternalId": 2},
                      {"type": "SET_STYLE", "internalId": 2, "value": 0, "textValue": "background-color",
                       "textValue2": "#ffffff"}]
        self.column = self.add(2, "CREATE_LINEAR_LAYOUT", 1, None,
                               [("width", "match-parent"), ("height", "match-parent"), ("padding", "8")])
        self.justified = []

    def add(self, parent, kind, value, text, styles):
        self.next_id += 1
        i = self.next_id
        s = {"type": kind, "internalId": parent, "childInternalId": i, "value": value}
        if text is not None:
            s["textValue"] = text
        self.steps.append(s)
        for k, v in styles:
            self.steps.append({"type": "SET_STYLE", "internalId": i, "value": 0, "textValue": k, "textValue2": v})
        return i

    def label(self, text, family="Roboto", size=15, color="#212121", gap=6, **kw):
        """kw: width, weight, italic, align, line_height, nowrap, ellipsis, max_lines, background."""
        st = [("font-family", family), ("font-size", str(size)), ("color", color), ("margin-bottom", str(gap))]
        for key, css in (("width", "width"), ("height", "height"), ("weight", "font-weight"), ("align", "text-align"),
                         ("line_height", "line-height"), ("max_lines", "max-lines"), ("background", "background-color")):
            if key in kw:
                st.append((css, str(kw[key])))
        if kw.get("italic"):
            st.append(("font-style", "italic"))
        if kw.get("nowrap"):
            st.append(("white-space", "nowrap"))
        if kw.get("ellipsis"):
            st.append(("text-overflow", "ellipsis"))
        i = self.add(self.column, "CREATE_TEXT", 0, text, st)
        if kw.get("align") == "justify":
            self.justified.append(i)
        return i

    def button(self, text, family="Roboto", size=15, color="#212121", gap=6, padding="8 16 8 16", **kw):
        """A button whose title and padding decide its size: the theme's look replaced by the
        session's own styles (min-height 0). kw: width, weight, background, radius."""
        st = [("font-family", family), ("font-size", str(size)), ("color", color), ("margin-bottom", str(gap)),
              ("padding", padding), ("min-height", "0"), ("font-weight", str(kw.get("weight", 400))),
              ("background-color", kw.get("background", "#e0e0e0")), ("border-radius", str(kw.get("radius", 4)))]
        if "width" in kw:
            st.append(("width", str(kw["width"])))
        return self.add(self.column, "CREATE_BUTTON", 0, text, st)

    def session(self):
        return {"format": "framework-session", "version": 1, "name": self.name, "description": self.desc,
                "device": {"width": self.w, "height": self.h, "scale": self.scale}, "steps": self.steps}


def cases():
    out = []
    c = Case("text-wrap-widths", "one Roboto 15 paragraph wrapped at 120, 170 and 224 dp", w=240, h=420)
    for w in ("120", "170", "match-parent"):
        c.label(PARAGRAPH, width=w, background="#f1f1f1")
    out.append(c)

    c = Case("text-align", "DejaVu Sans 14: left, centre and right aligned wrapping text", w=240, h=330)
    for a in ("left", "center", "right"):
        c.label(SHORT + " " + FINNISH[:46], family="DejaVu Sans", size=14, width="match-parent", align=a)
    out.append(c)

    c = Case("text-justify", "justified Roboto 15 and DejaVu Sans 13: every line but the last fills the width",
             w=240, h=330)
    c.label(PARAGRAPH, width="match-parent", align="justify")
    c.label(FINNISH, family="DejaVu Sans", size=13, width="200", align="justify")
    out.append(c)

    c = Case("text-weights-styles", "Roboto and DejaVu Sans at 400 and 700, upright and italic", w=260, h=300)
    for fam in ("Roboto", "DejaVu Sans"):
        for wt, it in ((400, False), (700, False), (400, True), (700, True)):
            c.label("%s %d%s: Waffle, AV, fi" % (fam, wt, " italic" if it else ""), family=fam, size=16,
                    weight=wt, italic=it, gap=4)
    out.append(c)

    c = Case("text-sizes", "DejaVu Sans and Roboto at 12, 16, 20, 24 and 28 dp, wrapping in 220 dp", w=240, h=420)
    for i, sz in enumerate((12, 16, 20, 24, 28)):
        c.label("Size %d: the lazy dog sleeps" % sz, family="DejaVu Sans" if i % 2 == 0 else "Roboto",
                size=sz, width="match-parent")
    out.append(c)

    c = Case("text-line-height", "explicit line heights larger and smaller than normal", w=240, h=360)
    c.label(SHORT + " " + SHORT, size=14, line_height=24, width="match-parent", background="#eeeeff")
    c.label("Tight lines: " + SHORT, family="DejaVu Sans", size=18, line_height=18, width="match-parent",
            background="#eeffee")
    c.label("Tall bold title text", size=20, weight=700, line_height=34, width="150", background="#ffeeee")
    out.append(c)

    c = Case("text-max-lines", "max-lines 1, 2 and 3 with an ellipsis on wrapping text", w=240, h=280)
    for n, fam in ((1, "Roboto"), (2, "DejaVu Sans"), (3, "Roboto")):
        c.label(PARAGRAPH, family=fam, size=15, max_lines=n, ellipsis=True, width="match-parent")
    out.append(c)

    c = Case("text-nowrap-ellipsis", "white-space nowrap with an ellipsis at several widths, and one that fits",
             w=240, h=240)
    for w in ("90", "150", "match-parent"):
        c.label(SHORT, size=15, nowrap=True, ellipsis=True, width=w, background="#f1f1f1")
    c.label("Short fits", family="DejaVu Sans", size=15, nowrap=True, ellipsis=True, width="150")
    c.label("Bold cut: " + SHORT, size=17, weight=700, nowrap=True, ellipsis=True, width="match-parent")
    out.append(c)

    c = Case("text-long-word", "words longer than the line break between characters; soft hyphens draw a hyphen where a line ends", w=240, h=360)
    c.label("Donaudampfschifffahrtsgesellschaftskapitän", size=16, width="120", background="#f1f1f1")
    c.label("See https://example.com/a/very/long/path/that/does/not/fit for details", family="DejaVu Sans",
            size=13, width="150", background="#eeeeff")
    c.label("Short then Ympäristöystävällisyysohjelmaa", size=18, weight=700, width="160")
    c.label("Soft hyphens: Donau\u00addampf\u00adschiff\u00adfahrts\u00adgesell\u00adschaft", size=16, width="130",
            background="#f1f1f1")
    out.append(c)

    # Scripts beyond Latin: the fallback chain of semantics.md section 4 (issue 19).
    c = Case("text-rtl-numbers", "right-to-left paragraphs with embedded numbers: Arabic and Hebrew, start-aligned",
             w=240, h=300)
    c.label("في عام 2024 زار المتحف 1250 شخصا وفي الأسبوع الماضي وحده 37 زائرا جديدا.", size=16, width="match-parent",
            background="#f1f1f1")
    c.label("בשנת 2023 נמכרו 4,500 ספרים בחנות, ועוד 120 בשבוע האחרון בלבד.", size=16, width="match-parent")
    c.label("الطلب رقم 7781 جاهز", size=15, width="match-parent", background="#eeeeff")
    out.append(c)

    c = Case("text-mixed-scripts", "a Latin paragraph with Arabic and Hebrew phrases, and a DejaVu Sans one",
             w=240, h=300)
    c.label("The word مرحبا means hello, and שלום means peace; both greet friends in 2 languages.", size=15,
            width="match-parent")
    c.label("Signs read السوق القديم and העיר העתיקה near the gate.", family="DejaVu Sans", size=14,
            width="200", background="#f1f1f1")
    out.append(c)

    c = Case("text-cjk-punctuation", "Chinese and Japanese wrapping with punctuation (Noto Sans CJK after Roboto)",
             w=240, h=320)
    c.label("今天天气很好，我们去公园散步吧。你觉得怎么样？明天再说！", size=16, width="match-parent")
    c.label("東京は日本の首都です。「ありがとう」と言いました。桜の季節、とても美しい。", size=16, width="180",
            background="#f1f1f1")
    c.label("Mixed 中文 and 日本語 text, with Latin words.", size=15, width="match-parent")
    out.append(c)

    c = Case("text-devanagari", "Devanagari paragraphs: conjuncts, vowel signs above and below", w=240, h=260)
    c.label("नमस्ते दुनिया! हिन्दी भाषा में यह एक परीक्षण वाक्य है, जिसमें कई शब्द हैं।", size=16, width="match-parent")
    c.label("क्षत्रिय और ज्ञान, प्रेम कृष्ण", size=20, width="match-parent", background="#f1f1f1")
    out.append(c)

    c = Case("text-emoji-skin-tones", "colour emoji with skin-tone modifiers, in Roboto text", w=240, h=240)
    c.label("Thumbs up 👍 👍🏻 👍🏽 👍🏿 waving 👋🏼 👋🏾", size=16, width="match-parent")
    c.label("Team 🙌🏽 and 💪🏻 done!", size=20, width="match-parent", background="#f1f1f1")
    out.append(c)

    # At 3x, where a pixel of placement shows: Devanagari marks above the letters, scaled emoji bitmaps.
    c = Case("text-scripts-scale-3", "Devanagari vowel signs and skin-tone emoji at device scale 3", w=200, h=150,
             scale=3)
    c.label("हिन्दी में किताबें और कविताएँ", size=16, width="match-parent")
    c.label("कि की कु के कै को कौ कं", size=18, width="match-parent")
    c.label("Hi 👍🏽 👋🏿 🙌 ok", size=16, width="match-parent")
    out.append(c)

    # The arches of short and long i (glyphs only GSUB reaches, hinted by the script FreeType's
    # HarfBuzz coverage gives them), the nukta and conjuncts, at three sizes at 3x.
    c = Case("text-devanagari-scale-3", "Devanagari at 3x: i-matra arches, nukta, conjuncts at 14, 18 and 24 dp",
             w=200, h=170, scale=3)
    c.label("कि खि गि हि दि टि की", size=14, width="match-parent")
    c.label("किताब ज़रूर फ़िल्म क़लम", size=18, width="match-parent")
    c.label("स्थिति क्षत्रिय प्रिय", size=24, width="match-parent", background="#f1f1f1")
    out.append(c)

    c = Case("text-button-padding", "buttons sized by their title and padding (min-height 0 lowers the theme's 36)",
             w=240, h=260)
    c.button("OK", padding="4 8 4 8")
    c.button("Save changes", padding="2 12 2 12", radius=8, background="#cfe3ff")
    c.button("A longer title that wraps inside the button", padding="6 10 6 10", width="150")
    c.button("Bold", weight=700, size=18, padding="0 4 0 4")
    out.append(c)

    c = Case("text-fixed-height-partial", "fixed-height labels whose last line only partly fits: drawn, clipped",
             w=240, h=300)
    c.label(PARAGRAPH, size=15, width="match-parent", height="45", background="#f1f1f1")
    c.label(PARAGRAPH, family="DejaVu Sans", size=14, width="170", height="40", background="#eeeeff")
    c.label(SHORT + " " + SHORT, size=18, width="match-parent", height="30", line_height=24, background="#ffeeee")
    out.append(c)

    c = Case("text-scale-1", "mixed labels at device scale 1", w=240, h=300, scale=1)
    c.label(PARAGRAPH, size=14, width="match-parent")
    c.label(FINNISH, family="DejaVu Sans", size=12, width="match-parent", align="center")
    c.label("Bold 20 at scale one", size=20, weight=700)
    out.append(c)

    c = Case("text-scale-3", "mixed labels at device scale 3", w=240, h=300, scale=3)
    c.label(PARAGRAPH, size=14, width="match-parent")
    c.label(FINNISH, family="DejaVu Sans", size=12, width="match-parent", align="right")
    c.label("Italic 22 at scale three", size=22, italic=True)
    out.append(c)
    return out


# Groups each label's characters into lines by the top of their client rects. Ellipsis: the
# characters of the last visible line that end before the ellipsis (in the label's own font).
LINES_SCRIPT = r"""
<script>
document.fonts.ready.then(function () {
  var out = {};
  document.querySelectorAll('[data-id]').forEach(function (box) {
    var inner = box.firstElementChild;
    if (!inner || inner.hasAttribute('data-id') || !inner.firstChild || inner.firstChild.nodeType !== 3) return;
    var node = inner.firstChild, text = node.data, cs = getComputedStyle(inner);
    var ib = inner.getBoundingClientRect();
    var contentRight = ib.right - parseFloat(cs.paddingRight), bottom = ib.bottom;
    var lines = [], tops = [];
    var chars = Array.from(text);
    var pos = 0;
    chars.forEach(function (ch) {
      var r = document.createRange(); r.setStart(node, pos); r.setEnd(node, pos + ch.length); pos += ch.length;
      var rects = r.getClientRects();
      if (!rects.length) { if (lines.length) lines[lines.length - 1].push({c: ch, right: -1e9}); return; }
      // A character just after a soft-hyphen break also reports an empty rect at the end of the
      // line before: take the widest one.
      var rc = rects[0];
      for (var q = 1; q < rects.length; q++) if (rects[q].width > rc.width) rc = rects[q];
      var top = Math.round(rc.top * 64) / 64;
      if (!tops.length || Math.abs(top - tops[tops.length - 1]) > 0.5) { tops.push(top); lines.push([]); }
      lines[lines.length - 1].push({c: ch, right: rc.right, top: top, bottom: rc.bottom});
    });
    var clamp = cs.webkitLineClamp && cs.webkitLineClamp !== 'none' ? parseInt(cs.webkitLineClamp) : 0;
    var ellipsis = cs.textOverflow === 'ellipsis' || clamp > 0;
    var visible = clamp > 0 ? Math.min(clamp, lines.length) : lines.length;
    // A fixed-height box clips its text: lines that start at or below its content box are not shown.
    var bcs = getComputedStyle(box), bb = box.getBoundingClientRect();
    if (bcs.overflow === 'hidden') {
      var contentBottom = bb.bottom - parseFloat(bcs.borderBottomWidth) - parseFloat(bcs.paddingBottom);
      while (visible > 0 && tops[visible - 1] >= contentBottom - 0.01) visible--;
    }
    var cut = (clamp > 0 && lines.length > clamp) ||
              (cs.whiteSpace === 'nowrap' && lines.length && lines[0].some(function (o) { return o.right > contentRight + 0.01; }));
    var span = document.createElement('span'); span.textContent = '\u2026'; inner.appendChild(span);
    var ew = span.getBoundingClientRect().width; inner.removeChild(span);
    var result = [];
    for (var i = 0; i < visible; i++) {
      var s = '';
      if (ellipsis && cut && i === visible - 1) {
        var limit = contentRight - ew + 0.01;
        var k = 0;
        for (; k < lines[i].length && lines[i][k].right <= limit; k++) s += lines[i][k].c;
        // A line that fits whole drops its hanging spaces before the ellipsis (line-clamp); a cut
        // inside the text keeps a space that fits (text-overflow).
        if (k === lines[i].length) s = s.replace(/\s+$/, '');
        s += '\u2026';
      } else {
        s = lines[i].map(function (o) { return o.c; }).join('');
        // A line that ends after a soft hyphen shows a hyphen.
        if (i < lines.length - 1 && /\u00ad$/.test(s)) s += '-';
      }
      result.push(s.replace(/\s+$/, ''));
    }
    out[box.getAttribute('data-id')] = {lines: result, width: ib.width};
  });
  var pre = document.createElement('pre'); pre.id = 'text-lines'; pre.textContent = JSON.stringify(out);
  document.body.appendChild(pre);
});
</script>
"""


def page_for(case, s2h):
    doc = case.session()
    conv = json.loads(json.dumps(doc))
    for st in conv["steps"]:
        if st.get("textValue") == "text-align" and st.get("textValue2") == "justify":
            st["textValue2"] = "left"
    page, (W, H, S) = s2h.convert(conv)
    for i in case.justified:
        lines = page.split("\n")
        for k, line in enumerate(lines):
            if 'data-id="%d"' % i in line:
                lines[k] = line.replace("text-align:left", "text-align:justify", 1)
        page = "\n".join(lines)
    return doc, page, (W, H, S)


def dump_lines(html_path, W, H, S, chromium):
    cmd = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
           "--disable-lcd-text", "--font-render-hinting=none", "--force-color-profile=srgb",
           "--force-device-scale-factor=%s" % s2h_fmt(S), "--window-size=%d,%d" % (round(W), round(H)),
           "--virtual-time-budget=3000", "--dump-dom", "file://" + os.path.abspath(html_path)]
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)
    m = re.search(r'<pre id="text-lines">(.*?)</pre>', r.stdout.decode("utf-8", errors="replace"), re.S)
    if not m:
        raise SystemExit("chromium wrote no line dump for %s: %s" % (html_path, r.stderr.decode(errors="replace")[-1500:]))
    return json.loads(html.unescape(m.group(1)))


def s2h_fmt(v):
    return str(int(v)) if v == int(v) else str(v)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out", nargs="?", default="Tests/RenderPipelineTests/Fixtures/text")
    ap.add_argument("--sessions-only", action="store_true", help="write the sessions, no Chromium")
    ap.add_argument("--only", help="one case by name")
    ap.add_argument("--chromium", help="Chromium binary")
    a = ap.parse_args()
    s2h = load_session2html()
    os.makedirs(a.out, exist_ok=True)
    tmp = os.path.join(os.environ.get("TMPDIR", "/tmp"), "text-cases")
    os.makedirs(tmp, exist_ok=True)
    chromium = None if a.sessions_only else s2h.find_chromium(a.chromium)
    for case in cases():
        if a.only and case.name != a.only:
            continue
        doc, page, (W, H, S) = page_for(case, s2h)
        with open(os.path.join(a.out, case.name + ".json"), "w", encoding="utf-8") as f:
            json.dump(doc, f, indent=1, ensure_ascii=False)
            f.write("\n")
        if a.sessions_only:
            continue
        shot = os.path.join(tmp, case.name + ".html")
        with open(shot, "w", encoding="utf-8") as f:
            f.write(page)
        s2h.screenshot(shot, os.path.join(a.out, case.name + ".png"), W, H, S, chromium)
        probe = os.path.join(tmp, case.name + ".lines.html")
        with open(probe, "w", encoding="utf-8") as f:
            f.write(page.replace("</body>", LINES_SCRIPT + "</body>"))
        lines = dump_lines(probe, W, H, S, chromium)
        labels = {k: v["lines"] for k, v in sorted(lines.items(), key=lambda kv: int(kv[0]))}
        with open(os.path.join(a.out, case.name + ".lines.json"), "w", encoding="utf-8") as f:
            json.dump({"labels": labels}, f, indent=1, ensure_ascii=False)
            f.write("\n")
        print("%s: %d labels, %s lines" % (case.name, len(labels), [len(v) for v in labels.values()]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
