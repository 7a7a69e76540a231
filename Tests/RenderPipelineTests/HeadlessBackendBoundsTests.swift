import Foundation
import Primitives
import SessionFormat
import TestSupport
import Testing

@testable import RenderPipeline

/// What a long-lived `HeadlessBackend` holds stays bounded: the recording keeps pixel payloads on
/// disk (equal ones once) and stops at a session file's budget, saying so in the written file;
/// events an app does not poll are capped. The counts are of bytes and items, not of time.
@Suite struct HeadlessBackendBoundsTests {
    /// A 100 x 100 px surface (50 x 50 dp at scale 2) of one opaque grey level.
    static func surface(_ level: UInt8) -> SurfacePayload {
        let pixel: [UInt8] = [level, level, level, 255]
        let px = [[UInt8]](repeating: pixel, count: 100 * 100).flatMap { $0 }
        return SurfacePayload(width: 50, height: 50, ops: [], pixels: Bitmap(width: 100, height: 100, pixels: px))
    }

    static func backend(_ recording: SessionRecording = SessionRecording(), maxPendingEvents: Int = 100_000) throws
        -> HeadlessBackend
    {
        let b = HeadlessBackend(
            device: HeadlessBackendTests.device, renderer: try PipelineHarness.renderer(), recording: recording,
            maxPendingEvents: maxPendingEvents)
        for c in HeadlessBackendTests.startup { b.send(c) }
        return b
    }

    @Test func payloadsAreKeptOnDiskOnceEachAndReplayExactly() throws {
        let b = try Self.backend()
        // 50 surfaces of 40,000 bytes, 10 distinct (a canvas re-sent unchanged most frames).
        for i in 0..<50 { b.setSurface(7, Self.surface(UInt8(i % 10 * 20))) }
        let r = b.recording
        #expect(r.payloadsRecorded == 50)
        #expect(r.payloadsShared == 40)
        #expect(r.payloadDiskBytes == 10 * 40_000)
        #expect(r.payloadMemoryBytes == 0)
        #expect(r.notExact == nil)
        let frame = try b.screenshot(named: "last")

        // Written a step at a time, it decodes to the very steps given, and replays to the frame.
        let dir = try TemporaryFolder.make("bounds")
        let path = dir + "/recorded.json"
        try b.writeRecordedSession(to: path, name: "recorded")
        let (decoded, diags) = try SessionDecoder().decode(fileAt: path)
        #expect(diags.isEmpty, "\(diags)")
        let surfaces = decoded.steps.compactMap { s -> SurfacePayload? in
            if case .setSurface(_, let p) = s.kind { return p } else { return nil }
        }
        #expect(surfaces == (0..<50).map { Self.surface(UInt8($0 % 10 * 20)) })
        // The same bytes as the whole session encoded in memory.
        let whole = SessionWriter.encode(b.recordedSession(name: "recorded"), folder: dir)
        #expect(try Array(Data(contentsOf: URL(fileURLWithPath: path))) == whole)
        let r2 = try PipelineHarness.renderer()
        let rendered = try r2.renderAll(decoded, r2.replay(decoded)) { $0.kind == .snapshot }
        #expect(rendered.frames.last?.bitmap == frame)
    }

    @Test func aSessionWrittenAgainAppendsItsNewStepsToTheSameBytes() throws {
        let b = try Self.backend()
        let dir = try TemporaryFolder.make("bounds")
        let path = dir + "/live.json"
        // A live app's walk: steps (payloads among them), the session written after each input.
        for round in 0..<4 {
            for i in 0..<3 { b.tick(round * 10 + i) }
            b.setSurface(7, Self.surface(UInt8(round * 40)))
            try b.writeRecordedSession(to: path, name: "live")
            let whole = SessionWriter.encode(b.recordedSession(name: "live"), folder: dir)
            #expect(try Array(Data(contentsOf: URL(fileURLWithPath: path))) == whole, "round \(round)")
        }
        #expect(b.recording.appendedWrites == 3)
        // A file replaced since (another writer, the same size) is written whole again, never appended to.
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        try Data(repeating: 0x20, count: before.count).write(to: URL(fileURLWithPath: path), options: .atomic)
        b.tick(99)
        try b.writeRecordedSession(to: path, name: "live")
        let whole = SessionWriter.encode(b.recordedSession(name: "live"), folder: dir)
        #expect(try Array(Data(contentsOf: URL(fileURLWithPath: path))) == whole)
        #expect(b.recording.appendedWrites == 3)
        // Another header (the session's name) or another file: whole too.
        b.tick(100)
        try b.writeRecordedSession(to: path, name: "renamed")
        #expect(
            try Array(Data(contentsOf: URL(fileURLWithPath: path)))
                == SessionWriter.encode(b.recordedSession(name: "renamed"), folder: dir))
        try b.writeRecordedSession(to: dir + "/other.json", name: "renamed")
        #expect(b.recording.appendedWrites == 3)
        try b.writeRecordedSession(to: dir + "/other.json", name: "renamed")
        #expect(b.recording.appendedWrites == 4)
    }

    @Test func theRecordingStopsAtTheFileBudgetAndTheFileSaysSo() throws {
        // Room for two surfaces' base64 (53,336 bytes each) after the header's 64 KiB.
        let b = try Self.backend(SessionRecording(maxFileBytes: 64 * 1024 + 120_000))
        for i in 0..<5 { b.setSurface(7, Self.surface(UInt8(i * 40))) }
        let full = b.diagnostics.filter { $0.code == "recording-full" }
        let startup = HeadlessBackendTests.startup.count
        #expect(full.count == 1)
        #expect(full.first?.step == startup + 2, "\(full)")
        #expect(b.recording.stepCount == startup + 2)
        #expect(b.recording.payloadDiskBytes == 2 * 40_000)
        #expect(b.recording.stepBytes <= 120_000)
        #expect(b.recording.notExact?.contains("step \(startup + 2)") == true)

        let dir = try TemporaryFolder.make("bounds")
        try b.writeRecordedSession(to: dir + "/cut.json")
        let (decoded, diags) = try SessionDecoder().decode(fileAt: dir + "/cut.json")
        #expect(decoded.steps.count == startup + 2)
        #expect(diags.map(\.code) == ["recording-not-exact"])
        #expect(diags.first?.message.contains("not recorded") == true, "\(diags)")
    }

    @Test func theRecordingStopsAtASessionsStepLimit() throws {
        let b = try Self.backend(SessionRecording(maxSteps: 20))
        for i in 0..<30 { b.tick(i) }
        #expect(b.recording.stepCount == 20)
        #expect(b.diagnostics.filter { $0.code == "recording-full" }.map(\.step) == [20])
        #expect(b.recordedSteps.count == 20)
        #expect(b.recordedSession().notExact != nil)
    }

    @Test func eventsAnAppDoesNotPollAreCapped() throws {
        let b = try Self.backend(maxPendingEvents: 5)
        // START and RESUME at boot, then one ValueEvent per tap: 12 events for 5 places.
        for _ in 0..<10 { b.tap(4) }
        #expect(b.droppedEvents == 7)
        let first = b.diagnostics.filter { $0.code == "events-dropped" }
        #expect(first.count == 1)
        #expect(first.first?.message.contains("5 events") == true, "\(first)")
        let polled = b.pollEvents()
        #expect(polled.filter { $0.type != "ImageRequestEvent" }.count == 5)
        #expect(b.droppedEvents == 0)
        let summary = b.diagnostics.filter { $0.code == "events-dropped" }
        #expect(summary.count == 2)
        #expect(summary.last?.message.hasPrefix("7 events were dropped") == true, "\(summary)")
        // Polled, the queue takes events again.
        b.tap(4)
        #expect(b.pollEvents().filter { $0.type == "ValueEvent" }.count == 1)
    }
}
