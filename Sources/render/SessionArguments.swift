import Foundation

/// Session arguments as users type them: files, or folders meaning every session file in them
/// (`*.json` except the `*.expect.json` expectation files), sorted by name.
enum SessionArguments {
    static func expand(_ args: [String]) -> [String] {
        args.flatMap { arg -> [String] in
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: arg, isDirectory: &isDir), isDir.boolValue else {
                return [arg]
            }
            let names = (try? FileManager.default.contentsOfDirectory(atPath: arg)) ?? []
            let base = arg.hasSuffix("/") ? String(arg.dropLast()) : arg
            return names.filter { $0.hasSuffix(".json") && !$0.hasSuffix(".expect.json") }.sorted().map {
                base + "/" + $0
            }
        }
    }
}
