import Foundation
import Testing
@testable import KontextVideoSandbox

@Suite("ResponseGate")
struct ResponseGateTests {
    @Test func countsEveryResponseHeldAndReleasesThemAllAtOnce() async throws {
        let gate = ResponseGate()
        let server = HTTPServer { request in .held(gate, then: .respond(.text(request.path))) }
        try server.start()
        defer { server.stop() }
        let first = Task { try await LoopbackClient.send(server.baseURL.appendingPathComponent("one")).0 }
        let second = Task { try await LoopbackClient.send(server.baseURL.appendingPathComponent("two")).0 }
        try await gate.waitUntilHeld(count: 2)
        #expect(gate.heldCount == 2)
        #expect(server.openConnectionCount == 2)
        gate.release()
        #expect(String(decoding: try await first.value, as: UTF8.self) == "/one")
        #expect(String(decoding: try await second.value, as: UTF8.self) == "/two")
    }

    @Test func aWaitForAGateIsCancellable() async throws {
        let gate = ResponseGate()
        let waiter = Task { try await gate.waitUntilHeld() }
        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value }
        #expect(gate.heldCount == 0)
    }

    @Test func releaseIsRememberedAndIdempotent() {
        let gate = ResponseGate()
        #expect(!gate.isReleased)
        gate.release()
        gate.release()
        #expect(gate.isReleased)
    }
}
