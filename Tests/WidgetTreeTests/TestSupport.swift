import Foundation
import Primitives
import SessionFormat
import TestSupport

@testable import WidgetTree

/// The repository's Examples folder.
let examplesDirectory = Repository.examples

/// Decodes a session whose `steps` array is the given JSON text.
func session(_ steps: String, device: String = "") throws -> Session {
    let deviceKey = device.isEmpty ? "" : "\"device\": \(device),"
    let json = "{\"format\": \"framework-session\", \"version\": 1, \(deviceKey) \"steps\": [\(steps)]}"
    let (s, diags) = try SessionDecoder().decode(data: Array(json.utf8), path: "test.json")
    precondition(!diags.contains { $0.severity == .error }, "test session has decode errors: \(diags)")
    return s
}

/// Replays steps given as JSON text.
func replay(_ steps: String, options: ReplayOptions = ReplayOptions(), device: String = "") throws -> ReplayResult {
    Replayer(session: try session(steps, device: device), options: options).run()
}

/// Replays an example session by name.
func replayExample(_ name: String, options: ReplayOptions = ReplayOptions()) throws -> ReplayResult {
    let (s, _) = try SessionDecoder().decode(fileAt: "\(examplesDirectory)/\(name).json")
    return Replayer(session: s, options: options).run()
}

/// The standard start of a test stream: app 1, view 2, vertical layout 3.
let appViewLayout = """
    {"type": "CREATE_APPLICATION", "childInternalId": 1},
    {"type": "CREATE_FRAMEVIEW", "internalId": 1, "childInternalId": 2},
    {"type": "CREATE_LINEAR_LAYOUT", "internalId": 2, "childInternalId": 3, "value": 1}
    """

extension ReplayResult {
    func events(_ type: String) -> [AppEvent] { events.filter { $0.type == type } }
    func diagnostics(_ code: String) -> [Diagnostic] { diagnostics.filter { $0.code == code } }
}
