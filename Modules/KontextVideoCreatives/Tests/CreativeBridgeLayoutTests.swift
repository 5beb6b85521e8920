import Foundation
import Testing
import KontextVideoModels
@testable import KontextVideoCreatives

/// Where the SDK's controls sit, the bands the page is told to keep clear, the origin rules,
/// and the messages to the page.
@Suite("Creative bridge layout and messages")
struct CreativeBridgeLayoutTests {
    @Test("the ✕ in the top right corner; its band on the right of a strip or card, along the top of a portrait ad",
          arguments: [
            (CGSize(width: 320, height: 50), false, CGRect(x: 288, y: 4, width: 28, height: 28), nil as CGRect?, CreativeInsets(right: 32)),
            (CGSize(width: 300, height: 250), false, CGRect(x: 268, y: 4, width: 28, height: 28), nil, CreativeInsets(right: 32)),
            (CGSize(width: 250, height: 250), false, CGRect(x: 218, y: 4, width: 28, height: 28), nil, CreativeInsets(right: 32)),
            (CGSize(width: 390, height: 763), true, CGRect(x: 358, y: 4, width: 28, height: 28),
             CGRect(x: 139, y: 715, width: 112, height: 36), CreativeInsets(top: 32, bottom: 48)),
            (CGSize(width: 844, height: 390), true, CGRect(x: 812, y: 4, width: 28, height: 28),
             CGRect(x: 366, y: 342, width: 112, height: 36), CreativeInsets(bottom: 48, right: 32)),
            // Shown at half size: the ✕ shrinks to what fits, never below 16 points.
            (CGSize(width: 160, height: 25), false, CGRect(x: 139, y: 4, width: 17, height: 17), nil, CreativeInsets(right: 21)),
            (CGSize(width: 160, height: 22), false, CGRect(x: 140, y: 4, width: 16, height: 16), nil, CreativeInsets(right: 20)),
            // Narrower than Resume: Resume takes the width.
            (CGSize(width: 100, height: 900), true, CGRect(x: 68, y: 4, width: 28, height: 28),
             CGRect(x: 0, y: 852, width: 100, height: 36), CreativeInsets(top: 32, bottom: 48)),
          ])
    func controls(size: CGSize, resume: Bool, close: CGRect, resumeFrame: CGRect?, insets: CreativeInsets) {
        let layout = CreativeControlsLayout(size: size, hasResume: resume)
        #expect(layout.closeFrame == close)
        #expect(layout.resumeFrame == resumeFrame)
        #expect(layout.keepClear == insets)
    }

    @Test("origins compare as the browser does: scheme and host case-folded, default ports dropped")
    func origins() throws {
        let page = try #require(CreativeOrigin(url: URL(string: "https://Ads.Example.com/c/ad-1.html?x=1#y")!))
        #expect(page.serialized == "https://ads.example.com")
        #expect(CreativeOrigin(url: URL(string: "https://ads.example.com:443/other")!) == page)
        #expect(CreativeOrigin(scheme: "https", host: "ads.example.com", port: 0) == page, "WebKit's port 0 is the default port")
        #expect(CreativeOrigin(scheme: "HTTPS", host: "ADS.example.com", port: 443) == page)
        #expect(CreativeOrigin(scheme: "http", host: "ads.example.com", port: 0) != page, "another scheme")
        #expect(CreativeOrigin(scheme: "https", host: "ads.example.com", port: 8443) != page, "another port")
        #expect(CreativeOrigin(scheme: "https", host: "evil.example.com", port: 0) != page, "another host")
        #expect(CreativeOrigin(url: URL(string: "http://127.0.0.1:8080/x")!)?.serialized == "http://127.0.0.1:8080")
        #expect(CreativeOrigin(url: URL(string: "http://[::1]:8080/x")!)?.serialized == "http://[::1]:8080")
        #expect(CreativeOrigin(url: URL(string: "file:///tmp/ad.html")!) == nil)
        #expect(CreativeOrigin(url: URL(string: "data:text/html,hi")!) == nil)
        #expect(CreativeOrigin(scheme: "", host: "", port: 0) == nil, "an opaque origin is no origin")
    }

    @Test("what the SDK posts to the page: the message as JSON and the script that posts it to the creative's origin only")
    func messagesToPage() throws {
        let origin = try #require(CreativeOrigin(url: URL(string: "http://127.0.0.1:8080/creatives/ad-1.html")!))
        let context = CreativeRenderContext(format: .overlay, fullScreen: false, size: CGSize(width: 320, height: 50), locale: "pt-BR")
        #expect(CreativeMessageToPage.context(context).json
                == #"{"data":{"format":"overlay","fullScreen":false,"insets":{"bottom":0,"left":0,"right":32,"top":0},"locale":"pt-BR","size":{"height":50,"width":320}},"type":"context-iframe"}"#)
        #expect(CreativeMessageToPage.shown.json == #"{"type":"shown-iframe"}"#)
        #expect(CreativeMessageToPage.ended.javaScript(targetOrigin: origin) == #"window.postMessage({"type":"ended-iframe"}, "http://127.0.0.1:8080");"#)
        let hostile = CreativeRenderContext(format: .pause, fullScreen: true, size: CGSize(width: 10, height: 10),
                                            locale: "</script>\u{2028}\"")
        let script = CreativeMessageToPage.context(hostile).javaScript(targetOrigin: origin)
        #expect(!script.contains("</script>") && !script.contains("\u{2028}"), "a locale cannot end a script or a line: \(script)")
        #expect(script.contains(#"\u003c/script>\u2028\""#))
    }

    @Test("the bridge script: the module's kontext-bridge.js, one function, called with the page's origin")
    func bridgeScript() throws {
        let origin = try #require(CreativeOrigin(url: URL(string: "https://ads.example.com/c.html")!))
        let function = try #require(CreativeBridgeScript.function, "Resources/kontext-bridge.js is in the module's bundle")
        #expect(function.hasPrefix("// kontext-bridge.js"))
        #expect(function.contains("\n(function (config) {\n"))
        #expect(function.hasSuffix("\n})"))
        let source = try #require(CreativeBridgeScript.source(for: origin))
        #expect(source.hasPrefix(function + "\n({"), "the call is on a line of its own, after the function")
        #expect(source.hasSuffix(");\n"))
        let configuration = try JSONDecoder().decode([String: JSONValueForTests].self, from: Data(CreativeBridgeScript.configuration(for: origin).utf8))
        #expect(configuration["origin"] == .string("https://ads.example.com"))
        #expect(configuration["handler"] == .string("kontextBridge"))
        #expect(configuration["viewerActions"] == .strings(["click-iframe", "close-iframe", "resume-iframe"]))
        #expect(configuration["fromPage"] == .strings(CreativeMessageType.fromPage.map(\.rawValue)))
        #expect(!CreativeMessageType.fromPage.contains(.pageLoaded), "only the bridge script itself says load-iframe")
        #expect(Set(CreativeMessageType.allCases.map(\.rawValue)).allSatisfy { $0.hasSuffix("-iframe") }, "the house convention")
    }
}

/// The few JSON shapes the configuration has.
enum JSONValueForTests: Decodable, Equatable {
    case string(String)
    case strings([String])
    case number(Int)

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let texts = try? container.decode([String].self) {
            self = .strings(texts)
        } else {
            self = .number(try container.decode(Int.self))
        }
    }
}
