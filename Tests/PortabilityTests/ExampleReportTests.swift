import Foundation
import SessionFormat
import Testing

@testable import Portability

/// The report over the shared sessions (Examples/): deterministic, and naming the differences the
/// sessions are known to have.
@Suite struct ExampleReportTests {
    static func load(_ name: String) throws -> Session {
        try SessionDecoder().decode(fileAt: P.root + "/Examples/\(name).json").0
    }

    static var sessionNames: [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: P.root + "/Examples")) ?? []
        return files.filter { $0.hasSuffix(".json") && !$0.hasSuffix(".expect.json") }.map { String($0.dropLast(5)) }
            .sorted()
    }

    @Test func everySharedSessionGivesTheSameReportTwice() throws {
        #expect(Self.sessionNames.count >= 14)
        for name in Self.sessionNames {
            let s = try Self.load(name)
            let a = PortabilityReport.make(s)
            let b = PortabilityReport.make(try Self.load(name))
            #expect(a.text == b.text, "\(name)")
            #expect(a.json == b.json, "\(name)")
            // Ordered by step, then kind.
            let steps = a.findings.map(\.step)
            #expect(zip(steps, steps.dropFirst()).allSatisfy { $0 <= $1 }, "\(name)")
        }
    }

    @Test func example1FrontView() throws {
        let r = PortabilityReport.make(try Self.load("example1-front-view"))
        // `border: 1` on the markdown label (13), its markdown heading and min-scale, and the 1000 ms timer's target.
        #expect(
            r.findings.contains {
                $0.kind == .loneBorder && $0.elementId == 13 && $0.step == 25 && $0.key == "border" && $0.value == "1"
            })
        #expect(r.findings.contains { $0.kind == .markdown && $0.elementId == 13 && $0.step == 24 })
        #expect(r.findings.contains { $0.kind == .ignoredKey && $0.elementId == 13 && $0.key == "min-scale" })
        #expect(r.findings.contains { $0.kind == .timerTarget && $0.elementId == 1 && $0.step == 2 })
        #expect(!r.findings.contains { $0.kind == .timerInterval })  // 1000 ms: the same on both
    }

    @Test func example1SecondaryPageDropsTheAppBarAtTheViewSwitch() throws {
        let r = PortabilityReport.make(try Self.load("example1-secondary-page"))
        let bars = r.findings.filter { $0.kind == .appBarDropped }
        #expect(bars.count == 1 && bars.first?.elementId == 3 && bars.first?.elementKind == .actionBar)
        #expect(r.findings.contains { $0.kind == .clickValue && $0.elementId == 12 })
        #expect(r.findings.contains { $0.kind == .mainAxisMatchParent && $0.elementId == 26 && $0.key == "width" })
    }

    @Test func example1ThirdPageTurnsThePageOnIOSOnly() throws {
        let r = PortabilityReport.make(try Self.load("example1-third-page"))
        let taps = r.findings.filter { $0.kind == .navigationTap }
        #expect(taps.count == 1 && taps.first?.elementId == 19 && taps.first?.elementKind == .navigationBarItem)
        #expect(taps.first?.message.contains("iOS shows page 2 of flipperLayout 15") == true)
    }

    @Test func otherSharedSessions() throws {
        let settings = PortabilityReport.make(try Self.load("settings"))
        #expect(settings.findings.filter { $0.kind == .unsupportedWidget }.compactMap(\.elementId) == [29, 31, 33])
        let timers = PortabilityReport.make(try Self.load("timers-and-spinner"))
        #expect(timers.findings.contains { $0.kind == .timerInterval && $0.value == "250" })
        #expect(timers.findings.contains { $0.kind == .ignoredCommand && $0.command.hasPrefix("STOP") })
        let states = PortabilityReport.make(try Self.load("states-matrix"))
        #expect(states.findings.contains { $0.kind == .selectorDropped && $0.command.contains("LINK") })
        let weights = PortabilityReport.make(try Self.load("linear-weights"))
        #expect(weights.findings.filter { $0.kind == .shorthandList }.count == 8)
        let text = PortabilityReport.make(try Self.load("text-wrapping"))
        #expect(text.findings.filter { $0.kind == .ignoredKey && $0.key == "font-style" }.count == 2)
    }
}
