import Foundation
import Primitives
import TestSupport

@testable import Snapshots

/// Temporary folders, tiny sessions and bitmaps shared by the snapshot and gallery tests.
enum Support {
    static let root = Repository.root
    static var fonts: String { Repository.fonts }

    /// A fresh empty folder under the system temporary folder.
    static func tempDir(_ tag: String) -> String { try! TemporaryFolder.make("snapshots-tests-\(tag)") }

    /// A small session (160x120 dp at scale 1): a button with a HOVER style, a label, an event
    /// layout, and a named snapshot `start` before the label text changes.
    static func writeSession(in dir: String, name: String, label: String = "Hello", buttonColor: String = "#3366cc")
        -> String
    {
        let json = """
            {"format": "framework-session", "version": 1, "name": "\(name)",
             "device": {"width": 160, "height": 120, "scale": 1},
             "steps": [
              {"type": "CREATE_APPLICATION", "internalId": 0, "childInternalId": 1, "textValue": "t"},
              {"type": "CREATE_FRAMEVIEW", "internalId": 1, "childInternalId": 2},
              {"type": "CREATE_LINEAR_LAYOUT", "internalId": 2, "childInternalId": 3, "value": 1},
              {"type": "CREATE_BUTTON", "internalId": 3, "childInternalId": 4, "textValue": "OK"},
              {"type": "SET_STYLE", "internalId": 4, "value": 0, "textValue": "background", "textValue2": \
            "\(buttonColor)"},
              {"type": "SET_STYLE", "internalId": 4, "value": 2, "textValue": "background", "textValue2": "#ff0000"},
              {"type": "CREATE_TEXT", "internalId": 3, "childInternalId": 5, "textValue": "start"},
              {"type": "CREATE_EVENT_LAYOUT", "internalId": 3, "childInternalId": 6},
              {"type": "CREATE_TEXT", "internalId": 6, "childInternalId": 7, "textValue": "row"},
              {"type": "snapshot", "name": "start"},
              {"type": "SET_TEXT_VALUE", "internalId": 5, "textValue": "\(label)"}
             ]}
            """
        let path = dir + "/" + name + ".json"
        _ = FileManager.default.createFile(atPath: path, contents: Data(json.utf8))
        return path
    }

    /// A w x h bitmap filled with one opaque colour.
    static func bitmap(_ w: Int, _ h: Int, _ rgb: (UInt8, UInt8, UInt8)) -> Bitmap {
        var b = Bitmap(width: w, height: h)
        for i in 0..<(w * h) {
            b.pixels[i * 4] = rgb.2
            b.pixels[i * 4 + 1] = rgb.1
            b.pixels[i * 4 + 2] = rgb.0
            b.pixels[i * 4 + 3] = 255
        }
        return b
    }

    static func set(_ b: inout Bitmap, _ x: Int, _ y: Int, _ rgb: (UInt8, UInt8, UInt8)) {
        let i = (y * b.width + x) * 4
        b.pixels[i] = rgb.2
        b.pixels[i + 1] = rgb.1
        b.pixels[i + 2] = rgb.0
        b.pixels[i + 3] = 255
    }

    static let env = SnapshotSidecar.Environment(
        rendererVersion: "0.1.0", fonts: ["Roboto-Regular.ttf": "abc"], theme: "default", device: "160x120@1")

    static func record(
        _ id: Int, _ kind: String, _ frame: [Double], text: String = "", lines: Int? = nil,
        colors: [String: String] = [:]
    ) -> SnapshotSidecar.ElementRecord {
        SnapshotSidecar.ElementRecord(id: id, kind: kind, frame: frame, text: text, lines: lines, colors: colors)
    }

    static func files(_ dir: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted()
    }
}
