import JSON

/// The session decoder's reader of the `steps` array (`JSONParser.parse(_:substitutions:entries:of:)`):
/// each plain command entry read straight into a `Command` (`JSONParser+Steps.swift`), nil for an
/// entry the general parse and the step decoder read instead.
final class StepCommandReader: JSONEntryReader {
    /// Per entry of the last `steps` array: the command, or nil (decode the tree's entry then).
    private(set) var commands: [Command?] = []
    /// The last command type read (runs of SET_STYLE are the common case).
    var lastType: CommandType?

    func begin() { commands = [] }

    func read(_ parser: inout JSONParser) -> Bool {
        let command = parser.stepCommand(lastType: &lastType)
        commands.append(command)
        return command != nil
    }
}
