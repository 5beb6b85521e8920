import Foundation
import KontextVideoModels
import KontextVideoVAST
import Testing
@testable import KontextVideoCreatives
import KontextVideoScheduling

/// The measurement side of a shown ad: the `verificationNotExecuted` pixels (when, which, once)
/// and the events' delivery order, with a provider that calls back into the session.
@Suite("AdVerificationSession")
@MainActor
struct AdVerificationSessionTests {
    /// Records the pixels queued, as the durable pipeline would receive them.
    final class PixelLog: TrackingPixelSending {
        var urls: [String] = []
        /// The VAST event each pixel was queued for (the inspector shows it).
        var events: [String] = []
        func sendPixels(_ pixels: [(url: URL, event: String)]) {
            urls += pixels.map(\.url.absoluteString)
            events += pixels.map(\.event)
        }
    }

    static let properties = VideoAdVerificationEvent.MediaProperties(isSkippable: false, skipOffset: nil, isAutoplay: true, position: .midroll)

    private static func verification(_ vendor: String) -> VASTVerification {
        var verification = VASTVerification(origin: .adVerifications)
        verification.vendor = vendor
        verification.javaScriptResources = [.init(url: "https://\(vendor)/omid.js", apiFramework: "omid", browserOptional: true)]
        verification.trackingEvents = [VASTTrackingEvent(event: "verificationNotExecuted", url: "https://\(vendor)/nx?r=[REASON]")]
        return verification
    }

    private func session(
        hasProvider: Bool,
        vendors: [String] = ["a.example", "b.example"],
        pixels: PixelLog,
        deliver: @escaping @MainActor (VideoAdVerificationEvent) -> Void = { _ in }
    ) -> AdVerificationSession {
        AdVerificationSession(
            format: .linear, kind: .video(Self.properties, declaredDuration: 10), verifications: vendors.map(Self.verification),
            hasProvider: hasProvider, playerState: .fullscreen, pixels: pixels, wallClock: .system, deliver: deliver)
    }

    @Test func withoutAProviderEveryVerificationIsReportedNotSupportedAtTheFirstFrameOnce() {
        let pixels = PixelLog()
        let session = session(hasProvider: false, pixels: pixels)
        session.receive(.shown)
        #expect(pixels.urls.isEmpty, "nothing is owed before playback begins")
        session.handle(.firstFrame)
        #expect(pixels.urls == ["https://a.example/nx?r=2", "https://b.example/nx?r=2"])
        #expect(pixels.events == ["verificationNotExecuted", "verificationNotExecuted"])
        session.handle(.progress(5))
        session.handle(.complete)
        session.receive(.ended(.completed))
        #expect(pixels.urls.count == 2)
    }

    @Test func aProviderReportsWhatItDoesNotRunAndTheRestCountsAsRun() {
        let pixels = PixelLog()
        let session = session(hasProvider: true, vendors: ["a.example", "b.example", "c.example"], pixels: pixels)
        session.receive(.shown)
        #expect(session.reportNotExecuted(0, reason: .rejected))
        #expect(session.reportNotExecuted(2, reason: .loadFailed))
        #expect(!session.reportNotExecuted(7, reason: .rejected), "no such verification")
        session.handle(.firstFrame)
        #expect(pixels.urls == ["https://a.example/nx?r=1", "https://c.example/nx?r=3"])
        #expect(!session.reportNotExecuted(1, reason: .rejected), "too late: the video started")
        session.receive(.ended(.skipped))
        #expect(pixels.urls.count == 2)
    }

    @Test func anAdThatNeverPlayedOwesNoPixel() {
        let pixels = PixelLog()
        let session = session(hasProvider: false, pixels: pixels)
        session.receive(.shown)
        session.handle(.failed(code: .mediaFileTimeout))
        session.receive(.ended(.failed))
        session.handle(.firstFrame)
        #expect(pixels.urls.isEmpty)
    }

    @Test func aProviderEndingTheAdWhileItHearsAnEventGetsTheEventsInOrder() {
        let pixels = PixelLog()
        var heard: [VideoAdVerificationEvent] = []
        var session: AdVerificationSession?
        session = self.session(hasProvider: true, pixels: pixels) { event in
            heard.append(event)
            // The app destroys its ads from inside the impression callback.
            if event == .impression { session?.receive(.ended(.destroyed)) }
        }
        session?.receive(.shown)
        session?.handle(.firstFrame)
        session?.handle(.progress(9))
        #expect(heard == [.sessionStart, .loaded(Self.properties), .impression, .start(duration: 10, volume: 1),
                          .playerStateChange(.fullscreen), .skipped, .sessionFinish])
        #expect(session?.isFinished == true)
    }

    @Test func aDisplayAdHasNoVerificationAndSendsNoPixel() {
        let pixels = PixelLog()
        var heard: [VideoAdVerificationEvent] = []
        let session = AdVerificationSession(format: .overlay, kind: .display, verifications: [], hasProvider: false, pixels: pixels, wallClock: .system) {
            heard.append($0)
        }
        session.receive(.shown)
        session.receive(.impression)
        session.handle(.click(.creative))
        session.receive(.ended(.dismissed))
        #expect(heard == [.sessionStart, .loaded(nil), .impression, .sessionFinish])
        #expect(pixels.urls.isEmpty)
        #expect(session.verifications.isEmpty)
    }

    @Test func theProviderSeesTheVerificationsNumberedInOrder() {
        let session = session(hasProvider: true, pixels: PixelLog())
        #expect(session.verifications.map(\.id) == [0, 1])
        #expect(session.verifications.map(\.vendor) == ["a.example", "b.example"])
    }
}
