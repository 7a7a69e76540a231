import Foundation
import Portability
import SessionFormat
import Snapshots

/// The gallery's "Portability" section: per session, a collapsed `<details>` with the steps whose
/// result differs between the iOS and Android profiles (docs/portability.md). Plain HTML with inline
/// styles, no script, so the page still works from `file://`.
enum GalleryPortability {
    /// HTML per session name (the gallery's name for it); a session that cannot be read gets none.
    static func sections(sessions: [String], fontsDirectory: String) -> [String: String] {
        let measurer = try? PortabilityMeasurer(fontsDirectory: fontsDirectory)
        var out: [String: String] = [:]
        for path in sessions {
            let session =
                measurer.flatMap { try? $0.load(path: path) } ?? (try? SessionDecoder().decode(fileAt: path).0)
            guard let session else { continue }
            out[SnapshotSettings.goldenName(session: path, snapshot: nil)] = section(
                PortabilityReport.make(session, measurer: measurer))
        }
        return out
    }

    static func section(_ r: PortabilityReport) -> String {
        let esc = GalleryHTML.esc
        let counts = r.counts.map { "\($0.kind.code) \($0.count)" }.joined(separator: ", ")
        var h = "<details class=\"portability\" style=\"margin:8px 0\"><summary><b>Portability</b>: "
        h +=
            r.findings.isEmpty
            ? "no differences between iOS and Android"
            : """
            \(r.findings.count) difference\(r.findings.count == 1 ? "" : "s") between iOS and Android \
            (\(esc(counts)))
            """
        h += "</summary>\n"
        guard !r.findings.isEmpty else { return h + "</details>\n" }
        let cell = "style=\"border:1px solid #ddd;padding:2px 6px;vertical-align:top\""
        h += "<table style=\"border-collapse:collapse;font-size:12px;background:#fff\"><tr>"
        h +=
            ["step", "command", "kind", "element", "what differs", "frame at the end (dp)"].map {
                "<th \(cell)>\($0)</th>"
            }.joined() + "</tr>\n"
        for f in r.findings {
            let element = f.elementId.map { "\($0)" + (f.elementKind.map { " " + $0.rawValue } ?? "") } ?? ""
            let frames = f.effect.map { $0.text } ?? ""
            let mark =
                f.effect?.differs == true
                ? " style=\"border:1px solid #ddd;padding:2px 6px;vertical-align:top;background:#fef7e0\"" : " \(cell)"
            h +=
                """
                <tr data-kind=\"\(esc(f.kind.code))\"><td \(cell)>\(f.step)</td><td \
                \(cell)><code>\(esc(f.command))</code></td>
                """
            h +=
                """
                <td \(cell)><code>\(esc(f.kind.code))</code></td><td \(cell)>\(esc(element))</td><td \
                \(cell)>\(esc(f.message))</td><td\(mark)>\(esc(frames))</td></tr>\n
                """
        }
        return h + "</table></details>\n"
    }
}
