import ArgumentParser

/// The options that say which picture to make, shared by `render SESSION` (draw) and
/// `render watch`: where it goes, which frame, how it is compressed, what is drawn over it.
struct PictureOptions: ParsableArguments {
    @Option(name: .shortAndLong, help: "Output PNG (default: NAME.png in the current folder).")
    var output: String?

    @Option(name: .long, help: "Render this named snapshot instead of the final frame.")
    var snapshot: String?

    @Option(
        name: .long, help: "Render the frame at this virtual time in ms: the state after every step up to that time.")
    var at: Int?

    @Option(name: .long, help: "PNG compression level 0-9 (default 1: fast; 9: smaller files).")
    var compression: Int = 1

    @Flag(
        name: .long,
        help:
            """
            Draw every element's frame (1 px lines) and id tag over the picture, like Android's \"show layout \
            bounds\".
            """
    )
    var bounds = false

    @Flag(
        name: .customLong("bounds-spacing"),
        help: "With the bounds, shade margins (orange) and padding (green); implies --bounds.")
    var boundsSpacing = false

    @Option(
        name: .long,
        help: "Render only the element with this id (its subtree, on white), cropped to its frame at device scale.")
    var element: Int?

    func validate() throws {
        guard (0...9).contains(compression) else { throw ValidationError("--compression must be 0...9") }
        if let a = at, a < 0 { throw ValidationError("--at must be 0 or more (ms)") }
        if at != nil && snapshot != nil {
            throw ValidationError("--at and --snapshot choose the frame in two ways; give one")
        }
    }
}
