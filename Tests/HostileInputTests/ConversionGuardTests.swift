import Foundation
import Primitives
import Testing

/// Every floating-point -> integer conversion goes through `CheckedInt` (Sources/Primitives/CheckedInt.swift):
/// a bare `Int(someDouble)` traps on NaN, infinity or values past `Int.max`, and a session can
/// carry such numbers. This scans Sources/ for integer conversions whose argument looks
/// floating-point (a pattern, below) outside the helper. The inventory it guards was taken with
/// the compiler's typed AST (`swiftc -dump-ast`, every `(Double) -> Int*` initializer call: 78 sites).
@Suite struct ConversionGuardTests {
    static let integerTypes = "Int|Int8|Int16|Int32|Int64|UInt|UInt8|UInt16|UInt32|UInt64"
    /// Signs that an argument is floating-point in this code base: rounding, floating functions and
    /// types, decimal literals, and the names its Double geometry uses.
    static let floatingSigns = [
        #"\.rounded"#, #"\b(floor|ceil|trunc|round|sqrt|pow|log2?|exp)\("#, #"\.squareRoot"#,
        #"\b(Double|Float|CGFloat|Float32|Float64)\b"#,
        #"\b\d+\.\d+"#, #"(?<![\w.])\d+(\.\d+)?[eE][+-]?\d"#, #"\.(pi|infinity|nan|ulp)\b"#,
        #"\b(scale|sigma|alpha|zoom|fontSize|pixelSize|reach|sweep)\b"#,
        #"\.(minX|maxX|minY|maxY|midX|midY)\b"#, #"\b(region|rect|frame|bounds)\.(x|y|width|height)\b"#,
    ]
    /// Conversions whose argument matches a sign but is an integer, with the reason.
    static let allowed: [(file: String, text: String)] = [
        ("Sources/Primitives/CheckedInt.swift", "")  // the helper itself
    ]

    /// `(line number, text)` of each suspicious conversion in `source`.
    static func findings(in source: String) -> [(Int, String)] {
        let call = try! NSRegularExpression(pattern: #"(?<![\w.])(\#(integerTypes))\("#)
        let signs = floatingSigns.map { try! NSRegularExpression(pattern: $0) }
        var out: [(Int, String)] = []
        for (n, line) in source.components(separatedBy: "\n").enumerated() {
            let code = line.components(separatedBy: "//").first ?? line  // comments do not count
            let ns = code as NSString
            for m in call.matches(in: code, range: NSRange(location: 0, length: ns.length)) {
                // The argument: up to the matching parenthesis (or the end of the line).
                var depth = 0
                var end = m.range.location + m.range.length - 1
                var i = end
                while i < ns.length {
                    let c = ns.character(at: i)
                    if c == 0x28 {
                        depth += 1
                    } else if c == 0x29 {
                        depth -= 1
                        if depth == 0 {
                            end = i
                            break
                        }
                    }
                    i += 1
                    end = i
                }
                let argRange = NSRange(
                    location: m.range.location + m.range.length, length: max(0, end - m.range.location - m.range.length)
                )
                let arg = ns.substring(with: argRange)
                // Not conversions: labelled initializers (exactly:, clamping:, bitPattern:, ascii: ...) and string
                // parsing.
                if arg.range(of: #"^\s*\w+:"#, options: .regularExpression) != nil { continue }
                if signs.contains(where: { Self.matches($0, arg) })
                    || Self.looksFloating(identifier: arg, line: code, file: source)
                {
                    out.append(
                        (
                            n + 1,
                            ns.substring(
                                with: NSRange(
                                    location: m.range.location,
                                    length: min(ns.length - m.range.location, end - m.range.location + 1)))
                        ))
                }
            }
        }
        return out
    }

    static func matches(_ re: NSRegularExpression, _ s: String) -> Bool {
        re.firstMatch(in: s, range: NSRange(location: 0, length: (s as NSString).length)) != nil
    }

    /// A bare name (`Int(n)`) is floating when its line tests `x == x.rounded()` (the "print as an
    /// integer when whole" idiom) or the file declares it `: Double`/`Float`, or from a Double expression.
    static func looksFloating(identifier arg: String, line: String, file: String) -> Bool {
        if line.range(of: #"==\s*\w+\.rounded\(\)"#, options: .regularExpression) != nil { return true }
        let name = arg.trimmingCharacters(in: .whitespaces)
        guard name.range(of: #"^\w+$"#, options: .regularExpression) != nil else { return false }
        return file.range(of: #"\b\#(name)\s*:\s*(Double|Float|CGFloat)\b"#, options: .regularExpression) != nil
            || file.range(
                of: #"(let|var)\s+\#(name)\s*=[^\n]*(\.rounded|Double\(|\b\d+\.\d+|\.width|\.height)"#,
                options: .regularExpression) != nil
            || file.range(
                of: #"(let|var)\s+\w+\s*=[^\n]*,\s*\#(name)\s*=[^\n]*(Double|\.width|\.height)"#,
                options: .regularExpression) != nil
    }

    @Test func noBareFloatingPointConversionInSources() throws {
        let root = Hostile.root + "/Sources"
        let files = FileManager.default.enumerator(atPath: root)!.compactMap { $0 as? String }.filter {
            $0.hasSuffix(".swift")
        }
        #expect(files.count > 100)
        var bad: [String] = []
        for f in files.sorted() {
            let rel = "Sources/" + f
            let text = try String(contentsOfFile: root + "/" + f, encoding: .utf8)
            for (line, snippet) in Self.findings(in: text)
            where !Self.allowed.contains(where: { $0.file == rel && ($0.text.isEmpty || snippet.contains($0.text)) }) {
                bad.append("\(rel):\(line): \(snippet)")
            }
        }
        #expect(bad.isEmpty, "use CheckedInt.int/byte/int32 instead:\n\(bad.joined(separator: "\n"))")
    }

    /// The scanner itself: it must see the forms the issue found (and not integer ones).
    @Test func scannerFindsTheKnownForms() {
        #expect(Self.findings(in: "let q = Int((v * 64).rounded())").count == 1)
        #expect(Self.findings(in: "let k = max(1, Int(sigma / 10))").count == 1)
        #expect(Self.findings(in: "let w = Int(shape.rect.width), h = Int32(region.height)").count == 2)
        #expect(Self.findings(in: "a: UInt8((alpha * 255).rounded()))").count == 1)
        #expect(
            Self.findings(in: "let n = Int(count) + Int32(width * 4) + Int(exactly: d) // Int(x.rounded())").isEmpty)
        #expect(Self.findings(in: "return v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)").count == 1)
        #expect(Self.findings(in: "let fw = size.width * s\nlet pw = max(1, Int(fw))").count == 1)
        #expect(Self.findings(in: "func f(_ d: Double) -> Int { Int(d) }").count == 1)
    }

    @Test func helperNeverTraps() {
        #expect(
            CheckedInt.int(.nan) == 0 && CheckedInt.int(.infinity) == 1 << 53
                && CheckedInt.int(-.infinity) == -(1 << 53))
        #expect(CheckedInt.int(1e20) == 1 << 53 && CheckedInt.int(1.79e308, in: 0...10) == 10)
        #expect(
            CheckedInt.int(2.5, .toNearestOrAwayFromZero) == 3 && CheckedInt.int(-2.7) == -2
                && CheckedInt.int(2.1, .up) == 3)
        #expect(
            CheckedInt.byte(-5) == 0 && CheckedInt.byte(127.5) == 128 && CheckedInt.byte(1e300) == 255
                && CheckedInt.byte(.nan) == 0)
        #expect(CheckedInt.int32(1e19) == Int32.max)
        #expect(CheckedInt.text(3) == "3" && CheckedInt.text(1e20) == "1e+20" && CheckedInt.text(.infinity) == "inf")
    }
}
