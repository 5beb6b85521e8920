import Foundation
import KontextVideoDiagnostics
import KontextVideoScheduling

/// The launch the SDK is in and what the app told it there: the state under `KontextVideo`'s
/// public properties, which forward to it. Each `VideoAds` and its ads read the session and the
/// app's settings here, not up through the public singleton. A new launch (a test kit's) forgets
/// what the app said in the one before.
@MainActor
package final class LaunchState {
    /// `KontextVideo.user`.
    var user: KontextVideoUser?
    /// `KontextVideo.regulatory`.
    var regulatory: KontextVideoRegulatory?
    /// `KontextVideo.variantId`.
    var variantId: String?
    /// `KontextVideo.verificationProvider`.
    var verificationProvider: (any VideoAdVerificationProvider)?
    /// `KontextVideo.events`: one stream for every launch of the process.
    let events: KontextVideoEventStream
    /// `KontextVideo.inspector`: it reads the current launch's wall clock.
    let inspector: KontextVideoInspector

    private var current: SDKSession?

    /// The state of a process whose SDK has not begun a launch yet.
    init(events: KontextVideoEventStream, inspector: KontextVideoInspector) {
        self.events = events
        self.inspector = inspector
    }

    /// The launch the SDK is in: the app's, begun at first use on the platform's world, unless a
    /// test kit began one on its own world first (`beginSession(on:)`).
    package var session: SDKSession {
        current ?? beginSession(on: .platformDefault())
    }

    /// Begins a launch of the SDK on `environment`, the one way a session starts: the app's first
    /// use begins it on the platform's world (`session`), a test kit one per test on its own.
    /// A session it replaces ends (its ad on screen stops without callbacks, its runtime stops
    /// talking to the server; the new one opens the storage once the old one is done with it), and
    /// what the app told that launch is forgotten: user, consent, variant, verification provider,
    /// log level and what the inspector collected.
    /// - Returns: The session begun.
    @discardableResult
    package func beginSession(on environment: SDKEnvironment) -> SDKSession {
        let replaced = current
        let session = SDKSession(environment: environment, events: events, after: replaced?.end())
        current = session
        if replaced != nil { forgetWhatTheAppSaid() }
        let wallClock = environment.wallClock
        inspector.setTimeSource { wallClock.now }
        return session
    }

    /// Where initialization stands, for the log.
    var stateDescription: String { InitializationStage(session.phase).description }

    /// A new launch starts from what the app has not yet said.
    private func forgetWhatTheAppSaid() {
        user = nil
        regulatory = nil
        variantId = nil
        verificationProvider = nil
        events.logLevel = .warning
        inspector.stop()
        inspector.clear()
    }
}
