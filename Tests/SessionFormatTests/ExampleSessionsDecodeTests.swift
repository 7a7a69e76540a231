import Foundation
import JSON
import Primitives
import TestSupport
import Testing

@testable import SessionFormat

let repoRoot = URL(fileURLWithPath: Repository.root)

/// Every shared sample session (Examples/ and Benchmarks/).
let sampleSessions: [String] = ["Examples", "Benchmarks"].flatMap { dir -> [String] in
    let path = repoRoot.appendingPathComponent(dir).path
    return Repository.sessions(in: path).map { "\(dir)/\($0)" }
}

@Suite struct ExampleSessionsDecodeTests {
    @Test func thereAreSamples() { #expect(sampleSessions.count >= 14) }

    @Test(arguments: sampleSessions)
    func decodesWithoutDiagnostics(file: String) throws {
        let (s, d) = try SessionDecoder().decode(fileAt: repoRoot.appendingPathComponent(file).path)
        #expect(d.isEmpty, "\(d)")
        #expect(!s.steps.isEmpty)
        #expect(s.name == URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent)
        try s.device.validate()
        // Every step decoded: the count equals the file's top-level steps.
        let json = try JSONParser.parse([UInt8](try Data(contentsOf: repoRoot.appendingPathComponent(file))))
        #expect(s.steps.count == json.objectValue?["steps"]?.arrayValue?.count)
        #expect(s.steps.enumerated().allSatisfy { $0.offset == $0.element.index })
    }

    @Test func imageFormatsSessionDecodesPixels() throws {
        let (s, _) = try SessionDecoder().decode(
            fileAt: repoRoot.appendingPathComponent("Examples/image-formats.json").path)
        let images = s.steps.compactMap { step -> PackedImage? in
            if case .setImageData(_, let img) = step.kind { return img }
            return nil
        }
        #expect(images.count == 7)
        for img in images where img.file == nil {
            #expect(!img.data.isEmpty)
        }
    }
}
