import Foundation
import KontextVideoNetworking

extension KontextVideoEventStream {
    /// Reports an error a public call throws to the app, at `.warning`: which call, the error,
    /// what to do about it, the state that caused it, the content it was for, and the ad
    /// request's id when there was one, or the ad's. Built only when someone hears it. The content
    /// id is a field of its own, so the unified log keeps it private while the rest is public
    /// (`UnifiedLogLine`).
    func reportThrown(
        _ error: any Error, call: String, state: @autoclosure () -> String, content: String? = nil, requestId: UUID? = nil,
        adId: String? = nil
    ) {
        record(.warning) {
            var attributes = ["call": call, "error": "\(error)", "state": state()]
            if let why = (error as? any LocalizedError)?.errorDescription { attributes["why"] = why }
            if let content { attributes["content"] = content }
            if let requestId { attributes["requestId"] = requestId.uuidString.lowercased() }
            if let adId { attributes["adId"] = adId }
            return KontextVideoEvent(.warning, .errorThrown, level: .warning, attributes: attributes)
        }
    }
}

/// Where initialization stands, without the task an initialization under way carries: what a
/// call's state keeps of it (a copy of the phase retained and released that task at every call).
enum InitializationStage {
    case notInitialized
    case initializing
    case finished(KontextVideoState)

    init(_ phase: InitializationPhase) {
        switch phase {
        case .notInitialized: self = .notInitialized
        case .initializing: self = .initializing
        case .finished(let state): self = .finished(state)
        }
    }

    /// The stage, for the log.
    var description: String {
        switch self {
        case .notInitialized: "not initialized"
        case .initializing: "initializing"
        case .finished(let state): "\(state)"
        }
    }
}

/// An ad's state when a public call began, for the warning its throw is reported with: taken
/// before every public call at the default log level (`.warning` is heard), and put into words
/// only when the call throws (formatting it up front cost every call that did not throw a few
/// microseconds of the main thread). Values only, but for another ad's id: nothing to retain and
/// release in the common case. Its id and format are the ad's own, which never change.
struct VideoAdCallState {
    let sdk: InitializationStage
    let phase: VideoAdLifecycle.Phase
    let ownerDestroyed: Bool
    let otherAdOnScreen: String?

    /// `ad`'s state now.
    @MainActor
    init(of ad: VideoAd) {
        let session = ad.context.session
        let other = session.adOnScreen
        sdk = InitializationStage(session.phase)
        phase = ad.lifecycle.phase
        ownerDestroyed = ad.owner.isDestroyed
        otherAdOnScreen = other === ad ? nil : other?.id
    }

    /// Runs `ad`'s public `call`; what it throws is reported with the ad's state as the call
    /// found it, then thrown on.
    @MainActor
    static func reporting<Value>(_ ad: VideoAd, _ call: @autoclosure () -> String, _ body: () throws -> Value) rethrows -> Value {
        let state = ad.runtime.events.isHeard(at: .warning) ? VideoAdCallState(of: ad) : nil
        do { return try body() } catch {
            state?.report(error, call: call(), of: ad)
            throw error
        }
    }

    /// `reporting(_:_:_:)` for an `async` call.
    @MainActor
    static func reporting<Value>(
        _ ad: VideoAd, _ call: @autoclosure () -> String, _ body: () async throws -> Value
    ) async rethrows -> Value {
        let state = ad.runtime.events.isHeard(at: .warning) ? VideoAdCallState(of: ad) : nil
        do { return try await body() } catch {
            state?.report(error, call: call(), of: ad)
            throw error
        }
    }

    /// Reports `error`, thrown by `ad`'s public `call`, with this state (`KontextVideoEventStream.reportThrown`).
    @MainActor
    func report(_ error: any Error, call: String, of ad: VideoAd) {
        ad.runtime.events.reportThrown(error, call: call, state: description(of: ad), content: ad.owner.content.id, adId: ad.id)
    }

    /// The state of `ad` in one line, for the log.
    func description(of ad: VideoAd) -> String {
        var parts = ["ad=\(ad.id)", "format=\(ad.format.rawValue)", "sdk=\(sdk.description)"]
        switch phase {
        case .held, .loading, .invalidated(_, wasLoaded: false): parts.append("not loaded")
        default: parts.append("loaded")
        }
        switch phase {
        case .onScreen: parts.append("on screen")
        case .ending, .endingOnNextTurn, .ended: parts.append("shown and ended")
        case .invalidated(let reason, _): parts.append("invalidated(\(reason))")
        case .held, .loading, .loaded: break
        }
        if ownerDestroyed { parts.append("its VideoAds destroyed") }
        if let otherAdOnScreen { parts.append("ad \(otherAdOnScreen) on screen") }
        return parts.joined(separator: ", ")
    }
}

extension AdRequestBook {
    /// The object's state in one line, for the log (its content is a field of its own).
    var stateDescription: String {
        "sdk=\(launch.stateDescription)" + (isDestroyed ? ", destroyed" : "")
    }

    /// Reports what `format(_:)` throws (`KontextVideoEventStream.reportThrown`), with this object's state
    /// and content; `note` adds to the state.
    func reportFormatThrown(_ error: any Error, format: AdFormat, note: String? = nil, requestId: UUID? = nil) {
        launch.events.reportThrown(error, call: "format(.\(format.rawValue))", state: stateDescription + (note.map { ", \($0)" } ?? ""),
                         content: content.id, requestId: requestId)
    }
}

extension AdRequestFailure {
    /// The error the app gets for a failed ad request: initialization states map to their own
    /// cases, everything else is `.request(VideoAdRequestError)`.
    var publicError: any Error {
        switch self {
        case .notInitialized(.disabled(let reason)): VideoAdError.disabled(reason: reason)
        case .notInitialized: VideoAdError.initializationFailed
        case .cancelled: CancellationError()
        case .transport(let error): VideoAdError.request(VideoAdRequestError.network(error.code))
        case .timedOut: VideoAdError.request(VideoAdRequestError.timedOut)
        case .http(let status): VideoAdError.request(VideoAdRequestError.http(status: status))
        case let .server(code, message, permanent): VideoAdError.request(VideoAdRequestError.server(code: code, message: message, permanent: permanent))
        case .decoding(let what): VideoAdError.request(VideoAdRequestError.invalidResponse(what))
        case .responseTooLarge: VideoAdError.request(VideoAdRequestError.invalidResponse("the answer is larger than 2 MiB"))
        }
    }
}

extension VideoAdError {
    /// A no-fill or a failed request: reported where the ad request ended, with its id, so
    /// `AdRequestBook.format(_:)` does not report it again.
    var isRequestOutcome: Bool {
        switch self {
        case .noFill, .request: true
        default: false
        }
    }
}
