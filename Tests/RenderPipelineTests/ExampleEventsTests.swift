import Testing

@testable import RenderPipeline

/// The events files of the timed and interactive examples hold exactly the events the app would
/// receive (semantics.md section 7, items 22, 23, 34 and 35), in order, and nothing else.
@Suite struct ExampleEventsTests {
    static let boot = [
        #"{"time":0,"type":"SysInfoEvent","internalId":1,"sysType":"START"}"#,
        #"{"time":0,"type":"SysInfoEvent","internalId":1,"sysType":"RESUME"}"#,
    ]

    @Test func dialogAndToast() throws {
        // Taps: "Delete…" (19) at 0, the dialog's "Delete" (26) at 250, "Share…" (18) at 2750; a
        // button click carries 1 in the default look (item 22). Dialogs, toasts and action sheets
        // send no VisibilityEvent (item 35 names only view switches and drawers).
        let events = try PipelineHarness.snapshots(of: "dialog-and-toast").events
        #expect(
            events == Self.boot + [
                #"{"time":0,"type":"ValueEvent","internalId":19,"value":1}"#,
                #"{"time":250,"type":"ValueEvent","internalId":26,"value":1}"#,
                #"{"time":2750,"type":"ValueEvent","internalId":18,"value":1}"#,
            ])
    }

    @Test func timersAndSpinner() throws {
        // Timer 10 on element 2 every 250 ms over ten 100 ms ticks: each event has its own due time.
        let events = try PipelineHarness.snapshots(of: "timers-and-spinner").events
        #expect(
            events == Self.boot
                + [250, 500, 750, 1000].map {
                    #"{"time":\#($0),"type":"TimerEvent","internalId":2,"timerId":10}"#
                })
    }

    @Test func canvasSurfaceAndStatesMatrix() throws {
        // The surface's image view has no static image, so when it gets its 358 x 220 dp size it
        // asks like any other (item 38; the app answers with its canvas); `select` and `press`
        // without `release` are not clicks.
        #expect(
            try PipelineHarness.snapshots(of: "canvas-surface").events == Self.boot + [
                #"""
                {"time":0,"type":"ImageRequestEvent","internalId":6,"imageUrl":"","requestedWidth":358,\#
                "requestedHeight":220,"requestedLevels":1,"mode":"REQUEST","format":"RGB565"}
                """#
            ])
        #expect(try PipelineHarness.snapshots(of: "states-matrix").events == Self.boot)
    }

    @Test func imageFormats() throws {
        // Every image view laid out with a size and no pixels asks once at the first frame (time 0):
        // the six packed-format views have no URL (an empty imageUrl: the app decides), the http
        // view (80x60 dp = 160 px wide) gets kitten-128 (the first with 4 * 128 >= 3 * 160);
        // photo@2x.png is an asset and asks nothing.
        let events = try PipelineHarness.snapshots(of: "image-formats").events
        #expect(events.count == 9)
        #expect(Array(events.prefix(2)) == Self.boot)
        let requests = events.dropFirst(2).map(Self.fields)
        #expect(requests.map { $0["internalId"] } == ["6", "9", "13", "16", "20", "23", "30"])
        for r in requests {
            #expect(r["time"] == "0" && r["type"] == "\"ImageRequestEvent\"")
            #expect(r["requestedLevels"] == "1" && r["mode"] == "\"REQUEST\"")
        }
        for r in requests.prefix(6) {
            #expect(r["imageUrl"] == "\"\"")
            #expect(r["requestedHeight"] == "72")
            // The tiles share their rows by caption width: a positive width inside the screen.
            let w = Double(r["requestedWidth"] ?? "") ?? -1
            #expect(w > 40 && w < 312)
        }
        #expect(
            events.last
                == #"""
                {"time":0,"type":"ImageRequestEvent","internalId":30,\#
                "imageUrl":"https://cdn.example.com/img/kitten-128.jpg","requestedWidth":80,"requestedHeight":60,\#
                "requestedLevels":1,"mode":"REQUEST","format":"RGB565"}
                """#
        )
    }

    @Test func scrollStepsOfTheExamples() throws {
        // card-list: 500 dp of 1212 dp content in a 560 dp viewport leaves 152; text-wrapping asks
        // for 2000 and gets the end of its content (1151.33 - 797 = 354.33).
        #expect(
            try PipelineHarness.snapshots(of: "card-list").events.filter { $0.contains("Scroll") }
                == [
                    #"""
                    {"time":0,"type":"ScrollChangedEvent","internalId":4,"scrollPos":500,"scrollRem":152,\#
                    "height":1212}
                    """#
                ])
        let tw = try PipelineHarness.snapshots(of: "text-wrapping").events.filter { $0.contains("Scroll") }
        #expect(
            tw == [
                #"""
                {"time":0,"type":"ScrollChangedEvent","internalId":3,"scrollPos":354.33,"scrollRem":0,\#
                "height":1151.33}
                """#
            ])
    }

    /// `{"a":1,"b":"x"}` -> ["a": "1", "b": "\"x\""] (flat objects of this writer only).
    static func fields(_ line: String) -> [String: String] {
        var out: [String: String] = [:]
        let body = line.dropFirst().dropLast()
        var key = ""
        var cur = ""
        var inString = false
        var readingKey = true
        for ch in body {
            if ch == "\"" {
                inString.toggle()
                cur.append(ch)
                continue
            }
            if !inString && ch == ":" && readingKey {
                key = String(cur.dropFirst().dropLast())
                cur = ""
                readingKey = false
                continue
            }
            if !inString && ch == "," {
                out[key] = cur
                cur = ""
                readingKey = true
                continue
            }
            cur.append(ch)
        }
        out[key] = cur
        return out
    }
}
