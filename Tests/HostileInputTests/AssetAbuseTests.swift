import Foundation
import Testing

/// Images that lie about their size, are cut short, or try to read outside the assets folder.
@Suite struct AssetAbuseTests {
    static func image(_ name: String) -> [String] {
        [
            #"{"type": "CREATE_IMAGEVIEW", "internalId": 3, "childInternalId": 4, "textValue": "\#(name)"}"#,
            #"{"type": "SET_STYLE", "internalId": 4, "value": 0, "textValue": "width", "textValue2": "40"}"#,
            #"{"type": "SET_STYLE", "internalId": 4, "value": 0, "textValue": "height", "textValue2": "40"}"#,
        ]
    }
    static var realPNG: [UInt8] {
        [UInt8](FileManager.default.contents(atPath: Hostile.root + "/Examples/assets/button.png")!)
    }

    @Test func truncatedPNG() throws {
        let o = try Hostile.run(
            Hostile.session(Self.image("cut.png")), assets: ["cut.png": Array(Self.realPNG.prefix(60))])
        #expect(o.rendered && o.codes == ["asset"])
        #expect(o.message("asset").contains("cannot be decoded"))
    }

    @Test func decompressionBombIsRefusedFromItsHeader() throws {
        var bomb = Hostile.pngHeader(width: 30000, height: 30000)
        bomb += [0, 0, 0, 0] + Array("IEND".utf8) + [0xAE, 0x42, 0x60, 0x82]
        let o = try Hostile.run(Hostile.session(Self.image("bomb.png")), assets: ["bomb.png": bomb])
        #expect(o.rendered && o.codes == ["asset"])
        // Refused from its header: the 30000 x 30000 image is never inflated or allocated (the file
        // has no pixel data; the render stays within `Hostile.run`'s work bound).
        #expect(o.message("asset").contains("too large"))
    }

    @Test func notAPNG() throws {
        let o = try Hostile.run(Hostile.session(Self.image("fake.png")), assets: ["fake.png": Array("GIF89a".utf8)])
        #expect(o.rendered && o.codes == ["asset"])
        #expect(o.message("asset").contains("not a PNG"))
    }

    @Test(arguments: [
        ("../session.json", "'..' is not allowed"), ("/etc/passwd", "absolute paths"),
        ("a/../../x.png", "'..' is not allowed"), ("~root/x.png", "absolute paths"),
    ])
    func pathEscapeIsRefused(_ name: String, _ why: String) throws {
        let o = try Hostile.run(Hostile.session(Self.image(name)))
        #expect(o.rendered && o.codes == ["asset"])
        #expect(o.message("asset").contains(why))
    }

    @Test func symlinkOutOfTheAssetsFolderIsRefused() throws {
        let o = try Hostile.run(
            Hostile.session(Self.image("link.png")), links: ["link.png": Hostile.root + "/Examples/assets/button.png"])
        #expect(o.rendered && o.codes == ["asset"])
        #expect(o.message("asset").contains("outside the assets folder"))
    }

    @Test func setImageDataFileEscape() throws {
        let o = try Hostile.run(
            Hostile.session([
                #"{"type": "CREATE_IMAGEVIEW", "internalId": 3, "childInternalId": 4}"#,
                #"{"type": "setImageData", "internalId": 4, "image": {"file": "../../etc/passwd"}}"#,
            ]))
        #expect(o.rendered && o.codes == ["image-data"] || o.codes == ["asset"])
    }

    /// Cut mid-quantum: 17 characters cannot be whole bytes (the step is refused); 19 decode to
    /// 14 bytes, two short of a 2x2 RGBA8 image (the image is refused when it is shown).
    @Test(arguments: [(17, "bad-step", "truncated"), (19, "image-data", "needs 16 bytes, data has 14")])
    func truncatedBase64Buffer(_ length: Int, _ code: String, _ why: String) throws {
        let data = String(repeating: "A", count: length)
        let o = try Hostile.run(
            Hostile.session([
                #"{"type": "CREATE_IMAGEVIEW", "internalId": 3, "childInternalId": 4}"#,
                #"""
                {"type": "setImageData", "internalId": 4, "image": {"format": "RGBA8", "width": 2, "height": 2, \#
                "data": "\#(data)"}}
                """#,
            ]))
        #expect(o.rendered && o.codes == [code])
        #expect(o.message(code).contains(why), "\(o.messages)")
    }

    @Test func base64ShorterThanTheImage() throws {
        let o = try Hostile.run(
            Hostile.session([
                #"{"type": "CREATE_IMAGEVIEW", "internalId": 3, "childInternalId": 4}"#,
                #"""
                {"type": "setImageData", "internalId": 4, "image": {"format": "RGBA8", "width": 64, "height": 64, \#
                "data": "AAAA"}}
                """#,
            ]))
        #expect(o.rendered && o.codes == ["image-data"])
    }

    @Test func packedImageOverTheSideLimit() throws {
        let o = try Hostile.run(
            Hostile.session([
                #"{"type": "CREATE_IMAGEVIEW", "internalId": 3, "childInternalId": 4}"#,
                #"""
                {"type": "setImageData", "internalId": 4, "image": {"format": "RGBA8", "width": 60000, "height": \#
                60000, "data": "AAAA"}}
                """#,
            ]))
        // Refused from its declared size, before any decoding (the message names the side limit).
        #expect(o.rendered && o.codes == ["image-data"])
        #expect(o.message("image-data").contains("60000"), "\(o.messages)")
    }
}
