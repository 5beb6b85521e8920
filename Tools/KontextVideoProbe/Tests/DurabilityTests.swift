import Foundation
import KontextVideoSandbox
import Testing

/// Events the app's calls caused are never lost once the call returned, whatever kills the
/// process, and two processes over one storage directory lose nothing either. Measured on a real
/// production-mode app (`kontext-video-probe`: public API, real clock, real files) against the
/// sandbox; before, 914 of 12,298 acknowledged events were lost over 20 kill -9 trials, and two
/// processes lost up to 157 of 1,000.
@Suite("Durability across SIGKILL and across processes", .serialized)
struct DurabilityTests {
    /// Runs a draining launch over `storage` until the server holds a reject event for every id
    /// in `expected`; returns what was lost and what was duplicated (two events for one reject).
    private func drain(_ storage: URL, into server: SandboxAdServer, expecting expected: Set<String>) async throws -> (lost: Set<String>, duplicated: Int) {
        let next = try ProbeProcess(["drain", "--server", server.baseURL.absoluteString, "--seconds", "30"], storage: storage)
        defer { next.terminate() }
        try? await server.waitUntil("every acknowledged reject delivered") { server in
            expected.isSubset(of: Set(server.uniqueEvents.filter { $0.type == "reject" }.compactMap(\.adId)))
        }
        let rejects = server.uniqueEvents.filter { $0.type == "reject" }.compactMap(\.adId)
        return (expected.subtracting(rejects), rejects.count - Set(rejects).count)
    }

    @Test("kill -9 at random moments of a reject burst: every acknowledged event arrives, once", arguments: 0..<20)
    func killedMidBurst(trial: Int) async throws {
        let server = try SandboxAdServer()
        defer { server.stop() }
        let storage = try ProbeProcess.freshStorage()
        defer { try? FileManager.default.removeItem(at: storage) }

        let app = try ProbeProcess(["rejects", "--server", server.baseURL.absoluteString], storage: storage)
        // A random moment: after 1 to 120 acknowledged rejects, while the app keeps going.
        let moment = Int.random(in: 1...120)
        let reached = await app.waitForOutput(within: 300) { lines, _ in lines.filter { $0.hasPrefix("ACK ") }.count >= moment }
        app.kill()
        #expect(reached, "the probe acknowledged \(moment) rejects")
        #expect(await app.waitUntilDone(within: 10))
        let acked = Set(app.acknowledged)
        #expect(acked.count >= moment)

        let (lost, duplicated) = try await drain(storage, into: server, expecting: acked)
        #expect(lost.isEmpty, "trial \(trial): \(lost.count) of \(acked.count) acknowledged events lost")
        #expect(duplicated == 0, "trial \(trial): \(duplicated) rejects arrived as two events")
    }

    @Test("two processes over one storage directory: nothing lost, nothing counted twice")
    func twoProcessesShareOneStorage() async throws {
        let server = try SandboxAdServer()
        defer { server.stop() }
        let storage = try ProbeProcess.freshStorage()
        defer { try? FileManager.default.removeItem(at: storage) }

        let first = try ProbeProcess(["rejects", "--server", server.baseURL.absoluteString, "--count", "500"], storage: storage)
        let second = try ProbeProcess(["rejects", "--server", server.baseURL.absoluteString, "--count", "500"], storage: storage)
        #expect(await first.waitUntilDone(within: 300))
        #expect(await second.waitUntilDone(within: 300))
        let acked = Set(first.acknowledged + second.acknowledged)
        #expect(acked.count == 1000, "both processes acknowledged their 500 rejects")

        let (lost, duplicated) = try await drain(storage, into: server, expecting: acked)
        #expect(lost.isEmpty, "\(lost.count) of \(acked.count) acknowledged events lost")
        #expect(duplicated == 0)
        #expect(server.protocolViolations.isEmpty, "\(server.protocolViolations)")
    }
}
