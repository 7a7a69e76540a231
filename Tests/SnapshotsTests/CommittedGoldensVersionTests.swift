import Foundation
import RenderPipeline
import Testing

@testable import Snapshots

/// Every committed golden says which renderer recorded it: a sidecar (or a frames golden's
/// frames.json) of another version than this binary's makes every `render check` note an
/// environment change. After a version change, `render check --restamp` (docs/decisions/
/// 2026-11-27-render-check-restamp.md) brings the identical goldens up to date in one command.
struct CommittedGoldensVersionTests {
    /// Folders that hold committed goldens (sidecars beside PNGs), searched recursively.
    static let folders = ["Snapshots", "Integration/Consumer", "Tests"]

    /// Sidecars and frames goldens under the repository's golden folders, with their version.
    static func stamped() -> [(file: String, version: String)] {
        var out: [(String, String)] = []
        for folder in folders {
            let root = Support.root + "/" + folder
            guard let walk = FileManager.default.enumerator(atPath: root) else { continue }
            while let rel = walk.nextObject() as? String {
                if rel.hasPrefix(".build") || rel.contains("/.build/") {
                    walk.skipDescendants()
                    continue
                }
                guard rel.hasSuffix(".json"), let data = FileManager.default.contents(atPath: root + "/" + rel) else {
                    continue
                }
                if rel.hasSuffix("/frames.json"), let g = try? JSONDecoder().decode(FramesGolden.self, from: data) {
                    out.append((folder + "/" + rel, g.environment.rendererVersion))
                } else if let s = try? JSONDecoder().decode(SnapshotSidecar.self, from: data) {
                    out.append((folder + "/" + rel, s.environment.rendererVersion))
                }
            }
        }
        return out
    }

    @Test func everyCommittedGoldenCarriesThisVersion() {
        let all = Self.stamped()
        // The goldens of the samples, their platform looks, the frames goldens and the consumer package.
        #expect(all.count >= 150, "found only \(all.count) sidecars")
        let stale = all.filter { $0.version != PreviewRendererVersion.string }
        #expect(
            stale.isEmpty,
            """
            \(stale.count) committed goldens say another renderer version than \(PreviewRendererVersion.string) \
            (first: \(stale.prefix(3).map { "\($0.file) \($0.version)" }.joined(separator: ", "))): re-stamp the \
            identical ones with `render check Examples --restamp --ticks` (and --theme ios / android), re-record \
            the others
            """)
    }
}
