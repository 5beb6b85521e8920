import Foundation
import KontextVideoVAST

/// The worst case of `kontext-video-bench vast`: the CPU time per byte of each hostile shape
/// (`HostileVASTShapes`, bytes to model through `VASTParser.parse`) as a ratio to the CPU time per
/// byte of the corpus, measured in the same round; goal: no shape above 10x. A second ratio, the
/// cost per byte at the full size over the cost per byte at a sixteenth of it, says whether the
/// cost grows with the size: about 1 for a linear reader, about 16 for a quadratic one.
enum VASTHostileBenchmark {
    /// The goal: no shape costs more per byte than this many times the corpus.
    static let goal = 10.0

    /// Measures and prints; returns the largest ratio to the corpus.
    @discardableResult
    static func run(corpus: [Data], bytes: Int, rounds: Int) -> Double {
        let corpusBytes = corpus.reduce(0) { $0 + $1.count }
        let small = max(4096, bytes / 16)
        print("  hostile shapes: CPU time per byte, bytes to model (VASTParser.parse), \(kilobytes(bytes)) each,")
        print("  as a ratio to the corpus's per byte (\(kilobytes(corpusBytes)) in \(corpus.count) documents), in the same round;")
        print("  median of \(rounds) rounds. growth: per byte at \(kilobytes(bytes)) over per byte at \(kilobytes(small)) (linear ≈ 1, quadratic ≈ 16)")
        print("")
        print("  shape                            outcome          ns/byte   x corpus (goal ≤ \(Int(goal)))   growth")
        var worst = 0.0
        var corpusRates: [Double] = []
        for shape in HostileVASTShapes.all {
            let document = shape.build(bytes)
            let smaller = shape.build(small)
            var ratios: [Double] = []
            var costs: [Double] = []
            var growths: [Double] = []
            for _ in 0..<rounds {
                let corpusCost = perByte(corpus, bytes: corpusBytes)
                corpusRates.append(corpusCost)
                let cost = perByte([document], bytes: document.count)
                costs.append(cost)
                ratios.append(cost / corpusCost)
                growths.append(cost / perByte([smaller], bytes: smaller.count))
            }
            let ratio = median(ratios)
            worst = max(worst, ratio)
            print("  " + pad(shape.name, 33) + pad(outcome(document), 17)
                  + String(format: "%7.2f   %8.2f%@   %8.2f", median(costs), ratio, ratio > goal ? " ✗" : "  ", median(growths)))
        }
        print("")
        print(String(format: "  corpus: %.2f ns/byte (median of every round); worst shape %.2fx the corpus per byte (goal ≤ %.0fx)",
                     median(corpusRates), worst, goal))
        return worst
    }

    /// What parsing `document` gives: the ads, or the refusal's VAST code.
    private static func outcome(_ document: Data) -> String {
        switch VASTParser.parse(document) {
        case .success(let value): return "\(value.ads.count) ad\(value.ads.count == 1 ? "" : "s")"
        case .failure(let error): return "refused \(error.code.rawValue)"
        }
    }

    /// Nanoseconds of CPU time per byte to parse `documents` (`bytes` in all), repeated for at
    /// least 0.2 CPU-seconds (once when once takes longer).
    private static func perByte(_ documents: [Data], bytes: Int) -> Double {
        var sink = 0
        let parse = {
            for document in documents {
                if case .success(let value) = VASTParser.parse(document) { sink &+= value.ads.count }
            }
        }
        let once = CPUTime.measure(times: 1, parse)
        let passes = once >= 0.2 ? 0 : max(1, Int(0.2 / max(once, 1e-6)))
        let seconds = passes == 0 ? once : CPUTime.measure(times: passes, parse)
        if sink == -1 { print("") }
        return seconds * 1e9 / Double(bytes * max(1, passes))
    }

    private static func kilobytes(_ bytes: Int) -> String {
        bytes >= 1_048_576 && bytes % 1_048_576 == 0 ? "\(bytes / 1_048_576) MiB" : "\(bytes / 1024) KiB"
    }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        return sorted.count.isMultiple(of: 2) ? (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2 : sorted[sorted.count / 2]
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}
