import Foundation
import TestSupport
import Testing

/// Issue 29's messages, through the binary as a user meets them: a misspelling gets the nearest
/// name (one helper, `NearestName`), usage errors exit 64, a fonts folder the user named must exist,
/// and a session from a newer format says what to do.
@Suite struct UsageMessageTests {
    static let sample = Hostile.root + "/Examples/login-form.json"

    static func render(_ args: [String], environment: [String: String] = [:]) throws -> Subprocess {
        guard let binary = Repository.renderBinary() else { throw Missing() }
        return try Subprocess.run(binary, args, in: Hostile.root, environment: environment)
    }
    struct Missing: Error, CustomStringConvertible {
        var description: String { "no render binary next to the tests; build the package first" }
    }

    /// A session file in a fresh folder; returns its path.
    static func session(_ bytes: [UInt8]) throws -> String {
        let dir = try TemporaryFolder.make("usage")
        try Data(bytes).write(to: URL(fileURLWithPath: dir + "/s.json"))
        return dir + "/s.json"
    }

    @Test func unknownOptionIsNamedWithTheNearestOne() throws {
        let out = try TemporaryFolder.make("usage-out")
        let r = try Self.render([Self.sample, "--ouput", out + "/x.png"])
        #expect(r.status == 64)
        #expect(r.stderr.contains("unknown option '--ouput'; did you mean '--output'?"), "\(r.stderr)")
        #expect(!r.stderr.contains("give one session"))
        // In a subcommand too, instead of ArgumentParser's guess from every option.
        let c = try Self.render(["check", Self.sample, "--recrod", "missing"])
        #expect(c.status == 64)
        #expect(c.stderr.contains("unknown option '--recrod'; did you mean '--record'?"), "\(c.stderr)")
    }

    @Test func unknownThemeIsAUsageErrorWithTheBuiltInNames() throws {
        let out = try TemporaryFolder.make("usage-theme")
        let r = try Self.render([Self.sample, "--theme", "darkk", "-o", out + "/x.png"])
        #expect(r.status == 64)
        #expect(r.stderr.contains("--theme darkk: no built-in theme of that name"), "\(r.stderr)")
        #expect(r.stderr.contains("built-in: android, default, ios"))
        let near = try Self.render([Self.sample, "--theme", "defualt", "-o", out + "/x.png"])
        #expect(near.status == 64 && near.stderr.contains("did you mean \"default\"?"), "\(near.stderr)")
    }

    @Test func fontsFoldersTheUserNamedMustExist() throws {
        let out = try TemporaryFolder.make("usage-fonts")
        let png = out + "/x.png"
        let fonts = try Self.render([Self.sample, "--fonts", "/nonexistent-fonts", "-o", png])
        #expect(fonts.status == 64 && fonts.stderr.contains("--fonts /nonexistent-fonts: no such folder"))
        let dir = try Self.render([Self.sample, "--fonts-dir", "/nonexistent-fonts", "-o", png])
        #expect(dir.status == 64 && dir.stderr.contains("--fonts-dir /nonexistent-fonts: no such folder"))
        let empty = try Self.render([Self.sample, "--fonts-dir", "", "-o", png])
        #expect(empty.status == 64 && empty.stderr.contains("--fonts-dir needs a folder, and the value is empty"))
        let env = try Self.render(
            [Self.sample, "-o", png], environment: ["PREVIEW_RENDERER_FONTS": "/nonexistent-fonts"])
        #expect(env.status == 64)
        #expect(env.stderr.contains("PREVIEW_RENDERER_FONTS=/nonexistent-fonts: no such folder"), "\(env.stderr)")
        #expect(!FileManager.default.fileExists(atPath: png))
    }

    @Test func misspeltSessionKeyAndCommandGetTheNearestName() throws {
        let path = try Self.session(
            Hostile.session([
                #"{"type": "CREATE_TEXT", "internalId": 3, "childInternalID": 4, "textValue": "a"}"#,
                #"{"type": "CREATE_TEXTFEILD", "internalId": 3, "childInternalId": 5}"#,
            ]))
        let r = try Self.render(["validate", path])
        #expect(
            r.stderr.contains("unknown key \"childInternalID\" ignored (did you mean \"childInternalId\"?)"),
            "\(r.stderr)")
        #expect(r.stderr.contains("unknown step type \"CREATE_TEXTFEILD\" (did you mean \"CREATE_TEXTFIELD\"?)"))
    }

    @Test func newerFormatVersionAsksForANewerRenderer() throws {
        let path = try Self.session(
            Array(#"{"format": "framework-session", "version": 2, "steps": []}"#.utf8))
        let out = try TemporaryFolder.make("usage-version")
        let r = try Self.render([path, "-o", out + "/x.png"])
        #expect(r.status == 1)
        #expect(
            r.stderr.contains("this renderer reads version 1; the file needs a newer PreviewRenderer"), "\(r.stderr)")
    }

    /// Issue 46, "One voice": every usage error is `render: error: ...` with one usage line of the
    /// command the arguments name (never ArgumentParser's `Error:` and `Usage: render <subcommand>`).
    @Test func usageErrorsSpeakInOneVoiceWithTheCommandsUsageLine() throws {
        let out = try TemporaryFolder.make("usage-voice")
        let device = try Self.render([Self.sample, "--device", "390x844", "-o", out + "/x.png"])
        #expect(device.status == 64)
        #expect(device.stderr.hasPrefix("render: error: --device 390x844: "), "\(device.stderr)")
        #expect(device.stderr.contains("390x844@2"), "\(device.stderr)")
        #expect(device.stderr.contains("\nusage: render draw "), "\(device.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out + "/x.png"))
        let merge = try Self.render(["report", "merge", out])
        #expect(merge.status == 64)
        #expect(merge.stderr.hasPrefix("render: error: Missing expected argument '--output"), "\(merge.stderr)")
        #expect(merge.stderr.contains("\nusage: render report merge <folders>"), "\(merge.stderr)")
        let unknown = try Self.render(["report", "merge", out, "-o", out + "/m", "--snapshot", "x"])
        #expect(unknown.status == 64)
        #expect(
            unknown.stderr.contains("unknown option '--snapshot'; did you mean '--snapshots'?"), "\(unknown.stderr)")
        #expect(unknown.stderr.contains("see `render report merge --help`"), "\(unknown.stderr)")
        for r in [device, merge, unknown] {
            #expect(!r.stderr.contains("Error:") && !r.stderr.contains("<subcommand>") && !r.stderr.contains("Help:"))
            #expect(r.stderr.split(separator: "\n").filter { $0.hasPrefix("usage: ") }.count == 1, "\(r.stderr)")
        }
    }

    /// Nearest names for a device preset, a snapshot and an element id; a folder points to --out-dir.
    @Test func devicesSnapshotsAndElementsGetTheNearestName() throws {
        let out = try TemporaryFolder.make("usage-near")
        let preset = try Self.render([Self.sample, "--device", "iphone15", "-o", out + "/x.png"])
        #expect(preset.status == 64 && preset.stderr.contains("did you mean 'iphone-15'?"), "\(preset.stderr)")
        let snapshot = try Self.render([Self.sample, "--snapshot", "filed", "-o", out + "/x.png"])
        #expect(snapshot.status == 4)
        #expect(snapshot.stderr.contains("no snapshot named 'filed' (did you mean 'filled'?"), "\(snapshot.stderr)")
        let path = try Self.session(
            Hostile.session([#"{"type": "CREATE_TEXT", "internalId": 3, "childInternalId": 4, "textValue": "a"}"#]))
        let element = try Self.render([path, "--element", "44", "-o", out + "/e.png"])
        #expect(element.status == 64)
        #expect(element.stderr.contains("no element 44 in this frame (did you mean 4?)"), "\(element.stderr)")
        let folder = try Self.render([out])
        #expect(folder.status == 64)
        #expect(folder.stderr.contains("render: error: \(out) is a folder"), "\(folder.stderr)")
        #expect(folder.stderr.contains("--out-dir"), "\(folder.stderr)")
    }

    @Test func restampGoesAlone() throws {
        let r = try Self.render(["check", Self.sample, "--restamp", "--record", "missing"])
        #expect(r.status == 64 && r.stderr.contains("--restamp rewrites sidecars only"))
    }
}
