import Foundation
import KontextVideoSandbox
import Testing

/// Every public async call answers within 16 s of real time whatever the server does, measured
/// on a production-mode app (`kontext-video-probe`: real clock, real URLSession) against a
/// server that hangs, one that drips a byte a second, and one that resets every connection.
/// Before, a hung server made `initialize` answer after 71 s and each `format()` after 71 more.
@Suite("The 16 s budget on the real clock")
struct RealClockBudgetTests {
    struct Misbehaviour: Sendable, CustomTestStringConvertible {
        let name: String
        let answer: SandboxAnswer
        var testDescription: String { name }
    }

    /// 16 s, and what process start-up and scheduling on a busy 2-core machine may add.
    static let limit = 16.0 + 1.5

    @Test(arguments: [
        Misbehaviour(name: "a hung server", answer: .hang),
        Misbehaviour(name: "a server dripping a byte a second", answer: .slowDrip),
        Misbehaviour(name: "a server resetting every connection", answer: .drop),
    ])
    func initializeAndFormatAnswerInTime(server misbehaviour: Misbehaviour) async throws {
        let server = try SandboxAdServer()
        defer { server.stop() }
        server.setDefaultInit(misbehaviour.answer)
        let storage = try ProbeProcess.freshStorage()
        defer { try? FileManager.default.removeItem(at: storage) }

        let app = try ProbeProcess(["timing", "--server", server.baseURL.absoluteString], storage: storage)
        defer { app.terminate() }
        #expect(await app.waitUntilDone(within: 2 * Self.limit + 10))
        let times = Dictionary(uniqueKeysWithValues: app.lines.compactMap { line -> (String, (Double, String))? in
            let parts = line.split(separator: " ", maxSplits: 3).map(String.init)
            guard parts.count == 4, parts[0] == "TIME", let seconds = Double(parts[2]) else { return nil }
            return (parts[1], (seconds, parts[3]))
        })
        let initialize = try #require(times["initialize"], "\(app.lines)")
        let format = try #require(times["format"], "\(app.lines)")
        #expect(initialize.1 == "failed")
        #expect(initialize.0 <= Self.limit, "initialize answered after \(initialize.0) s")
        #expect(format.1 == "initializationFailed")
        #expect(format.0 <= Self.limit, "format answered after \(format.0) s")
    }
}
