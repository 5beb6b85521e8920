import Foundation

/// The figures of one `sdk` run that CI holds (`--figures FILE`): `Scripts/bench-check` compares the
/// best of its runs with the ceilings in `thresholds.json`. Every figure is smaller when better.
struct SDKFigures {
    /// Each call's ratio to its own floor measured in the same run: `format`, `load` (main-thread
    /// CPU ÷ the same request on a bare `URLSession` awaited from the main actor), the synchronous
    /// calls (wall time ÷ one bare `write(2)` beside them, per place), and `format+load wall` (the
    /// wall time of both ÷ the same requests on a bare `URLSession` sent beside them, the median
    /// over the loads).
    var ratios: [String: Double] = [:]
    /// Heap bytes per `VideoAds` holding its ad (`held ad`), and once it is loaded (`loaded ad`).
    var bytes: [String: Double] = [:]

    /// Writes the figures as one JSON object, `{"ratios": {…}, "bytes": {…}}`; a figure not
    /// measured (NaN) is left out.
    func write(to path: String) throws {
        func measured(_ figures: [String: Double]) -> [String: Double] { figures.filter { $0.value.isFinite } }
        let object: [String: [String: Double]] = ["ratios": measured(ratios), "bytes": measured(bytes)]
        let data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
        try data.write(to: URL(fileURLWithPath: path))
    }
}
