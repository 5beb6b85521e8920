import Foundation
import KontextVideoVAST

/// `kontext-video-bench vast [corpus-dir] [--rounds N] [--peer-vast-client-js CHECKOUT] [--hostile-bytes N]
/// [--hostile-only]`: VAST parse throughput over the corpus as ratios measured in one run, peak
/// memory, a leak loop, and the cost per byte of hostile shapes as a ratio to the corpus's
/// (`VASTHostileBenchmark`; `--hostile-only` prints only that).
///
/// Throughput is documents per CPU-second (process CPU time, not wall time: other builds share this
/// machine), for each variant in alternating rounds, median and spread over the rounds:
/// - `kontext`: `VASTParser.parse`, bytes to model;
/// - `XMLParser floor`: Foundation's `XMLParser` with a no-op delegate over the same bytes, the floor
///   the ratio goal is stated against (at least 0.5);
/// - `byte-scan floor`: one plain pass over every byte, the least any reader can do;
/// - `vast-client-js` (when a checkout is given, or `KONTEXT_PEER_VAST_CLIENT_JS` names one): the peer,
///   parse only, on node (`Scripts/peer-bench/vast-client-js.js`); goal at least 4x.
/// Peak memory is each variant alone in a child process (`VmHWM`), less a child that only loads the
/// corpus; the leak loop reads `VmRSS` in a child before and after a stream of malformed documents.
enum VASTBenchmark {
    /// One timed thing.
    struct Variant: Sendable {
        let name: String
        let run: @Sendable ([Data]) -> Int
    }

    static let variants: [Variant] = [
        Variant(name: "kontext") { documents in
            var ads = 0
            for document in documents {
                if case .success(let value) = VASTParser.parse(document) { ads &+= value.ads.count }
            }
            return ads
        },
        Variant(name: "XMLParser floor", run: VASTFloors.xmlParser),
        Variant(name: "byte-scan floor", run: VASTFloors.byteScan),
    ]

    /// Runs the benchmark and prints the figures; returns the process exit status.
    static func run(arguments: [String]) -> Int32 {
        var arguments = arguments
        let rounds = option("--rounds", in: &arguments).flatMap(Int.init) ?? 5
        let hostileBytes = option("--hostile-bytes", in: &arguments).flatMap(Int.init) ?? 1_048_576
        let hostileOnly = arguments.contains("--hostile-only")
        arguments.removeAll { $0 == "--hostile-only" }
        let peer = option("--peer-vast-client-js", in: &arguments) ?? ProcessInfo.processInfo.environment["KONTEXT_PEER_VAST_CLIENT_JS"]
        guard let directory = corpus(arguments.first) else {
            FileHandle.standardError.write(Data("vast: corpus folder not found (pass it, or set KONTEXT_VAST_CORPUS)\n".utf8))
            return 2
        }
        let documents = load(directory)
        guard !documents.isEmpty else {
            FileHandle.standardError.write(Data("vast: no .xml files under \(directory.path)\n".utf8))
            return 2
        }
        var failed = 0
        for document in documents {
            if case .failure = VASTParser.parse(document) { failed += 1 }
        }
        let totalBytes = documents.reduce(0) { $0 + $1.count }
        print("VAST parse benchmark (release build; documents per CPU-second; \(rounds) alternating rounds)")
        print("  corpus:     \(directory.path)")
        print("  documents:  \(documents.count) (\(documents.count - failed) parse, \(failed) fail with a VAST error), \(String(format: "%.2f", Double(totalBytes) / 1_048_576)) MB")
        if hostileOnly {
            print("")
            VASTHostileBenchmark.run(corpus: documents, bytes: hostileBytes, rounds: min(rounds, 3))
            return 0
        }

        // Each variant repeats the corpus often enough for about 0.4 CPU-seconds a round.
        let passes = variants.map { variant in
            _ = variant.run(documents)
            let once = max(CPUTime.measure(times: 1) { _ = variant.run(documents) }, 1e-6)
            return max(1, Int(0.4 / once))
        }
        var rates: [String: [Double]] = [:]
        var peerFailure: String?
        var sink = 0
        for round in 0..<rounds {
            // Alternate the order so no variant always runs first (caches, frequency, neighbours).
            let order = round.isMultiple(of: 2) ? Array(variants.indices) : Array(variants.indices.reversed())
            for index in order {
                let variant = variants[index]
                let seconds = CPUTime.measure(times: passes[index]) { sink &+= variant.run(documents) }
                rates[variant.name, default: []].append(Double(documents.count * passes[index]) / seconds)
            }
            if let peer, peerFailure == nil {
                switch PeerBenchmark.vastClientJS(checkout: peer, corpus: directory) {
                case .success(let rate): rates[PeerBenchmark.name, default: []].append(rate)
                case .failure(let error): peerFailure = error.message
                }
            }
        }
        print("  (checksum \(sink))")
        print("")
        print("  variant                 median docs/CPU-s   spread (min–max)      per document")
        let names = variants.map(\.name) + (rates[PeerBenchmark.name] == nil ? [] : [PeerBenchmark.name])
        for name in names {
            let values = rates[name] ?? []
            let middle = PerByteCost.median(values)
            print("  " + PerByteCost.pad(name, 22) + PerByteCost.pad(String(format: "%10.0f", middle), 20)
                + PerByteCost.pad(String(format: "%.0f–%.0f (±%.1f%%)", values.min() ?? 0, values.max() ?? 0, spread(values) * 100), 22)
                + String(format: "%8.1f µs", 1e6 / middle))
        }
        print("")
        let kontext = PerByteCost.median(rates["kontext"] ?? [])
        let xmlFloor = PerByteCost.median(rates["XMLParser floor"] ?? [])
        let scanFloor = PerByteCost.median(rates["byte-scan floor"] ?? [])
        print(String(format: "  ratio kontext / XMLParser floor:  %.2f   (goal ≥ 0.50)", kontext / xmlFloor))
        print(String(format: "  ratio kontext / byte-scan floor:  %.3f  (context: the least any reader can do)", kontext / scanFloor))
        if let peerRates = rates[PeerBenchmark.name] {
            print(String(format: "  ratio kontext / vast-client-js:   %.2f   (goal ≥ 4.00; peer: parse only, node %@)", kontext / PerByteCost.median(peerRates), PeerBenchmark.nodeVersion()))
        } else {
            print("  ratio kontext / vast-client-js:   not measured (\(peerFailure ?? "pass --peer-vast-client-js CHECKOUT, a 6.x checkout of dailymotion/vast-client-js"))")
        }
        print("")
        print("  peak memory, each alone in a child process (VmHWM; parse \(3) passes):")
        let baseline = MemoryProbe.child(["vast-memory", "baseline", directory.path])
        print("    corpus loaded, nothing parsed:  \(MemoryProbe.kilobytes(baseline))")
        for (mode, name) in [("kontext", "kontext"), ("xmlparser", "XMLParser floor")] {
            let peak = MemoryProbe.child(["vast-memory", mode, directory.path])
            print("    \(PerByteCost.pad(name + ":", 31)) \(MemoryProbe.kilobytes(peak))\(MemoryProbe.delta(peak, over: baseline))")
        }
        print("")
        let count = 200_000
        print("  leak loop: \(count) malformed documents (`<VAST version=\"4.2\"><Ad></VAST>`), VmRSS in a child process:")
        for (mode, name) in [("kontext", "kontext"), ("xmlparser", "XMLParser")] {
            print("    \(PerByteCost.pad(name + ":", 12)) \(MemoryProbe.childOutput(["vast-leak", mode, String(count)]) ?? "unavailable")")
        }
        print("")
        VASTHostileBenchmark.run(corpus: documents, bytes: hostileBytes, rounds: min(rounds, 3))
        return 0
    }

    // MARK: - Child processes

    /// `vast-memory MODE CORPUS`: parses the corpus three times with one variant; prints `VmHWM` in kB.
    static func memoryChild(arguments: [String]) -> Int32 {
        guard arguments.count == 2 else { return 2 }
        let documents = load(URL(fileURLWithPath: arguments[1], isDirectory: true))
        var sink = 0
        for _ in 0..<3 {
            switch arguments[0] {
            case "kontext": sink &+= variants[0].run(documents)
            case "xmlparser": sink &+= VASTFloors.xmlParser(documents)
            default: break
            }
        }
        print("\(MemoryProbe.status("VmHWM") ?? -1) \(sink)")
        return 0
    }

    /// `vast-leak MODE COUNT`: reads `COUNT` malformed documents; prints the growth of `VmRSS` after a warm-up.
    static func leakChild(arguments: [String]) -> Int32 {
        guard arguments.count == 2, let count = Int(arguments[1]), count >= 10 else { return 2 }
        let malformed = Data(#"<VAST version="4.2"><Ad></VAST>"#.utf8)
        let read: () -> Bool = arguments[0] == "xmlparser"
            ? { VASTFloors.xmlParser([malformed]) >= 0 }
            : { if case .failure = VASTParser.parse(malformed) { return true } else { return false } }
        // RSS at a tenth, half and all of the stream: a leak grows between the last two, a one-time
        // allocation (a lazily built table, the allocator's arenas) does not.
        var readings: [Int] = []
        var done = 0
        for checkpoint in [count / 10, count / 2, count] {
            while done < checkpoint {
                _ = read()
                done += 1
            }
            readings.append(MemoryProbe.status("VmRSS") ?? 0)
        }
        let perDocument = Double((readings[2] - readings[1]) * 1024) / Double(count - count / 2)
        print(String(format: "VmRSS %d kB after %d, %d kB after %d, %d kB after %d: %+.1f bytes per document over the second half",
                     readings[0], count / 10, readings[1], count / 2, readings[2], count, perDocument))
        return 0
    }

    // MARK: - Helpers

    private static func option(_ name: String, in arguments: inout [String]) -> String? {
        guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
        let value = arguments[index + 1]
        arguments.removeSubrange(index...index + 1)
        return value
    }

    private static func corpus(_ argument: String?) -> URL? {
        let url: URL
        if let argument {
            url = URL(fileURLWithPath: argument, isDirectory: true)
        } else if let path = ProcessInfo.processInfo.environment["KONTEXT_VAST_CORPUS"], !path.isEmpty {
            url = URL(fileURLWithPath: path, isDirectory: true)
        } else {
            // Run from the repository root: the corpus sits beside the repository.
            url = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).deletingLastPathComponent()
                .appendingPathComponent("shared/vast-corpus", isDirectory: true)
        }
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    static func load(_ directory: URL) -> [Data] {
        guard let enumerator = FileManager.default.enumerator(atPath: directory.path) else { return [] }
        var paths: [String] = []
        while let path = enumerator.nextObject() as? String {
            if path.hasSuffix(".xml") { paths.append(path) }
        }
        return paths.sorted().compactMap { FileManager.default.contents(atPath: directory.appendingPathComponent($0).path) }
    }

    /// Half the range over the median.
    private static func spread(_ values: [Double]) -> Double {
        guard let low = values.min(), let high = values.max() else { return 0 }
        return (high - low) / 2 / PerByteCost.median(values)
    }
}
