import JSON
import Primitives

/// One input step given alone, as JSON (`{"type": "tap", "target": {"text": "Save"}}`): what the C
/// library's `pr_input_step` and the headless platform's scripts hand over, read by the same rules
/// as a session file's step.
package enum InputStepDecoder {
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    /// The step, with its warnings (unknown keys). Throws a `Failure` naming the problem when the
    /// text is not JSON or not an input step (press, release, tap, select, scroll, input).
    package static func decode(_ json: String) throws -> (Step, [Diagnostic]) {
        let value: JSONValue
        do { value = try JSONParser.parse(Array(json.utf8)) } catch { throw Failure(description: "not JSON: \(error)") }
        guard case .object(let obj) = value, case .string(let type)? = obj["type"],
            let kind = StepDecoder.Kind(rawValue: type.lowercased()),
            [.press, .release, .tap, .select, .scroll, .input].contains(kind)
        else {
            throw Failure(
                description: "an input step is an object whose `type` is press, release, tap, select, scroll or input")
        }
        var decoder = StepDecoder()
        guard let step = decoder.decodeTopLevel(value, index: 0) else {
            throw Failure(description: decoder.diagnostics.last?.message ?? "the step could not be read")
        }
        guard case .input = step.kind else {
            throw Failure(description: "\"\(type)\" in upper case is a command; input steps are written in lower case")
        }
        return (step, decoder.diagnostics)
    }
}
