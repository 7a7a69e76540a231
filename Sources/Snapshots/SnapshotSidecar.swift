import Foundation
import Layout
import Painting
import Primitives
import RenderPipeline
import SessionFormat
import Styles
import TextLayout
import WidgetTree

/// The sidecar `Snapshots/NAME.json` beside a golden PNG: the environment it was rendered in and a
/// layout dump per element, so a failure can say *what* changed, not only that pixels did.
package struct SnapshotSidecar: Codable, Hashable, Sendable {
    /// What the golden was rendered with; a difference here is reported as an environment change.
    package struct Environment: Codable, Hashable, Sendable {
        package var rendererVersion: String
        /// sha256 of each font file the frame's text was drawn with, by file name (no folder: the
        /// same file from Fonts/ or from its Debian install path is the same font).
        package var fonts: [String: String]
        package var theme: String
        /// `WxH@S` in dp.
        package var device: String
        package init(rendererVersion: String, fonts: [String: String], theme: String, device: String) {
            self.rendererVersion = rendererVersion
            self.fonts = fonts
            self.theme = theme
            self.device = device
        }
        enum CodingKeys: String, CodingKey { case rendererVersion, fonts, theme, device }
        /// Sidecars written before per-file font checksums have none: nothing to compare, not a change.
        package init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            rendererVersion = try c.decode(String.self, forKey: .rendererVersion)
            fonts = try c.decodeIfPresent([String: String].self, forKey: .fonts) ?? [:]
            theme = try c.decode(String.self, forKey: .theme)
            device = try c.decode(String.self, forKey: .device)
        }
        /// `field: old -> new` for each field that differs, in a fixed order. A font file counts when
        /// both renders used it and its bytes differ (a swapped file); a font used by only one of them
        /// follows from what the screen shows, which the element diff reports.
        package func changes(to other: Environment) -> [String] {
            var out: [String] = []
            if rendererVersion != other.rendererVersion {
                out.append("renderer version \(rendererVersion) -> \(other.rendererVersion)")
            }
            for (file, sum) in fonts.sorted(by: { $0.key < $1.key }) {
                if let now = other.fonts[file], now != sum {
                    out.append("font file \(file) sha256 \(sum.prefix(12)) -> \(now.prefix(12))")
                }
            }
            if theme != other.theme { out.append("theme \(theme) -> \(other.theme)") }
            if device != other.device { out.append("device \(device) -> \(other.device)") }
            return out
        }
    }

    /// One laid-out element: what a reviewer would name when it changes.
    package struct ElementRecord: Codable, Hashable, Sendable {
        package var id: Int
        package var kind: String
        /// x, y, width, height in dp (2 decimals).
        package var frame: [Double]
        /// The element's text (label, title, field text), empty when none.
        package var text: String
        /// Lines of its laid-out paragraph; nil when it shows no text.
        package var lines: Int?
        /// Resolved colours by property (`color`, `background`, `border`, `tint`), as `#rrggbb`.
        package var colors: [String: String]
        /// Whether its laid-out text is cut short (an ellipsis, or lines that did not fit); absent
        /// when it shows no text, and in sidecars written before it was recorded (not compared then).
        package var cut: Bool?
        package init(
            id: Int, kind: String, frame: [Double], text: String = "", lines: Int? = nil,
            colors: [String: String] = [:],
            cut: Bool? = nil
        ) {
            self.id = id
            self.kind = kind
            self.frame = frame
            self.text = text
            self.lines = lines
            self.colors = colors
            self.cut = cut
        }
    }

    package var environment: Environment
    /// Elements in paint order.
    package var elements: [ElementRecord]

    package init(environment: Environment, elements: [ElementRecord]) {
        self.environment = environment
        self.elements = elements
    }

    /// The sidecar of a rendered frame.
    package init(frame: RenderedFrame, environment: Environment) {
        let layout = frame.layout
        var records: [ElementRecord] = []
        for id in layout.paintOrder {
            guard let element = layout[id] else { continue }
            let rect = element.frame
            let style: ResolvedStyle? = element.style
            let paragraph = element.paragraph
            var colors: [String: String] = [:]
            if let s = style {
                // Text colour only where text is laid out: elsewhere it is an inherited default nobody sees.
                if paragraph != nil { colors["color"] = s.color.description }
                if case .color(let c)? = s.background { colors["background"] = c.description }
                if s.border.top.isVisible { colors["border"] = s.border.top.color.description }
                if let t = s.tint { colors["tint"] = t.description }
            }
            let r2 = { (v: Double) in (v * 100).rounded() / 100 }
            records.append(
                ElementRecord(
                    id: id, kind: element.kind.rawValue,
                    frame: [r2(rect.x), r2(rect.y), r2(rect.width), r2(rect.height)],
                    text: element.text, lines: paragraph.map { $0.lines.count }, colors: colors,
                    cut: paragraph.map(\.truncated)))
        }
        self.init(environment: environment, elements: records)
    }

    /// Deterministic JSON (sorted keys, pretty printed).
    package func encoded() throws -> [UInt8] {
        let e = JSONEncoder()
        e.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return Array(try e.encode(self)) + [0x0a]
    }

    /// Reads a sidecar; nil when the file is missing or not a sidecar.
    package static func read(_ path: String) -> SnapshotSidecar? {
        // A sidecar is under 1 KB; a larger file is not one of ours (docs/limits.md).
        guard let data = try? LimitedFile.bytes(at: path, maxBytes: 1 << 20) else { return nil }
        return try? JSONDecoder().decode(SnapshotSidecar.self, from: Data(data))
    }
}

extension SnapshotSidecar.Environment {
    /// The environment of a rendered frame: the renderer's version, the checksum of every font file
    /// its text used (cached per file version, so free after the first frame), the theme and device.
    package static func current(
        options: RenderOptions, device: Device, frame: RenderedFrame, fonts library: FontLibrary
    )
        -> Self
    {
        var faces: Set<FaceID> = []
        for item in frame.displayList.items { if case .glyphs(let run, _) = item { faces.insert(run.face) } }
        var files: [String: String] = [:]
        for face in faces {
            guard let path = library.file(of: face) else { continue }
            files[(path as NSString).lastPathComponent] = FileChecksums.sha256(ofFile: path) ?? "unreadable"
        }
        return Self(
            rendererVersion: PreviewRendererVersion.string, fonts: files, theme: options.theme,
            device: "\(fmt(device.width))x\(fmt(device.height))@\(fmt(device.scale))")
    }
}
