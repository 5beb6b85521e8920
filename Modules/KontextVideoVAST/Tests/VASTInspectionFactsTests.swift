import Foundation
import KontextVideoModels
import KontextVideoTestSupport
import Testing
@testable import KontextVideoVAST
import KontextVideoScheduling

/// What the ad inspector learns from the VAST engine: the VAST event of each pixel, why a media
/// file was chosen, and how long each hop of a wrapper chain took.
@Suite("VAST facts for the inspector")
struct VASTInspectionFactsTests {
    @Test func eachPixelNamesTheVASTEventItTracks() throws {
        let xml = Fixture.vast(Fixture.inline(extraLinear: "").replacingOccurrences(of: "<TrackingEvents>", with: """
            <TrackingEvents><Tracking event="pause">https://t/pause</Tracking>
            <Tracking event="progress" offset="00:00:02">https://t/p2</Tracking>
            """))
        let ad = try VASTChainMerger.merge(
            inLine: try Fixture.parse(xml).ads[0], wrappers: [], hops: [], selector: MediaFileSelector(device: .standard)).get()
        var tracker = LinearTracker(ad: ad)
        #expect(tracker.pixels(for: .firstFrame).map(\.event) == ["impression", "start"])
        #expect(tracker.pixels(for: .progress(position: 2, duration: nil)) == [TrackingPixel(event: "progress", url: "https://t/p2")])
        #expect(tracker.pixels(for: .progress(position: 5, duration: nil)).map(\.event) == ["firstQuartile"])
        #expect(tracker.pixels(for: .pause).map(\.event) == ["pause"])
        #expect(tracker.pixels(for: .click) == [TrackingPixel(event: "clickTracking", url: "https://t.example.com/in/click")])
        #expect(tracker.pixels(for: .error(.mediaDisplay)) == [TrackingPixel(event: "error", url: "https://t.example.com/in/error?c=405")])
    }

    private func file(_ url: String, type: String = "video/mp4", size: (Int, Int)? = nil, bitrate: Int? = nil) -> VASTMediaFile {
        var file = VASTMediaFile(url: url)
        file.type = type
        file.width = size?.0
        file.height = size?.1
        file.bitrate = bitrate
        return file
    }

    @Test func theChoiceSaysWhichStepsOfThePolicyDecided() throws {
        let files = [
            file("https://x/hls.m3u8", type: "application/x-mpegURL"), file("https://x/sd.mp4", size: (640, 360), bitrate: 800),
            file("https://x/flash.flv", type: "video/x-flv"),
        ]
        let hls = try MediaFileSelector(device: .standard).choose(from: files).get()
        #expect(hls.file.url == "https://x/hls.m3u8")
        #expect(hls.reason == "2 of 3 files playable; HLS preferred; no sized file fits the 1920×1080 screen; this one declares no size")

        var cellular = DeviceProfile(screenWidth: 750, screenHeight: 1334, isOnCellular: true)
        cellular.supportedMIMETypes = ["video/mp4"]
        let capped = try MediaFileSelector(device: cellular).choose(from: [
            file("https://x/hd.mp4", size: (1280, 720), bitrate: 2500), file("https://x/sd.mp4", size: (640, 360), bitrate: 800),
        ]).get()
        #expect(capped.file.url == "https://x/sd.mp4")
        #expect(capped.reason == "2 of 2 files playable; 1 over 1500 kbps (cellular) left out; the largest of 1 that fits the 1334×750 screen")

        var slow = DeviceProfile(screenWidth: 320, screenHeight: 240, estimatedBandwidthKbps: 300)
        slow.supportedMIMETypes = ["video/mp4"]
        let tooBig = try MediaFileSelector(device: slow).choose(from: [
            file("https://x/hd.mp4", size: (1280, 720), bitrate: 2500), file("https://x/sd.mp4", size: (640, 360), bitrate: 800),
        ]).get()
        #expect(tooBig.file.url == "https://x/sd.mp4")
        #expect(tooBig.reason == "2 of 2 files playable; every file over 300 kbps (the bandwidth estimate): the lowest bitrate; none fits the 320×240 screen: the smallest")
    }

    @Test func selectIsTheChoicesFile() throws {
        let files = [file("https://x/a.mp4", size: (1280, 720), bitrate: 1200), file("https://x/b.mp4", size: (1920, 1080), bitrate: 4000)]
        let selector = MediaFileSelector(device: .standard)
        #expect(try selector.select(from: files).get() == selector.choose(from: files).get().file)
        #expect(try selector.select(from: files).get().url == "https://x/b.mp4")
        #expect(throws: VASTError.self) { try selector.choose(from: [file("https://x/a.flv", type: "video/x-flv")]).get() }
    }

    /// Serves documents after `delay` on the test clock.
    struct SlowFetcher: VASTFetching {
        var documents: [String: String]
        let clock: TestClock
        let delay: Duration

        func fetch(_ url: URL) async throws -> Data {
            try await clock.sleep(for: delay)
            guard let document = documents[url.absoluteString] else { throw URLError(.fileDoesNotExist) }
            return Data(document.utf8)
        }
    }

    @Test func eachHopSaysHowLongItsFetchTookOnTheClock() async throws {
        let clock = TestClock()
        let events = RecordingEventMonitor()
        let fetcher = SlowFetcher(documents: [
            "https://ads.example.com/tag": Fixture.vast(Fixture.wrapper(id: "w1", tag: "w1", uri: "https://ads.example.com/inline")),
            "https://ads.example.com/inline": Fixture.vast(Fixture.inline(id: "in", tag: "in")),
        ], clock: clock, delay: .milliseconds(250))
        let resolver = VASTResolver(fetcher: fetcher, clock: clock, events: AttributedEventMonitor(events, adding: ["adId": "ad-7"]))
        let resolution = await clock.drive(until: Task { await resolver.resolve(.url(URL(string: "https://ads.example.com/tag")!)) })
        #expect(resolution.ads.count == 1)
        let hops = events.events(.vastHop)
        #expect(hops.map(\.name) == ["VAST tag", "VAST wrapper"])
        #expect(hops.map { $0.attributes["elapsed"] } == ["0.25", "0.25"])
        #expect(hops.map { $0.attributes["adId"] } == ["ad-7", "ad-7"], "the loader's monitor names the ad")
        #expect(hops.map { $0.attributes["outcome"]?.hasPrefix("fetched ") } == [true, true])
    }
}
