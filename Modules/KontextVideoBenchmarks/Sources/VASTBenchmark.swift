import Foundation
import KontextVideoVAST

/// `kontext-video-bench vast [corpus-dir]`: VAST parse throughput over the corpus and peak memory.
enum VASTBenchmark {
    /// Runs the benchmark and prints the figures; returns the process exit status.
    static func run(arguments: [String]) -> Int32 {
        let directory = arguments.first.map { URL(fileURLWithPath: $0, isDirectory: true) } ?? defaultCorpus()
        guard let directory, FileManager.default.fileExists(atPath: directory.path) else {
            FileHandle.standardError.write(Data("vast: corpus folder not found (pass it, or set KONTEXT_VAST_CORPUS)\n".utf8))
            return 2
        }
        let documents = load(directory)
        guard !documents.isEmpty else {
            FileHandle.standardError.write(Data("vast: no .xml files under \(directory.path)\n".utf8))
            return 2
        }
        let totalBytes = documents.reduce(0) { $0 + $1.count }
        var parsed = 0
        var failed = 0
        for document in documents {
            switch VASTParser.parse(document) {
            case .success: parsed += 1
            case .failure: failed += 1
            }
        }
        // Warm-up pass above; then timed passes for at least two seconds.
        let clock = ContinuousClock()
        var passes = 0
        var elapsed = Duration.zero
        var sink = 0
        while elapsed < .seconds(2) || passes < 3 {
            let start = clock.now
            for document in documents {
                if case .success(let value) = VASTParser.parse(document) { sink &+= value.ads.count }
            }
            elapsed += clock.now - start
            passes += 1
        }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let documentsPerSecond = Double(documents.count * passes) / seconds
        let megabytesPerSecond = Double(totalBytes * passes) / seconds / 1_048_576
        print("VAST parse benchmark")
        print("  corpus:        \(directory.path)")
        print("  documents:     \(documents.count) (\(parsed) parse, \(failed) fail with a VAST error), \(String(format: "%.2f", Double(totalBytes) / 1_048_576)) MB")
        print("  passes:        \(passes) in \(String(format: "%.2f", seconds)) s (ads seen: \(sink))")
        print("  throughput:    \(String(format: "%.0f", documentsPerSecond)) documents/s, \(String(format: "%.2f", megabytesPerSecond)) MB/s")
        print("  per document:  \(String(format: "%.1f", 1e6 / documentsPerSecond)) µs mean")
        print("  peak memory:   \(peakMemory())")
        return 0
    }

    private static func defaultCorpus() -> URL? {
        if let path = ProcessInfo.processInfo.environment["KONTEXT_VAST_CORPUS"], !path.isEmpty {
            return URL(fileURLWithPath: path, isDirectory: true)
        }
        // Run from the repository root: the corpus sits beside the repository.
        let beside = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).deletingLastPathComponent()
            .appendingPathComponent("shared/vast-corpus", isDirectory: true)
        return beside
    }

    private static func load(_ directory: URL) -> [Data] {
        guard let enumerator = FileManager.default.enumerator(atPath: directory.path) else { return [] }
        var paths: [String] = []
        while let path = enumerator.nextObject() as? String {
            if path.hasSuffix(".xml") { paths.append(path) }
        }
        return paths.sorted().compactMap { FileManager.default.contents(atPath: directory.appendingPathComponent($0).path) }
    }

    /// `VmHWM` (peak resident set) from `/proc/self/status`, or a note where there is none.
    private static func peakMemory() -> String {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
            return "unavailable (no /proc/self/status)"
        }
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
        return line.map { $0.dropFirst("VmHWM:".count).trimmingCharacters(in: .whitespaces) + " (VmHWM)" } ?? "unavailable"
    }
}
