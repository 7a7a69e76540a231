import Foundation
import Testing

@testable import Portability

/// The portability report's text (stdout) and Markdown (`--markdown`) with a session's text in
/// them (issue 28): a value with newlines, backticks and a would-be heading stays inside its line
/// and inside its code block.
@Suite struct ReportTextEscapingTests {
    static let value = "14 16```\n# injected\u{1b}[2J"
    static let report = PortabilityReport(
        session: "s|x",
        findings: [
            PortabilityFinding(
                step: 3, path: "steps[3]", kind: .shorthandList, command: "SET_STYLE 3 padding \"\(value)\"",
                elementId: 3, elementKind: nil, key: "padding", value: value, message: "iOS \(value)")
        ], measured: false)

    @Test func textHasOneLinePerFinding() {
        let lines = Self.report.text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 4, "\(lines)")  // header, the finding, the summary, the final newline
        #expect(lines[1].contains(#"16```\n# injected\u001b[2J"#))
    }

    @Test func markdownKeepsTheFindingInsideItsBlock() {
        let md = PortabilityMarkdown.document([Self.report])
        let lines = md.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(!lines.contains { $0.hasPrefix("# injected") })
        // The fence is longer than the backticks inside: the block closes where it should.
        let session = lines.firstIndex(of: "### s|x") ?? lines.endIndex
        let fences = lines[session...].filter { $0.hasPrefix("```") }
        #expect(fences == ["````", "````"], "\(fences)")
        #expect(lines.contains("| [s\\|x](#s\\|x) | 1 | shorthand-list 1 |"))
    }
}
