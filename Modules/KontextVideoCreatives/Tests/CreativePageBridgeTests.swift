import Foundation
import Testing
import KontextVideoVAST
import KontextVideoModels
import KontextVideoNetworking
import KontextVideoTestSupport
@testable import KontextVideoCreatives

/// One ad's end of the bridge: where messages may come from, what `load()` waits for, what the
/// page is told, what is counted, and what reaches the facade.
@Suite("Creative page bridge")
@MainActor
struct CreativePageBridgeTests {
    static let page = URL(string: "https://ads.example.com/creatives/ad-1.html")!
    let monitor = RecordingEventMonitor()
    let events = KontextVideoEventStream(logLevel: .none)

    /// A bridge for an ad of `format`, recording what it sends the page and the events it reports.
    @MainActor
    final class Harness {
        /// What the bridge posted to the page: each message's JSON, and the script that posts it.
        @MainActor
        final class PageLog {
            var messages: [String] = []
            var scripts: [String] = []
        }

        let bridge: CreativePageBridge
        let page = PageLog()
        var toPage: [String] { page.messages }
        var scripts: [String] { page.scripts }
        var events: [CreativeEvent] = []

        init(format: AdFormat = .overlay, fullScreen: Bool = false, url: URL? = CreativePageBridgeTests.page,
             width: Double? = 320, height: Double? = 50, stream: KontextVideoEventStream? = nil) {
            let ad = ServedAd(id: "ad-1", format: format, price: VideoAdPrice(value: 2.5, currency: "USD", precision: .exact),
                              duration: 15, expiresIn: .seconds(900),
                              creative: ServedCreative(kind: .html, url: url, width: width, height: height, fullScreen: fullScreen))
            let page = self.page
            bridge = CreativePageBridge(ad: ad, locale: "fr-CA", events: stream) { message, origin in
                page.messages.append(message.json)
                page.scripts.append(message.javaScript(targetOrigin: origin))
            }
            bridge.onEvent = { [unowned self] in events.append($0) }
        }

        func post(_ body: String, mainFrame: Bool = true, origin: String? = "https://ads.example.com") {
            bridge.receive(Data(body.utf8), fromMainFrame: mainFrame, origin: origin.flatMap { URL(string: $0) }.flatMap(CreativeOrigin.init(url:)))
        }
    }

    @Test("load() waits for the page's ready message, not for its load event")
    func readyIsTheReadyMessage() async throws {
        let harness = Harness()
        harness.post(#"{"type":"init-iframe","data":{"version":1}}"#)
        harness.bridge.pageDidLoad()
        harness.post(#"{"type":"load-iframe"}"#)
        let waiting = Task { try await harness.bridge.waitUntilReady() }
        await Task.yield()
        #expect(harness.bridge.rules.phase == .loading)
        harness.post(#"{"type":"ready-iframe"}"#)
        try await waiting.value
        #expect(harness.bridge.rules.phase == .ready)
        try await harness.bridge.waitUntilReady()  // and stays ready
    }

    @Test("a page without the bridge is ready at its load event")
    func plainPageIsReadyAtLoad() async throws {
        let harness = Harness()
        harness.post(#"{"type":"load-iframe"}"#)
        try await harness.bridge.waitUntilReady()
        #expect(harness.toPage.isEmpty, "a page that never said hello is told nothing")
    }

    @Test("an error before ready fails load() with the page's code; a later ready changes nothing")
    func errorBeforeReady() async throws {
        let harness = Harness()
        let waiting = Task { try await harness.bridge.waitUntilReady() }
        harness.post(#"{"type":"init-iframe"}"#)
        harness.post(#"{"type":"error-iframe","data":{"code":403}}"#)
        let error = await #expect(throws: CreativeLoadError.self) { try await waiting.value }
        #expect(error?.code.rawValue == 403)
        harness.post(#"{"type":"ready-iframe"}"#)
        await #expect(throws: CreativeLoadError.self) { try await harness.bridge.waitUntilReady() }
        #expect(harness.bridge.ignoredCount == 1)
    }

    @Test("stop() while waiting — the load time-out, a destroy — ends the wait; a late ready is ignored")
    func stopEndsTheWait() async throws {
        let harness = Harness()
        let waiting = Task { try await harness.bridge.waitUntilReady() }
        await Task.yield()
        harness.bridge.stop()
        await #expect(throws: CancellationError.self) { try await waiting.value }
        harness.post(#"{"type":"ready-iframe"}"#)
        #expect(harness.bridge.rules.phase == .ended)
        #expect(harness.bridge.ignoredCount == 1)
    }

    @Test("cancelling the waiting task ends the wait")
    func cancellation() async throws {
        let harness = Harness()
        let waiting = Task { try await harness.bridge.waitUntilReady() }
        await Task.yield()
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
    }

    @Test("the page hears its context at hello and when its size changes, shown when on screen, ended at the end")
    func messagesToThePage() async throws {
        let harness = Harness()
        harness.post(#"{"type":"init-iframe"}"#)
        #expect(harness.toPage == [
            #"{"data":{"format":"overlay","fullScreen":false,"insets":{"bottom":0,"left":0,"right":44,"top":0},"locale":"fr-CA","size":{"height":50,"width":320},"textDirection":"ltr","uiLanguage":"en"},"type":"context-iframe"}"#,
        ])
        harness.post(#"{"type":"ready-iframe"}"#)
        harness.bridge.place(size: CGSize(width: 320, height: 50))
        #expect(harness.toPage.count == 1, "the same size again is not news")
        harness.bridge.place(size: CGSize(width: 256, height: 40))
        #expect(harness.toPage.last?.contains(#""size":{"height":40,"width":256}"#) == true)
        harness.bridge.start()
        harness.bridge.stop()
        #expect(Array(harness.toPage.suffix(2)) == [#"{"type":"shown-iframe"}"#, #"{"type":"ended-iframe"}"#])
        #expect(harness.scripts.last == #"window.postMessage({"type":"ended-iframe"}, "https://ads.example.com");"#)
        harness.bridge.stop()
        harness.bridge.place(size: CGSize(width: 100, height: 20))
        #expect(harness.toPage.count == 4, "nothing after ended")
    }

    @Test("a full-screen pause ad's context names its Resume band; its resume is .resume, an overlay's is ignored")
    func fullScreenPause() async throws {
        let harness = Harness(format: .pause, fullScreen: true, width: 390, height: 763)
        harness.post(#"{"type":"init-iframe"}"#)
        #expect(harness.toPage.first?.contains(#""fullScreen":true,"insets":{"bottom":48,"left":0,"right":0,"top":44}"#) == true)
        harness.post(#"{"type":"ready-iframe"}"#)
        harness.bridge.start()
        harness.post(#"{"type":"resume-iframe","tap":1}"#)
        #expect(harness.events == [.resume])

        let overlay = Harness()
        overlay.post(#"{"type":"ready-iframe"}"#)
        overlay.bridge.start()
        overlay.post(#"{"type":"resume-iframe","tap":1}"#)
        overlay.bridge.sdkTap(.resume)
        #expect(overlay.events.isEmpty)
    }

    @Test("on screen: clicks with their area and URL once per tap, close, an error with its code; nothing before show or after the end")
    func onScreen() async throws {
        let harness = Harness()
        harness.post(#"{"type":"ready-iframe"}"#)
        harness.post(#"{"type":"click-iframe","data":{"area":"cta"},"tap":1}"#)
        #expect(harness.events.isEmpty, "a click before show() is ignored")
        harness.bridge.start()
        harness.post(#"{"type":"click-iframe","data":{"area":"cta"},"tap":1}"#)
        harness.post(#"{"type":"click-iframe","data":{"area":"cta"},"tap":1}"#)
        harness.post(#"{"type":"click-iframe","data":{"area":"cta"}}"#)
        harness.post(#"{"type":"click-iframe","data":{"url":"https://advertiser.example/x"},"tap":2}"#)
        harness.post(#"{"type":"close-iframe","tap":3}"#)
        harness.post(#"{"type":"error-iframe","data":{"code":501}}"#)
        harness.post(#"{"type":"click-iframe","tap":4}"#)
        #expect(harness.events == [
            .click(.other("cta")), .click(.creative, url: URL(string: "https://advertiser.example/x")),
            .close, .failed(code: VASTErrorCode(creativeCode: 501)),
        ])
        #expect(harness.bridge.ignoredCount == 4, "before show, the same tap, no tap, after the failure")
    }

    @Test("messages from another origin, a sub-frame, or no origin are dropped and counted; so are malformed and oversized ones")
    func drops() async throws {
        let stream = KontextVideoEventStream(logLevel: .none)
        stream.add(monitor)
        let harness = Harness(stream: stream)
        harness.post(#"{"type":"ready-iframe"}"#, origin: "https://evil.example.com")
        harness.post(#"{"type":"ready-iframe"}"#, origin: "http://ads.example.com")
        harness.post(#"{"type":"ready-iframe"}"#, origin: "https://ads.example.com:8443")
        harness.post(#"{"type":"ready-iframe"}"#, mainFrame: false)
        harness.post(#"{"type":"ready-iframe"}"#, origin: nil)
        harness.post("not json")
        harness.post(String(repeating: "x", count: 9000))
        #expect(harness.bridge.rules.phase == .loading, "none of them made the page ready")
        #expect(harness.bridge.droppedCount == 7)
        #expect(harness.bridge.readCount == 0)
        let dropped = monitor.events(.state, named: .creativeMessageDropped)
        #expect(dropped.map { $0.attributes["reason"] } == Array(repeating: "otherOrigin", count: 5) + ["malformed", "oversized"])
        #expect(dropped.first?.attributes["detail"] == "from another origin: https://evil.example.com")
        #expect(dropped.allSatisfy { $0.level == .warning && $0.attributes["adId"] == "ad-1" })
        harness.post(#"{"type":"whatever-iframe"}"#)
        #expect(harness.bridge.ignoredCount == 1, "an unknown type is read, and ignored")
        #expect(monitor.events(.state, named: .creativeMessage).last?.attributes["ignored"] == "unknownType")
    }

    @Test("a creative without a web origin speaks to no one")
    func noOrigin() async throws {
        let harness = Harness(url: URL(string: "file:///tmp/ad.html"))
        #expect(harness.bridge.origin == nil)
        harness.post(#"{"type":"init-iframe"}"#)
        #expect(harness.bridge.droppedCount == 1)
        #expect(harness.toPage.isEmpty)
    }

    @Test("a size within the server's is kept for show() and told to the page; a larger one is ignored")
    func resize() async throws {
        let harness = Harness()
        harness.post(#"{"type":"init-iframe"}"#)
        harness.post(#"{"type":"resize-iframe","data":{"width":640,"height":100}}"#)
        #expect(harness.bridge.reportedSize == nil)
        harness.post(#"{"type":"resize-iframe","data":{"width":300,"height":50}}"#)
        #expect(harness.bridge.reportedSize == CGSize(width: 300, height: 50))
        #expect(harness.toPage.last?.contains(#""size":{"height":50,"width":300}"#) == true)
    }

    @Test("the page breaking: 502 while loading, a failure event with 405 once ready")
    func pageBreaks() async throws {
        let loading = Harness()
        let waiting = Task { try await loading.bridge.waitUntilReady() }
        loading.bridge.pageBroke()
        let error = await #expect(throws: CreativeLoadError.self) { try await waiting.value }
        #expect(error?.code == .nonLinearFetchFailed)

        let shown = Harness()
        shown.post(#"{"type":"ready-iframe"}"#)
        shown.bridge.start()
        shown.bridge.pageBroke()
        #expect(shown.events == [.failed(code: .mediaDisplay)])
    }
}
