import Primitives
import Testing

@testable import SessionFormat

/// Decodes steps (JSON text) and returns the steps and diagnostics.
func steps(_ text: String) throws -> ([Step], [Diagnostic]) {
    let (s, d) = try decode(sessionJSON(text))
    return (s.steps, d)
}

func onlyCommand(_ text: String) throws -> Command {
    let (s, d) = try steps(text)
    #expect(d.isEmpty, "\(d)")
    guard s.count == 1, case .command(let c) = s[0].kind else {
        throw StepProblem(path: "", message: "not one command: \(s)")
    }
    return c
}

@Suite struct CommandDecodingTests {
    @Test func allFieldsWithDefaults() throws {
        let c = try onlyCommand(
            #"{"type": "CREATE_BUTTON", "internalId": 3, "childInternalId": 7, "textValue": "Sign in"}"#)
        #expect(c == Command(type: .CREATE_BUTTON, internalId: 3, childInternalId: 7, textValue: "Sign in"))
        let full = try onlyCommand(
            #"""
            {"type": "SET_TEXT_DATA", "internalId": 1, "childInternalId": 2, "value": 3, "textValue": "a", \#
            "textValue2": "b", "key": "k", "width": 4, "height": 5, "row": 6, "column": 7, "sheet": 8, "flags": 9}
            """#
        )
        #expect(
            full
                == Command(
                    type: .SET_TEXT_DATA, internalId: 1, childInternalId: 2, value: 3, textValue: "a", textValue2: "b",
                    width: 4, height: 5, row: 6, column: 7, sheet: 8, flags: 9))
    }

    @Test(arguments: [
        (#""CREATE_BUTTON""#, CommandType.CREATE_BUTTON),
        (#""create_button""#, .CREATE_BUTTON),
        (#""Set_Style""#, .SET_STYLE),
        ("8", .CREATE_BUTTON),
        ("0", .CREATE_APPLICATION),
        ("72", .SHOW_NETWORK_ACTIVITY),
        ("51", .SET_STYLE),
        ("65.0", .CREATE_TIMER),
    ])
    func typeByNameInAnyCaseOrOrdinal(type: String, expected: CommandType) throws {
        #expect(try onlyCommand("{\"type\": \(type)}").type == expected)
    }

    @Test(arguments: [
        ("0", Selector.normal), ("1", .active), ("3", .selected), ("5", .link),
        (#""ACTIVE""#, .active), (#""selected""#, .selected), (#""Link""#, .link), (#""hover""#, .hover),
        (#""DISABLED""#, .disabled),
    ])
    func setStyleSelectorByOrdinalOrName(value: String, expected: Selector) throws {
        let c = try onlyCommand(
            """
            {\"type\": \"SET_STYLE\", \"internalId\": 7, \"value\": \(value), \"textValue\": \"color\", \
            \"textValue2\": \"#fff\"}
            """
        )
        #expect(c.selector == expected)
        #expect(c.value == expected.rawValue)
        #expect(c.textValue == "color" && c.textValue2 == "#fff")
    }

    @Test func upperCaseReleaseIsTheCommandOtherwiseTheStep() throws {
        let (s, _) = try steps(
            #"""
            {"type": "RELEASE", "internalId": 4}, {"type": "release", "internalId": 4}, {"type": "stop", \#
            "internalId": 4}, {"type": "TICK", "ms": 1}
            """#
        )
        #expect(
            s.map(\.kind) == [
                .command(Command(type: .RELEASE, internalId: 4)), .input(.release, internalId: 4, value: 0, text: ""),
                .command(Command(type: .STOP, internalId: 4)), .tick(ms: 1),
            ])
    }

    @Test func setStyleWithoutValueIsNormal() throws {
        #expect(try onlyCommand(#"{"type": "SET_STYLE", "internalId": 7}"#).selector == .normal)
    }

    @Test func unknownKeyInACommandIsAWarningAndTheStepStays() throws {
        let (s, d) = try steps(#"{"type": "STOP", "internalId": 5, "comment": "x"}"#)
        #expect(s.count == 1)
        #expect(d.map(\.code) == ["unknown-key"])
        #expect(d[0].severity == .warning && d[0].step == 0 && d[0].path == "steps[0].comment")
    }
}

@Suite struct BadStepTests {
    @Test func aBadStepInTheMiddleIsSkippedAndTheRestDecodes() throws {
        let (s, d) = try steps(
            #"""
            {"type": "CREATE_APPLICATION", "childInternalId": 1},
            {"type": "CREATE_WIDGET", "internalId": 1},
            {"type": "CREATE_FRAMEVIEW", "internalId": 1, "childInternalId": "two"},
            {"type": "tick"},
            {"type": "CREATE_FRAMEVIEW", "internalId": 1, "childInternalId": 2}
            """#)
        #expect(s.map(\.index) == [0, 4])
        #expect(d.count == 3)
        #expect(d.allSatisfy { $0.code == "bad-step" && $0.severity == .error })
        #expect(d.map(\.step) == [1, 2, 3])
        #expect(d.map(\.path) == ["steps[1].type", "steps[2].childInternalId", "steps[3].ms"])
        #expect(d[0].message.contains("CREATE_WIDGET"))
        #expect(d[1].message.contains("must be an integer"))
    }

    @Test(arguments: [
        (#"{"type": "CREATE_BUTTON", "internalId": 99999999999999999999}"#, "steps[0].internalId", "does not fit"),
        (#"{"type": "CREATE_BUTTON", "internalId": 1.5}"#, "steps[0].internalId", "whole number"),
        (#"{"type": "CREATE_BUTTON", "value": NaN}"#, "steps[0].value", "finite"),
        (#"{"type": "CREATE_BUTTON", "textValue": 5}"#, "steps[0].textValue", "must be a string"),
        (#"{"type": "SET_STYLE", "value": "PRESSED"}"#, "steps[0].value", "unknown selector"),
        (#"{"type": "SET_STYLE", "value": 9}"#, "steps[0].value", "unknown selector"),
        (#"{"type": "CREATE_BUTTON", "value": "1"}"#, "steps[0].value", "must be an integer"),
        (#"{"type": 73}"#, "steps[0].type", "ordinal"),
        (#"{"type": -1}"#, "steps[0].type", "ordinal"),
        (#"{"internalId": 3}"#, "steps[0].type", "no `type`"),
        (#"{"type": true}"#, "steps[0].type", "command name"),
        (#"[1]"#, "steps[0]", "must be an object"),
        (#"{"type": "tick", "ms": -5}"#, "steps[0].ms", "negative"),
        (#"{"type": "tick", "ms": 1e300}"#, "steps[0].ms", "too large"),
        (#"{"type": "press"}"#, "steps[0].internalId", "missing"),
        (#"{"type": "tap", "internalId": 3, "textValue": "home"}"#, "steps[0].textValue", "action bar"),
        (#"{"type": "select", "internalId": 3, "value": 2}"#, "steps[0].value", "out of range"),
        (#"{"type": "input", "internalId": 3}"#, "steps[0].textValue", "missing"),
        (#"{"type": "sys", "textValue": "REBOOT"}"#, "steps[0].textValue", "REBOOT"),
        (#"{"type": "snapshot", "name": ""}"#, "steps[0].name", "non-empty"),
        (#"{"type": "snapshot"}"#, "steps[0].name", "missing"),
        (#"{"type": "batch"}"#, "steps[0].steps", "steps"),
        (
            #"""
            {"type": "setImageData", "internalId": 3, "image": {"format": "RGB565", "width": 2, "height": 1, \#
            "data": "AAA*"}}
            """#,
            "steps[0].image.data", "'*'"
        ),
        (
            #"""
            {"type": "setImageData", "internalId": 3, "image": {"format": "BGR", "width": 2, "height": 1, "data": \#
            ""}}
            """#,
            "steps[0].image.format", "BGR"
        ),
        (
            #"{"type": "setImageData", "internalId": 3, "image": {"format": 0, "width": 2, "height": 1, "data": ""}}"#,
            "steps[0].image.format", "ordinal"
        ),
        (
            #"{"type": "setImageData", "internalId": 3, "image": {"format": 5, "width": 0, "height": 1, "data": ""}}"#,
            "steps[0].image.width", "out of range"
        ),
        (
            #"{"type": "setImageData", "internalId": 3, "image": {"format": 5, "width": 1, "height": 1}}"#,
            "steps[0].image.data", "`file`"
        ),
        (
            #"{"type": "setImageData", "internalId": 3, "image": {"file": "a.png", "data": "AAAA"}}"#,
            "steps[0].image.file", "not both"
        ),
        (
            #"{"type": "setSurface", "internalId": 3, "surface": {"width": -1, "height": 10}}"#,
            "steps[0].surface.width", "more than 0"
        ),
        (#"{"type": "setSurface", "internalId": 3}"#, "steps[0].surface", "missing"),
    ])
    func badStepDiagnostics(step: String, path: String, messagePart: String) throws {
        let (s, d) = try steps(step)
        #expect(s.isEmpty)
        #expect(d.count == 1)
        #expect(d.first?.code == "bad-step")
        #expect(d.first?.step == 0)
        #expect(d.first?.path == path)
        #expect(d.first?.message.contains(messagePart) == true, "\(d.first?.message ?? "")")
    }
}

@Suite struct OtherStepTests {
    @Test func batchKeepsTheTopLevelIndexAndNestedPaths() throws {
        let (s, d) = try steps(
            #"""
            {"type": "tick", "ms": 16},
            {"type": "batch", "steps": [
                {"type": "SET_TEXT_VALUE", "internalId": 6, "textValue": "1 of 4"},
                {"type": "SET_STYLE", "internalId": "eight"},
                {"type": "STOP", "internalId": 5},
                {"type": "tick", "ms": 5}
            ]}
            """#)
        #expect(s.count == 2)
        guard case .batch(let inner) = s[1].kind else {
            Issue.record("not a batch")
            return
        }
        #expect(s[1].index == 1 && s[1].path == "steps[1]")
        #expect(inner.map(\.index) == [1, 1])
        #expect(inner.map(\.path) == ["steps[1].steps[0]", "steps[1].steps[2]"])
        #expect(d.map(\.path) == ["steps[1].steps[1].internalId", "steps[1].steps[3].type"])
        #expect(d.allSatisfy { $0.step == 1 && $0.code == "bad-step" })
    }

    @Test func inputLifecycleAndSnapshotSteps() throws {
        let (s, d) = try steps(
            #"""
            {"type": "press", "internalId": 7}, {"type": "Release", "internalId": 7},
            {"type": "tap", "internalId": 3, "textValue": "Back"}, {"type": "select", "internalId": 7, "value": 1},
            {"type": "scroll", "internalId": 9, "value": 300.4}, {"type": "input", "internalId": 5, "textValue": \#
            "anna"},
            {"type": "sys", "textValue": "pause"}, {"type": "back"}, {"type": "snapshot", "name": "after"},
            {"type": "tick", "ms": 16.6}
            """#)
        #expect(d.isEmpty)
        #expect(
            s.map(\.kind) == [
                .input(.press, internalId: 7, value: 0, text: ""), .input(.release, internalId: 7, value: 0, text: ""),
                .input(.tap, internalId: 3, value: 0, text: "back"), .input(.select, internalId: 7, value: 1, text: ""),
                .input(.scroll, internalId: 9, value: 300, text: ""),
                .input(.input, internalId: 5, value: 0, text: "anna"),
                .sys("PAUSE"), .back, .snapshot(name: "after"), .tick(ms: 17),
            ])
    }

    @Test func setImageDataWithBase64OrFile() throws {
        let (s, d) = try steps(
            #"""
            {"type": "setImageData", "internalId": 12, "image": {"format": "rgb565", "width": 2, "height": 1, "data": \#
            "AQIDBA=="}},
            {"type": "setImageData", "internalId": 13, "image": {"format": 5, "width": 1, "height": 1, "levels": 1, \#
            "data": "/wAA/w=="}},
            {"type": "setImageData", "internalId": 14, "image": {"file": "photo@2x.png"}}
            """#)
        #expect(d.isEmpty)
        #expect(
            s.map(\.kind) == [
                .setImageData(
                    internalId: 12, image: PackedImage(format: .RGB565, width: 2, height: 1, data: [1, 2, 3, 4])),
                .setImageData(
                    internalId: 13, image: PackedImage(format: .RGBA8, width: 1, height: 1, data: [255, 0, 0, 255])),
                .setImageData(
                    internalId: 14, image: PackedImage(format: .RGBA8, width: 0, height: 0, file: "photo@2x.png")),
            ])
    }

    @Test func setSurfaceOpsBecomeCanvasCalls() throws {
        let (s, d) = try steps(
            #"""
            {"type": "setSurface", "internalId": 12, "surface": {"width": 200, "height": 120, "draw": [
                ["fillStyle", "#ff6d00"], ["fillRect", 0, 0, 100, 60], ["arc", 150, 60, 40, 0, 6.2832, false],
                ["setLineDash", [4, 2]], ["setLineDash", 3, 1],
                ["fillStyle", ["linearGradient", 0, 0, 0, 100, [[0, "#fff"], [1, "#000"]]]],
                ["wobble", 1], ["fillRect", 0, 0], 42, ["lineTo", 1, NaN], ["beginPath"]
            ]}}
            """#)
        guard case .setSurface(let id, let surface)? = s.first?.kind else {
            Issue.record("no surface")
            return
        }
        #expect(id == 12 && surface.width == 200 && surface.height == 120)
        #expect(
            surface.ops == [
                CanvasOp(name: "fillStyle", args: [.string("#ff6d00")]),
                CanvasOp(name: "fillRect", args: [.number(0), .number(0), .number(100), .number(60)]),
                CanvasOp(
                    name: "arc",
                    args: [.number(150), .number(60), .number(40), .number(0), .number(6.2832), .bool(false)]),
                CanvasOp(name: "setLineDash", args: [.array([.number(4), .number(2)])]),
                CanvasOp(name: "setLineDash", args: [.array([.number(3), .number(1)])]),
                CanvasOp(
                    name: "fillStyle",
                    args: [
                        .array([
                            .string("linearGradient"), .number(0), .number(0), .number(0), .number(100),
                            .array([.array([.number(0), .string("#fff")]), .array([.number(1), .string("#000")])]),
                        ])
                    ]),
                CanvasOp(name: "beginPath", args: []),
            ])
        // Four bad calls are dropped with warnings naming each one's path; the surface stays.
        #expect(d.map(\.code) == Array(repeating: "bad-canvas-op", count: 4))
        #expect(d.map(\.path) == (6...9).map { "steps[0].surface.draw[\($0)]" })
        #expect(d.allSatisfy { $0.severity == .warning })
    }
}
