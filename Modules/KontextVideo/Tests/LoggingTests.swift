import Foundation
import Testing
import KontextVideo
import KontextVideoModels
import KontextVideoTesting

/// What a publisher reads in the console: every no-fill with its reason, format and request id;
/// every error thrown to the app at `.warning`, naming the call and the state; one line a moment.
@Suite("The console says why")
@MainActor
struct LoggingTests {
    /// Keeps the events the console would print at `level` (or more severe).
    final class Console: KontextVideoEventMonitor, @unchecked Sendable {
        let level: KontextVideo.Configuration.LogLevel
        private let lock = NSLock()
        private var kept: [KontextVideoEvent] = []
        init(level: KontextVideo.Configuration.LogLevel) { self.level = level }
        func record(_ event: KontextVideoEvent) {
            guard event.level != .none, event.level <= level else { return }
            lock.withLock { kept.append(event) }
        }
        var lines: [KontextVideoEvent] { lock.withLock { kept } }
    }

    @Test func aNoFillIsOneWarningWithItsReasonFormatAndRequestId() async throws {
        try await KontextVideoHarness.run { harness in
            harness.server?.enqueue(.noFill(skipCode: "frequency_cap"), for: .pause)
            await harness.initialize()
            let console = Console(level: .info)
            KontextVideo.shared.events.add(console)
            let ads = VideoAds(content: .init(id: "e1", language: "en"))
            await #expect(throws: VideoAdError.noFill(reason: .frequencyCap)) { _ = try await ads.format(.pause) }
            let lines = console.lines
            #expect(lines.count == 1, "one line for the moment: \(lines)")
            let line = try #require(lines.first)
            #expect(line.level == .warning)
            #expect(line.attributes["call"] == "format(.pause)")
            #expect(line.attributes["error"] == "noFill(reason: frequencyCap)")
            #expect(line.attributes["why"]?.contains("frequency cap") == true)
            let requestId = try #require(line.attributes["requestId"])
            let sent = try #require(harness.server?.requests(path: "/video/preload").last?.json?["requestId"]?.stringValue)
            #expect(requestId == sent, "the id the server saw")
        }
    }

    /// On Apple platforms the line goes to the unified log, where Console.app shows a private
    /// field as `<private>` outside a debugger: the call, the error and why must be readable there,
    /// the content id must not (`UnifiedLogLine`, which `KontextVideoConsole+Apple.swift` writes).
    @Test func inConsoleAppTheCallTheErrorAndWhyArePublicTheContentPrivate() async throws {
        try await KontextVideoHarness.run { harness in
            harness.server?.enqueue(.noFill(skipCode: "frequency_cap"), for: .pause)
            await harness.initialize()
            let console = Console(level: .warning)
            KontextVideo.shared.events.add(console)
            let ads = VideoAds(content: .init(id: "episode-7", language: "en"))
            await #expect(throws: VideoAdError.noFill(reason: .frequencyCap)) { _ = try await ads.format(.pause) }
            let logged = UnifiedLogLine(try #require(console.lines.first))
            let privacy = Dictionary(uniqueKeysWithValues: logged.fields.map { ($0.name, $0.privacy) })
            #expect(privacy == [
                "call": .public, "error": .public, "why": .public, "state": .public, "requestId": .public,
                "content": .private,
            ])
            #expect(logged.text(.private) == "content=episode-7")
            #expect(!logged.text(.public).contains("episode-7"), "\(logged.text(.public))")
            #expect(logged.text(.public).contains("call=format(.pause)") && logged.text(.public).contains("frequency cap"))

            // A misused ad: its own state is public too, its content private.
            let other = VideoAds(content: .init(id: "episode-8", language: "en"))
            let pause = try await other.format(.pause)
            #expect(throws: VideoAdError.notLoaded) { try pause.show(in: HeadlessView()) }
            let misuse = UnifiedLogLine(try #require(console.lines.last))
            #expect(misuse.privacy(of: "state") == .public && misuse.privacy(of: "why") == .public)
            #expect(misuse.text(.private) == "content=episode-8")
        }
    }

    @Test func misuseIsReportedWithTheCallAndTheStateThatCausedIt() async throws {
        try await KontextVideoHarness.run { harness in
            await harness.initialize()
            let console = Console(level: .warning)
            KontextVideo.shared.events.add(console)
            let ads = VideoAds(content: .init(id: "e1", language: "en"))
            let pause = try await ads.format(.pause)
            #expect(throws: VideoAdError.notLoaded) { try pause.show(in: HeadlessView()) }
            #expect(throws: VideoAdError.wrongPresentation) { try pause.show() }
            let lines = console.lines
            #expect(lines.map { $0.attributes["call"] } == ["show(in:insets:)", "show(from:)"])
            #expect(lines.first?.attributes["state"]?.contains("not loaded") == true)
            #expect(lines.first?.attributes["why"]?.contains("Await load() first") == true)
        }
    }

    @Test func initializeSaysItsStateOnce() async throws {
        try await KontextVideoHarness.run { harness in
            let console = Console(level: .info)
            KontextVideo.shared.events.add(console)
            await harness.initialize(logLevel: .info)
            #expect(console.lines.filter { $0.name == "initialized" }.count == 1)
        }
    }

    @Test func errorDescriptionsAreSentencesWithoutModuleNames() {
        let errors: [VideoAdError] = [
            .notInitialized, .initializationFailed, .destroyed, .disabled(reason: "maintenance"),
            .noFill(reason: .frequencyCap), .noFill(reason: .other("pacing")),
            .request(VideoAdRequestError.network(.cannotConnectToHost)), .request(VideoAdRequestError.timedOut),
            .request(VideoAdRequestError.server(code: "invalid_token", message: "Unknown token", permanent: true)),
            .creativeFailed(code: 405), .alreadyShown, .anotherAdShowing, .invalidated(.expired), .notLoaded,
            .contentPaused, .containerTooSmall(minimum: CGSize(width: 320, height: 100)), .presenterUnavailable,
            .wrongPresentation,
        ]
        for error in errors {
            let text = error.localizedDescription
            #expect(!text.contains("KontextVideoModels") && !text.contains("error 1.") && text.hasSuffix("."), "\(error): \(text)")
        }
        #expect(VideoAdError.request(VideoAdRequestError.network(.cannotConnectToHost)).localizedDescription
            .contains("the server refused the connection (URLError -1004)"))
        #expect(VideoAdError.containerTooSmall(minimum: CGSize(width: 320.4, height: 100)).localizedDescription.contains("321×100 points"))
    }
}

extension UnifiedLogLine {
    /// The privacy of the attribute `name`, or `nil` when the line has no such field (what the
    /// tests read of a line: `os.Logger` is handed `text(_:)`, never a field's privacy).
    func privacy(of name: String) -> Privacy? {
        fields.first { $0.name == name }?.privacy
    }
}
