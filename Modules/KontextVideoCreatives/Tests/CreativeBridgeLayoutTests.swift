import Foundation
import Testing
import KontextVideoModels
@testable import KontextVideoCreatives

/// Where the SDK's controls sit, the bands the page is told to keep clear, the origin rules,
/// and the messages to the page.
@Suite("Creative bridge layout and messages")
struct CreativeBridgeLayoutTests {
    /// A creative's size, whether it has Resume, the screen's minimum target, and where its controls go.
    struct ControlsRow: Sendable, CustomTestStringConvertible {
        let size: CGSize
        var resume = false
        var minimumTarget: CGFloat = 44
        let close: CGRect
        let glyph: CGRect
        var resumeFrame: CGRect?
        let insets: CreativeInsets
        var testDescription: String { "\(Int(size.width))×\(Int(size.height))\(resume ? " with Resume" : "")\(minimumTarget == 44 ? "" : ", \(Int(minimumTarget)) pt target")" }
    }

    static let controlsRows: [ControlsRow] = [
        ControlsRow(size: CGSize(width: 320, height: 50), close: CGRect(x: 276, y: 0, width: 44, height: 44),
                    glyph: CGRect(x: 284, y: 8, width: 28, height: 28), insets: CreativeInsets(right: 44)),
        ControlsRow(size: CGSize(width: 300, height: 250), close: CGRect(x: 256, y: 0, width: 44, height: 44),
                    glyph: CGRect(x: 264, y: 8, width: 28, height: 28), insets: CreativeInsets(right: 44)),
        ControlsRow(size: CGSize(width: 250, height: 250), close: CGRect(x: 206, y: 0, width: 44, height: 44),
                    glyph: CGRect(x: 214, y: 8, width: 28, height: 28), insets: CreativeInsets(right: 44)),
        ControlsRow(size: CGSize(width: 390, height: 763), resume: true, close: CGRect(x: 346, y: 0, width: 44, height: 44),
                    glyph: CGRect(x: 354, y: 8, width: 28, height: 28), resumeFrame: CGRect(x: 139, y: 715, width: 112, height: 36),
                    insets: CreativeInsets(top: 44, bottom: 48)),
        ControlsRow(size: CGSize(width: 844, height: 390), resume: true, close: CGRect(x: 800, y: 0, width: 44, height: 44),
                    glyph: CGRect(x: 808, y: 8, width: 28, height: 28), resumeFrame: CGRect(x: 366, y: 342, width: 112, height: 36),
                    insets: CreativeInsets(bottom: 48, right: 44)),
        // Shown at half size: the target takes the creative's whole height; the glyph shrinks to
        // what fits in it, never below 16 points.
        ControlsRow(size: CGSize(width: 160, height: 25), close: CGRect(x: 135, y: 0, width: 25, height: 25),
                    glyph: CGRect(x: 139, y: 4, width: 17, height: 17), insets: CreativeInsets(right: 25)),
        ControlsRow(size: CGSize(width: 160, height: 22), close: CGRect(x: 138, y: 0, width: 22, height: 22),
                    glyph: CGRect(x: 141, y: 3, width: 16, height: 16), insets: CreativeInsets(right: 22)),
        // Narrower than Resume: Resume takes the width.
        ControlsRow(size: CGSize(width: 100, height: 900), resume: true, close: CGRect(x: 56, y: 0, width: 44, height: 44),
                    glyph: CGRect(x: 64, y: 8, width: 28, height: 28), resumeFrame: CGRect(x: 0, y: 852, width: 100, height: 36),
                    insets: CreativeInsets(top: 44, bottom: 48)),
        // A television's 66-point target (tvOS), the glyph as on a phone.
        ControlsRow(size: CGSize(width: 300, height: 250), minimumTarget: 66, close: CGRect(x: 234, y: 0, width: 66, height: 66),
                    glyph: CGRect(x: 253, y: 19, width: 28, height: 28), insets: CreativeInsets(right: 66)),
    ]

    @Test("the ✕'s target in the top right corner, 44 pt (66 on a TV) or the creative's short side; its glyph centred in it; its band on the right of a strip or card, along the top of a portrait ad",
          arguments: controlsRows)
    func controls(_ row: ControlsRow) {
        let layout = CreativeControlsLayout(size: row.size, hasResume: row.resume, minimumTarget: row.minimumTarget)
        #expect(layout.closeFrame == row.close)
        #expect(layout.closeGlyphFrame == row.glyph)
        #expect(layout.resumeFrame == row.resumeFrame)
        #expect(layout.keepClear == row.insets)
        let bounds = CGRect(origin: .zero, size: row.size)
        #expect(bounds.contains(layout.closeFrame), "the target never leaves the creative (inside the safe area)")
        #expect(layout.closeFrame.contains(layout.closeGlyphFrame), "the glyph is inside its target")
    }

    @Test("the ✕'s target is at least the screen's minimum wherever the creative's short side allows it",
          arguments: [CGFloat(44), 66])
    func closeTargetIsNeverUnderTheMinimum(_ minimumTarget: CGFloat) {
        for width in stride(from: CGFloat(10), through: 900, by: 7) {
            for height in stride(from: CGFloat(10), through: 900, by: 13) {
                let close = CreativeControlsLayout(size: CGSize(width: width, height: height), hasResume: false, minimumTarget: minimumTarget).closeFrame
                #expect(close.width == close.height && close.width == min(minimumTarget, width, height), "\(width)×\(height)")
                #expect(close.maxX == width && close.minY == 0, "\(width)×\(height): in the top right corner")
            }
        }
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
                == #"{"data":{"format":"overlay","fullScreen":false,"insets":{"bottom":0,"left":0,"right":44,"top":0},"locale":"pt-BR","size":{"height":50,"width":320},"textDirection":"ltr","uiLanguage":"en"},"type":"context-iframe"}"#)
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
