import Primitives
import RenderPipeline
import SessionFormat
import Styles

/// The measured part of the report: replays and lays out a session twice with the same looks (the
/// `default` theme, or the one given) but the iOS and then the Android profile, and gives each
/// finding's element its final frame under both. Looks are kept equal on purpose, so a differing
/// frame comes from behaviour, not from the ios/android themes' bar heights or fonts.
package final class PortabilityMeasurer {
    private let iosRenderer: Renderer
    private let androidRenderer: Renderer

    /// `base`: the looks (default: the built-in `default` theme); `device` overrides the session's.
    package init(fontsDirectory: String, base: Theme? = nil, device: Device? = nil, fontScale: Double = 1) throws {
        let looks = try base ?? ThemeLoader.load("default")
        func renderer(_ platform: String) throws -> Renderer {
            var t = looks
            t.platform = platform
            var o = RenderOptions(fontsDirectory: fontsDirectory)
            o.themeValue = t
            o.device = device
            o.fontScale = fontScale
            return try Renderer(options: o)
        }
        iosRenderer = try renderer("ios")
        androidRenderer = try renderer("android")
    }

    /// Decodes a session file (with the device override, if any).
    package func load(path: String) throws -> Session {
        _ = try androidRenderer.load(path: path)  // opens the session's own fonts for this renderer too
        return try iosRenderer.load(path: path).0
    }

    /// Final frames (dp) of every laid-out element under the iOS and the Android profile.
    package func frames(_ session: Session) -> (ios: [Int: Rect], android: [Int: Rect]) {
        (
            iosRenderer.finalLayout(session)?.layout.elements.mapValues(\.frame) ?? [:],
            androidRenderer.finalLayout(session)?.layout.elements.mapValues(\.frame) ?? [:]
        )
    }

    /// The findings with `effect` filled in for those that can change layout and name an element laid
    /// out under either profile. The frame is the one at the end of the session: every difference
    /// before it contributes, not only this finding's.
    package func measure(_ findings: [PortabilityFinding], in session: Session) -> [PortabilityFinding] {
        guard findings.contains(where: { $0.elementId != nil && $0.kind.affectsLayout }) else { return findings }
        let (i, a) = frames(session)
        return findings.map { f in
            var f = f
            if f.kind.affectsLayout, let id = f.elementId, i[id] != nil || a[id] != nil {
                f.effect = MeasuredEffect(elementId: id, ios: i[id], android: a[id])
            }
            return f
        }
    }
}
