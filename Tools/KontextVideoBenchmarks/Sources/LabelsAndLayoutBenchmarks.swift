import Foundation
import KontextVideoLabels
import KontextVideoPresentation

/// Measures label sanitizing, SHA-256 email hashing and ad layout throughput. Each row is printed
/// beside its floor, measured in the same run: the same loop over the same input with a body that
/// only reads it (every label's bytes, the email's bytes, the layout's sizes) through a call the
/// optimizer cannot see into. The ratio is the work's cost over that no-op pass, comparable across
/// machines. Called from the benchmarks' `main.swift`.
func runLabelsAndLayoutBenchmarks() {
    print("== Labels and layout ==")
    print("   floor: a no-op pass over the same input (reads its bytes, does nothing else), measured alternately with each row")

    let typical = ["stage": "first_episode", "layout": "fullscreen", "series_tier": "premium"]
    let crowded = Dictionary(uniqueKeysWithValues: (0..<40).map { ("key_\($0)", "value_\($0)") })
        .merging(["Bad-Key": "x", "empty": ""]) { $1 }
    measureThroughput("sanitize 3 valid labels", iterations: 100_000,
                      { LabelSanitizer.sanitize(typical).kept.count }, floor: { readLabels(typical, seed: opaque($0)) })
    measureThroughput("sanitize 42 labels (22 dropped)", iterations: 10_000,
                      { LabelSanitizer.sanitize(crowded).dropped.count }, floor: { readLabels(crowded, seed: opaque($0)) })
    let email = " Jane.Doe@Example.com "
    measureThroughput("hash email", iterations: 20_000,
                      { EmailHash.hash(email)?.utf8.count ?? 0 }, floor: { email.utf8.reduce(opaque($0)) { $0 &+ Int($1) } })

    let host = HostSnapshot(size: CGSize(width: 390, height: 844), safeAreaInsets: VideoAdInsets(top: 47, bottom: 34))
    let insets = VideoAdInsets(bottom: 80)
    let kinds = CreativeSizeNeeds.Kind.allCases.compactMap { CreativeSizeNeeds(width: 640, height: 360, kind: $0) }
    measureThroughput("layout place (3 kinds)", iterations: 300_000, { index in
        let needs = kinds[index % kinds.count]
        return (try? AdLayout.place(needs, in: host, insets: insets).get()) == nil ? 0 : 1
    }, floor: { index in
        let needs = kinds[opaque(index) % kinds.count]
        return Int(needs.width + host.size.width + insets.bottom) & 1
    })
    if let strip = CreativeSizeNeeds(width: 320, height: 50, kind: .overlayStrip) {
        let rotated = HostSnapshot(size: CGSize(width: 844, height: 390), safeAreaInsets: VideoAdInsets(left: 47, bottom: 21, right: 47))
        var monitor = PresentationMonitor(needs: strip, insets: insets)
        measureThroughput("monitor observe (rotating)", iterations: 300_000, { index in
            if case .keep = monitor.observe(index.isMultiple(of: 2) ? host : rotated) { return 1 }
            return 0
        }, floor: { index in
            Int((opaque(index).isMultiple(of: 2) ? host : rotated).size.width) & 1
        })
    }
    print("   ratio: the row's time per operation over its floor's")
}

/// Hands `value` back through a call the optimizer cannot look into: a floor that starts from it
/// cannot be computed once and hoisted out of its loop.
@inline(never) @_optimize(none)
private func opaque(_ value: Int) -> Int {
    value
}

/// Reads every byte of every label, starting from `seed`: the floor of the label rows.
private func readLabels(_ labels: [String: String], seed: Int) -> Int {
    var total = seed
    for (key, value) in labels {
        for byte in key.utf8 { total &+= Int(byte) }
        for byte in value.utf8 { total &+= Int(byte) }
    }
    return total
}

/// Runs `body` and `floor` `iterations` times each, alternately over three rounds, on
/// `ContinuousClock`, and prints the row's ops/s, its floor and their ratio (medians of the rounds);
/// the checksum keeps the work from being optimized away.
private func measureThroughput(_ name: String, iterations: Int, _ body: (Int) -> Int, floor: (Int) -> Int) {
    var checksum = 0
    var work: [Double] = []
    var floors: [Double] = []
    for _ in 0..<3 {
        work.append(seconds { for index in 0..<iterations { checksum &+= body(index) } } / Double(iterations))
        floors.append(seconds { for index in 0..<iterations { checksum &+= floor(index) } } / Double(iterations))
    }
    let perOperation = work.sorted()[1]
    let perFloor = floors.sorted()[1]
    let rate = perOperation > 0 ? 1 / perOperation : .infinity
    print(String(format: "%@: %.0f ops/s (%.3f µs each); floor %.4f µs; ratio %.1f  (checksum %d)",
                 name, rate, perOperation * 1e6, perFloor * 1e6, perFloor > 0 ? perOperation / perFloor : .infinity, checksum))
}

/// Overload for bodies that ignore the iteration index.
private func measureThroughput(_ name: String, iterations: Int, _ body: () -> Int, floor: (Int) -> Int) {
    measureThroughput(name, iterations: iterations, { (_: Int) in body() }, floor: floor)
}

/// The seconds `body` took on `ContinuousClock`.
private func seconds(_ body: () -> Void) -> Double {
    ContinuousClock().measure(body).seconds
}
