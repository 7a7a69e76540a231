import Foundation

/// The files Stop writes into `--record-dir`: NAME.script.json (the driver's script), NAME.session.json
/// (the session recorded, replayed by `render`), NAME.SNAPSHOT.png per snapshot, and the assets the
/// session names (`assets/`, files not there yet).
struct LiveRecordFiles {
    let dir: String
    let name: String
    let snapshots: [String]

    var script: String { path("\(name).script.json") }
    var session: String { path("\(name).session.json") }
    func png(_ snapshot: String) -> String { path("\(name).\(snapshot).png") }
    func path(_ file: String) -> String { (dir as NSString).appendingPathComponent(file) }

    static func isName(_ n: String) -> Bool {
        !n.isEmpty && n.count <= 100 && !n.hasPrefix(".")
            && n.unicodeScalars.allSatisfy {
                CharacterSet.alphanumerics.contains($0) || "._-".unicodeScalars.contains($0)
            }
            && n.allSatisfy(\.isASCII)
    }

    /// The files of this name that exist already.
    func existing() -> [String] {
        ([script, session] + snapshots.map(png)).filter { FileManager.default.fileExists(atPath: $0) }
            .map { ($0 as NSString).lastPathComponent }
    }

    func write(script r: LiveRecording, from folder: String, session from: String) throws {
        var o: [String: Any] = ["steps": r.steps]
        if let d = r.device { o["device"] = d }
        let text = try JSONSerialization.data(withJSONObject: o, options: [.prettyPrinted, .sortedKeys])
        try text.write(to: URL(fileURLWithPath: script), options: .atomic)
        try Data(contentsOf: URL(fileURLWithPath: from)).write(to: URL(fileURLWithPath: session), options: .atomic)
        for s in snapshots {
            let png = (folder as NSString).appendingPathComponent("\(s).png")
            try Data(contentsOf: URL(fileURLWithPath: png)).write(
                to: URL(fileURLWithPath: self.png(s)), options: .atomic)
        }
        let assets = (folder as NSString).appendingPathComponent("assets")
        let fm = FileManager.default
        guard let items = fm.enumerator(atPath: assets) else { return }
        for case let rel as String in items {
            let src = (assets as NSString).appendingPathComponent(rel)
            let dst = path("assets/" + rel)
            var isDir: ObjCBool = false
            guard fm.fileExists(atPath: src, isDirectory: &isDir) else { continue }
            if isDir.boolValue {
                try fm.createDirectory(atPath: dst, withIntermediateDirectories: true)
            } else if !fm.fileExists(atPath: dst) {
                try fm.createDirectory(
                    atPath: (dst as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try fm.copyItem(atPath: src, toPath: dst)
            }
        }
    }
}
