import JSON
import Primitives

/// The `target` and point forms of input steps (session-format.md section 4, semantics.md item 43).
extension StepDecoder {
    /// Input steps that may name a point (`x`, `y`): touches. `select` and `input` need an element.
    static let pointKinds: Set<Kind> = [.press, .release, .tap, .scroll]
    /// Keys an input step may have besides its FieldName ones.
    static let addressKeys: Set<String> = ["target", "x", "y"]

    /// The step's `target` or point, nil when it gives neither. Throws when both are given, a point
    /// is half given or not a touch's, or the locator is malformed.
    static func inputAddress(_ kind: Kind, _ r: FieldReader) throws -> InputAddress? {
        let hasX = r.has("x")
        let hasY = r.has("y")
        if hasX || hasY {
            guard pointKinds.contains(kind) else {
                throw r.problem(
                    hasX ? "x" : "y", "\(kind.rawValue) names its element by `internalId` or `target`, not a point")
            }
            guard hasX && hasY else { throw r.problem(hasX ? "y" : "x", "a point needs both `x` and `y` (dp)") }
            if r.has("target") { throw r.problem("target", "give a point (`x`, `y`) or a `target`, not both") }
            let x = try r.double("x")
            let y = try r.double("y")
            for (k, v) in [("x", x), ("y", y)] where !(abs(v) <= 1e6) {
                throw r.problem(k, "`\(k)` = \(v) is out of range (|\(k)| <= 10^6 dp)")
            }
            return .point(x: x, y: y)
        }
        guard let v = r.object["target"] else { return nil }
        return .target(try locator(v, path: "\(r.path).target", depth: 0))
    }

    /// Whether an input step must give `internalId` (it names its element no other way).
    static func needsInternalId(_ r: FieldReader) -> Bool { !r.has("target") && !(r.has("x") || r.has("y")) }

    /// A `target` object: each key checked, a misspelt one named with the nearest known key.
    static func locator(_ value: JSONValue, path: String, depth: Int) throws -> Locator {
        guard case .object(let obj) = value else {
            throw StepProblem(path: path, message: "a target must be an object, found \(value.typeName)")
        }
        guard depth < maxLocatorDepth else {
            throw StepProblem(path: path, message: "targets nest `within` at most \(maxLocatorDepth) deep")
        }
        let r = FieldReader(obj, path: path)
        for k in obj.keys where !Locator.keys.contains(k) {
            let hint =
                NearestName.nearest(to: k, in: Locator.keys, maxDistance: 2).map { "; did you mean \"\($0)\"?" } ?? ""
            throw r.problem(k, "unknown target key \"\(k)\"\(hint) (\(Locator.keys.joined(separator: ", ")))")
        }
        guard obj.count > 0 else {
            throw StepProblem(
                path: path, message: "a target needs one of \(Locator.keys.dropLast().joined(separator: ", "))")
        }
        var l = Locator()
        if r.has("text") { l.text = try r.string("text", default: nil) }
        if r.has("textContains") {
            let part = try r.string("textContains", default: nil)
            guard !part.isEmpty else { throw r.problem("textContains", "`textContains` must not be empty") }
            l.textContains = part
        }
        if r.has("type") {
            let name = try r.string("type", default: nil)
            guard
                let kind = WidgetKind(rawValue: name)
                    ?? WidgetKind.allCases.first(where: { $0.rawValue.lowercased() == name.lowercased() })
            else {
                let names = WidgetKind.allCases.map(\.rawValue)
                let hint =
                    NearestName.nearest(to: name, in: names, maxDistance: 2).map { "; did you mean \"\($0)\"?" } ?? ""
                throw r.problem("type", "unknown element type \"\(name)\"\(hint) (the kinds `--layout-dump` prints)")
            }
            l.kind = kind
        }
        if r.has("index") { l.index = try r.int("index", default: nil, in: 0...1_000_000) }
        if r.has("id") { l.id = try r.int("id", default: nil) }
        if let inner = obj["within"] {
            l.withinChain = [try locator(inner, path: "\(path).within", depth: depth + 1)]
        }
        return l
    }

    /// A tap's `row`: the action sheet row it names (semantics.md item 40; 0 = the first option, the
    /// number of options = Cancel), carried in the step's value as row + 1 (0: none).
    static func sheetRow(_ kind: InputKind, _ r: FieldReader) throws -> Int {
        guard r.has("row") else { return 0 }
        guard kind == .tap else { throw r.problem("row", "only a tap names an action sheet's `row`") }
        if !(try r.string(.textValue)).isEmpty {
            throw r.problem("row", "give an action bar button (`textValue`) or a sheet's `row`, not both")
        }
        return try r.int("row", default: nil, in: 0...SessionLimits.maxSteps) + 1  // options come one per step
    }
}
