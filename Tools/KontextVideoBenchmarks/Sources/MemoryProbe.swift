import Foundation

/// Memory figures from `/proc/self/status`, and this executable run again as a child process so each
/// figure belongs to one variant alone.
enum MemoryProbe {
    /// A `/proc/self/status` field in kB (`VmHWM`, the peak resident set; `VmRSS`, the current one).
    static func status(_ field: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }) else { return nil }
        return Int(line.dropFirst(field.count + 1).trimmingCharacters(in: .whitespaces).split(separator: " ").first ?? "")
    }

    /// Runs this executable with `arguments`; the first number it prints, or `nil`.
    static func child(_ arguments: [String]) -> Int? {
        childOutput(arguments)?.split(separator: " ").first.flatMap { Int($0) }
    }

    /// Runs this executable with `arguments`; what it printed, trimmed, or `nil` when it failed.
    static func childOutput(_ arguments: [String]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        if !FileManager.default.isExecutableFile(atPath: process.executableURL!.path), let path = Bundle.main.executablePath {
            process.executableURL = URL(fileURLWithPath: path)
        }
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        do { try process.run() } catch { return nil }
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func kilobytes(_ value: Int?) -> String {
        value.map { String(format: "%7.1f MB", Double($0) / 1024) } ?? "unavailable"
    }

    static func delta(_ value: Int?, over baseline: Int?) -> String {
        guard let value, let baseline else { return "" }
        return String(format: "  (+%.1f MB over the loaded corpus)", Double(value - baseline) / 1024)
    }
}
