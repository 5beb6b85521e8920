import Foundation

/// What the main thread (which runs the main actor here) has done: CPU time, and the read and write
/// system calls it made (`/proc/self/task/<pid>/io`), to show that no file I/O happens on it.
enum MainThreadProbe {
    /// CPU seconds of the calling thread; call it on the main thread.
    static func cpuSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// The main thread's read-family and write-family system calls so far, or `nil` without `/proc`.
    static func ioCalls() -> (reads: Int, writes: Int)? {
        let path = "/proc/self/task/\(getpid())/io"
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        var values: [String: Int] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: ":")
            if parts.count == 2 { values[String(parts[0])] = Int(parts[1].trimmingCharacters(in: .whitespaces)) }
        }
        guard let reads = values["syscr"], let writes = values["syscw"] else { return nil }
        return (reads, writes)
    }
}
