import Foundation
import Testing
import KontextVideoTesting

/// App-install attribution end to end, through the public API and the test kit, over the real
/// loopback sandbox: the product sheet's parameters, and one view-through window per shown ad,
/// opened at its impression and closed at the first way it leaves, on the harness's clock.
@Suite("App-install attribution through the harness")
@MainActor
struct RecordingAttributionTests {
    static let appStoreID = "1234567890"

    /// Every way an ad can leave the screen that the test drives, and the formats it applies to.
    enum Leave: String, CaseIterable, Sendable {
        case dismiss, destroy, fail, background, close, skip, complete

        func applies(to format: AdFormat) -> Bool {
            switch self {
            case .destroy, .fail, .background: true
            // A linear ad is the SDK's full-screen presentation: the app does not dismiss it.
            case .dismiss, .close: format != .linear
            case .skip, .complete: format == .linear
            }
        }
    }

    /// An app-install ad of `format` with the sandbox's payload, shown; its impression counted.
    private func shownAd(_ harness: KontextVideoHarness, _ format: AdFormat, host: HeadlessView) async throws -> (VideoAds, VideoAd) {
        var answer = SandboxAd(appStoreID: Self.appStoreID)
        answer.attribution = SandboxAttribution()
        harness.server?.enqueue(.ad(answer), for: format == .linear ? .linear : format == .pause ? .pause : .overlay)
        let ads = VideoAds(content: .init(id: "episode-1", language: "en"))
        let ad = try await ads.format(format)
        try await ad.load()
        if format == .linear {
            try ad.show()
            harness.creatives.creative(for: ad)?.renderFirstFrame()
        } else {
            try ad.show(in: host)
        }
        return (ads, ad)
    }

    private func leave(_ ad: VideoAd, of ads: VideoAds, by leave: Leave, harness: KontextVideoHarness) throws {
        let creative = harness.creatives.creative(for: ad)
        switch leave {
        case .dismiss: try ad.dismiss()
        case .destroy: ads.destroy()
        case .fail: creative?.fail()
        case .background: harness.enterBackground()
        case .close: creative?.close()
        case .skip: creative?.skip()
        case .complete: creative?.complete()
        }
    }

    @Test("one start at the impression and one end at the first leave, on the test clock, for every format and way of leaving",
          arguments: AdFormat.allCases)
    func oneWindowPerShownAd(format: AdFormat) async throws {
        for leave in Leave.allCases where leave.applies(to: format) {
            for seconds in [1, 4] {
                try await KontextVideoHarness.run { harness in
                    await harness.initialize()
                    let host = HeadlessView()
                    let (ads, ad) = try await shownAd(harness, format, host: host)
                    let opened = harness.clock.now
                    #expect(harness.attribution.events(for: ad.id).map(\.event) == [.viewStarted(.skAdNetwork)], "\(format) \(leave)")
                    await harness.advance(by: .seconds(seconds))
                    try self.leave(ad, of: ads, by: leave, harness: harness)
                    // Whatever comes after the first leave closes nothing again.
                    harness.enterForeground()
                    try? ad.dismiss()
                    ads.destroy()
                    let entries = harness.attribution.events(for: ad.id)
                    #expect(entries.map(\.event) == [
                        .viewStarted(.skAdNetwork),
                        .viewEnded(.skAdNetwork, length: .seconds(seconds), shorterThanMinimum: seconds < 3),
                    ], "\(format) \(leave) \(seconds) s")
                    #expect(entries.first?.at == opened)
                    #expect(entries.last?.at == opened + .seconds(seconds))
                    #expect(harness.attribution.ruleViolations(for: ad.id) == [])
                    withExtendedLifetime(host) {}
                }
            }
        }
    }

    @Test("a tap opens the product sheet with every SKAdNetwork 4 key of the sandbox's answer")
    func productSheetParameters() async throws {
        try await KontextVideoHarness.run { harness in
            await harness.initialize()
            let host = HeadlessView()
            let (ads, ad) = try await shownAd(harness, .pause, host: host)
            defer { withExtendedLifetime(ads) {} }
            harness.creatives.creative(for: ad)?.click()
            #expect(harness.clickOpener.productSheets == [Self.appStoreID])
            let parameters = try #require(harness.clickOpener.productSheetParameters.first)
            #expect(Set(parameters.keys) == [
                "SKStoreProductParameterITunesItemIdentifier", "SKStoreProductParameterAdNetworkIdentifier",
                "SKStoreProductParameterAdNetworkVersion", "SKStoreProductParameterAdNetworkSourceIdentifier",
                "SKStoreProductParameterAdNetworkSourceAppStoreIdentifier", "SKStoreProductParameterAdNetworkNonce",
                "SKStoreProductParameterAdNetworkTimestamp", "SKStoreProductParameterAdNetworkAttributionSignature",
            ])
            #expect(parameters["SKStoreProductParameterITunesItemIdentifier"] == Self.appStoreID)
            #expect(parameters["SKStoreProductParameterAdNetworkIdentifier"] == "kontext.skadnetwork")
            #expect(parameters["SKStoreProductParameterAdNetworkVersion"] == "4.0")
            #expect(parameters["SKStoreProductParameterAdNetworkSourceIdentifier"] == "1234")
            #expect(parameters["SKStoreProductParameterAdNetworkSourceAppStoreIdentifier"] == "0")
            #expect(UUID(uuidString: parameters["SKStoreProductParameterAdNetworkNonce"] ?? "") != nil)
            #expect(Int(parameters["SKStoreProductParameterAdNetworkTimestamp"] ?? "").map { $0 > 1_700_000_000_000 } == true)
            #expect(Data(base64Encoded: parameters["SKStoreProductParameterAdNetworkAttributionSignature"] ?? "")?.count == 64)
            withExtendedLifetime(host) {}
        }
    }

    @Test("an ad without attribution opens the sheet with its App Store id alone, and no window")
    func noAttribution() async throws {
        try await KontextVideoHarness.run { harness in
            harness.server?.enqueue(.ad(SandboxAd(appStoreID: Self.appStoreID)), for: .pause)
            await harness.initialize()
            let ads = VideoAds(content: .init(id: "episode-1", language: "en"))
            let ad = try await ads.format(.pause)
            try await ad.load()
            let host = HeadlessView()
            try ad.show(in: host)
            harness.creatives.creative(for: ad)?.click()
            #expect(harness.clickOpener.productSheetParameters == [["SKStoreProductParameterITunesItemIdentifier": Self.appStoreID]])
            try ad.dismiss()
            #expect(harness.attribution.entries.isEmpty)
        }
    }

    @Test("on iOS 17.4 and later AdAttributionKit records the window, and the sheet carries its impression instead of the keys")
    func adAttributionKit() async throws {
        try await KontextVideoHarness.run { harness in
            harness.attribution.offersAdAttributionKit = true
            await harness.initialize()
            let host = HeadlessView()
            // The `VideoAds` is kept: its release would destroy the ad.
            let (ads, ad) = try await shownAd(harness, .overlay, host: host)
            await harness.advance(by: .seconds(2))
            // The tap takes the viewer to the sheet: the overlay leaves the screen then.
            harness.creatives.creative(for: ad)?.click()
            #expect(harness.clickOpener.productSheetParameters == [["SKStoreProductParameterITunesItemIdentifier": Self.appStoreID]])
            try? ad.dismiss()
            withExtendedLifetime(ads) {}
            #expect(harness.attribution.events(for: ad.id).map(\.event) == [
                .viewStarted(.adAttributionKit), .viewEnded(.adAttributionKit, length: .seconds(2), shorterThanMinimum: false),
            ])
            #expect(harness.attribution.ruleViolations(for: ad.id) == [])
        }
    }

    @Test("a linear ad's overlay rises at its end card and goes at didEnd")
    func overlayAtEndCard() async throws {
        try await KontextVideoHarness.run { harness in
            var answer = SandboxAd(creative: .vast(.inlineWithEndCard), appStoreID: Self.appStoreID)
            answer.attribution = SandboxAttribution(overlay: .endCard)
            harness.server?.enqueue(.ad(answer), for: .linear)
            await harness.initialize()
            let ads = VideoAds(content: .init(id: "episode-1", language: "en"))
            let ad = try await ads.format(.linear)
            try await ad.load()
            try ad.show()
            await harness.advance(by: .seconds(1))
            #expect(harness.attribution.events(for: ad.id).isEmpty, "a video's window opens at its first frame, not at show()")
            let creative = harness.creatives.creative(for: ad)
            creative?.renderFirstFrame()
            #expect(harness.attribution.events(for: ad.id).map(\.at) == [harness.clock.now])
            #expect(!harness.attribution.events(for: ad.id).contains { $0.event == .overlayPresented(appStoreID: Self.appStoreID) })
            await harness.advance(by: .seconds(15))
            creative?.complete()
            #expect(harness.attribution.events(for: ad.id).last?.event == .overlayPresented(appStoreID: Self.appStoreID))
            creative?.close()
            #expect(harness.attribution.events(for: ad.id).map(\.event) == [
                .viewStarted(.skAdNetwork), .overlayPresented(appStoreID: Self.appStoreID),
                .viewEnded(.skAdNetwork, length: .seconds(15), shorterThanMinimum: false), .overlayDismissed,
            ])
            #expect(harness.attribution.ruleViolations(for: ad.id) == [])
        }
    }

    @Test("a malformed payload is a reported fallback: the ad shows, the sheet opens with the App Store id alone, no window")
    func malformedPayload() async throws {
        try await KontextVideoHarness.run { harness in
            var answer = SandboxAd(appStoreID: Self.appStoreID)
            answer.attribution = SandboxAttribution(sourceIdentifier: 10_000, adAttributionKit: false)   // past four digits
            harness.server?.enqueue(.ad(answer), for: .pause)
            await harness.initialize()
            let warnings = WarningLines()
            KontextVideo.shared.events.add(warnings)
            let ads = VideoAds(content: .init(id: "episode-1", language: "en"))
            let ad = try await ads.format(.pause)
            try await ad.load()
            let host = HeadlessView()
            try ad.show(in: host)
            #expect(ad.wasShown)
            harness.creatives.creative(for: ad)?.click()
            #expect(harness.clickOpener.productSheetParameters == [["SKStoreProductParameterITunesItemIdentifier": Self.appStoreID]])
            try? ad.dismiss()
            #expect(harness.attribution.events(for: ad.id).isEmpty)
            #expect(warnings.leftOut.map { $0.attributes["reason"] } == ["malformed skadnetwork.sourceIdentifier"])
            withExtendedLifetime(ads) {}
        }
    }
}

/// Keeps the `attribution left out` warnings.
private final class WarningLines: KontextVideoEventMonitor, @unchecked Sendable {
    private let lock = NSLock()
    private var kept: [KontextVideoEvent] = []
    func record(_ event: KontextVideoEvent) { lock.withLock { kept.append(event) } }
    var leftOut: [KontextVideoEvent] { lock.withLock { kept.filter { $0.name == "attribution left out" } } }
}
