import Foundation
import SessionFormat
import Testing

/// Steps with missing, mistyped or absurd fields: each bad step is skipped with `bad-step`
/// (or clamped with `bad-value`); the rest of the session renders.
@Suite struct FieldAbuseTests {
    func one(_ step: String) throws -> HostileOutcome { try Hostile.run(Hostile.session([step])) }

    @Test func unknownCommandName() throws {
        let o = try one(#"{"type": "CREATE_HOLOGRAM", "internalId": 3, "childInternalId": 4}"#)
        #expect(o.rendered && o.codes == ["bad-step"])
        #expect(o.message("bad-step").contains("unknown step type"))
    }

    @Test(arguments: ["9999", "-1", "1.5", "1e400", "NaN", "true", "null", "[]"])
    func unknownOrBadOrdinal(_ ordinal: String) throws {
        let o = try one(#"{"type": \#(ordinal), "internalId": 3, "childInternalId": 4}"#)
        #expect(o.rendered && o.codes == ["bad-step"])
    }

    @Test func stepThatIsNotAnObject() throws {
        let o = try one("42")
        #expect(o.rendered && o.codes == ["bad-step"])
    }

    @Test(arguments: [#""3""#, "1e30", "NaN", "-Infinity", "99999999999999999999", "2.5", "{}"])
    func absurdIntegerField(_ value: String) throws {
        let o = try one(#"{"type": "CREATE_TEXT", "internalId": \#(value), "childInternalId": 4}"#)
        #expect(o.rendered && o.codes == ["bad-step"])
    }

    /// Every command with only its `type`: whatever each one means with all-zero fields, no trap,
    /// and only documented codes.
    @Test func everyCommandWithMissingFields() throws {
        let steps = CommandType.allCases.map { #"{"type": "\#($0.name)"}"# }
        // Within the work bound of `Hostile.run` (a fixed part plus a little per byte).
        let o = try Hostile.run(Hostile.session(steps))
        #expect(o.rendered)
        #expect(Set(o.codes).isSubset(of: Self.knownCodes), "\(Set(o.codes).subtracting(Self.knownCodes))")
    }

    /// Every command with extreme integers in every field and odd text.
    @Test(arguments: [Int.max, Int.min, -1, Int(Int32.max) + 1])
    func everyCommandWithExtremeFields(_ n: Int) throws {
        let steps = CommandType.allCases.flatMap { t -> [String] in
            [
                #"""
                {"type": "\#(t.name)", "internalId": 3, "childInternalId": 50, "value": \#(n), "width": \#(n), \#
                "height": \#(n), "row": \#(n), "column": \#(n), "sheet": \#(n), "flags": \#(n), "textValue": \#
                "-1e308", "textValue2": "NaN"}
                """#,
                #"""
                {"type": "\#(t.name)", "internalId": \#(n), "childInternalId": \#(n), "value": \#(n), \#
                "textValue": "\u0000\uFFFF", "textValue2": ""}
                """#,
            ]
        }
        let o = try Hostile.run(
            Hostile.session(steps + [#"{"type": "tick", "ms": 1000}"#, #"{"type": "tap", "internalId": 50}"#]))
        #expect(o.rendered)
        #expect(Set(o.codes).isSubset(of: Self.knownCodes), "\(Set(o.codes).subtracting(Self.knownCodes))")
    }

    /// Remote image URLs with absurd sizes reach the image-request tracker after layout.
    @Test(arguments: [Int.max, Int.min, 0])
    func remoteImageWithAbsurdSizes(_ n: Int) throws {
        let o = try Hostile.run(
            Hostile.session([
                #"""
                {"type": "CREATE_IMAGEVIEW", "internalId": 3, "childInternalId": 4, "textValue": \#
                "https://example.com/a.png", "width": \#(n), "height": \#(n)}
                """#,
                #"""
                {"type": "ADD_IMAGE_URL", "internalId": 4, "textValue": "https://example.com/b.png", "width": \#
                \#(n), "height": \#(n)}
                """#,
                #"{"type": "SET_STYLE", "internalId": 4, "value": 0, "textValue": "width", "textValue2": "50"}"#,
                #"{"type": "SET_STYLE", "internalId": 4, "value": 0, "textValue": "height", "textValue2": "50"}"#,
            ]))
        #expect(o.rendered && o.codes.isEmpty)
    }

    @Test(arguments: ["-5", "NaN", "\"1000\"", "1e13"])
    func badTick(_ ms: String) throws {
        let o = try one(#"{"type": "tick", "ms": \#(ms)}"#)
        #expect(o.rendered && o.codes == ["bad-step"])
    }

    @Test func billionMillisecondTickWithAFastTimer() throws {
        let o = try Hostile.run(
            Hostile.session([
                #"{"type": "CREATE_TIMER", "internalId": 3, "childInternalId": 1, "value": 10}"#,
                #"{"type": "tick", "ms": 1000000000}"#,
            ]))
        #expect(o.rendered && o.codes == ["too-many-timer-firings"])
        // 10^8 firings are due: 10,000 are delivered (the per-tick cap, docs/limits.md; the base
        // tree's own events besides), the rest counted arithmetically, not looped over.
        #expect(o.events >= 10_000 && o.events < 10_010, "\(o.events) events")
        #expect(o.message("too-many-timer-firings").contains("99990000 more dropped"), "\(o.messages)")
    }

    @Test(arguments: ["0", "-1000"])
    func zeroOrNegativeTimer(_ interval: String) throws {
        let o = try Hostile.run(
            Hostile.session([
                #"{"type": "CREATE_TIMER", "internalId": 3, "childInternalId": 1, "value": \#(interval)}"#,
                #"{"type": "tick", "ms": 100}"#,
            ]))
        #expect(o.rendered && o.codes == ["bad-value"])
        #expect(o.message("bad-value").contains("is below 10 ms"))
    }

    @Test(arguments: ["1e300", "NaN"])
    func absurdScroll(_ v: String) throws {
        let o = try one(#"{"type": "scroll", "internalId": 3, "value": \#(v)}"#)
        #expect(o.rendered && o.codes == ["bad-step"])
    }

    @Test(arguments: ["1e308", "-5", "NaN", "99999999999px", "calc(1/0)"])
    func absurdStyleValues(_ v: String) throws {
        let o = try Hostile.run(
            Hostile.session([
                #"{"type": "CREATE_TEXT", "internalId": 3, "childInternalId": 4, "textValue": "x"}"#,
                #"{"type": "SET_STYLE", "internalId": 4, "value": 0, "textValue": "font-size", "textValue2": "\#(v)"}"#,
                #"{"type": "SET_STYLE", "internalId": 4, "value": 0, "textValue": "width", "textValue2": "\#(v)"}"#,
                #"{"type": "SET_STYLE", "internalId": 4, "value": 0, "textValue": "margin", "textValue2": "\#(v)"}"#,
            ]))
        #expect(o.rendered)
        #expect(Set(o.codes).isSubset(of: ["bad-style", "bad-style-value", "portability"]), "\(o.codes)")
    }

    @Test func tenMegabyteLabelIsCut() throws {
        let big = String(repeating: "ab c", count: 10 * 1024 * 1024 / 4)
        let o = try Hostile.run(
            Hostile.session([
                #"{"type": "CREATE_TEXT", "internalId": 3, "childInternalId": 4, "textValue": "\#(big)"}"#,
                #"{"type": "SET_VISIBILITY", "internalId": 4, "value": 0}"#,
            ]))
        #expect(o.rendered && o.codes == ["text-too-long"])
        // The cap is 1 MiB (docs/limits.md): paragraph layout is linear (TextComplexityTests).
        #expect(SessionLimits.maxTextBytes == 1024 * 1024)
        #expect(o.message("text-too-long").hasSuffix("cut to the first 1048576 (see docs/limits.md)"))
        // No text work past the cut (the label is hidden: none at all).
        #expect(o.work[Hostile.charsPrepared] <= SessionLimits.maxTextBytes, "\(o.work)")
    }

    @Test func unknownSelectorAndSysEvent() throws {
        let o = try Hostile.run(
            Hostile.session([
                #"{"type": "SET_STYLE", "internalId": 3, "value": 77, "textValue": "color", "textValue2": "red"}"#,
                #"{"type": "sys", "textValue": "REBOOT"}"#,
            ]))
        #expect(o.rendered && o.codes == ["bad-step", "bad-step"])
    }

    /// Every code the pipeline documents; anything else means an unlisted path.
    static let knownCodes: Set<String> = [
        "bad-step", "unknown-key", "bad-canvas-op", "bad-name", "unknown-element", "duplicate-id",
        "duplicate-application",
        "cycle", "bad-style", "bad-style-value", "portability", "bad-value", "bad-index", "not-a-child", "not-a-view",
        "not-scrollable", "not-editable", "not-an-action-bar", "no-click", "not-on-screen", "not-delivered",
        "target-moved", "too-many-timer-firings",
        "asset", "image-data", "canvas", "text-too-long", "too-many-elements", "tree-too-deep", "too-many-frames",
        "invalid-utf8", "too-many-steps", "too-many-events", "budget", "web-content", "duplicate-snapshot",
    ]
}
