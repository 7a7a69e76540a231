import Foundation
import JSON
import SessionFormat
import TestSupport
import Testing

/// `check --junit` and the HTML pages for any session text (issue 28): the JUnit file is valid XML
/// (read back by python3's XML parser, expat, which refuses what XML 1.0 forbids), and the review
/// page and the gallery carry names and texts as text, never as markup. Through the binary.
@Suite struct ReportEscapingTests {
    /// Every character XML 1.0 forbids that a file name may hold (all but NUL), the markup ones, and
    /// what would close an element or a script if it were not escaped.
    static let forbidden =
        (1...0x1F).map { String(Unicode.Scalar(UInt8($0))) }.joined() + "\u{FFFE}\u{FFFF}&<>\"'"
    static let markup = #"<img src=x onerror=alert(1)>"'&amp;</script><script>alert(2)</script>"#

    /// `ok.json` (snapshots named with every forbidden character and with markup), `bad.json`
    /// (rejected, the reason quoting the same text), and a session file whose name holds them too.
    static func folder() throws -> String {
        let dir = try OutputFileTests.tempDir()
        try FileManager.default.createDirectory(atPath: dir + "/in", withIntermediateDirectories: true)
        let noSlash = markup.replacingOccurrences(of: "/", with: "_")
        func snapshot(_ name: String) -> String { #"{"type": "snapshot", "name": \#(JSONWriter.quote(name))}"# }
        let text = #"{"type": "CREATE_TEXT", "internalId": 3, "childInternalId": 4, "textValue": "hi"}"#
        let steps = [text, snapshot("f" + forbidden), snapshot(noSlash)]
        let extra = #" "description": \#(JSONWriter.quote(markup + forbidden)),"#
        try Data(Hostile.session(steps, extra: extra)).write(to: URL(fileURLWithPath: dir + "/in/ok.json"))
        try Data(Hostile.session(steps)).write(to: URL(fileURLWithPath: dir + "/in/n" + forbidden + noSlash + ".json"))
        let bad = #"{"format": \#(JSONWriter.quote(markup + forbidden)), "version": 1, "steps": []}"#
        try Data(bad.utf8).write(to: URL(fileURLWithPath: dir + "/in/bad.json"))
        return dir
    }

    /// Runs python3 (a `make setup` dependency, found on PATH) on `script` with `args`; nil, and an
    /// issue recorded, without it.
    static func python(_ script: String, _ args: [String]) throws -> Subprocess? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"
        guard
            let python = (path.split(separator: ":").map { $0 + "/python3" } + ["/usr/bin/python3"]).first(where: {
                FileManager.default.isExecutableFile(atPath: $0)
            })
        else {
            Issue.record("python3 is needed to read the XML and HTML back")
            return nil
        }
        return try Subprocess.run(python, ["-c", script] + args)
    }

    @Test func junitIsValidXMLWithTheNamesReplacedNotDropped() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        guard
            let r = try OutputFileTests.render([
                "check", dir + "/in", "--snapshots", dir + "/g", "--record", "missing",
                "--junit", dir + "/c.xml", "--report", dir + "/c.json",
            ])
        else { return }
        #expect(r.status == 3, "\(r.stderr)")  // bad.json: an error outcome
        // The test cases' names as the parser reads them, in order.
        let script = """
            import json, sys, xml.etree.ElementTree as E
            root = E.parse(sys.argv[1]).getroot()
            suites = root.iter('testsuite')
            print(json.dumps([[s.get('name'), [c.get('name') for c in s.iter('testcase')]] for s in suites]))
            """
        guard let p = try Self.python(script, [dir + "/c.xml"]) else { return }
        #expect(p.status == 0, "\(p.stderr)")
        let parsed = try JSONSerialization.jsonObject(with: Data(p.stdout.utf8)) as? [[Any]] ?? []
        // What the JSON report holds, with what XML cannot carry as U+FFFD (tab, newline and carriage
        // return survive as character references).
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "/c.json")))
        let outcomes = ((report as? [String: Any])?["outcomes"] as? [[String: Any]]) ?? []
        #expect(outcomes.count == 7)
        func xml(_ s: String) -> String {
            String(
                String.UnicodeScalarView(
                    s.unicodeScalars.map { u in
                        (u.value < 0x20 && !["\t", "\n", "\r"].contains(u)) || u.value >= 0xFFFE ? "\u{FFFD}" : u
                    }))
        }
        let expected = outcomes.map { xml($0["name"] as? String ?? "") }
        #expect(parsed.flatMap { ($0.last as? [String]) ?? [] } == expected)
        #expect(expected.contains { $0.contains("&<>\"'") })
        #expect(parsed.count == 3)
    }

    /// The review page and the gallery: one `<script>` each (the page's own), every `src` a stored
    /// image, no element or attribute that is not the page's own.
    @Test func pagesCarryInputAsText() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        guard
            let check = try OutputFileTests.render([
                "check", dir + "/in", "--snapshots", dir + "/g", "--record", "missing", "--html", dir + "/review",
            ]),
            let gallery = try OutputFileTests.render([
                "gallery", dir + "/in", "-o", dir + "/gallery", "--themes", "default", "--no-states",
            ])
        else { return }
        #expect(check.status == 3, "\(check.stderr)")
        #expect(gallery.status == 3, "\(gallery.stderr)")  // bad.json's error card
        let script = """
            import json, sys
            from html.parser import HTMLParser
            class P(HTMLParser):
                def __init__(self):
                    super().__init__(); self.tags = set(); self.attrs = set(); self.src = []; self.scripts = 0
                    self.text = []
                def handle_starttag(self, tag, attrs):
                    self.tags.add(tag); self.scripts += tag == 'script'
                    for k, v in attrs:
                        self.attrs.add(k)
                        if k in ('src', 'href'): self.src.append(v)
                def handle_data(self, d): self.text.append(d)
            p = P(); p.feed(open(sys.argv[1], encoding='utf-8').read())
            print(json.dumps({'tags': sorted(p.tags), 'attrs': sorted(p.attrs), 'src': p.src,
                              'scripts': p.scripts, 'text': ''.join(p.text)}))
            """
        for page in [dir + "/review/index.html", dir + "/gallery/index.html"] {
            guard let p = try Self.python(script, [page]) else { return }
            #expect(p.status == 0, "\(p.stderr)")
            let o = try JSONSerialization.jsonObject(with: Data(p.stdout.utf8)) as? [String: Any] ?? [:]
            #expect((o["scripts"] as? Int) == 1, "\(page)")
            let tags = Set(o["tags"] as? [String] ?? [])
            #expect(tags.isSubset(of: Self.pageTags), "\(page): \(tags.subtracting(Self.pageTags))")
            let attrs = Set(o["attrs"] as? [String] ?? [])
            #expect(!attrs.contains("onerror") && !attrs.contains("x"), "\(page): \(attrs)")
            for s in o["src"] as? [String] ?? [] {
                #expect(
                    s.hasPrefix("#s-") || s.range(of: #"^img/[0-9a-f]{64}\.png$"#, options: .regularExpression) != nil,
                    "\(s)")
            }
            // The markup is there as text, whole.
            let text = o["text"] as? String ?? ""
            #expect(text.contains("onerror=alert(1)>\"'&amp;"), "\(page)")
        }
        let galleryText = (try? String(contentsOfFile: dir + "/gallery/index.html", encoding: .utf8)) ?? ""
        #expect(galleryText.contains("&lt;/script&gt;&lt;script&gt;alert(2)&lt;/script&gt;"))
    }

    /// Every element the review page and the gallery write themselves.
    static let pageTags: Set<String> = [
        "html", "head", "meta", "title", "style", "body", "header", "h1", "h2", "h3", "p", "nav", "button", "main",
        "section", "a", "small", "div", "figure", "figcaption", "span", "img", "input", "pre", "ul", "li", "table",
        "tr", "th", "td", "details", "summary", "code", "i", "b", "script",
    ]
}
