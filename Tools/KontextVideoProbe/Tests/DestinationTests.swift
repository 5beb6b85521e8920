import Foundation
import KontextVideoSandbox
import Testing

/// Every event reaches only the server, and the app, it belongs to. Measured on real processes of
/// a production-mode app (`kontext-video-probe`: public API, real clock, real files in its
/// Application Support) against real loopback sandboxes, whose validators report any event for an
/// ad they never served or in a session they never issued. Before, the queue was one directory
/// per user, its entries carried no destination, and the next process delivered them to whatever
/// server it talked to: a second sandbox received the first one's rejects.
@Suite("Each event reaches only its own server and app", .serialized)
struct DestinationTests {
    /// Runs `rejects --count count` against `server` to its end; returns the acknowledged ad ids.
    private func reject(_ count: Int, on server: SandboxAdServer, storage: URL, token: String = "probe-dev",
                        executable: URL? = nil) async throws -> [String] {
        let app = try ProbeProcess(["rejects", "--server", server.baseURL.absoluteString, "--count", "\(count)", "--token", token],
                                   storage: storage, executable: executable)
        defer { app.terminate() }
        #expect(await app.waitUntilDone(within: 300))
        let acked = app.acknowledged
        #expect(acked.count == count, "\(app.lines.suffix(3))")
        return acked
    }

    /// Lets a draining launch run against `server` until `done` holds for it (or 30 s pass).
    private func drain(_ server: SandboxAdServer, storage: URL, token: String = "probe-dev", executable: URL? = nil,
                       until done: @escaping @Sendable (SandboxAdServer) -> Bool) async throws {
        let app = try ProbeProcess(["drain", "--server", server.baseURL.absoluteString, "--seconds", "30", "--token", token],
                                   storage: storage, executable: executable)
        defer { app.terminate() }
        try? await server.waitUntil("the drain is done", done)
    }

    /// The rejects `server` received, every delivery.
    private func rejects(_ server: SandboxAdServer) -> [String] {
        server.events.filter { $0.type == "reject" }.compactMap(\.adId)
    }

    /// The probe's own storage directory in `storage` (Application Support shared by apps on Linux).
    private func appStorage(_ storage: URL, app: String = "kontext-video-probe") -> URL {
        storage.appendingPathComponent("KontextVideo/apps/\(app)", isDirectory: true)
    }

    /// The text of the queue files (snapshot and journal) of `app`'s queues for `server`: its
    /// directories are named after the server's URL, percent-encoded.
    private func queuedText(_ storage: URL, app: String = "kontext-video-probe", server: SandboxAdServer) throws -> String {
        let queues = appStorage(storage, app: app).appendingPathComponent("event-queues")
        let name = "http%3A%2F%2F127.0.0.1%3A\(server.port)"
        return try FileManager.default.contentsOfDirectory(atPath: queues.path)
            .filter { $0 == name || $0.hasPrefix(name + "-") }
            .flatMap { directory in
                ["queue.json", "queue.journal"].compactMap { file in
                    (try? Data(contentsOf: queues.appendingPathComponent(directory).appendingPathComponent(file)))
                        .map { String(decoding: $0, as: UTF8.self) }
                }
            }.joined()
    }

    /// Whether every ad of `adIds` has an entry in `text`.
    private func holds(_ text: String, _ adIds: [String]) -> Bool {
        adIds.allSatisfy { text.contains("\"adId\":\"\($0)\"") }
    }

    @Test("events queued against one server never reach another; the first, configured again, gets them once")
    func anotherServerGetsNothing() async throws {
        let storage = try ProbeProcess.freshStorage()
        defer { try? FileManager.default.removeItem(at: storage) }
        let first = try SandboxAdServer()
        defer { first.stop() }
        first.setDefaultEvents(.serverError(status: 503))   // its events endpoint is down: they stay queued
        let queued = try await reject(20, on: first, storage: storage)

        let second = try SandboxAdServer()
        defer { second.stop() }
        #expect(holds(try queuedText(storage, server: first), queued))
        let own = try await reject(5, on: second, storage: storage)
        // A second launch for the second server, which would deliver what its queue holds at once.
        try await drain(second, storage: storage) { server in
            server.requests(path: "/init").count >= 2 && Set(own).isSubset(of: Set(server.events.compactMap(\.adId)))
        }
        // The launch that queued them may have been ended with a batch in flight: at least once.
        let received = second.uniqueEvents.filter { $0.type == "reject" }.compactMap(\.adId)
        #expect(received.sorted() == own.sorted(), "the second server received its own 5 rejects, and nothing else")
        #expect(second.protocolViolations.isEmpty, "\(second.protocolViolations)")
        #expect(second.requests(path: "/video/events").allSatisfy {
            ($0.json?["sessionId"]?.stringValue ?? second.ownSessionId) == second.ownSessionId
        })

        #expect(holds(try queuedText(storage, server: first), queued), "the first server's 20 still wait in its own queue")
        first.clearRecordings()
        first.setDefaultEvents(.accepted)
        try await drain(first, storage: storage) { Set(queued).isSubset(of: Set($0.uniqueEvents.compactMap(\.adId))) }
        #expect(rejects(first).sorted() == queued.sorted(), "each of the 20 delivered to the first server, once")
        #expect(first.protocolViolations.isEmpty, "\(first.protocolViolations)")
    }

    @Test("two apps on one machine never see each other's queued events or install id")
    func twoAppsAreApart() async throws {
        let storage = try ProbeProcess.freshStorage()
        defer { try? FileManager.default.removeItem(at: storage) }
        // A second app: the probe under another name (on Linux the process name is the bundle id).
        let other = storage.appendingPathComponent("bin/other-app")
        try FileManager.default.createDirectory(at: other.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: try ProbeProcess.binary(), to: other)

        let server = try SandboxAdServer()
        defer { server.stop() }
        server.setDefaultEvents(.serverError(status: 503))
        let ofProbe = try await reject(10, on: server, storage: storage)
        let probeInstall = server.requests(path: "/init").last?.json?["installId"]?.stringValue

        server.clearRecordings()
        server.setDefaultEvents(.accepted)
        let ofOther = try await reject(3, on: server, storage: storage, executable: other)
        try await drain(server, storage: storage, executable: other) { server in
            server.requests(path: "/init").count >= 2 && Set(ofOther).isSubset(of: Set(server.uniqueEvents.compactMap(\.adId)))
        }
        let received = server.uniqueEvents.filter { $0.type == "reject" }.compactMap(\.adId)
        #expect(received.sorted() == ofOther.sorted(), "the other app delivered its own rejects only")
        let otherInstalls = Set(server.requests.compactMap { $0.json?["installId"]?.stringValue })
        #expect(otherInstalls.count == 1)
        #expect(probeInstall != nil && !otherInstalls.contains(probeInstall ?? ""), "each app has its own install id")

        let probeId = try String(contentsOf: appStorage(storage).appendingPathComponent("install-id"), encoding: .utf8)
        let otherId = try String(contentsOf: appStorage(storage, app: "other-app").appendingPathComponent("install-id"), encoding: .utf8)
        #expect(probeId == probeInstall)
        #expect(otherInstalls == [otherId])
        #expect(holds(try queuedText(storage, server: server), ofProbe), "the probe's 10 rejects still wait in its own queue")
        #expect(!holds(try queuedText(storage, app: "other-app", server: server), [ofProbe[0]]))
    }

    @Test("after a token change, the next launch delivers the old token's events under the old token")
    func tokenChange() async throws {
        let storage = try ProbeProcess.freshStorage()
        defer { try? FileManager.default.removeItem(at: storage) }
        let server = try SandboxAdServer()
        defer { server.stop() }
        server.setDefaultEvents(.serverError(status: 503))
        let queued = try await reject(5, on: server, storage: storage, token: "probe-2026")

        server.clearRecordings()
        server.setDefaultEvents(.accepted)
        try await drain(server, storage: storage, token: "probe-2027") { Set(queued).isSubset(of: Set($0.uniqueEvents.compactMap(\.adId))) }
        #expect(rejects(server).sorted() == queued.sorted())
        let batches = server.requests(path: "/video/events")
        #expect(!batches.isEmpty)
        #expect(batches.allSatisfy { $0.json?["publisherToken"]?.stringValue == "probe-2026" && $0.header("Kontextso-Publisher-Token") == "probe-2026" })
        #expect(server.requests(path: "/init").allSatisfy { $0.header("Kontextso-Publisher-Token") == "probe-2027" })
        #expect(server.protocolViolations.isEmpty, "\(server.protocolViolations)")
    }
}
