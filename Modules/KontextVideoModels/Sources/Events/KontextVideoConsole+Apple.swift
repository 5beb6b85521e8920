#if canImport(os)
import os

/// The SDK's lines in the unified log: Console.app and `log stream --predicate
/// 'subsystem == "so.kontext.video"'` show them, filtered by category (the event's kind). Which
/// field is public is `UnifiedLogLine`'s decision; `os.Logger` needs each privacy as a literal, so
/// each part is written with the literal of the privacy it was cut by, `text(.public)` with
/// `.public` and `text(.private)` with `.private` (`Tools/kontext_tools/unified_log_glue.py`
/// fails on any other pairing).
enum UnifiedLog {
    /// Writes `line` at the unified log's level for its own.
    static func write(_ line: UnifiedLogLine) {
        let logger = Logger(subsystem: KontextVideoConsole.subsystem, category: line.category)
        logger.log(level: level(of: line), "\(line.text(.public), privacy: .public) \(line.text(.private), privacy: .private)")
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
