import Foundation
import KontextVideoTesting

/// Prints a line in order with the timeline (which writes unbuffered).
func emit(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// Lets the server's log lines (on its own thread) carry the harness clock's time.
final class LockedClockBox: @unchecked Sendable {
    private let lock = NSLock()
    private var clock: TestClock?

    func set(_ clock: TestClock) {
        lock.lock()
        self.clock = clock
        lock.unlock()
    }

    func say(_ text: String) {
        lock.lock()
        let clock = self.clock
        lock.unlock()
        if let clock { DemoTimeline.say(text, at: clock.now) } else { emit(text) }
    }
}

/// The episode the demo plays against the embedded sandbox server, step by step, on a virtual
/// clock: every time-out, expiry and poll of the SDK runs on it, and the demo moves it forward, so
/// a 30-second episode takes a moment. The creatives are scripted: the demo plays the viewer.
@MainActor
struct SandboxEpisode {
    let options: DemoOptions

    /// The linear ad's controls as the SDK shows them now: kind, title, VoiceOver label, frame.
    private func printControls(of creative: ScriptedCreative, timeline: DemoTimeline) {
        let direction = creative.controlsAreRightToLeft ? "right to left" : "left to right"
        timeline.say("controls  in \(creative.controlsLanguage), \(direction), on a 390×844 phone (safe area 47 top, 34 bottom):")
        for control in creative.controls(onScreen: CGSize(width: 390, height: 844), safeArea: VideoAdInsets(top: 47, bottom: 34)) {
            let frame = control.frame.map { "x \(Int($0.minX)) y \(Int($0.minY)) \(Int($0.width))×\(Int($0.height))" } ?? "unplaced"
            timeline.say("          \(control.kind.rawValue): “\(control.title)” (VoiceOver: “\(control.accessibilityLabel)”) at \(frame)")
        }
    }

    func run() async throws {
        let clock = LockedClockBox()
        let harness = try KontextVideoHarness { line in
            clock.say("server    " + line)
        }
        defer { harness.tearDown() }
        clock.set(harness.clock)
        // After the harness reset the SDK (a launch), before `initialize`: it sees the whole episode.
        DemoInspection.start(if: options.inspect)
        let harnessClock = harness.clock
        let timeline = DemoTimeline(now: { harnessClock.now })
        emit("The embedded sandbox ad server answers, on a virtual clock: the times below are the SDK's,")
        emit("moved forward by the demo, not the wall clock's. With --server URL the demo asks a real server.")
        let delegate = DemoDelegate(timeline: timeline)
        timeline.follow(KontextVideo.shared.events)

        timeline.section("Launch")
        timeline.say("server    \(harness.serverURL.absoluteString)")
        if let language = options.language { harness.appLanguages = [language] }
        let state = await harness.initialize(publisherToken: options.token, logLevel: .none)
        timeline.say("call      initialize(with:) → \(state)")
        guard state == .enabled else {
            timeline.say("the SDK is not enabled; nothing more to show")
            return
        }

        let content = KontextVideo.Content(
            id: "love-in-the-rain-e3", language: "en", mediaRating: .safe, title: "Love in the Rain, episode 3",
            duration: 180, episodeNumber: 3, genre: "romance",
            series: .init(id: "love-in-the-rain", title: "Love in the Rain", episodeCount: 80))
        let ads = VideoAds(content: content, labels: ["stage": "mid_series", "layout": "fullscreen", "Bad Key": "dropped"])
        let player = harness.makePlayer()
        let view = HeadlessView()
        ads.track(player)
        timeline.say("call      VideoAds(content: \(content.id)), track(player), the episode plays")

        // 1. An overlay, prefetched, shown over playing content, runs its duration.
        timeline.section("Overlay over playing content")
        let overlay = try await ads.format(.overlay)
        overlay.delegate = delegate
        timeline.say("answer    format(.overlay) → \(overlay.id) \(overlay.price.value) \(overlay.price.currency) (\(overlay.price.precision)), duration \(overlay.duration.map { "\($0)s" } ?? "nil")")
        try await overlay.load()
        timeline.say("call      load() → ready")
        await harness.advance(by: .seconds(20))
        try overlay.show(in: view, insets: .init(top: 0, left: 0, bottom: 80, right: 0))
        timeline.say("call      show(in: view, insets: bottom 80) → on screen at \(DemoTimeline.describe(view.adFrame))")
        await harness.advance(by: .seconds(Int64(overlay.duration ?? 15) + 1))

        // 2. The viewer pauses: a pause ad, closed with its ✕.
        timeline.section("Pause ad when the viewer pauses")
        player.pause()
        timeline.say("viewer    pauses the content at \(String(format: "%.1f", player.currentTime))s")
        let pause = try await ads.format(.pause)
        pause.delegate = delegate
        try await pause.load()
        try pause.show(in: view)
        timeline.say("call      show(in: view) → pause card at \(DemoTimeline.describe(view.adFrame))")
        await harness.advance(by: .seconds(4))
        harness.creatives.creative(for: pause)?.click(.creative)
        harness.creatives.creative(for: pause)?.close()
        player.play()
        timeline.say("viewer    taps ✕ and resumes the content")

        // 3. An ad the app does not use: another network outbid it.
        timeline.section("An ad rejected as outbid")
        let outbid = try await ads.format(.overlay)
        try outbid.reject(.outbid(winningPrice: 2.4, winner: "Other network"))
        timeline.say("call      reject(.outbid(winningPrice: 2.4, winner: \"Other network\")) on \(outbid.id)")

        // 4. A linear ad the viewer skips.
        timeline.section("Linear ad, skipped")
        player.pause()
        let skipped = try await ads.format(.linear)
        skipped.delegate = delegate
        try await skipped.load()
        timeline.say("call      load() → VAST resolved, duration \(skipped.duration.map { "\($0)s" } ?? "nil")")
        try skipped.show()
        timeline.say("call      show() → presented full screen (the harness's headless presenter)")
        if let creative = harness.creatives.creative(for: skipped) {
            creative.renderFirstFrame()
            for second in stride(from: 1.0, through: 6.0, by: 1.0) {
                await harness.advance(by: .seconds(1))
                creative.play(to: second)
                if options.language != nil, second == 1 || second == 6 { printControls(of: creative, timeline: timeline) }
            }
            creative.skip()
            timeline.say("viewer    taps Skip at 6s")
        }

        // 5. A linear app-install ad played to its end card; the viewer taps the card, then closes
        // it. It carries an Open Measurement verification, and no verification provider is set: its
        // vendor hears `verificationNotExecuted` with [REASON] 2 when the video starts. Its answer
        // carries the sandbox's signed-looking SKAdNetwork 4 payload (its own test key, which Apple
        // never accepts) and asks for the App Store overlay at the end card: the view-through window
        // opens at the first frame and closes at didEnd, the tap opens the App Store sheet with every
        // SKAdNetwork 4 key.
        timeline.section("Linear app-install ad with end card")
        var endCardAd = SandboxAd(creative: .vast(.inlineWithEndCard), appStoreID: "1234567890")
        endCardAd.attribution = SandboxAttribution(overlay: .endCard)
        endCardAd.verifications = [SandboxVerification(vendor: "verifier.example-omid")]
        harness.server?.enqueue(.ad(endCardAd), for: .linear)
        let linear = try await ads.format(.linear)
        linear.delegate = delegate
        try await linear.load()
        try linear.show()
        timeline.say("call      show() → presented full screen; the video plays")
        if let creative = harness.creatives.creative(for: linear) {
            creative.renderFirstFrame()
            timeline.say("video     first frame; no verification provider: verificationNotExecuted (reason 2) for verifier.example-omid")
            let length = linear.duration ?? 15
            var second = 0.0
            while second < length {
                await harness.advance(by: .seconds(1))
                second = min(length, second + 1)
                creative.play(to: second)
            }
            creative.complete()
            timeline.say("video     complete; end card on screen")
            creative.click(.endCard)
            if let sheet = harness.clickOpener.productSheetParameters.last {
                timeline.say("store     App Store sheet of \(harness.clickOpener.productSheets.last ?? "?") with \(sheet.count) keys:")
                for key in sheet.keys.sorted() { timeline.say("            \(key) = \(sheet[key] ?? "")") }
            }
            harness.clickOpener.viewerReturns()
            creative.close()
            timeline.say("viewer    taps the end card, comes back from the App Store sheet, then taps its ✕")
            for entry in harness.attribution.events(for: linear.id) {
                timeline.say("apple     \(entry.event) at \(entry.at)")
            }
            let broken = harness.attribution.ruleViolations(for: linear.id)
            timeline.say("apple     attribution rules broken: \(broken.isEmpty ? "none" : broken.joined(separator: "; "))")
        }
        player.play()

        // 6. The episode ends: a prefetched pause ad is dropped with the rest.
        timeline.section("Episode over")
        let unused = try await ads.format(.pause)
        timeline.say("answer    format(.pause) → \(unused.id), prefetched for the next pause")
        ads.destroy()
        timeline.say("call      destroy() → \(unused.id) invalidated: \(unused.invalidationReason.map { "\($0)" } ?? "nil")")

        await harness.flushEvents()
        await harness.advance(by: .seconds(1))
        printSummary(harness: harness, timeline: timeline)
        DemoInspection.print(if: options.inspect)
    }

    private func printSummary(harness: KontextVideoHarness, timeline: DemoTimeline) {
        timeline.section("Summary")
        emit("delegate callbacks: \(timeline.delegateCallbacks.count)")
        for line in timeline.delegateCallbacks { emit("  • \(line)") }
        guard let server = harness.server else { return }
        let events = server.uniqueEvents
        let byType = Dictionary(grouping: events, by: { $0.type }).mapValues(\.count)
        emit("events the server received (\(events.count) unique):")
        for type in byType.keys.sorted() { emit("  • \(type): \(byType[type]!)") }
        let pixels = server.pixelHits
        emit("VAST tracking pixels hit: \(pixels.count)")
        let names = Dictionary(grouping: pixels, by: { $0.name }).mapValues(\.count)
        for name in names.keys.sorted() { emit("  • \(name): \(names[name]!)") }
        emit("requests: \(server.requests.count), protocol violations: \(server.protocolViolations.count)")
        emit("  (a protocol violation is anything the SDK sent that PROTOCOL.md does not allow — a missing")
        emit("  field, a wrong type, an event twice; the sandbox checks every request; 0 is the only good count)")
        for violation in server.protocolViolations { emit("  • \(violation)") }
    }
}
