import KontextVideoTestSupport
import KontextVideoConcurrency
import Foundation
import KontextVideoModels
import KontextVideoJournal
@testable import KontextVideoNetworking
import KontextVideoSandbox
import KontextVideoScheduling
import Testing

/// What the pipeline does with answers that do not come from the ad server itself (proxies,
/// captive portals, dead tracking hosts) and with entries no retry can deliver.
@Suite("EventPipeline robustness")
struct EventPipelineRobustnessTests {
    let clock = TestClock()
    let log = RecordingEventMonitor()

    func pipeline(_ directory: URL, _ transport: any HTTPTransport) -> EventPipeline {
        EventPipeline(
            directory: directory, transport: transport, clock: clock, environment: testEnvironment(),
            installId: { testInstallId }, sessionId: { "s-1" }, events: log, capacity: 1000)
    }

    @Test("a bare 401/403/404/407 (a proxy or portal) keeps the batch; 400, 413, 422 or an errCode drop it",
          arguments: [(401, "", false), (403, "<html>portal</html>", false), (404, "", false), (407, "", false),
                      (400, "", true), (413, "", true), (422, "", true), (403, #"{"errCode": "invalid_token"}"#, true)])
    func refusals(status: Int, body: String, dropped: Bool) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let events = pipeline(directory.url, ScriptedTransport([.status(status, body: body)]))
        events.submit(.event(.impression(adId: "ad-1", format: .overlay)))
        _ = await events.flush()
        #expect(await events.pendingCount == (dropped ? 0 : 1))
    }

    @Test("a pixel no GET can reach is dropped, not retried forever")
    func unreachableSchemesAreDropped() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let transport = ScriptedTransport([.status(200)])
        let events = pipeline(directory.url, transport)
        events.submit(.pixel(URL(string: "file:///etc/passwd")!))
        events.submit(.pixel(URL(string: "javascript:alert(1)")!))
        #expect(await events.flush())
        #expect(await events.pendingCount == 0)
        #expect(transport.requests.isEmpty, "nothing was fetched")
    }

    @Test("a dead tracking host does not hold back pixels to other hosts")
    func deadHostDoesNotBlockOthers() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let server = try SandboxAdServer()
        defer { server.stop() }
        let dead = try closedPortURL()
        let events = pipeline(directory.url, URLSessionTransport())
        events.submit(.pixel(dead.appendingPathComponent("first")))
        events.submit(.pixel(dead.appendingPathComponent("second")))
        events.submit(.pixel(server.baseURL.appendingPathComponent("pixel/ad-1/impression")))
        #expect(await events.flush() == false)
        #expect(server.pixelHits.map(\.name) == ["impression"])
        #expect(await events.pendingEntries.compactMap(\.url).allSatisfy { $0.hasPrefix(dead.absoluteString) })
    }

    @Test("a POST answered with a redirect is not followed: the batch waits")
    func postRedirectsAreNotFollowed() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let portal = LoopbackServerForRedirects()
        defer { portal.stop() }
        let environment = testEnvironment(serverURL: portal.baseURL)
        let events = EventPipeline(
            directory: directory.url, transport: URLSessionTransport(), clock: clock, environment: environment,
            installId: { testInstallId }, events: log)
        events.submit(.event(.impression(adId: "ad-1", format: .overlay)))
        #expect(await events.flush() == false)
        #expect(await events.pendingCount == 1)
        #expect(portal.paths == ["/video/events"], "the portal page was never fetched")
    }

    @Test("a 429's Retry-After stretches the delivery back-off")
    func retryAfterIsHonoured() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let transport = ScriptedTransport([.status(429, headers: ["Retry-After": "30"]), .status(200)])
        let events = pipeline(directory.url, transport)
        events.submit(.event(.impression(adId: "ad-1", format: .overlay)))
        await events.start()
        // The attempt's own 5 s deadline comes and goes; then the loop sleeps for the back-off.
        for _ in 0..<20_000 where clock.nextDeadline != .seconds(30) { await Task.yield() }
        #expect(clock.nextDeadline == .seconds(30), "not the 1 s first back-off")
        #expect(transport.requests.count == 1)
        await clock.advance(by: .seconds(29))
        #expect(await events.pendingCount == 1)
        await clock.advance(by: .seconds(1))
        try await eventually("delivered after the wait") { await events.pendingCount == 0 }
        await events.stop()
    }

    @Test("stop() is final: a later start() delivers nothing")
    func stopIsFinal() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let transport = ScriptedTransport([.status(200)])
        let events = pipeline(directory.url, transport)
        await events.stop()
        await events.start()
        events.submit(.event(.impression(adId: "ad-1", format: .overlay)))
        for _ in 0..<200 { await Task.yield() }
        #expect(transport.requests.isEmpty)
        #expect(await events.pendingCount == 1, "it stays on disk for the next launch")
    }
}

/// A server that answers every request with a redirect to a "portal" page, and records paths.
final class LoopbackServerForRedirects: Sendable {
    private let server: HTTPServer
    private let recorded = LockedState<[String]>([])

    init() {
        let recorded = self.recorded
        let server = HTTPServer { request in
            recorded.withLock { $0.append(request.path) }
            return .respond(HTTPResponse(status: 302, headers: ["Location": "/portal"], body: Data("<html>log in</html>".utf8)))
        }
        self.server = server
        try? server.start()
    }

    var baseURL: URL { server.baseURL }
    var paths: [String] { recorded.snapshot }
    func stop() { server.stop() }
}

@Suite("PreloadAnswer limits")
struct PreloadAnswerLimitTests {
    @Test("an absurd expiresIn is clamped to a year instead of overflowing")
    func hugeExpiry() throws {
        let body = Data(#"{"ad": {"id": "a", "format": "overlay", "price": {"value": 1}, "expiresIn": 1e20, "creative": {"type": "html", "url": "https://x.example/a.html"}}}"#.utf8)
        let answer = try PreloadAnswer(status: 200, body: body, requestedFormat: .overlay, urlRule: AdURLRule(allowsLocalHosts: true)).result.get()
        guard case .ad(let ad) = answer else {
            Issue.record("expected an ad, got \(answer)")
            return
        }
        #expect(ad.expiresIn == .seconds(Int64(PreloadAnswer.longestExpiry)))
    }
}

@Suite("Hostile values in answers and consent")
struct HostileValuesTests {
    @Test("creative URLs must be web URLs; clicks may deep-link into apps but never run script or read files",
          arguments: [
              (#""url": "file:///etc/passwd""#, false), (#""url": "javascript:alert(1)""#, false),
              (#""url": "https://x.example/a.html", "clickUrl": "javascript:alert(1)""#, false),
              (#""url": "https://x.example/a.html", "clickUrl": "itms-apps://apps.apple.com/app/id1""#, true),
              (#""url": "https://x.example/a.html", "fallbackUrl": "https://x.example/f""#, true),
              (#""url": "https://x.example/a.html", "clickUrl": "myapp://episode/9""#, true),
              (#""url": "https://x.example/a.html", "clickUrl": "file:///etc/passwd""#, false),
          ])
    func creativeURLSchemes(fields: String, accepted: Bool) {
        let body = Data(#"{"ad": {"id": "a", "format": "overlay", "price": {"value": 1}, "creative": {"type": "html", \#(fields)}}}"#.utf8)
        let result = PreloadAnswer(status: 200, body: body, requestedFormat: .overlay, urlRule: AdURLRule(allowsLocalHosts: true)).result
        if accepted {
            #expect((try? result.get()) != nil, "\(result)")
        } else if case .failure(.decoding) = result {
        } else {
            Issue.record("expected a decoding failure, got \(result)")
        }
    }

    @Test("an errCode or a skip wins even when the answer's ad is malformed")
    func verdictBeforeAd() {
        let error = Data(#"{"errCode": "invalid_token", "error": "no", "permanent": true, "ad": {"id": 7}}"#.utf8)
        #expect(PreloadAnswer(status: 200, body: error, requestedFormat: .pause, urlRule: AdURLRule(allowsLocalHosts: true)).result
                == .failure(.server(code: "invalid_token", message: "no", permanent: true)))
        let skip = Data(#"{"skip": true, "skipCode": "frequency_cap", "ad": "garbage"}"#.utf8)
        #expect(PreloadAnswer(status: 200, body: skip, requestedFormat: .pause, urlRule: AdURLRule(allowsLocalHosts: true)).result == .success(.noFill(.frequencyCap)))
    }

    @Test("blank strings are unwritten consent; empty or negative GPP section ids are unknown")
    func consentEdgeCases() throws {
        let defaults = try freshDefaults()
        defaults.set("   ", forKey: "IABTCF_TCString")
        defaults.set("-1_2", forKey: "IABGPP_GppSID")
        let resolved = ConsentResolver.resolve(
            defaults: defaults,
            appRegulatory: KontextVideoRegulatory(gdprConsent: "app-tc", gppSid: []))
        #expect(resolved?.gdprConsent == "app-tc", "the platform's blank string does not hide the app's value")
        #expect(resolved?.gppSid == nil)
        #expect(ConsentResolver.resolve(defaults: defaults, appRegulatory: KontextVideoRegulatory(gppSid: [-3])) == nil)
    }
}

@Suite("EventQueueStore with a file it cannot read yet")
struct UnreadableQueueTests {
    @Test("a queue file that cannot be read is never overwritten; once readable it is merged, nothing lost")
    func unreadableFileIsKeptAndMerged() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let queueFile = directory.url.appendingPathComponent(EventQueueStore.fileName)
        // A directory where the file should be: it exists, but reading it fails (as a protected
        // file does before the first unlock; chmod would not stop root, who runs CI).
        try FileManager.default.createDirectory(at: queueFile, withIntermediateDirectories: true)
        let store = EventQueueStore(directory: directory.url, capacity: 1000, events: RecordingEventMonitor())
        let waiting = QueuedEntry(.event(.impression(adId: "ad-new", format: .overlay)), id: UUID(), sessionId: nil, queuedAt: Date())
        store.append(waiting)
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: queueFile.path, isDirectory: &isDirectory) && isDirectory.boolValue,
                "what could not be read was not replaced")
        #expect(store.count == 1, "the new entry waits in memory")

        // The file becomes readable: an older launch's entry is in it.
        let older = try TemporaryDirectory()
        defer { older.remove() }
        let olderStore = EventQueueStore(directory: older.url, capacity: 1000, events: RecordingEventMonitor())
        let earlier = QueuedEntry(.event(.click(area: .creative, adId: "ad-old", format: .pause)), id: UUID(), sessionId: nil, queuedAt: Date())
        olderStore.append(earlier)
        try FileManager.default.removeItem(at: queueFile)
        for name in try FileManager.default.contentsOfDirectory(atPath: older.url.path) {
            try FileManager.default.copyItem(at: older.url.appendingPathComponent(name), to: directory.url.appendingPathComponent(name))
        }

        let later = QueuedEntry(.pixel(URL(string: "https://t.example.com/p")!), id: UUID(), sessionId: nil, queuedAt: Date())
        store.append(later)
        #expect(store.entries.map(\.id) == [earlier.id, waiting.id, later.id])
        let reopened = EventQueueStore(directory: directory.url, capacity: 1000, events: RecordingEventMonitor())
        #expect(reopened.entries.map(\.id) == [earlier.id, waiting.id, later.id])
    }
}

@Suite("InstallIdentifier with a file it cannot read yet")
struct UnreadableInstallIdTests {
    @Test("an install-id file that cannot be read is not overwritten, and the mirror is not replaced")
    func unreadableFileIsLeftAlone() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let defaults = try freshDefaults()
        let file = directory.url.appendingPathComponent(InstallIdentifier.fileName)
        try FileManager.default.createDirectory(at: file, withIntermediateDirectories: true)
        _ = InstallIdentifier.load(storageDirectory: directory.url, defaults: defaults)
        #expect(defaults.string(forKey: InstallIdentifier.defaultsKey) == nil, "no new id written over the stored one")
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory) && isDirectory.boolValue)

        // Once readable, the stored id is the id again.
        try FileManager.default.removeItem(at: file)
        let stored = UUID()
        try Data(stored.uuidString.lowercased().utf8).write(to: file)
        #expect(InstallIdentifier.load(storageDirectory: directory.url, defaults: defaults) == stored)
    }
}
