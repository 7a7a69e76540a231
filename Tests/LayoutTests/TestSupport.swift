import Foundation
import Primitives
import SessionFormat
import TextLayout
import WidgetTree

@testable import Layout
@testable import Styles

/// The `default` theme's numbers (semantics appendix), built here so the tests do not depend on
/// the theme files.
let testTheme: Theme = {
    let json = """
        {"name": "test", "font": {"family": "Roboto", "size": 15, "weight": 400, "color": "#000000"},
         "linkColor": "#c32527", "hintColor": "#9e9e9e", "assetDensity": 3, "clickValue": 1,
         "actionBar": {"height": 56, "background": "#ffffff", "lineColor": "#e0e0e0", "lineWidth": 1, \
        "overlaysContent": false,
           "title": {"family": "Roboto", "size": 20, "weight": 500, "color": "#212121"},
           "subtitle": {"family": "Roboto", "size": 14, "weight": 400, "color": "#757575"},
           "titleX": 16, "titleXAfterButton": 72, "titleCentered": false, "buttonX": 16, "iconSize": 24,
           "iconColor": "#212121", "saveText": "Save", "saveRightInset": 16, "saveColor": "#1a73e8"},
         "navigationBar": {"height": 56, "background": "#ffffff", "lineColor": "#e0e0e0", "lineWidth": 1, \
        "overlaysContent": false,
           "iconSize": 24, "label": {"size": 12, "weight": 400, "color": "#5f6368"}, "selectedColor": "#1a73e8", \
        "color": "#5f6368"},
         "searchBar": {"height": 56, "background": "#ffffff", "lineColor": "#e0e0e0", "lineWidth": 1},
         "button": {"background": "#e0e0e0", "radius": 4, "padding": [8, 16], "minHeight": 36,
           "font": {"size": 15, "weight": 500, "color": "#000000"}, "iconSize": 24, "iconGap": 6, "pressedOverlay": ""},
         "textField": {"height": 40, "padding": 8, "lineColor": "#9e9e9e", "lineWidth": 1,
           "font": {"size": 15, "weight": 400, "color": "#000000"}, "hintColor": "#9e9e9e", "passwordDot": "•"},
         "switchControl": {"trackWidth": 36, "trackHeight": 14, "trackRadius": 7, "offColor": "#bdbdbd", "onColor": \
        "#43a047",
           "thumbSize": 20, "thumbColor": "#ffffff", "thumbRingColor": "#9e9e9e", "thumbRingWidth": 1, "labelGap": 8},
         "checkbox": {"size": 18, "radius": 2, "borderWidth": 2, "borderColor": "#616161", "checkedColor": "#1a73e8",
           "tickColor": "#ffffff", "labelGap": 8},
         "picker": {"padding": 8, "arrowWidth": 10, "arrow": "▾", "lineColor": "#9e9e9e", "lineWidth": 1},
         "spinner": {"size": 24, "spokes": 12, "color": "#757575"},
         "pageControl": {"dotSize": 8, "gap": 8, "currentColor": "#424242", "color": "#bdbdbd"},
         "imagePlaceholder": {"width": 48, "height": 48, "background": "#e0e0e0", "borderColor": "#bdbdbd", \
        "borderWidth": 1},
         "scrim": "#66000000",
         "dialog": {"sideMargin": 24, "maxWidth": 560, "radius": 8, "background": "#ffffff", "shadow": "0 4 16 \
        #40000000",
           "headerHeight": 56, "title": {"size": 18, "weight": 700, "color": "#000000"}, "padding": 16, \
        "verticalMargin": 24},
         "actionSheet": {"background": "#ffffff", "radius": 8, "titleHeight": 44,
           "title": {"size": 14, "weight": 500, "color": "#757575"}, "rowHeight": 56,
           "option": {"size": 16, "weight": 400, "color": "#212121"}, "cancelText": "Cancel", "separatorColor": \
        "#e0e0e0"},
         "toast": {"background": "#323232", "opacity": 0.92, "radius": 8, "padding": [8, 16],
           "font": {"size": 14, "weight": 400, "color": "#ffffff"}, "bottomOffset": 64, "position": "bottom",
           "defaultDuration": 2000, "fadeDuration": 300},
         "drawer": {"background": "#ffffff", "rightGap": 75},
         "widgetDefaults": {}}
        """
    return try! JSONDecoder().decode(Theme.self, from: Data(json.utf8))
}()

/// Text with fixed metrics: every character 8 dp wide, lines 20 dp tall; wraps at character
/// boundaries to the width given, cut at the height given.
struct FakeMeasurer: TextMeasuring {
    static let charWidth = 8.0
    static let lineHeight = 20.0
    func layout(
        _ text: AttributedText, style: ParagraphStyle, maxWidth: Double?, maxHeight: Double?,
        deviceScale: Double? = nil
    ) -> ParagraphLayout {
        let perLine = maxWidth.map { max(1, Int(($0 / Self.charWidth).rounded(.down))) } ?? Int.max
        var lines: [String] = []
        for hard in text.string.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            var rest = Array(hard)
            if rest.isEmpty {
                lines.append("")
                continue
            }
            while !rest.isEmpty {
                let n = min(perLine, rest.count)
                lines.append(String(rest[0..<n]))
                rest.removeFirst(n)
            }
        }
        if let maxHeight { lines = Array(lines.prefix(max(1, Int((maxHeight / Self.lineHeight).rounded(.down))))) }
        let layouts = lines.enumerated().map { i, t in
            LineLayout(
                rect: Rect(
                    x: 0, y: Double(i) * Self.lineHeight, width: Double(t.count) * Self.charWidth,
                    height: Self.lineHeight), baseline: Double(i) * Self.lineHeight + 15, text: t, runs: [])
        }
        let w = layouts.map(\.rect.width).max() ?? 0
        return ParagraphLayout(size: Size(width: w, height: Double(lines.count) * Self.lineHeight), lines: layouts)
    }
}

/// Builds a widget tree by hand, with each element's resolved style given directly.
struct TreeBuilder {
    var tree = WidgetTree()
    var styles: [Int: ResolvedStyle] = [:]

    /// An application (id 1) with an active FrameView (id 2).
    static func screen() -> TreeBuilder {
        var b = TreeBuilder()
        b.add(1, .application, parent: nil)
        b.add(2, .frameView, parent: 1)
        b.tree.rootId = 1
        b.tree.activeViewId = 2
        return b
    }

    mutating func add(
        _ id: Int, _ kind: WidgetKind, parent: Int?, value: Int = 0, text: String = "",
        _ configure: (inout ResolvedStyle) -> Void = { _ in }
    ) {
        var el = Element(id: id, kind: kind, parent: parent)
        el.value = value
        el.text = text
        tree.elements[id] = el
        if let parent { tree.elements[parent]?.children.append(id) }
        var s = ResolvedStyle()
        configure(&s)
        styles[id] = s
    }

    /// Declares the element's own width / height (so fill-by-default kinds can wrap).
    mutating func declare(_ id: Int, width: Styles.Dimension? = nil, height: Styles.Dimension? = nil) {
        var d = tree.elements[id]!.declarations(.normal)
        if let width { d.width = width }
        if let height { d.height = height }
        tree.elements[id]!.styles[.normal] = d
    }

    func engine(images: ImageStore = ImageStore(), theme: Theme = testTheme) -> LayoutEngine {
        let styles = self.styles
        let resolver = StyleResolver(theme: theme)
        return LayoutEngine(
            theme: theme, measurer: FakeMeasurer(), images: images,
            styleOverride: { el in
                var s = styles[el.id] ?? ResolvedStyle()
                // The theme's control defaults the resolver gives a style that declares none (a
                // field's or picker's padding, a field's natural height): these styles stand for
                // resolved ones.
                if s.padding == .zero, let p = resolver.controlPadding(el.kind) { s.padding = Sides(all: p) }
                if el.kind == .textField && s.naturalMinHeight == 0 { s.naturalMinHeight = theme.textField.height }
                return s
            })
    }

    func layout(
        _ device: Device = Device(width: 360, height: 640, scale: 2),
        theme: Theme = testTheme
    ) -> LayoutResult {
        engine(theme: theme).layout(tree, device: device)
    }
}

extension Rect {
    /// Shorthand for expectations.
    init(_ x: Double, _ y: Double, _ w: Double, _ h: Double) { self.init(x: x, y: y, width: w, height: h) }
}
