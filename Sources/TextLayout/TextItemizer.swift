import CairoFonts
import Primitives
import Styles

/// Turns attributed text into a `PreparedText`: clusters, breaks, bidi levels, scripts, font
/// fallback per cluster, runs, and shaping.
struct TextItemizer {
    let fonts: FontLibrary
    let shapes: ShapeCache

    func prepare(_ text: AttributedText, font: FontSpec) -> PreparedText {
        var p = PreparedText()
        // 1. Code points, spans, grapheme starts (clusters never cross spans).
        for (si, span) in text.spans.enumerated() {
            if !Self.appendASCII(span.text, span: si, to: &p) { Self.appendScalars(span.text, span: si, to: &p) }
        }
        let n = p.scalars.count
        p.breakAfter = BrowserLineBreaks.tailor(LineBreaker.breaks(p.scalars), p.scalars)
        p.advance = [Double](repeating: 0, count: n)
        p.runOf = [Int](repeating: -1, count: n)
        // 2. Hard lines.
        var start = 0
        for i in 0..<n where p.scalars[i] == 0x0A {
            p.hardLines.append(start..<i)
            start = i + 1
        }
        p.hardLines.append(start..<n)
        // Text without a character of a right-to-left class is left-to-right (`LeftToRightText`).
        let leftToRight = LeftToRightText.hasNoRightToLeftClass(p.scalars)
        if !leftToRight {
            p.rightToLeft = Bidi.firstStrongDirection(p.scalars.filter { $0 != 0x0A }) ?? false
        }
        // 3. Per hard line: bidi levels, scripts, faces, runs.
        for line in p.hardLines where !line.isEmpty {
            itemize(line, &p, text: text, font: font, leftToRight: leftToRight)
        }
        return p
    }

    /// `leftToRight`: the whole text has no character of a right-to-left class (so neither has `line`).
    private func itemize(
        _ line: Range<Int>, _ p: inout PreparedText, text: AttributedText, font: FontSpec, leftToRight: Bool
    ) {
        let chars = Array(p.scalars[line])
        let levels =
            !p.rightToLeft && (leftToRight || LeftToRightText.hasNoRightToLeftClass(chars))
            ? [UInt8](repeating: 0, count: chars.count) : Bidi.levels(chars, rightToLeft: p.rightToLeft).levels
        let scripts = resolvedScripts(chars)
        // Faces per grapheme cluster; each code point takes its cluster's face, level and script.
        var face = [FaceID](repeating: FaceID(0), count: chars.count)
        var level = levels
        var script = scripts
        // Most clusters are one code point: their faces come from the span's `ScalarFaces` table,
        // which saves hashing the font request and the cluster for every character, and ASCII
        // ones from a local copy of it for the span being read (spans change rarely).
        var memoSpan = -1
        var table: ScalarFaces?
        var asciiFaces = [Int](repeating: -1, count: 128)
        var i = 0
        while i < chars.count {
            var j = i + 1
            while j < chars.count && !p.graphemeStart[line.lowerBound + j] { j += 1 }
            let span = p.span[line.lowerBound + i]
            let f: FaceID
            if j == i + 1 {
                if span != memoSpan {
                    memoSpan = span
                    table = fonts.scalarFaces(Self.spanSpec(text, span, font))
                    for k in asciiFaces.indices { asciiFaces[k] = -1 }
                }
                let c = chars[i]
                if c < 128, asciiFaces[Int(c)] >= 0 {
                    // Set into a copy rather than `FaceID(_:)`, a call into Primitives per character.
                    var remembered = face[i]
                    remembered.index = asciiFaces[Int(c)]
                    f = remembered
                } else {
                    f = table!.face(c)
                    if c < 128 { asciiFaces[Int(c)] = f.index }
                }
            } else {
                f = fonts.face(forCluster: Array(chars[i..<j]), spec: Self.spanSpec(text, span, font))
            }
            for k in i..<j {
                face[k] = f
                level[k] = levels[i]
                script[k] = scripts[i]
            }
            i = j
        }
        var runStart = 0
        for k in 1...chars.count {
            let g = line.lowerBound
            // Faces and scripts compared by their stored numbers: `FaceID` and `ScriptTag` are other
            // modules' `package` types, whose `==` would be a call per character.
            if k < chars.count && p.span[g + k] == p.span[g + runStart] && face[k].index == face[runStart].index
                && level[k] == level[runStart] && script[k].rawValue == script[runStart].rawValue
            {
                continue
            }
            addRun(g + runStart..<g + k, face: face[runStart], level: level[runStart], script: script[runStart], &p)
            runStart = k
        }
    }

    private func addRun(_ range: Range<Int>, face: FaceID, level: UInt8, script: ScriptTag, _ p: inout PreparedText) {
        // Joining scripts see their neighbours (a span or font boundary inside an Arabic word
        // keeps the letters joined); clusters come back relative to the run's start.
        let (context, offset) = p.shapingContext(range, script: script)
        let count = range.count
        var shaped = ShapedGlyphs()
        if let ff = fonts.face(face) {
            shaped = shapes.shape(
                context, range: (range.lowerBound - offset)..<(range.upperBound - offset), face: face,
                fontFace: ff, rightToLeft: level % 2 == 1, script: script)
            let shift = range.lowerBound - offset
            if shift != 0 { shaped.clusters = shaped.clusters.map { $0 - shift } }
        }
        for (g, c) in shaped.clusters.enumerated() where c >= 0 && c < count {
            p.advance[range.lowerBound + c] += shaped.advances[g]
        }
        for k in range { p.runOf[k] = p.runs.count }
        p.runs.append(
            PreparedRun(
                range: range, span: p.span[range.lowerBound], face: face, level: level, script: script,
                shaped: shaped))
    }

    /// Appends the code points of `text` (span `span`), each with whether it starts a grapheme
    /// cluster: `\r\n` and `\r` become `\n`, tabs spaces; other controls are dropped.
    static func appendScalars(_ text: String, span si: Int, to p: inout PreparedText) {
        for ch in text {
            var first = true
            let scalars: [UInt32] = ch == "\r\n" || ch == "\r" ? [0x0A] : ch.unicodeScalars.map(\.value)
            for c in scalars {
                var v = c
                if v == 0x09 { v = 0x20 }
                if v == 0x2028 || v == 0x2029 { v = 0x0A }
                if (v < 0x20 && v != 0x0A) || v == 0x7F { continue }
                p.scalars.append(v)
                p.span.append(si)
                p.graphemeStart.append(first || v == 0x0A)
                first = false
            }
        }
    }

    /// `appendScalars` for a text that is all ASCII (returns false, appending nothing, for any
    /// other): there every grapheme cluster is one code point except `\r\n` (UAX #29 GB3-GB5; no
    /// ASCII character extends a cluster), so the bytes give the same code points and starts
    /// without splitting the string into `Character`s.
    static func appendASCII(_ text: String, span si: Int, to p: inout PreparedText) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return false }
            p.scalars.reserveCapacity(p.scalars.count + bytes.count)
            p.span.reserveCapacity(p.span.count + bytes.count)
            p.graphemeStart.reserveCapacity(p.graphemeStart.count + bytes.count)
            var k = 0
            while k < bytes.count {
                var v = UInt32(bytes[k])
                if v == 0x0D {
                    // `\r\n` is one cluster, `\r` alone another: either is one `\n`.
                    if k + 1 < bytes.count && bytes[k + 1] == 0x0A { k += 1 }
                    v = 0x0A
                }
                k += 1
                if v == 0x09 { v = 0x20 }
                if (v < 0x20 && v != 0x0A) || v == 0x7F { continue }
                p.scalars.append(v)
                p.span.append(si)
                p.graphemeStart.append(true)
            }
            return true
        }
    }

    /// Scripts with Common and Inherited characters folded into their neighbours' script.
    private func resolvedScripts(_ chars: [UInt32]) -> [ScriptTag] {
        var s = chars.map { $0 < 128 ? Self.asciiScripts[Int($0)] : Shaper.script(of: $0) }
        // `isWeak` by raw value here: the call into CairoFonts per character cost more.
        let weak = (ScriptTag.common.rawValue, ScriptTag.inherited.rawValue, ScriptTag.unknown.rawValue)
        func isWeak(_ t: ScriptTag) -> Bool { t.rawValue == weak.0 || t.rawValue == weak.1 || t.rawValue == weak.2 }
        let firstStrong = s.first { !isWeak($0) } ?? ScriptTag("Latn")
        var last = firstStrong
        for k in s.indices {
            if isWeak(s[k]) { s[k] = last } else { last = s[k] }
        }
        return s
    }

    /// `Shaper.script(of:)` of each ASCII code point, asked once (HarfBuzz's Unicode data).
    static let asciiScripts: [ScriptTag] = (0..<128).map { Shaper.script(of: UInt32($0)) }

    /// The font request of span `span`: the paragraph's font with the span's weight.
    static func spanSpec(_ text: AttributedText, _ span: Int, _ font: FontSpec) -> FontSpec {
        var spec = font
        if span < text.spans.count, let w = text.spans[span].weight { spec.weight = w }
        return spec
    }
}
