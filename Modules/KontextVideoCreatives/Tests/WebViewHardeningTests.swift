import Foundation
import Testing
import KontextVideoVAST
@testable import KontextVideoCreatives

/// The configuration every creative web view gets, the end card's resource choice and the image
/// cap checked before decoding (issue 32, "hardened web views").
@Suite("Web view hardening")
struct WebViewHardeningTests {
    @Test("a creative web view keeps nothing, grants nothing, previews nothing and opens nothing")
    func creativeConfiguration() {
        let hardening = WebViewHardening.creative
        #expect(hardening.dataStore == .nonPersistent)
        #expect(!hardening.allowsLinkPreview)
        #expect(!hardening.showsContextMenu)
        #expect(!hardening.detectsData)
        #expect(!hardening.scriptsOpenWindowsAutomatically)
        #expect(!hardening.opensNewWindows)
        #expect(!hardening.allowsPictureInPicture)
        #expect(!hardening.allowsAirPlay)
    }

    @Test("every device capability is denied", arguments: WebViewHardening.DeviceCapability.allCases)
    func capabilitiesDenied(_ capability: WebViewHardening.DeviceCapability) {
        #expect(WebViewHardening.creative.answer(to: capability) == .deny)
    }

    @Test("only a listed capability gets another answer")
    func listedCapability() {
        var hardening = WebViewHardening.creative
        hardening.permissions[.camera] = .prompt
        #expect(hardening.answer(to: .camera) == .prompt)
        #expect(hardening.answer(to: .microphone) == .deny)
    }

    @Test("a frame loads the web and blank frames only", arguments: [
        ("https://ads.example/page", true), ("HTTP://ads.example/page", true), ("about:blank", true),
        ("file:///etc/passwd", false), ("data:text/html,<b>x</b>", false), ("javascript:alert(1)", false),
        ("tel:+15555550100", false), ("myapp://open", false), ("itms-services://?action=download", false),
    ])
    func loadableSchemes(_ link: String, _ loadable: Bool) {
        #expect(WebViewHardening.creative.mayLoad(URL(string: link)) == loadable)
    }

    @Test("no URL is not loadable")
    func noURL() {
        #expect(!WebViewHardening.creative.mayLoad(nil))
    }

    @Test("an end card's resource: https first, then http, never another scheme", arguments: [
        (["http://a.example/x", "https://b.example/y"], "https://b.example/y"),
        (["https://a.example/x", "https://b.example/y"], "https://a.example/x"),
        (["file:///tmp/card.html", "http://a.example/x"], "http://a.example/x"),
        (["  https://a.example/x\n"], "https://a.example/x"),
        (["file:///tmp/card.html", "data:text/html,hi", "javascript:1", "myapp://x"], nil),
        (["https:///no-host", "not a url"], nil),
        ([], nil),
    ] as [([String], String?)])
    func endCardResource(_ candidates: [String], _ chosen: String?) {
        #expect(WebViewHardening.preferredWebResource(among: candidates)?.absoluteString == chosen)
    }

    @Test("an end card loads its frame or image over the web only, https first")
    func endCardPage() throws {
        func card(_ resources: [(VASTResource.Kind, String)]) -> CreativePage? {
            var companion = VASTCompanion()
            companion.resources = resources.map { VASTResource(kind: $0.0, value: $0.1) }
            return CreativePage.forEndCard(companion)
        }
        #expect(card([(.iframe, "file:///private/var/mobile/x.html")]) == nil)
        #expect(card([(.iframe, "data:text/html,<script>1</script>")]) == nil)
        #expect(card([(.iframe, "http://e.example/f"), (.iframe, "https://e.example/f")])
            == .url(try #require(URL(string: "https://e.example/f"))))
        #expect(card([(.staticResource, "file:///etc/hosts"), (.iframe, "http://e.example/f")])
            == .url(try #require(URL(string: "http://e.example/f"))))
        #expect(card([(.staticResource, "http://e.example/i.png"), (.staticResource, "https://e.example/i.png")])
            == .markup(CreativePage.imageElement("https://e.example/i.png"), baseURL: nil))
    }
}

/// Reading an image's canvas from its header, and the cap applied before decoding.
@Suite("Image decode cap")
struct ImageDecodeCapTests {
    static func png(width: UInt32, height: UInt32) -> Data {
        Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + be32(width) + be32(height) + [8, 6, 0, 0, 0])
    }

    static func gif(width: UInt16, height: UInt16) -> Data {
        Data(Array("GIF89a".utf8) + le16(width) + le16(height) + [0, 0, 0])
    }

    static func jpeg(width: UInt16, height: UInt16, marker: UInt8 = 0xC0) -> Data {
        // SOI, an APP0 segment to skip, fill bytes, then the frame header.
        Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 0x4A, 0x46, 0xFF, 0xFF, marker, 0x00, 0x11, 0x08]
            + be16(height) + be16(width) + [0x03, 0x01, 0x22, 0x00])
    }

    static func webpVP8X(width: UInt32, height: UInt32) -> Data {
        Data(Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBPVP8X".utf8) + [10, 0, 0, 0] + [0, 0, 0, 0]
            + Array(le32(width - 1).prefix(3)) + Array(le32(height - 1).prefix(3)))
    }

    static func webpVP8L(width: UInt32, height: UInt32) -> Data {
        let bits = (width - 1) | (height - 1) << 14
        return Data(Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBPVP8L".utf8) + [5, 0, 0, 0, 0x2F] + le32(bits))
    }

    static func webpVP8(width: UInt16, height: UInt16) -> Data {
        Data(Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBPVP8 ".utf8) + [10, 0, 0, 0] + [0, 0, 0, 0x9D, 0x01, 0x2A]
            + le16(width) + le16(height))
    }

    @Test("the canvas size of each format", arguments: [
        (png(width: 320, height: 50), 320, 50),
        (gif(width: 728, height: 90), 728, 90),
        (jpeg(width: 1920, height: 1080), 1920, 1080),
        (jpeg(width: 640, height: 480, marker: 0xC2), 640, 480),
        (webpVP8X(width: 1200, height: 628), 1200, 628),
        (webpVP8L(width: 300, height: 250), 300, 250),
        (webpVP8(width: 970, height: 250), 970, 250),
    ] as [(Data, UInt32, UInt32)])
    func canvasSizes(_ data: Data, _ width: UInt32, _ height: UInt32) throws {
        let size = try #require(ImageHeader.canvasSize(of: data))
        #expect(size.width == width && size.height == height)
    }

    @Test("headers that are cut, empty or not an image are unreadable", arguments: [
        Data(), Data([0x89, 0x50, 0x4E, 0x47]), png(width: 0, height: 10), Data(png(width: 10, height: 10).prefix(20)),
        Data("<html>".utf8), Data([0xFF, 0xD8]), Data([0xFF, 0xD8, 0xFF, 0xDA, 0x00, 0x02]), Data([0xFF, 0xD8, 0xFF, 0xC4, 0x00, 0x00]),
        Data([0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x11, 0x08]), Data([0xFF, 0xD8, 0xFF, 0xFF, 0xFF]), Data(Array("GIF89a".utf8)),
        Data(Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBPVP8Z".utf8) + [0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]),
    ])
    func unreadable(_ data: Data) {
        #expect(ImageHeader.canvasSize(of: data) == nil)
        #expect(ImageDecodeCap.creative.refusal(of: data) == .unreadableHeader)
    }

    @Test("the cap: bytes first, then pixels from the header")
    func cap() {
        let cap = ImageDecodeCap(maxBytes: 100, maxPixels: 10_000)
        #expect(cap.refusal(of: Self.png(width: 100, height: 100)) == nil)
        #expect(cap.refusal(of: Self.png(width: 100, height: 101)) == .tooManyPixels(width: 100, height: 101))
        #expect(cap.refusal(of: Self.png(width: .max, height: .max)) == .tooManyPixels(width: .max, height: .max))
        let big = Self.png(width: 1, height: 1) + Data(count: 100)
        #expect(cap.refusal(of: big) == .tooManyBytes(big.count))
        #expect(cap.refusal(of: Data("not an image".utf8)) == .unreadableHeader)
    }

    @Test("the creative cap admits any real ad image and refuses a decompression bomb")
    func creativeCap() {
        #expect(ImageDecodeCap.creative.refusal(of: Self.png(width: 4096, height: 4096)) == nil)
        #expect(ImageDecodeCap.creative.refusal(of: Self.png(width: 4097, height: 4096)) != nil)
        #expect(ImageDecodeCap.creative.refusal(of: Self.jpeg(width: 65_535, height: 65_535)) == .tooManyPixels(width: 65_535, height: 65_535))
        #expect(ImageDecodeCap.creative.refusal(of: Data(count: 5_000_001)) == .tooManyBytes(5_000_001))
    }

    @Test("any bytes are safe to read: every prefix and every single-byte change of each header")
    func fuzzSafe() {
        let seeds = [Self.png(width: 3, height: 4), Self.gif(width: 3, height: 4), Self.jpeg(width: 3, height: 4),
                     Self.webpVP8X(width: 3, height: 4), Self.webpVP8L(width: 3, height: 4), Self.webpVP8(width: 3, height: 4)]
        for seed in seeds {
            for length in 0...seed.count { _ = ImageHeader.canvasSize(of: seed.prefix(length)) }
            for index in seed.indices {
                for value: UInt8 in [0x00, 0x01, 0x7F, 0xC0, 0xD9, 0xDA, 0xFF] {
                    var mutated = seed
                    mutated[index] = value
                    _ = ImageHeader.canvasSize(of: mutated)
                }
            }
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let data = Data((0..<Int.random(in: 0...64, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) })
            _ = ImageDecodeCap.creative.refusal(of: Data([0xFF, 0xD8]) + data)
            _ = ImageDecodeCap.creative.refusal(of: data)
        }
    }

    @Test("a header read from a slice of larger data starts at the slice")
    func slice() throws {
        let data = Data([1, 2, 3]) + Self.gif(width: 5, height: 6)
        let size = try #require(ImageHeader.canvasSize(of: data.dropFirst(3)))
        #expect(size.width == 5 && size.height == 6)
    }
}

private func be16(_ value: UInt16) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }
private func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
private func be32(_ value: UInt32) -> [UInt8] { (0..<4).reversed().map { UInt8(value >> ($0 * 8) & 0xFF) } }
private func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(value >> ($0 * 8) & 0xFF) } }
