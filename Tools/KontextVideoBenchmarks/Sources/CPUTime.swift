import Foundation

/// The CPU time this process has used (all threads, user and system): what a benchmark that shares
/// the machine with other work should divide by, not the wall clock.
enum CPUTime {
    /// Seconds of CPU time used so far.
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Runs `body` `count` times and returns the CPU seconds it took.
    static func measure(times count: Int, _ body: () -> Void) -> Double {
        let start = now()
        for _ in 0..<count { body() }
        return now() - start
    }
}

/// The monotonic clock in seconds, to the nanosecond. `Date()` counts from 2001 in a `Double`, whose
/// step there is 0.12 µs: a write(2) of about 1 µs came out as 0.60, 0.72, 0.83 or 0.95 µs, and a
/// call's ratio to it moved by a sixth with the rounding alone.
enum MonotonicTime {
    /// Seconds since an arbitrary origin (boot).
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
