import Foundation

extension KontextVideo {
    /// Reports an error a public call throws to the app, at `.warning`: which call, the error,
    /// what to do about it, the state that caused it, and the ad request's id when there was one.
    /// Built only when someone hears it.
    func reportThrown(_ error: any Error, call: String, state: @autoclosure () -> String, requestId: UUID? = nil) {
        events.record(.warning) {
            var attributes = ["call": call, "error": "\(error)", "state": state()]
            if let why = (error as? LocalizedError)?.errorDescription { attributes["why"] = why }
            if let requestId { attributes["requestId"] = requestId.uuidString.lowercased() }
            return KontextVideoEvent(.warning, .errorThrown, level: .warning, attributes: attributes)
        }
    }

    /// Where initialization stands, for the log.
    var stateDescription: String {
        switch phase {
        case .notInitialized: "not initialized"
        case .initializing: "initializing"
        case .finished(let state): "\(state)"
        }
    }
}

extension VideoAd {
    /// Runs one public call of the ad; what it throws is reported (`KontextVideo.reportThrown`)
    /// with the ad's state as the call found it, then thrown on.
    func reporting<Value>(_ call: @autoclosure () -> String, _ body: () throws -> Value) rethrows -> Value {
        let state = sdk.events.isHeard(at: .warning) ? stateDescription : ""
        do {
            return try body()
        } catch {
            sdk.reportThrown(error, call: call(), state: state)
            throw error
        }
    }

    /// `reporting(_:_:)` for an `async` call.
    func reporting<Value>(_ call: @autoclosure () -> String, _ body: () async throws -> Value) async rethrows -> Value {
        let state = sdk.events.isHeard(at: .warning) ? stateDescription : ""
        do {
            return try await body()
        } catch {
            sdk.reportThrown(error, call: call(), state: state)
            throw error
        }
    }

    /// The ad's state in one line, for the log.
    var stateDescription: String {
        var parts = ["ad=\(id)", "format=\(format.rawValue)", "sdk=\(sdk.stateDescription)"]
        parts.append(isLoaded ? "loaded" : "not loaded")
        if wasShown { parts.append(hasEnded ? "shown and ended" : "on screen") }
        if let invalidationReason { parts.append("invalidated(\(invalidationReason))") }
        if owner.isDestroyed { parts.append("its VideoAds destroyed") }
        if let other = sdk.adOnScreen, other !== self { parts.append("ad \(other.id) on screen") }
        return parts.joined(separator: ", ")
    }
}

extension VideoAdsCore {
    /// The object's state in one line, for the log.
    var stateDescription: String {
        "content=\(content.id), sdk=\(sdk.stateDescription)" + (isDestroyed ? ", destroyed" : "")
    }
}

extension VideoAdError {
    /// A no-fill or a failed request: reported where the ad request ended, with its id.
    var isRequestOutcome: Bool {
        switch self {
        case .noFill, .request: true
        default: false
        }
    }
}
