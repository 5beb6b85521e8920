import Foundation

/// What a queue directory says about its destination, in `destination.json`: the server its
/// entries are for and, for each publisher token they were queued under, when a pipeline last
/// ran with that server and token (milliseconds since 1970, on the device's wall clock). It is
/// what `QueueRetention` measures: entries whose server or token has not been configured for the
/// retention period are dropped.
struct DestinationRecord: Codable, Equatable {
    /// The file in each queue directory.
    static let fileName = "destination.json"

    /// The server (`EventDestination.server`).
    var server: String
    /// When each token was last configured with this server, in milliseconds since 1970.
    var configured: [String: Int64]

    /// When any token was last configured with the server.
    var lastConfigured: Int64? {
        configured.values.max()
    }

    /// The record in `directory`, or `nil` when there is none (or it cannot be read).
    static func read(in directory: URL) -> DestinationRecord? {
        guard let data = try? FileContents.read(directory.appendingPathComponent(fileName)) else { return nil }
        return try? JSONDecoder().decode(DestinationRecord.self, from: data)
    }

    /// Writes the record in `directory`, atomically; a failure only shortens what it remembers.
    func write(in directory: URL) {
        guard let data = try? JSONEncoder.kontext.encode(self) else { return }
        try? data.write(to: directory.appendingPathComponent(Self.fileName), options: .atomic)
    }

    /// Notes that `token` is configured at `now`.
    mutating func note(_ token: String, at now: Date) {
        configured[token] = max(configured[token] ?? .min, Self.milliseconds(now))
    }

    /// Takes the later time of each token from `other`.
    mutating func merge(_ other: DestinationRecord) {
        configured.merge(other.configured) { max($0, $1) }
    }

    /// `date` in milliseconds since 1970.
    static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded())
    }
}
