import Primitives
import Testing

@testable import Styles

/// Key, value, and a piece of the one expected note ("" = no note at all).
let noteCases: [(String, String, String)] = [
    ("color", "#ff0000", ""),
    ("color", "#80ff0000", ""),
    ("color", "black", ""),
    ("color", "White", ""),
    ("color", "#00ff0000", "iOS shows alpha 00 as opaque"),
    ("color", "#f00", "iOS cannot parse #rgb"),
    ("color", "red", "iOS only knows black and white"),
    ("color", "rgb(1, 2, 3)", "neither iOS nor Android"),
    ("color", "transparent", "neither iOS nor Android"),
    ("padding", "10", ""),
    ("padding", "1 2 3 4", ""),
    ("padding", "10 20", "Android reads 10 20 20 20 and iOS uses only 10"),
    ("margin", "1 2 3", "Android reads 1 2 3 3"),
    ("border-radius", "8 0", "Android reads 8 0 0 0"),
    ("border", "1", "Android reads the token as a colour"),
    ("border", "1 solid #000000", ""),
    ("border", "#000000", ""),
    ("border", "#000000 1", "by position"),
    ("border", "1 dotted", "iOS draws dotted borders solid"),
    ("border-top", "1 solid #000000", "per-side borders are a preview extension"),
    ("weight", "1", ""),
    ("weight", "1.5", "Android needs an integer"),
    ("top", "10", "preview extension"),
    ("left", "10", "preview extension"),
    ("shadow", "4", ""),
    ("shadow", "0 2 8 #33000000", "iOS and Android read only a single number"),
    ("background", "linear-gradient(#ff0000, #00ff00)", ""),
    ("background", "linear-gradient(45deg, #ff0000, #00ff00)", "only linear-gradient(c1, c2)"),
    ("background", "radial-gradient(#ff0000, #00ff00)", "Android does not draw radial-gradient"),
    ("font-size", "large", "iOS ignores size keywords"),
    ("decoration", "none", "Android-only key"),
    ("animate-transition", "1", "Android-only key"),
    ("title", "x", "Android-only key"),
    ("frame", "light", "Android-only key"),
    ("divider", "1", "Android-only key"),
    ("enter-animation", "slide", "Android-only key"),
    ("return-animation", "slide", "Android-only key"),
    ("drawer-button", "x", "Android-only key"),
    ("page-margin", "4", "Android-only key"),
    ("line-spacing", "4", "Android-only key"),
    ("Box-Shadow", "0 0 4 #000000", "Android-only key"),
    ("text-shadow", "1 1 #000000", "Android-only key"),
]

@Test(arguments: noteCases)
func portabilityNote(_ key: String, _ value: String, _ expected: String) throws {
    var d = StyleDeclarations()
    let notes = try StyleParser.apply(key: key, value: value, to: &d)
    if expected.isEmpty {
        #expect(notes.isEmpty, "unexpected: \(notes.map(\.message))")
    } else {
        #expect(notes.count == 1 && notes[0].message.contains(expected), "got: \(notes.map(\.message))")
    }
}

@Test func ignoredKeysChangeNothing() throws {
    var d = StyleDeclarations()
    for key in StyleParser.ignoredKeys.sorted() {
        try StyleParser.apply(key: key, value: "whatever 1 2", to: &d)
    }
    #expect(d == StyleDeclarations())
}
