import Foundation
import Testing
import Primitives
@testable import RenderPipeline

/// The pixel probes and output sizes of Examples/*.expect.json (points whose colour follows from the
/// spec alone), checked in-process.
struct ExpectationProbeTests {
    static let sessions = TestSupport.sessions(in: TestSupport.examples).map { String($0.dropLast(5)) }
        .filter { FileManager.default.fileExists(atPath: TestSupport.examples + "/" + $0 + ".expect.json") }

    @Test(arguments: sessions)
    func probes(_ name: String) throws {
        let data = try #require(FileManager.default.contents(atPath: TestSupport.examples + "/" + name + ".expect.json"))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let (frame, _, _) = try TestSupport.render(TestSupport.examples + "/" + name + ".json")
        let b = frame.bitmap
        if let png = json["png"] as? [String: Any] {
            #expect(b.width == png["width"] as? Int && b.height == png["height"] as? Int, "size \(b.width)x\(b.height)")
        }
        for case let p as [String: Any] in (json["probes"] as? [Any]) ?? [] {
            guard let x = p["x"] as? Int, let y = p["y"] as? Int, let rgb = p["rgb"] as? [Int], x < b.width, y < b.height else { continue }
            let tol = p["tolerance"] as? Int ?? 12
            let c = b.color(x: x, y: y)
            // composite over black as check-expectations does for images with alpha
            let got = [Int(c.r) * Int(c.a) / 255, Int(c.g) * Int(c.a) / 255, Int(c.b) * Int(c.a) / 255]
            let matches = zip(got, rgb).allSatisfy { abs($0 - $1) <= tol }
            let differs = (p["expect"] as? String) == "differs"
            #expect(matches != differs, "\(name) probe (\(x),\(y)) \(p["note"] ?? ""): expected \(differs ? "not " : "")\(rgb) got \(got)")
        }
    }
}
