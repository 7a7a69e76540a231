import Foundation
import Styles
import Testing

@testable import TextLayout

@Suite struct FontMatchingTests {
    let fonts = TestFonts.library

    @Test(arguments: [
        (300, "Roboto-Light.ttf"), (400, "Roboto-Regular.ttf"), (500, "Roboto-Medium.ttf"),
        (700, "Roboto-Bold.ttf"), (900, "Roboto-Black.ttf"), (600, "Roboto-Bold.ttf"),
        (450, "Roboto-Medium.ttf"), (100, "Roboto-Thin.ttf"), (200, "Roboto-Thin.ttf"),
        (800, "Roboto-Black.ttf"), (350, "Roboto-Light.ttf"),
    ])
    func robotoWeightPicksTheCSSNearestFile(weight: Int, file: String) {
        let id = fonts.resolve(FontSpec(family: "Roboto", weight: weight))
        #expect(TestFonts.file(id) == file)
        #expect(fonts.face(id)?.syntheticBold == false)
    }

    @Test func italicAndObliquePickTheirFaces() {
        #expect(
            TestFonts.file(fonts.resolve(FontSpec(family: "Roboto", weight: 400, style: .italic)))
                == "Roboto-Italic.ttf")
        #expect(
            TestFonts.file(fonts.resolve(FontSpec(family: "Roboto", weight: 700, style: .oblique)))
                == "Roboto-BoldItalic.ttf")
        #expect(
            TestFonts.file(fonts.resolve(FontSpec(family: "DejaVu Sans", weight: 400, style: .italic)))
                == "DejaVuSans-Oblique.ttf")
        #expect(
            TestFonts.file(fonts.resolve(FontSpec(family: "dejavu-sans", weight: 700, style: .oblique)))
                == "DejaVuSans-BoldOblique.ttf")
    }

    @Test func syntheticStylesOnlyWhereNoFaceExists() throws {
        let hebrewItalic = try #require(
            fonts.face(fonts.resolve(FontSpec(family: "Noto Sans Hebrew", weight: 400, style: .italic))))
        #expect(hebrewItalic.syntheticOblique && !hebrewItalic.syntheticBold)
        let hebrewBold = try #require(fonts.face(fonts.resolve(FontSpec(family: "Noto Sans Hebrew", weight: 800))))
        #expect(
            !hebrewBold.syntheticBold && (hebrewBold.path as NSString).lastPathComponent == "NotoSansHebrew-Bold.ttf")
        let emoji = try #require(
            fonts.face(fonts.resolve(FontSpec(family: "Noto Color Emoji", weight: 700, style: .italic))))
        #expect(!emoji.syntheticBold && !emoji.syntheticOblique)
        let robotoItalic = try #require(
            fonts.face(fonts.resolve(FontSpec(family: "Roboto", weight: 900, style: .italic))))
        #expect(!robotoItalic.syntheticOblique)
    }

    @Test func familyNamesIgnoreCaseSpacesHyphensAndUnderscores() {
        #expect(fonts.hasFamily("Roboto"))
        #expect(fonts.hasFamily("DEJAVU SANS"))
        #expect(fonts.hasFamily("dejavu-sans"))
        #expect(fonts.hasFamily("Noto_Sans_CJK"))
        #expect(!fonts.hasFamily("Comic Sans MS"))
        #expect(fonts.familyNames.contains("Noto Sans Arabic"))
    }

    @Test func unknownFamilyFallsBackToRoboto() {
        #expect(TestFonts.file(fonts.resolve(FontSpec(family: "Helvetica", weight: 700))) == "Roboto-Bold.ttf")
    }

    @Test func cjkUsesTheJapaneseFaceOfTheCollection() throws {
        let face = try #require(fonts.face(fonts.resolve(FontSpec(family: "Noto Sans CJK"))))
        #expect(face.faceIndex == 0)
        #expect(face.hasGlyph(0x3053))  // こ
    }

    @Test func nearestWeightFollowsCSSFonts4() {
        let roboto = [250, 300, 400, 500, 700, 900]
        #expect(FontMatching.nearestWeight(roboto, desired: 600) == 700)
        #expect(FontMatching.nearestWeight([300, 600], desired: 400) == 300)
        #expect(FontMatching.nearestWeight([300, 450], desired: 400) == 450)
        #expect(FontMatching.nearestWeight([500, 700], desired: 300) == 500)
        #expect(FontMatching.nearestWeight([300, 500], desired: 650) == 500)
    }

    @Test func appFontsComeBeforeBundledFaces() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("applib-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.copyItem(
            atPath: TestFonts.directory + "/DejaVuSans-Bold.ttf",
            toPath: dir.appendingPathComponent("AppBold.ttf").path)
        let lib = try FontLibrary(fontsDirectory: TestFonts.directory, appFontsDirectory: dir.path)
        let id = lib.resolve(FontSpec(family: "DejaVu Sans", weight: 700))
        #expect(lib.face(id)?.path == dir.appendingPathComponent("AppBold.ttf").path)
        // Weights the app folder lacks still come from the bundled faces.
        #expect(
            (lib.face(lib.resolve(FontSpec(family: "DejaVu Sans", weight: 400)))?.path as NSString?)?.lastPathComponent
                == "DejaVuSans.ttf")
    }

    @Test func startUpReadsOnlyTheLock() throws {
        let lib = try FontLibrary(fontsDirectory: TestFonts.directory)
        // Families come from the lock alone: no face is opened to answer, nor to start.
        #expect(lib.hasFamily("Noto Color Emoji"))
        #expect(lib.openedFaceCount == 0)
        _ = lib.face(lib.resolve(FontSpec(family: "Roboto")))
        #expect(lib.openedFaceCount == 1)
    }
}

@Test func missingFontFilesAreReportedByName() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("nofonts-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    #expect(throws: FontLibraryError.self) { try FontLibrary(fontsDirectory: dir.path) }
    try "x Roboto-Regular.ttf Roboto 400 normal 0 pkg\n".write(
        to: dir.appendingPathComponent("fonts.lock"), atomically: true, encoding: .utf8)
    do {
        _ = try FontLibrary(fontsDirectory: dir.path)
        Issue.record("expected an error")
    } catch {
        #expect("\(error)".contains("Roboto-Regular.ttf") && "\(error)".contains("run: sudo apt-get install pkg"))
    }
}
