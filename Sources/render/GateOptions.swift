import ArgumentParser
import Snapshots

/// `--strict` and `--allow-errors`: the gate of every command that judges sessions (`SessionGate`).
struct GateOptions: ParsableArguments {
    @Flag(name: .long, help: "Exit with code 5 when any session has a warning diagnostic too (errors always do).")
    var strict = false

    @Flag(
        name: .customLong("allow-errors"),
        help: "Do not fail the run (exit 5) on sessions with error diagnostics; they are still listed.")
    var allowErrors = false

    func validate() throws {
        if strict && allowErrors {
            throw ValidationError("--strict fails on warnings and --allow-errors lets errors through: give one")
        }
    }

    var gate: SessionGate { SessionGate(strict: strict, allowErrors: allowErrors) }
}
