import JSON

/// The session decoder's reader of the `steps` array (`JSONParser.parse(_:substitutions:entries:of:)`):
/// each plain command entry read straight into a `Command` (`JSONParser+Steps.swift`), nil for an
/// entry the general parse and the step decoder read instead.
final class StepCommandReader: JSONEntryReader {
    /// Per entry of the last `steps` array: the command, or nil (decode the tree's entry then).
    private(set) var commands: [Command?] = []
    /// The last command type read (runs of SET_STYLE are the common case).
    var lastType: CommandType?

    /// How many `steps` arrays the parse met (a repeated key starts again), and the byte after the
    /// last one's `]`: where a file that only grows continues (`GrowingSessionDecoder`).
    private(set) var arrays = 0
    private(set) var closedAt: Int?
    /// The step decoder's count of those entries (batch entries included, as the step limit counts).
    var counted = 0

    func begin() {
        commands = []
        arrays += 1
    }

    func end(at offset: Int) { closedAt = offset }

    func read(_ parser: inout JSONParser) -> Bool {
        // `lastType` through a local: passed `inout` straight from this class, it was checked for
        // exclusive access at run time on every step; and a pattern, as `!= nil` took `Command?`'s
        // `Equatable` `!=` and made and destroyed a tuple of two (both about 150 instructions a step).
        var last = lastType
        let command = parser.stepCommand(lastType: &last)
        lastType = last
        commands.append(command)
        if case .none = command { return false }
        return true
    }
}
