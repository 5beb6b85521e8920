import Foundation
import Testing
import KontextVideoTesting

/// A publisher's test of an HTML creative, in the bridge's own bytes: the page reports ready,
/// the viewer taps its CTA, the page asks for a size; what the SDK told the page; what it dropped.
@Suite("Scripted creative pages")
@MainActor
struct ScriptedCreativePageTests {
    static let hello = #"{"type":"init-iframe","data":{"version":1}}"#

    @Test func thePageReportsReadyAndTheViewerTapsItsCTA() async throws {
        try await KontextVideoHarness.run { harness in
            await harness.initialize()
            harness.creatives.enqueue(.page(posts: [Self.hello]), for: .overlay)
            let ads = VideoAds(content: .init(id: "e1", language: "en"))
            let ad = try await ads.format(.overlay)
            let delegate = RecordingDelegate()
            ad.delegate = delegate
            let loading = Task { try await ad.load() }
            for _ in 0..<100 where harness.creatives.creative(for: ad)?.loadCount != 1 { await Task.yield() }
            let creative = try #require(harness.creatives.creative(for: ad))
            // The page said hello: it hears its context (the locale is the device's).
            let context = try #require(creative.messagesToPage.first)
            #expect(creative.messagesToPage.count == 1)
            #expect(context.hasPrefix(#"{"data":{"format":"overlay","fullScreen":false,"insets":{"bottom":0,"left":0,"right":44,"top":0},"locale":""#))
            #expect(context.hasSuffix(#"","size":{"height":50,"width":320},"textDirection":"ltr","uiLanguage":"en"},"type":"context-iframe"}"#))
            creative.pagePosts(#"{"type":"ready-iframe"}"#)
            try await loading.value
            try ad.show(in: HeadlessView())
            #expect(creative.messagesToPage.last == #"{"type":"shown-iframe"}"#)
            creative.viewerTaps(andPagePosts: #"{"type":"click-iframe","data":{"area":"cta"}}"#)
            #expect(delegate.callbacks.contains(.click(adId: ad.id, area: .other("cta"))))
            try ad.dismiss()
            #expect(creative.messagesToPage.last == #"{"type":"ended-iframe"}"#)
            ads.destroy()
        }
    }

    @Test func whatThePageCannotDo() async throws {
        try await KontextVideoHarness.run { harness in
            await harness.initialize()
            harness.creatives.enqueue(.page(posts: [Self.hello, #"{"type":"ready-iframe"}"#]), for: .pause)
            let ads = VideoAds(content: .init(id: "e1", language: "en"))
            let ad = try await ads.format(.pause)
            let delegate = RecordingDelegate()
            ad.delegate = delegate
            try await ad.load()
            try ad.show(in: HeadlessView())
            let creative = try #require(harness.creatives.creative(for: ad))
            creative.pagePosts(#"{"type":"click-iframe","data":{"area":"cta"}}"#)  // no tap
            creative.viewerTaps(andPagePosts: #"{"type":"click-iframe","data":{"area":"cta"}}"#)
            creative.pagePosts(#"{"type":"close-iframe","tap":9}"#, fromOrigin: "https://tracker.example")
            creative.pagePosts("{not json")
            creative.pagePosts(String(repeating: " ", count: 9000))
            creative.pagePosts(#"{"type":"expand-iframe"}"#)
            #expect(delegate.callbacks == [.impression(adId: ad.id), .click(adId: ad.id, area: .other("cta"))])
            #expect(creative.droppedMessages == 3, "another origin, malformed, oversized")
            #expect(creative.ignoredMessages == 2, "no tap, an unknown type")
            ads.destroy()
        }
    }

    @Test func thePageAsksForASmallerSizeBeforeItIsShown() async throws {
        try await KontextVideoHarness.run { harness in
            await harness.initialize()
            harness.creatives.enqueue(.page(posts: [
                Self.hello,
                #"{"type":"resize-iframe","data":{"width":640,"height":100}}"#,  // larger than the server's: ignored
                #"{"type":"resize-iframe","data":{"width":300,"height":50}}"#,
                #"{"type":"ready-iframe"}"#,
            ]), for: .overlay)
            let ads = VideoAds(content: .init(id: "e1", language: "en"))
            let ad = try await ads.format(.overlay)
            try await ad.load()
            let view = HeadlessView()
            try ad.show(in: view)
            let creative = try #require(harness.creatives.creative(for: ad))
            #expect(creative.frame?.size == CGSize(width: 300, height: 50), "laid out at the page's size")
            #expect(creative.ignoredMessages == 1)
            ads.destroy()
        }
    }

    /// The example of `CREATIVES.md` ("Trying a creative", in an app's tests), as it is printed
    /// there: `theGuidePrintsThisExample` checks the guide's block is this body, line for line.
    @Test func theGuidesExample() async throws {
        // BEGIN CREATIVES.md
        try await KontextVideoHarness.run { harness in
            await harness.initialize()
            harness.creatives.enqueue(.page(posts: [#"{"type":"init-iframe","data":{"version":1}}"#]), for: .overlay)
            let ads = VideoAds(content: .init(id: "e1", language: "en"))
            let ad = try await ads.format(.overlay)
            let loading = Task { try await ad.load() }                      // waits for the page
            for _ in 0..<100 where harness.creatives.creative(for: ad) == nil { await Task.yield() }
            let creative = try #require(harness.creatives.creative(for: ad))
            creative.pagePosts(#"{"type":"ready-iframe"}"#)                 // load() returns
            try await loading.value
            try ad.show(in: HeadlessView())
            creative.viewerTaps(andPagePosts: #"{"type":"click-iframe","data":{"area":"cta"}}"#)  // didClick .other("cta")
            #expect(creative.messagesToPage.last == #"{"type":"shown-iframe"}"#)                 // context, then shown
            ads.destroy()
        }
        // END CREATIVES.md
    }

    @Test func theGuidePrintsThisExample() throws {
        let here = URL(fileURLWithPath: #filePath)
        let guide = try String(contentsOf: here.deletingLastPathComponent()
            .appendingPathComponent("../../KontextVideoCreatives/CREATIVES.md").standardizedFileURL, encoding: .utf8)
        let section = try #require(guide.range(of: "**In an app's tests.**"))
        let start = try #require(guide.range(of: "```swift\n", range: section.upperBound..<guide.endIndex))
        let end = try #require(guide.range(of: "```\n", range: start.upperBound..<guide.endIndex))
        let printed = guide[start.upperBound..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let source = try String(contentsOf: here, encoding: .utf8)
        let begin = try #require(source.range(of: "// BEGIN CREATIVES.md\n"))
        let finish = try #require(source.range(of: "// END CREATIVES.md", range: begin.upperBound..<source.endIndex))
        let tested = source[begin.upperBound..<finish.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        #expect(printed == tested)
    }
}
