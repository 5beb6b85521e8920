import Foundation

/// Where the SDK's own event stream prints: the unified log on Apple platforms (`os.Logger`,
/// subsystem `so.kontext.video`, one category per kind of event, values that could identify the
/// viewer or the content private: `UnifiedLogLine`), standard error elsewhere. Chosen here, once.
package enum KontextVideoConsole {
    /// The unified log's subsystem for the SDK's lines.
    package static let subsystem = "so.kontext.video"

    /// Writes `event` as one line.
    package static func write(_ event: KontextVideoEvent) {
        #if canImport(os)
        UnifiedLog.write(UnifiedLogLine(event))
        #else
        FileHandle.standardError.write(Data("[KontextVideo] \(event)\n".utf8))
        #endif
    }
}
