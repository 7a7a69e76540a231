import Foundation
import Primitives
import SessionFormat
import Testing
import WidgetTree

@testable import RenderPipeline

/// `render inspect`'s two answers, from a session file: the element at a point with its ancestors
/// and style sources, and the reachable tree with a locator that finds each element.
@Suite struct InspectionTests {
    static let json = #"""
        {"format": "framework-session", "version": 1, "name": "inspect", "device": {"width": 360, "height": 640, \#
        "scale": 2}, "steps": [
          {"type": "CREATE_APPLICATION", "internalId": 0, "childInternalId": 1},
          {"type": "CREATE_FRAMEVIEW", "internalId": 1, "childInternalId": 2},
          {"type": "CREATE_LINEAR_LAYOUT", "internalId": 2, "childInternalId": 3, "value": 1},
          {"type": "CREATE_BUTTON", "internalId": 3, "childInternalId": 4, "textValue": "OK"},
          {"type": "SET_STYLE", "internalId": 4, "textValue": "height", "textValue2": "50"},
          {"type": "SET_STYLE", "internalId": 4, "value": 3, "textValue": "color", "textValue2": "#ff0000"},
          {"type": "CREATE_TEXT", "internalId": 3, "childInternalId": 5, "textValue": "OK"},
          {"type": "CREATE_LINEAR_LAYOUT", "internalId": 3, "childInternalId": 6, "value": 1},
          {"type": "SET_VISIBILITY", "internalId": 6, "value": 0},
          {"type": "CREATE_BUTTON", "internalId": 6, "childInternalId": 7, "textValue": "Hidden"},
          {"type": "select", "target": {"type": "button"}, "value": 1}
        ]}
        """#

    static func inspection() throws -> Inspection {
        let r = try PipelineHarness.renderer()
        let (session, _) = try SessionDecoder().decode(data: Array(json.utf8), path: "inspect.json")
        let replay = r.replay(session)
        #expect(replay.diagnostics.isEmpty, "\(replay.diagnostics)")
        return r.inspection(of: replay.captures.last!, session: session)
    }

    @Test func thePointNamesTheElementItsAncestorsAndStyleSources() throws {
        let text = try Self.inspection().point(Point(x: 20, y: 25))
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.first == "point 20,25 reaches button 4")
        #expect(lines.dropFirst().first?.hasPrefix(#"button 4 "OK" at 0,0 "#) == true)
        #expect(lines.contains("  height: 50 (NORMAL, step 4)"))
        #expect(lines.contains("  color: #ff0000 (SELECTED, step 5)"))
        #expect(lines.contains("  opacity: 1 (default)"))
        #expect(lines.contains("  minHeight: 36 (theme: widgetDefaults.button.min-height)"))
        #expect(lines.contains("  borderRadius: 4 4 4 4 (theme: widgetDefaults.button.border-radius)"))
        #expect(lines.contains { $0.hasPrefix("  linearLayout 3 at ") })
        #expect(lines.contains { $0.hasPrefix("    frameView 2 at ") })
        #expect(try Self.inspection().point(Point(x: 500, y: 5)) == "point 500,5: nothing there takes a touch\n")
    }

    /// The same answer as JSON, with a `style` object per element: key -> {value, source}.
    @Test func thePointAsJSONCarriesEachValuesSource() throws {
        let json = try Self.inspection().pointJSON(Point(x: 20, y: 25))
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        #expect(object?["reaches"] as? Int == 4)
        let elements = object?["elements"] as? [[String: Any]] ?? []
        #expect(elements.prefix(3).map { $0["id"] as? Int } == [4, 3, 2])
        let style = elements.first?["style"] as? [String: [String: Any]] ?? [:]
        #expect(style["height"]?["value"] as? String == "50")
        let height = style["height"]?["source"] as? [String: Any]
        #expect(height?["session"] as? Int == 4 && height?["selector"] as? String == "NORMAL")
        let background = style["background"]?["source"] as? [String: Any]
        #expect(background?["theme"] as? String == "widgetDefaults.button.background-color")
        #expect((style["opacity"]?["source"] as? [String: Any])?["default"] as? Bool == true)
    }

    @Test func theTreeListsReachableElementsWithALocatorEach() throws {
        let lines = try Self.inspection().reachableTree().split(separator: "\n").map(String.init)
        #expect(
            lines.contains {
                $0.hasPrefix(#"    button 4 "OK" at 0,0 "#) && $0.hasSuffix(#"{"text":"OK","type":"button"}"#)
            })
        #expect(
            lines.contains { $0.hasPrefix(#"    text 5 "OK" at "#) && $0.hasSuffix(#"{"text":"OK","type":"text"}"#) })
        #expect(!lines.contains { $0.contains("Hidden") })
    }
}
