import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import KontextVideoConcurrency
import KontextVideoScheduling
import Testing

/// One run of `kontext-video-probe`, a production-mode app, as a child process: its storage in
/// a directory of the test's, its output read line by line as it comes.
final class ProbeProcess: Sendable {
    private struct Output: HasWaiters {
        var lines: [String] = []
        var partial = ""
        var ended = false
        /// Tasks waiting for more output; woken by every chunk read.
        var waiters = Waiters<Void, Void>()
    }

    private let process: Process
    private let output = LockedState(Output())

    /// Where `swift build` put the probe: beside this test bundle.
    static func binary() throws -> URL {
        let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var directory = runner.deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("kontext-video-probe")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        throw ProbeError("kontext-video-probe was not built beside \(runner.path)")
    }

    /// Starts the probe (or `executable`, a copy of it: another app) with `arguments`; `storage`
    /// becomes its Application Support directory.
    init(_ arguments: [String], storage: URL, executable: URL? = nil) throws {
        process = Process()
        process.executableURL = try executable ?? Self.binary()
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_DATA_HOME"] = storage.path
        environment["HOME"] = storage.path
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let reader = pipe.fileHandleForReading
        let output = self.output
        Thread.detachNewThread {
            while true {
                let data = reader.availableData
                let woken: Waiters<Void, Void> = output.withLock { state in
                    if data.isEmpty {
                        if !state.partial.isEmpty { state.lines.append(state.partial) }
                        state.partial = ""
                        state.ended = true
                    } else {
                        state.partial += String(decoding: data, as: UTF8.self)
                        var parts = state.partial.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                        state.partial = parts.removeLast()
                        state.lines += parts
                    }
                    return state.waiters.removeAll()
                }
                for waiter in woken { waiter.resume() }
                if data.isEmpty { return }
            }
        }
    }

    /// Every complete line printed so far.
    var lines: [String] { output.withLock { $0.lines } }

    /// The ads whose `reject()` returned, as the probe acknowledged them (`ACK <adId>`).
    var acknowledged: [String] {
        lines.compactMap { $0.hasPrefix("ACK ") ? String($0.dropFirst(4)) : nil }
    }

    /// A fresh storage directory (the probe's Application Support) for one trial.
    static func freshStorage() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("kontext-probe-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Whether its output ended (the process exited or was killed, and everything it printed was read).
    var outputEnded: Bool { output.withLock { $0.ended } }

    /// Kills it with SIGKILL: no clean-up of any kind runs.
    func kill() {
        _ = Glibc_kill(process.processIdentifier, SIGKILL)
    }

    /// Ends it with SIGTERM.
    func terminate() {
        process.terminate()
    }

    /// Waits until `condition` holds for its output (lines so far, whether it ended); woken by
    /// each chunk the child writes, never by polling. Returns `false` after `seconds` of real
    /// time — a safety net for a broken run, never the way a passing test finishes.
    @discardableResult
    func waitForOutput(within seconds: Double, _ condition: @escaping @Sendable ([String], Bool) -> Bool) async -> Bool {
        let output = self.output
        let met: Bool? = try? await withDeadline(.seconds(Int64(seconds)), on: SystemClock()) {
            while true {
                try await output.wait { state in
                    condition(state.lines, state.ended) || state.ended ? .success(()) : nil
                }
                let (lines, ended) = output.withLock { ($0.lines, $0.ended) }
                if condition(lines, ended) { return true }
                if ended { return false }
            }
        }
        return met ?? false
    }

    /// Waits until the process has exited and its output was read to the end.
    func waitUntilDone(within seconds: Double) async -> Bool {
        await waitForOutput(within: seconds) { _, ended in ended }
    }
}

/// A failure of the probe's harness itself.
struct ProbeError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

#if canImport(Glibc)
private func Glibc_kill(_ pid: pid_t, _ signal: Int32) -> Int32 { Glibc.kill(pid, signal) }
#else
private func Glibc_kill(_ pid: pid_t, _ signal: Int32) -> Int32 { Darwin.kill(pid, signal) }
#endif
