import Foundation
import KontextVideoSandbox

/// The sandbox ad server in a child process, so its recordings and threads stay out of the
/// benchmark's memory and CPU figures.
final class SandboxChild {
    let baseURL: URL
    private let process: Process
    private let input: Pipe

    /// Starts `kontext-video-bench sdk-server` and reads the URL it prints.
    init() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        process.arguments = ["sdk-server"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) {
            line.append(byte)
        }
        guard let url = URL(string: String(decoding: line, as: UTF8.self)) else {
            process.terminate()
            throw CocoaError(.fileReadCorruptFile)
        }
        self.baseURL = url
        self.process = process
        self.input = input
    }

    /// Stops the child.
    func stop() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    /// `sdk-server`: serves the default scenario on loopback until standard input closes.
    static func serve() -> Int32 {
        guard let server = try? SandboxAdServer() else { return 1 }
        // Unbuffered, so the parent reads it now.
        FileHandle.standardOutput.write(Data((server.baseURL.absoluteString + "\n").utf8))
        _ = FileHandle.standardInput.readDataToEndOfFile()
        server.stop()
        return 0
    }
}
