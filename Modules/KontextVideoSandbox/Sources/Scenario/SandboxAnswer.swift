import Foundation

/// One scripted answer of the sandbox, for any of its three protocol endpoints.
///
/// Each case renders the same way wherever it is used, so a "wrong" answer for an endpoint
/// (an `.ad` to `/init`) is simply a body of another shape — useful for testing that the
/// SDK ignores unknown fields. Cases that only make sense for one endpoint say so.
public indirect enum SandboxAnswer: Sendable {
    /// `/init`: `{"enabled": true, "sessionId": …}` (`sessionId` omitted when `nil`). By default
    /// the sandbox's own session id (``ownSession``).
    case enabled(sessionId: String? = SandboxAnswer.ownSession)
    /// `/init`: `{"enabled": false, "disabledReason": …}` (reason omitted when `nil`).
    case disabled(reason: String?)
    /// `/video/preload`: an ad the sandbox serves (see ``SandboxAd``), with the current
    /// `sessionId` when `/init` gave one.
    case ad(SandboxAd = SandboxAd())
    /// `/video/preload`: `{"skip": true, "skipCode": …}` (`skipCode` omitted when `nil`).
    case noFill(skipCode: String? = nil)
    /// `204 No Content` with no body (a no-fill for `/video/preload`, all accepted for events).
    case noContent
    /// `/video/events`: `{"accepted": [every eventId of the request]}`.
    case accepted
    /// `/video/events`: `{"accepted": [...]}` listing only the request's event ids not in `ids`.
    case acceptedExcept(Set<String>)
    /// An error answer `{"errCode", "error", "permanent"}` with `status` (default 200).
    case error(code: String, message: String = "sandbox error", permanent: Bool = false, status: Int = 200)
    /// `429 Too Many Requests`, with `Retry-After: <seconds>` when given, no body.
    case rateLimited(retryAfter: Int? = nil)
    /// A server error (default 500) without a body.
    case serverError(status: Int = 500)
    /// `body` as the JSON answer, with `status`.
    case json(JSONValue, status: Int = 200)
    /// Exactly this status, these headers and this body.
    case raw(status: Int, headers: [String: String] = [:], body: Data = Data())
    /// A 200 whose body is not JSON (`{"ad": {"id": "ad-`, cut mid-value).
    case malformedJSON
    /// A 200 whose body is JSON of the endpoint's shape with members of the wrong types
    /// (e.g. `{"enabled": "yes"}`, `{"ad": {"id": 42, "price": "cheap", …}}`, `{"accepted": "all"}`).
    case wrongTypes
    /// A 200 JSON body of `bytes` bytes (default 10 MiB: over the 2 MiB limit), streamed.
    case huge(bytes: Int = 10 * 1024 * 1024)
    /// A 200 announcing a longer body than it sends, then closing: the body is cut short.
    case cutShort
    /// Drops the connection after reading the request, without an answer (a TCP reset:
    /// `URLError.networkConnectionLost` in `URLSession`).
    case drop
    /// Closes the connection after reading the request without sending a byte
    /// (`URLError.badServerResponse`, "empty reply", in `URLSession` on Linux).
    case emptyReply
    /// Never answers; the connection stays open until the client gives up or the server stops.
    case hang
    /// A 200 announcing a 1 KiB body, sent one byte a second: never silent, never done.
    case slowDrip
    /// Holds the answer until `gate` is released (deterministic delay), then gives `then`.
    case held(ResponseGate, then: SandboxAnswer)
    /// Gives `then` after `seconds` of real time. For the stand-alone server and scenario
    /// files only; tests use ``held(_:then:)``.
    case delayed(seconds: Double, then: SandboxAnswer)
}

extension SandboxAnswer {
    /// Stands for the sandbox's own session id wherever a scripted `sessionId` holds it:
    /// `sandbox-session-` and eight hex digits, new for each ``SandboxAdServer``
    /// (``SandboxAdServer/ownSessionId``). A real server never issues another's sessions, so two
    /// sandboxes do not either: a batch of events queued in another server's session is a
    /// violation (see ``SandboxAdServer/protocolViolations``).
    public static let ownSession = "{session}"
}
