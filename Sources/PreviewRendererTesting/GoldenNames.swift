import Foundation

/// The golden names of `assertSnapshot(of:named:)` in one test run: `<test>.<name>` or `<test>.<n>`,
/// and who claimed each, so two assertions that would share a golden fail naming both (two tests
/// writing one file would make the second fail on every run with no hint).
final class GoldenNames: @unchecked Sendable {
    static let shared = GoldenNames()
    /// The baselines of `assertAccessibility(of:named:)`: named the same way, numbered on their own.
    static let accessibility = GoldenNames(what: "accessibility baseline", suffix: ".a11y.json")
    /// How messages name what is claimed, and the file's extension.
    let what: String
    let suffix: String
    init(what: String = "snapshot", suffix: String = ".png") {
        self.what = what
        self.suffix = suffix
    }
    private let lock = NSLock()
    /// Golden path (folder/name) -> the claiming assertion: its test and call site.
    private var owners: [String: (test: String, line: UInt, who: String)] = [:]
    /// Test -> the lines of its unnamed assertions, in the order first reached (numbers 1, 2, ...).
    private var unnamedLines: [String: [UInt]] = [:]

    struct Clash: Error, CustomStringConvertible {
        var description: String
    }

    /// The golden name for an assertion of `place`, or the clash with another assertion. The same
    /// call site may claim its golden again (a test run twice, or a loop).
    func claim(folder: String, named name: String?, by place: TestPlace) -> Result<String, Clash> {
        let test = "\(place.testFile)#\(place.suiteName).\(place.testName)"
        lock.lock()
        defer { lock.unlock() }
        let golden: String
        if let name {
            golden = "\(place.testName).\(name)"
        } else {
            var lines = unnamedLines[test, default: []]
            if !lines.contains(place.line) { lines.append(place.line) }
            unnamedLines[test] = lines
            golden = "\(place.testName).\(lines.firstIndex(of: place.line)! + 1)"
        }
        let key = folder + "/" + golden
        if let owner = owners[key], owner.test != test || owner.line != place.line {
            return .failure(
                Clash(
                    description: """
                        \(what) \(golden): \(owner.who) and \(place.who) both use \(key)\(suffix); give one of them \
                        another `named:`
                        """))
        }
        owners[key] = (test, place.line, place.who)
        return .success(golden)
    }
}
