import Foundation

/// The 1,000-frame session of the memory check, made from `messages-ticking.json` rather than
/// stored: the same screen, then the counter changing on every 16 ms tick up to `ticks`.
enum LongSession {
    /// Writes the session into `directory` and returns its path. Its assets are the benchmark's own
    /// folder (an absolute path, so the session may live in the output folder).
    static func write(from ticking: String, ticks: Int, into directory: String) throws -> String {
        guard let data = FileManager.default.contents(atPath: ticking),
            var session = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            var steps = session["steps"] as? [[String: Any]]
        else {
            throw BenchError("\(ticking): not a session object with steps")
        }
        // The counter: the element whose text the last SET_TEXT_VALUE sets; the ticks it has so far.
        guard let counter = steps.last(where: { $0["type"] as? String == "SET_TEXT_VALUE" })?["internalId"] as? Int
        else {
            throw BenchError("\(ticking): no SET_TEXT_VALUE step (the counter) to repeat")
        }
        let existing = steps.filter { $0["type"] as? String == "tick" }.count
        // The closing snapshot goes after the new ticks.
        if steps.last?["type"] as? String == "snapshot" { steps.removeLast() }
        if existing < ticks {
            for n in (existing + 1)...ticks {
                steps.append(["type": "tick", "ms": 16])
                steps.append(["type": "SET_TEXT_VALUE", "internalId": counter, "textValue": "\(n)"])
            }
        }
        steps.append(["type": "snapshot", "name": "after-\(ticks)-ticks"])
        session["steps"] = steps
        session["name"] = "messages-ticking-\(ticks)"
        session["description"] = "messages-ticking.json extended to \(ticks) ticks by the benchmark"
        let folder = (ticking as NSString).deletingLastPathComponent
        session["assets"] = folder + "/" + ((session["assets"] as? String) ?? "assets")
        let path = directory + "/messages-ticking-\(ticks).json"
        try JSONSerialization.data(withJSONObject: session, options: [.sortedKeys]).write(
            to: URL(fileURLWithPath: path))
        return path
    }
}
