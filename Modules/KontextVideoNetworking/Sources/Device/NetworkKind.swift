import Foundation
import KontextVideoConcurrency

/// The kind of network the device is on, as the system's path monitor reports it (`NWPathMonitor`
/// on Apple platforms): what media selection reads for its cellular bitrate cap
/// (`DeviceProfile.isOnCellular`). Unknown where nothing reports it (Linux, before the first report).
package enum NetworkKind: String, Sendable, CaseIterable {
    /// Nothing reported yet, or no network at all.
    case unknown
    /// A cellular network only.
    case cellular
    /// Wi-Fi.
    case wifi
    /// A wired network (Ethernet).
    case wired
    /// Another interface (a loopback, a tunnel with nothing under it).
    case other

    /// The kind of a network path, from the interfaces it uses. A path over Wi-Fi or a wire is not
    /// cellular, even when cellular is also up; one without a usable network is unknown.
    /// - Parameters:
    ///   - isSatisfied: the path can be used (`NWPath.Status.satisfied`).
    ///   - usesWiFi: it uses Wi-Fi (`usesInterfaceType(.wifi)`).
    ///   - usesWired: it uses Ethernet (`usesInterfaceType(.wiredEthernet)`).
    ///   - usesCellular: it uses a cellular interface (`usesInterfaceType(.cellular)`).
    package init(isSatisfied: Bool, usesWiFi: Bool, usesWired: Bool, usesCellular: Bool) {
        if !isSatisfied {
            self = .unknown
        } else if usesWiFi {
            self = .wifi
        } else if usesWired {
            self = .wired
        } else if usesCellular {
            self = .cellular
        } else {
            self = .other
        }
    }

    /// Whether media selection caps the bitrate for a cellular connection.
    package var isCellular: Bool { self == .cellular }
}

/// Where the SDK reads the device's network kind: the system's path monitor in the app
/// (`NetworkKindSource.system`, fed by `NWPathMonitor` where the Network framework exists), a value
/// the test kit sets headless. Thread-safe: the monitor reports on a queue of its own.
package final class NetworkKindSource: Sendable {
    private let kind: LockedState<NetworkKind>
    /// What reports to this source and must live as long as it (the system's path monitor).
    private let reporter: (any Sendable)?

    /// A source that says `kind` until told otherwise.
    package init(_ kind: NetworkKind = .unknown) {
        self.kind = LockedState(kind)
        reporter = nil
    }

    /// A source fed by `reporter`, which it keeps alive.
    init(reportedBy reporter: any Sendable) {
        kind = LockedState(.unknown)
        self.reporter = reporter
    }

    /// The kind of network now.
    package var current: NetworkKind {
        kind.withLock { $0 }
    }

    /// The network changed to `kind`.
    package func set(_ kind: NetworkKind) {
        self.kind.withLock { $0 = kind }
    }

    /// The device's own: on Apple platforms a path monitor, started on first use, follows it for the
    /// life of the process (`NetworkKindSource+Apple.swift`); elsewhere it stays `.unknown`.
    package static let system: NetworkKindSource = makeSystem()
}
