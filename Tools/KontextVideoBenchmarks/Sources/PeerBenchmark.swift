import Foundation

/// Runs the peer VAST parser, dailymotion/vast-client-js on node, through
/// `Scripts/peer-bench/vast-client-js.js`, over the same corpus: one child process per round.
enum PeerBenchmark {
    /// The peer's name in the table.
    static let name = "vast-client-js (node)"

    /// Why the peer could not be measured.
    struct Failure: Error {
        let message: String
    }

    /// The peer's documents per CPU-second (its own timed loop, after a warm-up), or why not.
    static func vastClientJS(checkout: String, corpus: URL) -> Result<Double, Failure> {
        let script = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("Scripts/peer-bench/vast-client-js.js")
        guard FileManager.default.fileExists(atPath: script.path) else {
            return .failure(Failure(message: "run from the repository root: \(script.path) is missing"))
        }
        guard FileManager.default.fileExists(atPath: checkout + "/dist/vast-client-node.js") else {
            return .failure(Failure(message: "\(checkout) is not a vast-client-js 6.x checkout (no dist/vast-client-node.js)"))
        }
        guard let output = run(["node", script.path, checkout, corpus.path, "400"]) else {
            return .failure(Failure(message: "node failed to run the peer"))
        }
        guard let field = output.split(separator: " ").first(where: { $0.hasPrefix("documents_per_cpu_second=") }),
              let rate = Double(field.dropFirst("documents_per_cpu_second=".count)) else {
            return .failure(Failure(message: "unexpected peer output: \(output)"))
        }
        return .success(rate)
    }

    /// `node --version`, or `?`.
    static func nodeVersion() -> String {
        run(["node", "--version"]) ?? "?"
    }

    private static func run(_ arguments: [String]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
