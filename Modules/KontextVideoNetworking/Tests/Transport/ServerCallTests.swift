import KontextVideoTestSupport
import Foundation
import KontextVideoModels
@testable import KontextVideoNetworking
import KontextVideoScheduling
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("ServerCall: time-outs and retries on the injected clock")
struct ServerCallTests {
    let clock = TestClock()
    let log = RecordingEventMonitor()

    func start(_ transport: ScriptedTransport, timeout: Duration = .seconds(16), policy: RetryPolicy = .standard, budget: Duration? = nil)
        -> Task<Result<Int, AdRequestFailure>, Never> {
        let call = ServerCall.post("/init", name: .initRequest, body: Data("{}".utf8), environment: testEnvironment(), timeout: timeout, policy: policy)
        let (clock, log) = (clock, log)
        let budget = budget.map { TimeBudget($0, on: clock) }
        return Task {
            do throws(AdRequestFailure) {
                let (_, response) = try await call.run(transport: transport, clock: clock, events: log, budget: budget)
                return .success(response.statusCode)
            } catch {
                return .failure(error)
            }
        }
    }

    /// The delays between attempts, as the clock saw them.
    func retryDelays() -> [String] {
        log.events(.retry).compactMap { $0.attributes["delay"] }
    }

    @Test("network errors are retried three times after 1, 2, 4 s, then the last error is thrown")
    func networkErrors() async {
        let transport = ScriptedTransport([], then: .fail(.cannotConnectToHost))
        let task = start(transport)
        let result = await clock.drive(until: task)
        #expect(result == .failure(.transport(URLError(.cannotConnectToHost))))
        #expect(transport.requests.count == 4)
        #expect(retryDelays() == ["1.0", "2.0", "4.0"])
        #expect(clock.now == .seconds(7))
        #expect(log.events(.request, named: .initRequest).count == 4)
    }

    @Test("a recovered network answers on the retry")
    func recovers() async {
        let transport = ScriptedTransport([.fail(.networkConnectionLost), .status(200, body: "{}")])
        let result = await clock.drive(until: start(transport))
        #expect(result == .success(200))
        #expect(clock.now == .seconds(1))
    }

    @Test("a hung connection times out after 16 s per attempt, as a typed time-out")
    func hungConnection() async {
        let transport = ScriptedTransport([], then: .hang)
        let result = await clock.drive(until: start(transport))
        #expect(result == .failure(.timedOut))
        #expect(transport.requests.count == 4)
        #expect(clock.now == .seconds(16 * 4 + 7))
    }

    @Test("within a 16 s budget a hung server costs one attempt: the call answers at 16 s, not 71 s")
    func hungConnectionWithinTheBudget() async {
        let transport = ScriptedTransport([], then: .hang)
        let result = await clock.drive(until: start(transport, budget: .seconds(16)))
        #expect(result == .failure(.timedOut))
        #expect(transport.requests.count == 1)
        #expect(clock.now == .seconds(16))
    }

    @Test("within a budget, retries after fast failures fit; one that would not leave a useful attempt is not made")
    func retriesInsideTheBudget() async {
        // Each attempt fails after 5 s (a connection that dies late): 5, +1, 5, +2, 5 = 18 > 16.
        let transport = ScriptedTransport([.hang, .hang, .hang], then: .fail(.cannotConnectToHost))
        let result = await clock.drive(until: start(transport, timeout: .seconds(5), budget: .seconds(16)))
        #expect(result == .failure(.timedOut))
        #expect(transport.requests.count == 3, "the third attempt gets the 3 s left, not 5")
        #expect(clock.now == .seconds(16))
        #expect(retryDelays() == ["1.0", "2.0"])
    }

    @Test("a Retry-After longer than the budget leaves is answered at once, as the 429 it is")
    func retryAfterPastTheBudget() async {
        let transport = ScriptedTransport([.status(429, headers: ["Retry-After": "30"])], then: .status(200))
        let result = await clock.drive(until: start(transport, budget: .seconds(16)))
        #expect(result == .success(429))
        #expect(transport.requests.count == 1)
        #expect(clock.now == .zero)
    }

    @Test("a 429 is retried after its Retry-After (capped at 60 s), else the back-off")
    func tooManyRequests() async {
        let transport = ScriptedTransport([
            .status(429, headers: ["Retry-After": "7"]),
            .status(429, headers: ["Retry-After": "600"]),
            .status(429),
            .status(200),
        ])
        let result = await clock.drive(until: start(transport))
        #expect(result == .success(200))
        #expect(retryDelays() == ["7.0", "60.0", "4.0"])
        #expect(clock.now == .seconds(71))
    }

    @Test("a 429 after the last retry is answered as it is")
    func tooManyRequestsExhausted() async {
        let transport = ScriptedTransport([], then: .status(429, headers: ["Retry-After": "1"]))
        let result = await clock.drive(until: start(transport))
        #expect(result == .success(429))
        #expect(transport.requests.count == 4)
    }

    @Test("other statuses are answered at once, without retry", arguments: [200, 204, 400, 404, 500, 503])
    func noRetry(status: Int) async {
        let transport = ScriptedTransport([.status(status)])
        let result = await clock.drive(until: start(transport))
        #expect(result == .success(status))
        #expect(transport.requests.count == 1)
        #expect(log.events(.retry).isEmpty)
    }

    @Test("an oversized answer is not retried")
    func tooLarge() async {
        let transport = ScriptedTransport([.tooLarge])
        let result = await clock.drive(until: start(transport))
        #expect(result == .failure(.responseTooLarge))
        #expect(transport.requests.count == 1)
    }

    @Test("the event policy makes one attempt of 5 s")
    func singleAttempt() async {
        let transport = ScriptedTransport([], then: .hang)
        let result = await clock.drive(until: start(transport, timeout: .seconds(5), policy: .none))
        #expect(result == .failure(.timedOut))
        #expect(transport.requests.count == 1)
        #expect(clock.now == .seconds(5))
    }

    @Test("requests carry the protocol's headers")
    func headers() async throws {
        let transport = ScriptedTransport([.status(200)])
        _ = await clock.drive(until: start(transport))
        let request = try #require(transport.requests.first)
        #expect(request.httpMethod == "POST")
        #expect(request.url?.absoluteString == "http://127.0.0.1:9/init")
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(request.value(forHTTPHeaderField: "Accept") == "application/json")
        #expect(request.value(forHTTPHeaderField: "Kontextso-Publisher-Token") == "acme-dev")
    }

    @Test("Retry-After accepts delta-seconds only")
    func retryAfterParsing() {
        #expect(RetryPolicy.retryAfter("3") == .seconds(3))
        #expect(RetryPolicy.retryAfter(" 1.5 ") == .milliseconds(1500))
        #expect(RetryPolicy.retryAfter("Wed, 21 Oct 2026 07:28:00 GMT") == nil)
        #expect(RetryPolicy.retryAfter("-1") == nil)
        #expect(RetryPolicy.retryAfter(nil) == nil)
    }
}
