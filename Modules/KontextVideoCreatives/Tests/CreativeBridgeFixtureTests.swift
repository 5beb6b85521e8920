import Foundation
import Testing
import KontextVideoModels
@testable import KontextVideoCreatives
import KontextVideoVAST

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
            var closeGlyph: [Double]
            var resume: [Double]?
        }
        struct Resize: Decodable {
            var format: String
            var fullScreen: Bool
            var width: Double
            var height: Double
            var locale: String
            var request: String
            var context: String
        }
        struct PageBody: Decodable {
            var body: String
            var sdk: String
        }
        /// A member of `pageBodies`: a body, or the comment among them.
        struct PageBodyOrComment: Decodable {
            var entry: PageBody?

            init(from decoder: any Decoder) throws {
                entry = (try? decoder.singleValueContainer().decode(String.self)) == nil ? try PageBody(from: decoder) : nil
            }
        }
        var bridgeConfiguration: [String: JSONValueForTests]
        var contexts: [Entry]
        var shown: String
        var ended: String
        var resize: Resize?
        var pageBodies: [String: PageBody]?

        enum CodingKeys: String, CodingKey {
            case bridgeConfiguration, contexts, shown, ended, resize, pageBodies
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            bridgeConfiguration = try container.decode([String: JSONValueForTests].self, forKey: .bridgeConfiguration)
            contexts = try container.decode([Entry].self, forKey: .contexts)
            shown = try container.decode(String.self, forKey: .shown)
            ended = try container.decode(String.self, forKey: .ended)
            resize = try container.decode(Resize.self, forKey: .resize)
            pageBodies = try container.decode([String: PageBodyOrComment].self, forKey: .pageBodies).compactMapValues(\.entry)
        }

        init(bridgeConfiguration: [String: JSONValueForTests], contexts: [Entry], shown: String, ended: String) {
            self.bridgeConfiguration = bridgeConfiguration
            self.contexts = contexts
            self.shown = shown
            self.ended = ended
        }
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
            let glyph = layout.closeGlyphFrame
            #expect([glyph.minX, glyph.minY, glyph.width, glyph.height].map(Double.init) == entry.closeGlyph)
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

    @Test("the resize the browser tests request is accepted, and answered with their context")
    func resize() throws {
        let resize = try #require(Self.fixture.resize)
        let format = try #require(AdFormat(rawValue: resize.format))
        let message = CreativeMessageDecoder.decode(Data(resize.request.utf8))
        #expect(message == .success(.resize(width: 300, height: 50)))
        var rules = CreativePageRules(isFullScreenPause: resize.fullScreen && format == .pause,
                                      allowedSize: CGSize(width: resize.width, height: resize.height), phase: .loading, speaksBridge: true)
        let reaction = try rules.receive(message.get())
        #expect(reaction == .resize(CGSize(width: 300, height: 50)))
        guard case .resize(let size) = reaction else { return }
        let context = CreativeRenderContext(format: format, fullScreen: resize.fullScreen, size: size, locale: resize.locale)
        #expect(CreativeMessageToPage.context(context).json == resize.context)
    }

    @Test("each awkward body the browser tests expect is read by the SDK as the fixture says")
    func pageBodies() throws {
        let bodies = try #require(Self.fixture.pageBodies)
        #expect(bodies.count == 7)
        for (name, entry) in bodies.sorted(by: { $0.key < $1.key }) {
            let verdict: String
            switch CreativeMessageDecoder.decode(Data(entry.body.utf8)) {
            case .failure(.malformed): verdict = "malformed"
            case .failure(let other): verdict = "dropped \(other.kind)"
            case .success(.error(let code)): verdict = "error \(code?.rawValue ?? 405)"
            case .success(.ready): verdict = "ready"
            case .success(let other): verdict = "\(other)"
            }
            #expect(verdict == entry.sdk, "\(name): \(entry.body)")
        }
    }
}
