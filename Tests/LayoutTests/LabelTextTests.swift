import Primitives
import Testing
import TextLayout

@testable import Layout

private let red = Color(rgb: 0xc32527)

@Test func autolinkColoursTagsUsersAndUnderlinesURLs() {
    let t = LabelText.build("Hi @anna_1 #tag, #1 see https://x.org/a?b=1. a#b", bits: 1, linkColor: red)
    let links = t.spans.filter { $0.color == red }
    #expect(links.map(\.text) == ["@anna_1", "#tag", "#1", "https://x.org/a?b=1"])
    #expect(links.map(\.underline) == [false, false, false, true])
    #expect(t.string == "Hi @anna_1 #tag, #1 see https://x.org/a?b=1. a#b")
}

@Test func markdownHeadingsAreBoldAndLarger() {
    let t = LabelText.build("# Title\nbody #x", bits: 2, linkColor: red)
    #expect(t.string == "Title\nbody #x")
    #expect(t.spans.first == TextSpan("Title\n", weight: 700, sizeDelta: 4))
    #expect(t.spans.last == TextSpan("body #x"))
    let both = LabelText.build("# Big #news\nhttp://a.b!", bits: 3, linkColor: red)
    #expect(both.spans.contains(TextSpan("#news", color: red, weight: 700, sizeDelta: 4)))
    #expect(both.spans.contains(TextSpan("http://a.b", color: red, underline: true)))
    #expect(LabelText.build("# plain", bits: 0, linkColor: red).spans == [TextSpan("# plain")])
}
