import Foundation

/// Where the SDK's own event stream prints: the unified log on Apple platforms (`os.Logger`,
/// subsystem `so.kontext.video`, one category per kind of event, values that could identify the
/// viewer or the app redacted), standard error elsewhere. Chosen here, once.
package enum KontextVideoConsole {
    /// The unified log's subsystem for the SDK's lines.
    package static let subsystem = "so.kontext.video"

    /// Attributes whose values are shown as they are in the unified log; every other value is
    /// private there (URLs, content ids, user and device values, free-text messages).
    package static let publicAttributes: Set<String> = [
        "adId", "area", "attempt", "budget", "bytes", "call", "code", "completed", "count", "delay",
        "depth", "format", "kind", "level", "outcome", "pending", "reason", "remaining", "requestId",
        "scale", "state", "status", "type",
    ]

    /// Writes `event` as one line.
    package static func write(_ event: KontextVideoEvent) {
        #if canImport(os)
        UnifiedLog.write(event)
        #else
        FileHandle.standardError.write(Data("[KontextVideo] \(event)\n".utf8))
        #endif
    }
}
