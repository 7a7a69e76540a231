import Foundation
import Primitives
import Testing

@testable import SessionFormat

/// Decodes a JSON text as if it were the file /work/s/demo.json.
func decode(_ json: String, path: String = "/work/s/demo.json") throws -> (Session, [Diagnostic]) {
    try SessionDecoder().decode(data: Array(json.utf8), path: path)
}

/// A minimal valid session with the given steps (JSON text).
func sessionJSON(_ steps: String, extra: String = "") -> String {
    "{\"format\": \"framework-session\", \"version\": 1, \(extra) \"steps\": [\(steps)]}"
}

/// The error thrown for `json`, or nil.
func sessionError(_ json: String) -> SessionError? {
    do {
        _ = try decode(json)
        return nil
    } catch let e as SessionError { return e } catch { return nil }
}

@Suite struct SessionDecoderTopLevelTests {
    @Test func defaultsForAMinimalFile() throws {
        let (s, diags) = try decode(sessionJSON(""))
        #expect(diags.isEmpty)
        #expect(s.name == "demo")
        #expect(s.description == nil)
        #expect(s.device == Device(width: 360, height: 640, scale: 2))
        #expect(s.device.pixelWidth == 720 && s.device.pixelHeight == 1280)
        #expect(s.assetsDirectory == "/work/s/assets")
        #expect(s.fontsDirectory == nil)
        #expect(s.sourcePath == "/work/s/demo.json")
        #expect(s.steps.isEmpty)
    }

    @Test func headerFieldsAndFoldersRelativeToTheFile() throws {
        let json = sessionJSON(
            "", extra: #""name": "login", "description": "one line", "assets": "../shared/img", "fonts": "fonts","#)
        let (s, _) = try decode(json, path: "/work/s/sub/x.json")
        #expect(s.name == "login")
        #expect(s.description == "one line")
        #expect(s.assetsDirectory == "/work/s/shared/img")
        #expect(s.fontsDirectory == "/work/s/sub/fonts")
    }

    @Test(arguments: [
        ("../../etc/x", "etc-x"), ("a/b", "a-b"), ("..", "session"), ("line\nbreak", "line-break"),
        ("ok name", "ok name"),
    ])
    func namesAreMadeSafeForFileNames(name: String, expected: String) throws {
        let (s, d) = try decode(sessionJSON("", extra: "\"name\": \(EventSafe.quote(name)),"))
        #expect(s.name == expected)
        #expect(d.map(\.code) == (name == expected ? [] : ["bad-name"]))
    }

    @Test func unknownTopLevelKeyIsAWarning() throws {
        // (`theme` was this test's unknown key until sessions recorded their theme.)
        let (_, diags) = try decode(sessionJSON("", extra: #""colorScheme": "dark","#))
        #expect(diags.count == 1)
        #expect(diags.first?.severity == .warning)
        #expect(diags.first?.code == "unknown-key")
        #expect(diags.first?.path == "colorScheme")
    }

    @Test func notJSONNamesFileLineAndColumn() throws {
        let e = try #require(sessionError("{\"format\": \"framework-session\",\n\"version\": 1\n\"steps\": []}"))
        #expect(e.file == "/work/s/demo.json")
        #expect(e.location == "line 3 column 1")
        #expect(e.reason.contains("not valid JSON"))
        #expect(e.description.hasPrefix("/work/s/demo.json: line 3 column 1: error:"))
    }

    @Test(arguments: [
        (#"[1, 2]"#, nil as String?, "top level"),
        (#"{"version": 1, "steps": []}"#, "format", "missing"),
        (#"{"format": "other", "version": 1, "steps": []}"#, "format", "framework-session"),
        (#"{"format": "framework-session", "steps": []}"#, "version", "missing"),
        (#"{"format": "framework-session", "version": 2, "steps": []}"#, "version", "needs a newer PreviewRenderer"),
        (#"{"format": "framework-session", "version": "1", "steps": []}"#, "version", "unsupported"),
        (#"{"format": "framework-session", "version": 1}"#, "steps", "missing"),
        (#"{"format": "framework-session", "version": 1, "steps": {}}"#, "steps", "must be an array"),
        (#"{"format": "framework-session", "version": 1, "name": 3, "steps": []}"#, "name", "must be a string"),
    ])
    func fatalProblemsAreRejected(json: String, location: String?, reasonPart: String) throws {
        let e = try #require(sessionError(json))
        #expect(e.location == location)
        #expect(e.reason.contains(reasonPart))
    }

    @Test func readsFromDiskAndReportsMissingFiles() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("h1-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("my-screen.json")
        try Data(sessionJSON(#"{"type": "tick", "ms": 5}"#).utf8).write(to: file)
        let (s, _) = try SessionDecoder().decode(fileAt: file.path)
        #expect(s.name == "my-screen")
        #expect(s.assetsDirectory == dir.appendingPathComponent("assets").standardizedFileURL.path)
        #expect(s.steps.map(\.kind) == [.tick(ms: 5)])
        do {
            _ = try SessionDecoder().decode(fileAt: dir.appendingPathComponent("nope.json").path)
            Issue.record("expected error")
        } catch let e as SessionError { #expect(e.reason == "no such file") }
    }
}

@Suite struct DeviceDecodingTests {
    @Test func explicitDevice() throws {
        let (s, _) = try decode(
            sessionJSON(
                "",
                extra:
                    #"""
                    "device": {"width": 390, "height": 844, "scale": 3, "statusBar": 47, "safeAreaBottom": 34, \#
                    "launchScreen": "logo.png"},
                    """#
            ))
        #expect(
            s.device
                == Device(
                    width: 390, height: 844, scale: 3, statusBar: 47, safeAreaBottom: 34, launchScreen: "logo.png"))
        #expect(s.device.pixelWidth == 1170 && s.device.pixelHeight == 2532)
    }

    @Test func presetWithOverrides() throws {
        let (s, _) = try decode(sessionJSON("", extra: #""device": {"preset": "Pixel-7", "scale": 2},"#))
        #expect(s.device.width == 412 && s.device.height == 915)
        #expect(s.device.statusBar == 24)
        #expect(s.device.scale == 2)
    }

    @Test func landscapePresetSwapsSides() throws {
        let (s, _) = try decode(sessionJSON("", extra: #""device": {"preset": "iphone-15-landscape"},"#))
        #expect(s.device.width == 852 && s.device.height == 393 && s.device.scale == 3)
    }

    @Test(arguments: [
        (#"{"preset": "nokia-3310"}"#, "unknown preset"),
        (#"{"scale": 5}"#, "scale"),
        (#"{"scale": 0.25}"#, "scale"),
        (#"{"width": -10}"#, "width"),
        (#"{"width": 0}"#, "width"),
        (#"{"width": 5000, "height": 800, "scale": 2}"#, "8192"),
        (#"{"width": "390"}"#, "must be a number"),
        (#"{"widht": 390}"#, "unknown key"),
        (#"{"height": NaN}"#, "finite"),
        (#"[390, 844]"#, "must be an object"),
    ])
    func badDevicesAreFatal(device: String, reasonPart: String) throws {
        let e = try #require(sessionError(sessionJSON("", extra: "\"device\": \(device),")))
        #expect(e.location == "device")
        #expect(e.reason.contains(reasonPart))
    }
}

@Suite struct DeviceParseTests {
    @Test(arguments: [
        ("390x844@3", Device(width: 390, height: 844, scale: 3)),
        ("360X640@2", Device(width: 360, height: 640, scale: 2)),
        ("412x915@2.625", Device(width: 412, height: 915, scale: 2.625)),
        ("phone", Device(width: 360, height: 640, scale: 2)),
        ("iphone-se", Device(width: 375, height: 667, scale: 2, statusBar: 20)),
        ("galaxy-s23", Device(width: 360, height: 780, scale: 3, statusBar: 24)),
        ("ipad", Device(width: 820, height: 1180, scale: 2, statusBar: 24)),
        ("tablet-10-landscape", Device(width: 1280, height: 800, scale: 2)),
        ("pixel-7@1", Device(width: 412, height: 915, scale: 1, statusBar: 24)),
    ])
    func parses(text: String, expected: Device) throws {
        #expect(try Device.parse(text) == expected)
    }

    @Test(arguments: ["", "390x", "x844@2", "390x844@", "390x844@9", "watch", "5000x5000@2", "-5x10@1"])
    func rejects(text: String) {
        #expect(throws: DeviceError.self) { try Device.parse(text) }
    }

    /// `WxH` without `@S` names no scale: an error showing the form, never a silent scale 2.
    @Test func sizeWithoutScaleShowsTheForm() {
        #expect(throws: DeviceError.self) { try Device.parse("390x844") }
        var message = ""
        do { _ = try Device.parse("390x844") } catch { message = "\(error)" }
        #expect(message.contains("390x844@2"), "\(message)")
    }

    /// A misspelt preset gets the nearest preset's name.
    @Test func misspeltPresetIsSuggested() {
        var message = ""
        do { _ = try Device.parse("iphone15") } catch { message = "\(error)" }
        #expect(message.contains("did you mean 'iphone-15'?"), "\(message)")
    }

    @Test func everyPresetIsValid() throws {
        for (name, d) in DevicePresets.all {
            try d.validate()
            #expect(DevicePresets.named(name.uppercased()) == d)
        }
        #expect(DevicePresets.all.count == 7)
    }
}

/// JSON string quoting for test inputs.
enum EventSafe {
    static func quote(_ s: String) -> String {
        "\""
            + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n") + "\""
    }
}
