import Foundation

/// What the hostile-shape benchmarks share: the CPU time per byte of reading an input, a median,
/// and the columns of their tables.
enum PerByteCost {
    /// Nanoseconds of CPU time per byte for `read` over `bytes` bytes, repeated for at least
    /// 0.2 CPU-seconds (once, when once takes longer). `read` returns something the optimiser
    /// cannot drop.
    static func nanoseconds(bytes: Int, _ read: () -> Int) -> Double {
        var sink = 0
        let once = CPUTime.measure(times: 1) { sink &+= read() }
        let passes = once >= 0.2 ? 0 : max(1, Int(0.2 / max(once, 1e-6)))
        let seconds = passes == 0 ? once : CPUTime.measure(times: passes) { sink &+= read() }
        if sink == Int.min { print("") }
        return seconds * 1e9 / Double(bytes * max(1, passes))
    }

    /// The median (`nan` for none).
    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        return sorted.count.isMultiple(of: 2) ? (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2 : sorted[sorted.count / 2]
    }

    /// `text` padded with spaces to `width` characters (one space after it when it is as long).
    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}
