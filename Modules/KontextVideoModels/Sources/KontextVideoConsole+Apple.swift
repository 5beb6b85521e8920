#if canImport(os)
import os

/// The SDK's lines in the unified log: Console.app and `log stream --predicate
/// 'subsystem == "so.kontext.video"'` show them, filtered by category (the event's kind).
enum UnifiedLog {
    /// Writes `event` at the unified log's level for its own.
    static func write(_ event: KontextVideoEvent) {
        let logger = Logger(subsystem: KontextVideoConsole.subsystem, category: event.kind.rawValue)
        let shown = event.attributes.keys.sorted()
            .filter { KontextVideoConsole.publicAttributes.contains($0) }
            .map { "\($0)=\(event.attributes[$0]!)" }.joined(separator: " ")
        let redacted = event.attributes.keys.sorted()
            .filter { !KontextVideoConsole.publicAttributes.contains($0) }
            .map { "\($0)=\(event.attributes[$0]!)" }.joined(separator: " ")
        logger.log(level: level(of: event), "\(event.name, privacy: .public) \(shown, privacy: .public) \(redacted, privacy: .private)")
    }

    private static func level(of event: KontextVideoEvent) -> OSLogType {
        switch event.level {
        case .error: .error
        case .warning: .default
        case .info: .info
        case .debug, .none: .debug
        }
    }
}
#endif
