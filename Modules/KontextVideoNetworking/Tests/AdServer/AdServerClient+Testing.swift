import Foundation
import KontextVideoModels
@testable import KontextVideoNetworking
import KontextVideoScheduling
import KontextVideoConcurrency

extension AdServerClient {
    /// A client over plain `UserDefaults` (wrapped here, as the facade wraps its own).
    init(
        environment: AdServerIdentity,
        clock: any SchedulingClock,
        transport: any HTTPTransport,
        storageDirectory: URL,
        defaults: UserDefaults,
        installIdDefaultsKey: String = InstallIdentifier.defaultsKey,
        events: any KontextVideoEventMonitor,
        identifiers: any IdentifierSource = RandomIdentifiers()
    ) {
        self.init(
            environment: environment, clock: clock, transport: transport, storageDirectory: storageDirectory,
            sharedDefaults: SharedDefaults(defaults), installIdDefaultsKey: installIdDefaultsKey, events: events,
            identifiers: identifiers)
    }

    /// The tracking host the last `/init` answer announced and the client accepted.
    nonisolated var announcedTrackingHost: TrackingHost? {
        trackingHost.snapshot
    }

    /// The state of the last finished `/init`, or `nil` before the first one finished.
    var currentState: KontextVideoState? {
        state
    }
}
