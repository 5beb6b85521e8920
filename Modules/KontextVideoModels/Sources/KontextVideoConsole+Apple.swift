#if canImport(os)
import os

/// The SDK's lines in the unified log: Console.app and `log stream --predicate
/// 'subsystem == "so.kontext.video"'` show them, filtered by category (the event's kind). Which
/// field is public is `UnifiedLogLine`'s decision; `os.Logger` needs each privacy as a literal.
enum UnifiedLog {
    /// Writes `line` at the unified log's level for its own.
    static func write(_ line: UnifiedLogLine) {
        let logger = Logger(subsystem: KontextVideoConsole.subsystem, category: line.category)
        logger.log(level: level(of: line), "\(line.publicText, privacy: .public) \(line.privateText, privacy: .private)")
    }

    private static func level(of line: UnifiedLogLine) -> OSLogType {
        switch line.level {
        case .error: .error
        case .warning: .default
        case .info: .info
        case .debug, .none: .debug
        }
    }
}
#endif
