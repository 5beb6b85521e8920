import Foundation
import Testing
import KontextVideoModels
@testable import KontextVideoCreatives

/// `Scripts/browser-tests/render-contexts.json` is what the browser tests post to the pages and
/// where they draw the SDK's controls: every entry must be exactly what the SDK does.
@Suite("Browser-test fixture")
struct CreativeBridgeFixtureTests {
    struct Fixture: Decodable {
        struct Entry: Decodable {
            var format: String
            var fullScreen: Bool
            var width: Double
            var height: Double
            var locale: String
            var message: String
            var close: [Double]
            var resume: [Double]?
        }
        var bridgeConfiguration: [String: JSONValueForTests]
        var contexts: [Entry]
        var shown: String
        var ended: String
    }

    static let fixture: Fixture = {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../Scripts/browser-tests/render-contexts.json").standardizedFileURL
        // A missing or broken fixture fails every test below with the decoding error.
        return (try? JSONDecoder().decode(Fixture.self, from: Data(contentsOf: path)))
            ?? Fixture(bridgeConfiguration: [:], contexts: [], shown: "", ended: "")
    }()

    @Test("each context message and control frame is the SDK's own")
    func contexts() throws {
        #expect(Self.fixture.contexts.count == 3)
        for entry in Self.fixture.contexts {
            let format = try #require(AdFormat(rawValue: entry.format))
            let size = CGSize(width: entry.width, height: entry.height)
            let context = CreativeRenderContext(format: format, fullScreen: entry.fullScreen, size: size, locale: entry.locale)
            #expect(CreativeMessageToPage.context(context).json == entry.message)
            let layout = CreativeControlsLayout(size: size, hasResume: entry.fullScreen && format == .pause)
            let close = layout.closeFrame
            #expect([close.minX, close.minY, close.width, close.height].map(Double.init) == entry.close)
            let resume = layout.resumeFrame.map { [$0.minX, $0.minY, $0.width, $0.height].map(Double.init) }
            #expect(resume == entry.resume)
        }
        #expect(CreativeMessageToPage.shown.json == Self.fixture.shown)
        #expect(CreativeMessageToPage.ended.json == Self.fixture.ended)
    }

    @Test("the bridge script's configuration, less the origin, is the SDK's")
    func configuration() throws {
        let origin = try #require(CreativeOrigin(url: URL(string: "http://127.0.0.1:8080/")!))
        var sdk = try JSONDecoder().decode([String: JSONValueForTests].self, from: Data(CreativeBridgeScript.configuration(for: origin).utf8))
        #expect(sdk.removeValue(forKey: "origin") == .string("http://127.0.0.1:8080"))
        #expect(sdk == Self.fixture.bridgeConfiguration)
    }
}
