import KontextVideoConcurrency
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import KontextVideoModels
import KontextVideoJournal
@testable import KontextVideoNetworking
import KontextVideoScheduling
import KontextVideoTestSupport
import Testing

/// The SDK's JSON value (the sandbox has its own, which tests name in full).
typealias JSONValue = KontextVideoJournal.JSONValue
/// The SDK's served ad (the sandbox has its own, which tests name in full).
typealias ServedAd = KontextVideoNetworking.ServedAd

/// A fresh, empty `UserDefaults` suite.
func freshDefaults() throws -> UserDefaults {
    let name = "kontext-networking-tests-\(UUID().uuidString.lowercased())"
    let defaults = try #require(UserDefaults(suiteName: name))
    defaults.removePersistentDomain(forName: name)
    return defaults
}

/// The environment most tests use.
func testEnvironment(serverURL: URL = URL(string: "http://127.0.0.1:9")!) -> AdServerIdentity {
    AdServerIdentity(
        publisherToken: "acme-dev",
        serverURL: serverURL,
        sdkVersion: "0.1.0",
        platform: "ios",
        appBundleId: "com.acme.drama",
        appVersion: "3.2.1",
        device: DeviceFacts(
            os: "iOS", osVersion: "18.1", model: "iPhone16,2", locale: "en_US",
            screenWidth: 393, screenHeight: 852, scale: 3
        )
    )
}

/// Parses JSON text into a `JSONValue`, for comparing documents regardless of key order.
func json(_ text: String) throws -> JSONValue {
    try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
}

/// Parses JSON data into a `JSONValue`.
func json(_ data: Data) throws -> JSONValue {
    try JSONDecoder().decode(JSONValue.self, from: data)
}

/// Encodes a value the way the SDK does, then parses it into a `JSONValue`.
func encoded(_ value: some Encodable) throws -> JSONValue {
    try json(JSONEncoder.kontext.encode(value))
}


/// A transport answering from a script, for tests of retry rules on a `TestClock`. A request
/// the script did not plan fails the test, unless `then:` says what answers once it ran out.
/// (Tests of the real conversation use `URLSessionTransport` over loopback.)
final class ScriptedTransport: HTTPTransport {
    /// One scripted answer.
    enum Step: Sendable {
        case status(Int, body: String = "", headers: [String: String] = [:])
        case fail(URLError.Code)
        case tooLarge
        /// Never answers until cancelled.
        case hang
        /// Nobody planned this request: the test fails (then it is answered as offline).
        case unplanned
    }

    private struct State {
        var steps: [Step]
        var fallback: Step
        var requests: [URLRequest] = []
    }

    private let state: LockedState<State>

    init(_ steps: [Step], then fallback: Step = .unplanned) {
        state = LockedState(State(steps: steps, fallback: fallback))
    }

    var requests: [URLRequest] {
        state.withLock { $0.requests }
    }

    /// Appends answers to the script.
    func append(_ steps: Step...) {
        state.withLock { $0.steps.append(contentsOf: steps) }
    }

    /// Replaces what is answered once the script ran out.
    func setFallback(_ step: Step) {
        state.withLock { $0.fallback = step }
    }

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let step: Step = state.withLock {
            $0.requests.append(request)
            return $0.steps.isEmpty ? $0.fallback : $0.steps.removeFirst()
        }
        switch step {
        case let .status(code, body, headers):
            guard let url = request.url,
                  let response = HTTPURLResponse(url: url, statusCode: code, httpVersion: "HTTP/1.1", headerFields: headers)
            else { throw URLError(.badURL) }
            return (Data(body.utf8), response)
        case .fail(let code):
            throw URLError(code)
        case .tooLarge:
            throw ResponseTooLarge(limit: 2 * 1024 * 1024)
        case .hang:
            try await Task.sleep(for: .seconds(3600))
            throw CancellationError()
        case .unplanned:
            Issue.record("ScriptedTransport: unplanned request \(request.httpMethod ?? "GET") \(request.url?.absoluteString ?? "?"); script it, or say what follows with `then:`")
            throw URLError(.cannotConnectToHost)
        }
    }
}

/// The install id of a pipeline a test makes when the id itself is not what it checks.
let testInstallId = UUID(uuidString: "0B7E3D4C-1A2B-4C5D-8E9F-A0B1C2D3E4F5")!
