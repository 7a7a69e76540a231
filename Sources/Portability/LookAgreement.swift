import Layout
import Primitives
import RenderPipeline
import SessionFormat
import Styles
import WidgetTree

/// Checks that the portability report and the `ios` and `android` looks cannot disagree: replays a
/// session in both looks, compares what each element shows at every capture (the frames `render`
/// would write), and keeps the differences no finding of the report explains
/// (docs/decisions/2026-11-28-portability-agreement.md).
///
/// Texts, icons, images and whether an element is painted at all are compared in the two looks
/// themselves. Frames are not: the looks' metrics differ by design (bar heights, fonts, button
/// padding), and a different font moves every frame. Frames are compared where a rule says they
/// must be equal, with the looks made equal: the `default` theme's looks under the iOS and under
/// the Android profile, as the report's measurer lays them out.
package final class LookAgreement {
    private let looks: [Renderer]
    private let sameLooks: [Renderer]

    package init(fontsDirectory: String) throws {
        func renderer(_ theme: Theme) throws -> Renderer {
            var o = RenderOptions(fontsDirectory: fontsDirectory)
            o.themeValue = theme
            return try Renderer(options: o)
        }
        looks = try [renderer(ThemeLoader.load("ios")), renderer(ThemeLoader.load("android"))]
        let base = try ThemeLoader.load("default")
        sameLooks = try ["ios", "android"].map { platform in
            var t = base
            t.platform = platform
            return try renderer(t)
        }
    }

    /// The session at `path`, its report's findings, every difference, and those no finding explains.
    package func check(path: String) throws -> LookAgreementResult {
        try check(session: SessionDecoder().decode(fileAt: path).0)
    }

    /// The same for a decoded session.
    package func check(session decoded: Session) throws -> LookAgreementResult {
        var session = decoded
        for r in looks + sameLooks { session = try r.adopt((decoded, [])).0 }  // each opens the session's fonts
        let s = session
        let findings = PortabilityAnalyzer().findings(s)
        let (differences, states) = compare(s)
        let open = differences.filter { d in !findings.contains { Self.explains($0, d) } }
        let unseen = findings.filter { Self.isUnseen($0, differences, states) }
        return LookAgreementResult(
            session: s, findings: findings, differences: differences, unexplained: open, unseen: unseen)
    }

    /// Every difference between the looks, capture by capture, element by element (ids ascending),
    /// and what each capture showed.
    func compare(_ session: Session) -> ([LookDifference], [CaptureState]) {
        let shown = looks.map { Self.captures($0, session) }
        let placed = sameLooks.map { Self.captures($0, session) }
        let keys = shown.map { $0.map(\.key) }
        guard keys[0] == keys[1], keys[0] == placed[0].map(\.key), keys[0] == placed[1].map(\.key) else {
            let step = zip(keys[0], keys[1]).first { $0 != $1 }?.0.step ?? keys[0].last?.step ?? 0
            let d = LookDifference(
                step: step, capture: "captures", aspect: .captures, ios: "\(keys[0].count)",
                android: "\(keys[1].count)")
            return ([d], [])
        }
        var out: [LookDifference] = []
        var states: [CaptureState] = []
        for c in keys[0].indices {
            let (i, a) = (shown[0][c], shown[1][c])
            let frames = (placed[0][c].layout, placed[1][c].layout)
            out += Self.compare(i, a, frames: frames)
            states.append(CaptureState(i, a))
        }
        return (out, states)
    }

    /// One capture in one look: where it is, its trees and what it shows.
    struct Frame {
        var key: CaptureKey
        var tree: WidgetTree
        var layout: LayoutResult
        var content: [Int: ShownContent]
        var toasts: [String]
    }

    struct CaptureKey: Hashable {
        var step: Int
        var label: String
    }

    static func captures(_ r: Renderer, _ session: Session) -> [Frame] {
        r.replay(session).captures.map { c in
            let layout = r.inspection(of: c, session: session).layout
            let label: String
            switch c.kind {
            case .snapshot: label = "snapshot \"\(c.name ?? "")\""
            case .final: label = "final"
            case .launch: label = "launch"
            case .tick: label = "tick \(c.time) ms"
            }
            return Frame(
                key: CaptureKey(step: c.step, label: label), tree: c.tree, layout: layout,
                content: ShownContent.read(layout), toasts: layout.toasts.map(\.text))
        }
    }

    static func compare(_ i: Frame, _ a: Frame, frames: (LayoutResult, LayoutResult)) -> [LookDifference] {
        var out: [LookDifference] = []
        func add(_ id: Int?, _ aspect: LookDifference.Aspect, _ x: String, _ y: String) {
            let kind = id.flatMap { i.tree.elements[$0]?.kind ?? a.tree.elements[$0]?.kind }
            out.append(
                LookDifference(
                    step: i.key.step, capture: i.key.label, elementId: id, elementKind: kind, aspect: aspect, ios: x,
                    android: y, iosTree: i.tree, androidTree: a.tree))
        }
        for id in Set(i.content.keys).union(a.content.keys).sorted() {
            guard let x = i.content[id], let y = a.content[id] else {
                add(
                    id, .shown, i.content[id] != nil ? "shown" : "not shown",
                    a.content[id] != nil ? "shown" : "not shown")
                continue
            }
            let sameTexts = x.texts.count == y.texts.count && zip(x.texts, y.texts).allSatisfy { $0.matches($1) }
            if !sameTexts {
                add(id, .text, list(x.texts), list(y.texts))
                out[out.count - 1].textCut = ShownText.cut(x.texts, y.texts)
            }
            if x.icons != y.icons { add(id, .icon, list(x.icons), list(y.icons)) }
            if x.image != y.image { add(id, .image, x.image ?? "none", y.image ?? "none") }
            if let f = frames.0[id]?.frame, let g = frames.1[id]?.frame, f != g {
                add(id, .frame, "\(f)", "\(g)")
            }
        }
        if i.toasts != a.toasts { add(nil, .toast, list(i.toasts), list(a.toasts)) }
        return out
    }

    static func list<T: CustomStringConvertible>(_ xs: [T]) -> String {
        "[" + xs.map(\.description).joined(separator: ", ") + "]"
    }
}

/// What `LookAgreement.check` found in one session.
package struct LookAgreementResult {
    package var session: Session
    package var findings: [PortabilityFinding]
    package var differences: [LookDifference]
    /// The differences no finding explains: each one is a disagreement between the report and the looks.
    package var unexplained: [LookDifference]
    /// Findings that say what an element shows differs, where the looks show it alike although
    /// they could show the difference (`LookAgreement.isUnseen`): the other way to disagree.
    package var unseen: [PortabilityFinding]
}

/// One thing an element shows differently in the ios and the android look at one capture.
package struct LookDifference: Sendable, CustomStringConvertible {
    package enum Aspect: String, Sendable {
        /// Painted in one look only.
        case shown
        case text, icon, image
        /// The frame under the same looks with each platform's profile.
        case frame
        /// The toasts on screen (no element of their own).
        case toast
        /// The replays captured different frames (steps or count).
        case captures
    }
    package var step: Int
    /// `snapshot "name"`, `final`, `launch`.
    package var capture: String
    package var elementId: Int? = nil
    package var elementKind: WidgetKind? = nil
    package var aspect: Aspect
    package var ios: String
    package var android: String
    /// A text difference where the same texts show, one cut shorter (lines or height): what a box of
    /// another size does, unlike a text that shows in one look only.
    package var textCut = false
    /// The trees at the capture, for telling which findings reach the element.
    var iosTree = WidgetTree()
    var androidTree = WidgetTree()

    /// `step 12 (snapshot "open"): actionBar 3: text: iOS [text "Title"], Android []`.
    package var description: String {
        let what = elementId.map { "\(elementKind?.rawValue ?? "element") \($0): " } ?? ""
        return "step \(step) (\(capture)): \(what)\(aspect.rawValue): iOS \(ios), Android \(android)"
    }
}
