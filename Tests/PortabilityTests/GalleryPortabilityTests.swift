import SessionFormat
import Testing

@testable import Gallery
@testable import Portability

/// The gallery's collapsible portability section: a summary with the counts, one row per finding,
/// escaped text, nothing that needs a server or a script.
@Test func gallerySectionListsEveryFinding() {
    let s = P.session([P.create(.CREATE_TEXT, 4, in: 3), P.style(4, "padding", "10 20"), P.style(4, "color", "<red>")])
    let r = PortabilityReport.make(s)
    let html = GalleryPortability.section(r)
    #expect(html.hasPrefix("<details class=\"portability\""))
    #expect(
        html.contains(
            """
            <summary><b>Portability</b>: \(r.findings.count) differences between iOS and Android (shorthand-list 1,\
             ios-colour 1, android-colour 1)</summary>
            """
        ))
    #expect(html.components(separatedBy: "<tr data-kind=").count - 1 == r.findings.count)
    #expect(html.contains("&lt;red&gt;") && !html.contains("<red>"))
    #expect(!html.contains("<script"))
    #expect(
        GalleryPortability.section(PortabilityReport.make(P.session([]))).contains(
            "no differences between iOS and Android"))
}
