// The device's network kind from the Network framework's path monitor. Glue only: which kind a
// path is (`NetworkKind(isSatisfied:usesWiFi:usesWired:usesCellular:)`) and what media selection
// does with it (the cellular cap of `MediaFileSelector`) are portable.
#if canImport(Network)
import Network

extension NetworkKindSource {
    /// A source fed by a path monitor it keeps for the life of the process. The monitor calls its
    /// handler on the queue `start(queue:)` was given, with each new path
    /// (doc: /documentation/Network/NWPathMonitor/pathUpdateHandler); whether a path "may send
    /// traffic over" an interface type is `usesInterfaceType(_:)`
    /// (doc: /documentation/Network/NWPath/usesInterfaceType(_:)).
    static func makeSystem() -> NetworkKindSource {
        let monitor = NWPathMonitor()
        let source = NetworkKindSource(reportedBy: monitor)
        monitor.pathUpdateHandler = { [weak source] path in
            source?.set(NetworkKind(
                isSatisfied: path.status == .satisfied,
                usesWiFi: path.usesInterfaceType(.wifi),
                usesWired: path.usesInterfaceType(.wiredEthernet),
                usesCellular: path.usesInterfaceType(.cellular)))
        }
        monitor.start(queue: DispatchQueue(label: "so.kontext.video.network-path", qos: .utility))
        return source
    }
}
#else
extension NetworkKindSource {
    /// Nothing reports the network here: a source that stays `.unknown`.
    static func makeSystem() -> NetworkKindSource {
        NetworkKindSource()
    }
}
#endif
