/// `render check --a11y` takes an optional value (`--a11y`, `--a11y=warn`), which ArgumentParser's
/// options cannot: a bare `--a11y` is made `--a11y=fail` before parsing (in the command and in its
/// batch workers alike), so `--a11y SESSION` never reads the session as the value. Other commands
/// are left alone (`render gallery --a11y` is a plain flag).
enum A11yArgument {
    static func normalized(_ arguments: [String]) -> [String] {
        guard arguments.first == "check" else { return arguments }
        var out: [String] = []
        var done = false
        for a in arguments {
            if a == "--" { done = true }
            out.append(!done && a == "--a11y" ? "--a11y=fail" : a)
        }
        return out
    }
}
