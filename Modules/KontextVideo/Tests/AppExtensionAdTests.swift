import Foundation
import Testing
import KontextVideo
import KontextVideoModels
import KontextVideoNetworking
import KontextVideoTesting

/// App Review Guideline 2.5.18: display advertising only in the main app, never in an app
/// extension. The decision (`AppExtensionAdPolicy`) and every `show` in a simulated extension.
@Suite("Ads only in the main app")
@MainActor
struct AppExtensionAdTests {
    let content = KontextVideo.Content(id: "episode-1", language: "en")

    @Test("the main app shows ads; an app extension does not, and says why citing App Review 2.5.18",
          arguments: [(HostProcessKind.app, false), (.appExtension, true)])
    func policy(kind: HostProcessKind, refused: Bool) {
        let why = AppExtensionAdPolicy.refusal(in: kind)
        #expect((why != nil) == refused)
        if let why { #expect(why.contains("App Review Guideline 2.5.18")) }
    }

    @Test("the process kind comes from the Info.plist: an extension's NSExtension (or EXAppExtensionAttributes) refuses ads",
          arguments: [
              (nil, false),
              (["CFBundleIdentifier": "com.acme.drama"], false),
              (["NSExtension": ["NSExtensionPointIdentifier": "com.apple.widgetkit-extension"]], true),
              (["EXAppExtensionAttributes": ["EXExtensionPointIdentifier": "com.apple.appintents-extension"]], true),
          ] as [([String: any Sendable]?, Bool)])
    func fromInfoDictionary(info: [String: any Sendable]?, refused: Bool) {
        #expect((AppExtensionAdPolicy.refusal(in: HostProcessKind(infoDictionary: info)) != nil) == refused)
    }

    /// Starts a session on a headless platform that behaves as `kind`, with the harness's presenter.
    private func begin(_ kind: HostProcessKind, _ harness: KontextVideoHarness) async {
        let presenter = harness.presenter
        KontextVideo.shared.beginSession { $0.platform = HeadlessPlatform(defaultPresenter: { presenter }, hostProcessKind: kind) }
        #expect(await harness.initialize() == .enabled)
    }

    @Test("in an app extension show(in:) throws presenterUnavailable, shows nothing, and the log cites App Review 2.5.18",
          arguments: [AdFormat.overlay, .pause])
    func showInViewRefused(format: AdFormat) async throws {
        try await KontextVideoHarness.run { harness in
            await begin(.appExtension, harness)
            let events = RecordingMonitor()
            KontextVideo.shared.events.add(events)
            let ads = VideoAds(content: content)
            let ad = try await ads.format(format)
            try await ad.load()
            let view = HeadlessView()
            #expect(throws: VideoAdError.presenterUnavailable) { try ad.show(in: view) }
            #expect(view.adFrame == nil)
            #expect(!ad.wasShown && ad.isReady, "the ad stays ready: nothing was shown")
            let refusal = try #require(events.recorded.first { $0.name == "show refused in an app extension" })
            #expect(refusal.level == .error)
            #expect(refusal.attributes["why"]?.contains("App Review Guideline 2.5.18") == true)
            #expect(UnifiedLogLine(refusal).text(.public).contains("2.5.18"), "public in Console.app")
            _ = ads
        }
    }

    @Test("in an app extension show() and show(from:) throw presenterUnavailable and present nothing")
    func showLinearRefused() async throws {
        try await KontextVideoHarness.run { harness in
            await begin(.appExtension, harness)
            let ads = VideoAds(content: content)
            let ad = try await ads.format(.linear)
            try await ad.load()
            #expect(throws: VideoAdError.presenterUnavailable) { try ad.show() }
            #expect(throws: VideoAdError.presenterUnavailable) { try ad.show(from: harness.presenter) }
            #expect(harness.presenter.presentCount == 0 && harness.presenter.current == nil)
            #expect(!ad.wasShown)
            _ = ads
        }
    }

    @Test("in the main app the same ad shows")
    func showInAppWorks() async throws {
        try await KontextVideoHarness.run { harness in
            await begin(.app, harness)
            let ads = VideoAds(content: content)
            let ad = try await ads.format(.pause)
            try await ad.load()
            try ad.show(in: HeadlessView())
            #expect(ad.wasShown)
            _ = ads
        }
    }
}

/// Keeps every event it hears.
private final class RecordingMonitor: KontextVideoEventMonitor, @unchecked Sendable {
    private let lock = NSLock()
    private var events: [KontextVideoEvent] = []
    var recorded: [KontextVideoEvent] { lock.withLock { events } }
    func record(_ event: KontextVideoEvent) { lock.withLock { events.append(event) } }
}
