import Foundation
import Testing
@testable import KontextVideoVAST

@Suite("LinearTracker")
struct LinearTrackerTests {
    private func ad(progress: String = "", duration: String = "00:00:20") throws -> ResolvedLinearAd {
        let linear = Fixture.inline(duration: duration).replacingOccurrences(of: "<TrackingEvents>", with: """
        <TrackingEvents>
        <Tracking event="creativeView">https://t/creativeView</Tracking>
        <Tracking event="pause">https://t/pause?p=[ADPLAYHEAD]</Tracking>
        <Tracking event="resume">https://t/resume</Tracking>
        <Tracking event="mute">https://t/mute</Tracking>
        <Tracking event="unmute">https://t/unmute</Tracking>
        <Tracking event="skip">https://t/skip</Tracking>
        <Tracking event="closeLinear">https://t/closeLinear</Tracking>
        <Tracking event="notUsed">https://t/notUsed?r=[REASON]</Tracking>
        \(progress)
        """)
        let xml = Fixture.vast(linear.replacingOccurrences(of: "</Creatives>", with: """
        <Creative><CompanionAds><Companion id="card" renderingMode="end-card"><StaticResource creativeType="image/png">https://c/card.png</StaticResource>
        <TrackingEvents><Tracking event="creativeView">https://t/card-view</Tracking></TrackingEvents></Companion></CompanionAds></Creative></Creatives>
        """))
        let document = try Fixture.parse(xml)
        return try VASTChainMerger.merge(inLine: document.ads[0], wrappers: [], hops: [], selector: MediaFileSelector(device: .standard)).get()
    }

    @Test func firesImpressionStartAndQuartilesOnce() throws {
        var tracker = LinearTracker(ad: try ad())
        #expect(tracker.handle(.firstFrame) == ["https://t.example.com/in/impression", "https://t/creativeView", "https://t.example.com/in/start"])
        #expect(tracker.handle(.firstFrame) == [])
        #expect(tracker.handle(.progress(position: 4, duration: nil)) == [])
        #expect(tracker.handle(.progress(position: 5, duration: nil)) == ["https://t.example.com/in/q1"])
        #expect(tracker.handle(.progress(position: 5.1, duration: nil)) == [])
        #expect(tracker.handle(.progress(position: 16, duration: nil)) == ["https://t.example.com/in/mid", "https://t.example.com/in/q3"])
        #expect(tracker.handle(.complete) == ["https://t.example.com/in/complete"])
        #expect(tracker.handle(.complete) == [])
        #expect(tracker.handle(.skip) == [])
        #expect(tracker.handle(.progress(position: 30, duration: nil)) == [])
    }

    @Test func quartilesUseThePlayersDurationWhenTheDocumentHasNone() throws {
        var tracker = LinearTracker(ad: try ad(duration: "undefined"))
        _ = tracker.handle(.firstFrame)
        #expect(tracker.handle(.progress(position: 3, duration: nil)) == [])
        #expect(tracker.handle(.progress(position: 3, duration: 10)) == ["https://t.example.com/in/q1"])
    }

    @Test func progressOffsetsFireOnceEachInTimeOrPercent() throws {
        var tracker = LinearTracker(ad: try ad(progress: """
        <Tracking event="progress" offset="00:00:02">https://t/p2</Tracking>
        <Tracking event="progress" offset="50%">https://t/p50</Tracking>
        <Tracking event="progress" offset="start">https://t/p0</Tracking>
        """))
        #expect(tracker.handle(.firstFrame).contains("https://t/p0"))
        #expect(tracker.handle(.progress(position: 2, duration: nil)) == ["https://t/p2"])
        #expect(tracker.handle(.progress(position: 10, duration: nil)) == ["https://t.example.com/in/q1", "https://t.example.com/in/mid", "https://t/p50"])
        #expect(tracker.handle(.progress(position: 11, duration: nil)) == [])
    }

    @Test func pauseResumeMuteUnmuteFireOnChangesOnly() throws {
        var tracker = LinearTracker(ad: try ad())
        #expect(tracker.handle(.pause) == [])
        _ = tracker.handle(.firstFrame)
        _ = tracker.handle(.progress(position: 1.5, duration: nil))
        #expect(tracker.handle(.pause) == ["https://t/pause?p=00%3A00%3A01.500"])
        #expect(tracker.handle(.pause) == [])
        #expect(tracker.handle(.resume) == ["https://t/resume"])
        #expect(tracker.handle(.resume) == [])
        #expect(tracker.handle(.pause).count == 1)
        #expect(tracker.handle(.mute) == ["https://t/mute"])
        #expect(tracker.handle(.mute) == [])
        #expect(tracker.handle(.unmute) == ["https://t/unmute"])
        #expect(tracker.handle(.unmute) == [])
    }

    @Test func anAdThatStartsMutedFiresItsFirstUnmute() throws {
        var tracker = LinearTracker(ad: try ad())
        _ = tracker.handle(.firstFrame)
        #expect(tracker.handle(.unmute) == ["https://t/unmute"], "the player started muted: the viewer unmuted it")
        #expect(tracker.handle(.unmute) == [])
        #expect(tracker.handle(.mute) == ["https://t/mute"])
    }

    @Test func clicksFireEveryTime() throws {
        var tracker = LinearTracker(ad: try ad())
        _ = tracker.handle(.firstFrame)
        #expect(tracker.handle(.click) == ["https://t.example.com/in/click"])
        #expect(tracker.handle(.click) == ["https://t.example.com/in/click"])
    }

    @Test func skipThenEndCardThenClose() throws {
        var tracker = LinearTracker(ad: try ad())
        _ = tracker.handle(.firstFrame)
        #expect(tracker.handle(.skip) == ["https://t/skip"])
        #expect(tracker.handle(.complete) == [])
        #expect(tracker.handle(.endCardShown) == ["https://t/card-view"])
        #expect(tracker.handle(.endCardShown) == [])
        #expect(tracker.handle(.closeEndCard) == ["https://t/closeLinear"])
        #expect(tracker.handle(.closeEndCard) == [])
    }

    @Test func errorFillsTheCodeOnceAndEndsTracking() throws {
        var tracker = LinearTracker(ad: try ad())
        _ = tracker.handle(.firstFrame)
        #expect(tracker.handle(.error(.mediaDisplay)) == ["https://t.example.com/in/error?c=405"])
        #expect(tracker.handle(.error(.mediaDisplay)) == [])
        #expect(tracker.handle(.complete) == [])
    }

    @Test func notUsedFiresOnlyBeforeTheFirstFrameWithItsReason() throws {
        var unused = LinearTracker(ad: try ad())
        #expect(unused.handle(.notUsed(reason: "2")) == ["https://t/notUsed?r=2"])
        #expect(unused.handle(.firstFrame) == [])
        var played = LinearTracker(ad: try ad())
        _ = played.handle(.firstFrame)
        #expect(played.handle(.notUsed(reason: nil)) == [])
    }

    @Test func fillsTheTimestampAndAssetURI() throws {
        var ad = try ad()
        ad.impressionURLs = ["https://t/imp?ts=[TIMESTAMP]&a=[ASSETURI]"]
        var tracker = LinearTracker(ad: ad)
        let urls = tracker.handle(.firstFrame, now: Date(timeIntervalSince1970: 0))
        #expect(urls.first == "https://t/imp?ts=1970-01-01T00%3A00%3A00.000Z&a=https%3A%2F%2Fcdn.example.com%2Finline.mp4")
    }

    @Test func quartilesNotYetReachedFireBeforeComplete() throws {
        var tracker = LinearTracker(ad: try ad())
        _ = tracker.handle(.firstFrame)
        _ = tracker.handle(.progress(position: 9, duration: nil))
        #expect(tracker.handle(.complete) == ["https://t.example.com/in/mid", "https://t.example.com/in/q3", "https://t.example.com/in/complete"])
    }

    @Test func muteCloseAndEndCardNeedAStartedAd() throws {
        var tracker = LinearTracker(ad: try ad())
        #expect(tracker.handle(.mute) == [])
        #expect(tracker.handle(.closeEndCard) == [])
        _ = tracker.handle(.firstFrame)
        #expect(tracker.handle(.mute) == ["https://t/mute"])
        #expect(tracker.handle(.unmute) == ["https://t/unmute"])
        _ = tracker.handle(.complete)
        #expect(tracker.handle(.mute) == [], "nothing about sound after the video ended")
        #expect(tracker.handle(.closeEndCard) == ["https://t/closeLinear"])
    }

    @Test func mediaPlayheadIsTheContentsPlayhead() throws {
        let linear = Fixture.inline(duration: "00:00:20").replacingOccurrences(of: "<TrackingEvents>", with: """
        <TrackingEvents><Tracking event="pause">https://t/pause?m=[MEDIAPLAYHEAD]&amp;a=[ADPLAYHEAD]&amp;c=[CONTENTPLAYHEAD]</Tracking>
        """)
        let document = try Fixture.parse(Fixture.vast(linear))
        let resolved = try VASTChainMerger.merge(inLine: document.ads[0], wrappers: [], hops: [], selector: MediaFileSelector(device: .standard)).get()
        var context = VASTMacroContext()
        context.contentPlayhead = 125
        var tracker = LinearTracker(ad: resolved, baseContext: context)
        _ = tracker.handle(.firstFrame)
        _ = tracker.handle(.progress(position: 3, duration: nil))
        #expect(tracker.handle(.pause) == ["https://t/pause?m=00%3A02%3A05.000&a=00%3A00%3A03.000&c=00%3A02%3A05.000"])
    }
}
