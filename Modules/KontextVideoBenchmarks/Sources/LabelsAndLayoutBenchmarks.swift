import Foundation
import KontextVideoLabels
import KontextVideoPresentation

/// Measures label sanitizing, SHA-256 email hashing and ad layout throughput and prints
/// operations per second. Called from the benchmarks' `main.swift`.
func runLabelsAndLayoutBenchmarks() {
    print("== Labels and layout ==")

    let typical = ["stage": "first_episode", "layout": "fullscreen", "series_tier": "premium"]
    let crowded = Dictionary(uniqueKeysWithValues: (0..<40).map { ("key_\($0)", "value_\($0)") })
        .merging(["Bad-Key": "x", "empty": ""]) { $1 }
    measureThroughput("sanitize 3 valid labels", iterations: 100_000) { LabelSanitizer.sanitize(typical).kept.count }
    measureThroughput("sanitize 42 labels (22 dropped)", iterations: 10_000) { LabelSanitizer.sanitize(crowded).dropped.count }
    measureThroughput("hash email", iterations: 20_000) { EmailHash.hash(" Jane.Doe@Example.com ")?.utf8.count ?? 0 }

    let host = HostSnapshot(size: CGSize(width: 390, height: 844), safeAreaInsets: VideoAdInsets(top: 47, bottom: 34))
    let insets = VideoAdInsets(bottom: 80)
    let kinds = CreativeSizeNeeds.Kind.allCases.compactMap { CreativeSizeNeeds(width: 640, height: 360, kind: $0) }
    measureThroughput("layout place (3 kinds)", iterations: 300_000) { index in
        let needs = kinds[index % kinds.count]
        return (try? AdLayout.place(needs, in: host, insets: insets).get()) == nil ? 0 : 1
    }
    if let strip = CreativeSizeNeeds(width: 320, height: 50, kind: .overlayStrip) {
        let rotated = HostSnapshot(size: CGSize(width: 844, height: 390), safeAreaInsets: VideoAdInsets(left: 47, bottom: 21, right: 47))
        var monitor = PresentationMonitor(needs: strip, insets: insets)
        measureThroughput("monitor observe (rotating)", iterations: 300_000) { index in
            if case .keep = monitor.observe(index.isMultiple(of: 2) ? host : rotated) { return 1 }
            return 0
        }
    }
}

/// Runs `body` `iterations` times on `ContinuousClock` and prints ops/s; the checksum keeps
/// the work from being optimized away.
private func measureThroughput(_ name: String, iterations: Int, _ body: (Int) -> Int) {
    var checksum = 0
    let elapsed = ContinuousClock().measure {
        for index in 0..<iterations { checksum &+= body(index) }
    }
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    let rate = seconds > 0 ? Double(iterations) / seconds : .infinity
    print("\(name): \(Int(rate)) ops/s (\(iterations) in \(String(format: "%.3f", seconds)) s, checksum \(checksum))")
}

/// Overload for bodies that ignore the iteration index.
private func measureThroughput(_ name: String, iterations: Int, _ body: () -> Int) {
    measureThroughput(name, iterations: iterations) { (_: Int) in body() }
}
