import Foundation
import Primitives
import SessionFormat
import Styles
import Testing
import TextLayout
import WidgetTree

@testable import Layout

/// Records what layout hands to `prepareAhead` and what it then measures.
private final class RecordingMeasurer: TextMeasuring, @unchecked Sendable {
    private let lock = NSLock()
    private(set) var prepared: [(text: AttributedText, font: FontSpec)] = []
    private(set) var measured: [(text: AttributedText, font: FontSpec)] = []
    func prepareAhead(_ items: [(text: AttributedText, font: FontSpec)]) { lock.withLock { prepared += items } }
    private(set) var scales: [Double?] = []
    func layout(
        _ text: AttributedText, style: ParagraphStyle, maxWidth: Double?, maxHeight: Double?,
        deviceScale: Double?
    ) -> ParagraphLayout {
        lock.withLock {
            measured.append((text, style.font))
            scales.append(deviceScale)
        }
        return FakeMeasurer().layout(text, style: style, maxWidth: maxWidth, maxHeight: maxHeight)
    }
}

/// Before the serial pass, the texts of the screen's labels and buttons go to the measurer to be
/// shaped on all cores. They must be built exactly as layout builds them (same text, same font),
/// or the pass would shape them again; hidden elements are left out.
@Test func labelsAndButtonsArePreparedAsLayoutMeasuresThem() {
    var b = TreeBuilder.screen()
    b.add(3, .linearLayout, parent: 2)
    b.add(4, .text, parent: 3, text: "Hello **bold** [link](https://example.com)")
    b.add(5, .button, parent: 3, text: "Send") { $0.fontWeight = 700 }
    b.add(6, .textView, parent: 3, text: "Notes")
    b.add(7, .text, parent: 3, text: "Hidden")
    b.tree.elements[7]?.isVisible = false
    let m = RecordingMeasurer()
    let styles = b.styles
    _ = LayoutEngine(theme: testTheme, measurer: m, styleOverride: { styles[$0.id] })
        .layout(b.tree, device: Device(width: 360, height: 640, scale: 2))
    let key = { (t: AttributedText, f: FontSpec) in "\(t)|\(f)" }
    let prepared = Set(m.prepared.map(key))
    #expect(prepared.count == 3)
    #expect(!m.prepared.contains { $0.text.string == "Hidden" })
    #expect(m.measured.count >= 3)
    for item in m.measured where !item.text.string.isEmpty {
        #expect(prepared.contains(key(item.text, item.font)), "\(item.text.string) was measured without being prepared")
    }
}

/// The device's scale reaches every measurement as a value: the measurer holds none of its own,
/// so laying the same tree out for a device of another scale measures at that scale.
@Test(arguments: [2.0, 3.0])
func everyMeasurementGetsTheDeviceScale(scale: Double) {
    var b = TreeBuilder.screen()
    b.add(3, .linearLayout, parent: 2)
    b.add(4, .text, parent: 3, text: "Hello")
    b.add(5, .button, parent: 3, text: "Send")
    let m = RecordingMeasurer()
    let styles = b.styles
    _ = LayoutEngine(theme: testTheme, measurer: m, styleOverride: { styles[$0.id] })
        .layout(b.tree, device: Device(width: 360, height: 640, scale: scale))
    #expect(!m.scales.isEmpty)
    #expect(m.scales.allSatisfy { $0 == scale })
}
