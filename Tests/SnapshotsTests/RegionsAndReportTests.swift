import Foundation
import Primitives
import Testing

@testable import Snapshots

/// Changed-region merging, SHA-256, and the JSON / JUnit report shapes.
struct RegionsAndReportTests {
    func mask(_ w: Int, _ h: Int, _ points: [(Int, Int)]) -> [Bool] {
        var m = [Bool](repeating: false, count: w * h)
        for (x, y) in points { m[y * w + x] = true }
        return m
    }

    @Test func nearbyPixelsMergeFarOnesStaySeparate() {
        // Two blobs 3 px apart merge (gap 8); a third far away stays its own region.
        let m = mask(100, 50, [(10, 10), (11, 10), (10, 11), (15, 12), (80, 40), (81, 41)])
        let boxes = ChangedRegions.boxes(mask: m, width: 100, height: 50)
        #expect(boxes == [PixelBox(x: 10, y: 10, width: 6, height: 3), PixelBox(x: 80, y: 40, width: 2, height: 2)])
        #expect(ChangedRegions.boxes(mask: m, width: 100, height: 50, gap: 0).count == 3)
        #expect(ChangedRegions.boxes(mask: [], width: 0, height: 0).isEmpty)
    }

    @Test func mergeIsTransitive() {
        // a-b and b-c are near, a-c are not: all three become one.
        let merged = ChangedRegions.merge(
            [
                PixelBox(x: 0, y: 0, width: 5, height: 5), PixelBox(x: 30, y: 0, width: 5, height: 5),
                PixelBox(x: 12, y: 0, width: 12, height: 5),
            ], gap: 8)
        #expect(merged == [PixelBox(x: 0, y: 0, width: 35, height: 5)])
    }

    @Test func sha256KnownVectors() {
        #expect(SHA256.hex([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            SHA256.hex(Array(repeating: 0x61, count: 1000))
                == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }

    func outcomes() -> [SnapshotOutcome] {
        [
            SnapshotOutcome(
                name: "a", session: "A.json", snapshot: nil, status: .passed, golden: "S/a.png", reproduce: "r a",
                message: "a ok"),
            SnapshotOutcome(
                name: "a@x", session: "A.json", snapshot: "x", status: .failed, golden: "S/a@x.png", mismatch: 0.5,
                reproduce: "r a", message: "a@x: 50% <differ>\n  what changed:"),
            SnapshotOutcome(
                name: "b", session: "B.json", snapshot: nil, status: .recorded, golden: "S/b.png", reproduce: "r b",
                message: "b rec"),
            SnapshotOutcome(
                name: "c", session: "C.json", snapshot: nil, status: .error, golden: "S/c.png", reproduce: "r c",
                message: "c & err"),
        ]
    }

    @Test func junitHasASuitePerSessionAndFailsRecorded() {
        let r = CheckReport(
            rendererVersion: "0.1.0", recordMode: .missing, tolerance: Tolerance(), outcomes: outcomes())
        let x = r.junit()
        #expect(
            x.hasPrefix(
                """
                <?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"render check\" tests=\"4\" \
                failures=\"2\" errors=\"1\">
                """
            ))
        #expect(x.components(separatedBy: "<testsuite ").count - 1 == 3)
        #expect(x.contains("<testsuite name=\"A.json\" tests=\"2\" failures=\"1\" errors=\"0\" time=\"0.000\">"))
        #expect(x.contains("<testcase classname=\"snapshots\" name=\"a\" time=\"0.000\"/>"))
        #expect(x.contains("<failure type=\"failed\" message=\"a@x: 50% &lt;differ&gt;\">"))
        #expect(x.contains("<failure type=\"recorded\""))
        #expect(x.contains("<error message=\"c &amp; err\"/>"))
        #expect(x.hasSuffix("</testsuites>\n"))
        #expect(r.summary == "4 checked: 1 changed, 1 recorded, 1 could not be rendered, 1 passed")
        #expect(!r.allPassed)
    }

    @Test func jsonReportShape() throws {
        let r = CheckReport(
            rendererVersion: "0.1.0", recordMode: .never, tolerance: Tolerance(threshold: 10, maxMismatch: 0.01),
            outcomes: outcomes())
        let obj = try JSONSerialization.jsonObject(with: Data(try r.json())) as! [String: Any]
        #expect(Set(obj.keys) == ["rendererVersion", "recordMode", "tolerance", "outcomes"])
        #expect(obj["recordMode"] as? String == "never")
        let tol = obj["tolerance"] as! [String: Any]
        #expect(tol["threshold"] as? Int == 10)
        let list = obj["outcomes"] as! [[String: Any]]
        #expect(list.map { $0["status"] as? String } == ["passed", "failed", "recorded", "error"])
        #expect(list[1]["mismatch"] as? Double == 0.5 && list[1]["snapshot"] as? String == "x")
        #expect(list[1]["reproduce"] as? String == "r a")
        #expect(try r.json() == r.json())
    }
}
