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
            let ratio = PerByteCost.median(ratios)
            worst = max(worst, ratio)
            print("  " + PerByteCost.pad(shape.name, 33) + PerByteCost.pad(outcome(document), 17)
                  + String(format: "%7.2f   %8.2f%@   %8.2f", PerByteCost.median(costs), ratio, ratio > goal ? " ✗" : "  ", PerByteCost.median(growths)))
        }
        print("")
        print(String(format: "  corpus: %.2f ns/byte (median of every round); worst shape %.2fx the corpus per byte (goal ≤ %.0fx)",
                     PerByteCost.median(corpusRates), worst, goal))
        return worst
    }

    /// What parsing `document` gives: the ads, or the refusal's VAST code.
    private static func outcome(_ document: Data) -> String {
        switch VASTParser.parse(document) {
        case .success(let value): return "\(value.ads.count) ad\(value.ads.count == 1 ? "" : "s")"
        case .failure(let error): return "refused \(error.code.rawValue)"
        }
    }

    /// Nanoseconds of CPU time per byte to parse `documents` (`bytes` in all).
    private static func perByte(_ documents: [Data], bytes: Int) -> Double {
        PerByteCost.nanoseconds(bytes: bytes) {
            var ads = 0
            for document in documents {
                if case .success(let value) = VASTParser.parse(document) { ads &+= value.ads.count }
            }
            return ads
        }
    }

    private static func kilobytes(_ bytes: Int) -> String {
        bytes >= 1_048_576 && bytes % 1_048_576 == 0 ? "\(bytes / 1_048_576) MiB" : "\(bytes / 1024) KiB"
    }
}
