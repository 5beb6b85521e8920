import Foundation
import KontextVideoModels
import KontextVideoJournal

/// What a queue directory says about its destination, in `destination.json`: the server its
/// entries are for and, for each publisher token they were queued under, when a pipeline last
/// ran with that server and token (milliseconds since 1970, on the device's wall clock). It is
/// what `QueueRetention` measures: entries whose server or token has not been configured for the
/// retention period are dropped.
///
/// The file is outside bytes like any other on disk: a record that does not read (not JSON, a
/// wrong type, invalid UTF-8, larger than `sizeLimit`) is moved aside (`StoredFileQuarantine`) and
/// reported, and a time outside `timeRange` (`-9223372036854775808`, a date in the year 300,000) is
/// clamped into it as it is read, so no arithmetic on it can overflow.
package struct DestinationRecord: Codable, Equatable, Sendable {
    /// The file in each queue directory.
    package static let fileName = "destination.json"
    /// The largest record read: a server and a time per token fit in a few hundred bytes each, and
    /// a publisher has a handful of tokens; a larger file was not written by the SDK.
    package static let sizeLimit = 256 * 1024
    /// The times a record holds, in milliseconds since 1970: years 0 to 9999. Far inside `Int64`,
    /// so the difference of any two (and of one and now) is exact.
    package static let timeRange: ClosedRange<Int64> = -62_135_596_800_000...253_402_300_799_999

    /// The server (`EventDestination.server`).
    package var server: String
    /// When each token was last configured with this server, in milliseconds since 1970.
    package var configured: [String: Int64]

    /// Creates a record.
    /// - Parameters:
    ///   - server: The server (`EventDestination.server`).
    ///   - configured: When each token was last configured, in milliseconds since 1970 (clamped
    ///     into `timeRange`).
    package init(server: String, configured: [String: Int64]) {
        self.server = server
        self.configured = configured.mapValues(Self.bounded)
    }

    /// Reads a record, clamping its times into `timeRange`.
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` when a member is missing or of the wrong type.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(server: try container.decode(String.self, forKey: .server),
                  configured: try container.decode([String: Int64].self, forKey: .configured))
    }

    /// When any token was last configured with the server.
    package var lastConfigured: Int64? {
        configured.values.max()
    }

    /// The record in `directory`, or `nil` when there is none or it cannot be read yet. A file
    /// that reads but is no record is moved aside and reported on `events` (then `nil`: the caller
    /// starts a new record, and the retention counts from now).
    /// - Parameters:
    ///   - directory: The queue directory.
    ///   - events: Where a damaged record is reported (`nil`: nowhere, for read-only inspection,
    ///     which leaves the file where it is).
    /// - Returns: The record, or `nil`.
    package static func read(in directory: URL, events: (any KontextVideoEventMonitor)? = nil) -> DestinationRecord? {
        let file = directory.appendingPathComponent(fileName)
        let data: Data
        do {
            data = try FileContents.read(file, limit: sizeLimit)
        } catch let tooLarge as FileContents.TooLarge {
            if let events { StoredFileQuarantine.moveAside(file, reason: tooLarge.description, events: events) }
            return nil
        } catch {
            // Missing, or protected before the first unlock: nothing to move aside.
            return nil
        }
        do {
            return try JSONDecoder().decode(DestinationRecord.self, from: data)
        } catch {
            if let events { StoredFileQuarantine.moveAside(file, reason: "not a destination record", events: events) }
            return nil
        }
    }

    /// Writes the record in `directory`, atomically; a failure only shortens what it remembers.
    /// - Parameter directory: The queue directory.
    package func write(in directory: URL) {
        guard let data = try? JSONEncoder.kontext.encode(self) else { return }
        try? data.write(to: directory.appendingPathComponent(Self.fileName), options: .atomic)
    }

    /// Notes that `token` is configured at `now`. A later time recorded (a wall clock set back,
    /// or a planted record) is replaced by `now`: the retention must count from a time that came,
    /// or a record from the year 9999 would keep its entries for ever.
    /// - Parameters:
    ///   - token: The publisher token.
    ///   - now: The wall clock's time.
    package mutating func note(_ token: String, at now: Date) {
        configured[token] = Self.milliseconds(now)
    }

    /// Takes the later time of each token from `other`.
    /// - Parameter other: Another record of the same server (a queue adopted from a dead process).
    package mutating func merge(_ other: DestinationRecord) {
        configured.merge(other.configured) { max($0, $1) }
    }

    /// The record with every time after `now` brought back to `now` (see `note(_:at:)`).
    /// - Parameter now: The wall clock's time.
    /// - Returns: The record, its times at most `now`.
    package func notAfter(_ now: Date) -> DestinationRecord {
        let limit = Self.milliseconds(now)
        return DestinationRecord(server: server, configured: configured.mapValues { min($0, limit) })
    }

    /// `date` in milliseconds since 1970, clamped into `timeRange`; a date that is no time at all
    /// (not finite) is 1970.
    /// - Parameter date: The date.
    /// - Returns: Its milliseconds.
    package static func milliseconds(_ date: Date) -> Int64 {
        let value = (date.timeIntervalSince1970 * 1000).rounded()
        guard value.isFinite else { return 0 }
        return bounded(Int64(max(min(value, Double(timeRange.upperBound)), Double(timeRange.lowerBound))))
    }

    private static func bounded(_ milliseconds: Int64) -> Int64 {
        min(max(milliseconds, timeRange.lowerBound), timeRange.upperBound)
    }
}
