#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

/// SIGINT and SIGTERM, never lost: their handler, installed at once with `signal(2)`, writes a
/// byte into a pipe, and a dispatch source reading the pipe stops the server. A dispatch signal
/// source alone is registered only once the main queue runs it, so a SIGTERM sent the moment the
/// sandbox said "Ctrl-C stops" could be ignored, leaving it running (seen under load in CI).
enum StopSignal {
    /// The pipe's read and write ends.
    private static let pipeEnds: (read: Int32, write: Int32) = {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return (-1, -1) }
        return (ends[0], ends[1])
    }()

    /// The read source, kept alive for the life of the process.
    nonisolated(unsafe) private static var source: (any DispatchSourceRead)?

    /// Installs the handlers now; `onStop` runs on the main queue after the first signal.
    static func install(onStop: @escaping @Sendable () -> Void) {
        let ends = pipeEnds
        guard ends.read >= 0 else { return }
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber) { _ in
                var byte: UInt8 = 1
                _ = write(StopSignal.pipeEnds.write, &byte, 1)
            }
        }
        let reader = DispatchSource.makeReadSource(fileDescriptor: ends.read, queue: .main)
        reader.setEventHandler(handler: onStop)
        reader.resume()
        source = reader
    }
}
