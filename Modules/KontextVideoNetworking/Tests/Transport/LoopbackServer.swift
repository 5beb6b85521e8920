import KontextVideoTestSupport
import KontextVideoConcurrency
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import KontextVideoModels
import KontextVideoJournal
@testable import KontextVideoNetworking
import KontextVideoSandbox
import KontextVideoScheduling
import Testing

/// A real loopback HTTP server (the sandbox's `HTTPServer`) answering from a test's handler
/// and recording every request it received.
final class LoopbackServer: Sendable {
    let server: HTTPServer
    private let recorded = LockedState<[HTTPRequest]>([])
    private let arrivals: AsyncStream<HTTPRequest>.Continuation
    private let stream: AsyncStream<HTTPRequest>
    /// Answers a request; the number says how many requests to its path arrived so far, this one included.
    typealias Handler = @Sendable (HTTPRequest, _ callNumber: Int) -> HTTPResponseAction

    private let handler = LockedState<Handler>({ _, _ in .respond(.notFound) })

    /// Starts a server on an ephemeral port; `handler` answers every request.
    convenience init(_ handler: @escaping @Sendable (HTTPRequest) -> HTTPResponseAction) throws {
        try self.init(counting: { request, _ in handler(request) })
    }

    /// Starts a server on an ephemeral port; `handler` answers every request, knowing how
    /// many requests to the same path came before.
    init(counting handler: @escaping Handler) throws {
        let (stream, arrivals) = AsyncStream.makeStream(of: HTTPRequest.self)
        self.stream = stream
        self.arrivals = arrivals
        self.handler.withLock { $0 = handler }
        let box = LockedState<LoopbackServer?>(nil)
        server = HTTPServer { request in
            guard let owner = box.snapshot else { return .respond(.notFound) }
            let callNumber = owner.recorded.withLock { recorded in
                recorded.append(request)
                return recorded.filter { $0.path == request.path }.count
            }
            owner.arrivals.yield(request)
            return owner.handler.snapshot(request, callNumber)
        }
        // Breaks the cycle server → handler → box → self when the test stops the server.
        stopHook = { box.withLock { $0 = nil } }
        box.withLock { $0 = self }
        try server.start()
    }

    private let stopHook: @Sendable () -> Void

    var baseURL: URL { server.baseURL }

    /// Every request received so far.
    var requests: [HTTPRequest] { recorded.snapshot }

    /// Requests received on `path`.
    func requests(to path: String) -> [HTTPRequest] {
        requests.filter { $0.path == path }
    }

    /// Replaces the handler.
    func answer(_ handler: @escaping @Sendable (HTTPRequest) -> HTTPResponseAction) {
        self.handler.withLock { $0 = { request, _ in handler(request) } }
    }

    /// Replaces the handler with one that knows how many requests to the same path came before.
    func answer(counting handler: @escaping Handler) {
        self.handler.withLock { $0 = handler }
    }

    /// Returns once `count` requests in total have arrived (a real-time safety net, ``realTimeSafetyNet``, fails the test).
    func waitForRequests(_ count: Int) async throws {
        let recorded = self.recorded
        if recorded.snapshot.count >= count { return }
        let stream = self.stream
        let waiter = Task {
            for await _ in stream where recorded.snapshot.count >= count { return true }
            return recorded.snapshot.count >= count
        }
        let safety = Task {
            try? await Task.sleep(for: realTimeSafetyNet)
            waiter.cancel()
        }
        defer { safety.cancel() }
        let arrived = await waiter.value
        try #require(arrived || recorded.snapshot.count >= count, "only \(recorded.snapshot.count) of \(count) requests arrived")
    }

    func stop() {
        server.stop()
        arrivals.finish()
        stopHook()
    }
}

/// The JSON body of a recorded request as a `JSONValue`.
func body(of request: HTTPRequest) throws -> JSONValue {
    try json(request.body)
}

/// A JSON answer.
func jsonAnswer(_ text: String, status: Int = 200, headers: [String: String] = [:]) -> HTTPResponseAction {
    var all = headers
    all["Content-Type"] = "application/json"
    return .respond(HTTPResponse(status: status, headers: all, body: Data(text.utf8)))
}

/// A port where nothing listens: a server started and stopped.
func closedPortURL() throws -> URL {
    // A port that is bound but never listens refuses every connection, and stays ours: a port
    // merely closed again could be handed to another test's server running in parallel.
    let (descriptor, port) = try boundLoopbackSocket()
    reservedClosedPorts.withLock { $0.append(descriptor) }
    return try #require(URL(string: "http://127.0.0.1:\(port)"))
}

/// A TCP socket bound to an ephemeral port of 127.0.0.1, not yet listening, and that port.
func boundLoopbackSocket() throws -> (descriptor: Int32, port: UInt16) {
    #if canImport(Glibc)
    let streamType = Int32(SOCK_STREAM.rawValue)
    #else
    let streamType = SOCK_STREAM
    #endif
    let descriptor = socket(AF_INET, streamType, 0)
    try #require(descriptor >= 0, "socket() failed")
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
            bind(descriptor, generic, length) == 0 && getsockname(descriptor, generic, &length) == 0
        }
    }
    try #require(bound, "bind() failed")
    return (descriptor, UInt16(bigEndian: address.sin_port))
}

/// How long a real-time safety net waits before it fails a test: never how a passing test
/// finishes, only a guard against a hang. Five minutes, because under the thread sanitizer on two
/// cores a test's tasks can queue for tens of seconds behind the rest of the run (a 30 s net
/// failed slow-but-correct tests in CI on 5 December 2026).
let realTimeSafetyNet: Duration = .seconds(300)

/// Sockets kept bound (never listening) for the whole test run.
private let reservedClosedPorts = LockedState<[Int32]>([])

/// Waits until the clock's earliest sleeper is due `delay` from now, then advances to it.
/// Used where real I/O runs alongside the clock, so only the expected timer moves.
func advance(_ clock: TestClock, whenSleeping delay: Duration) async throws {
    let limit = ContinuousClock.now.advanced(by: realTimeSafetyNet)
    while clock.nextDeadline.map({ $0 - clock.now }) != delay {
        try #require(ContinuousClock.now < limit, "no sleeper due in \(delay); next: \(String(describing: clock.nextDeadline))")
        await Task.yield()
    }
    await clock.advance(by: delay)
}

/// Yields until `condition` holds, while real I/O or other tasks make progress; fails the
/// test after ``realTimeSafetyNet`` of real time (a safety net, never how a passing test finishes).
func eventually(
    _ description: String,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: () async -> Bool
) async throws {
    let limit = ContinuousClock.now.advanced(by: realTimeSafetyNet)
    while await !condition() {
        try #require(ContinuousClock.now < limit, "never happened: \(description)", sourceLocation: sourceLocation)
        await Task.yield()
    }
}
