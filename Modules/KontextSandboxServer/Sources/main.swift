// kontext-sandbox: the sandbox ad server, stand-alone, for pointing a simulator or a device
// on the same machine at it.
//
//   swift run kontext-sandbox [--port 8080] [--scenario FILE]
//
// Prints the base URL, then one line per request (with any protocol violations), and runs
// until SIGINT or SIGTERM.
import Foundation
import KontextVideoSandbox

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The parsed command line.
struct Options {
    var port: UInt16 = 8080
    var scenario: URL?
}

let usage = """
usage: kontext-sandbox [--port PORT] [--scenario FILE]

  --port PORT       the port on 127.0.0.1 (default 8080; 0 picks a free one)
  --scenario FILE   a scenario file (JSON; see Modules/KontextVideoSandbox/README.md)
  --help            this text
"""

/// Reads the arguments; `nil` after printing why they are not usable.
func parseOptions(_ arguments: [String]) -> Options? {
    var options = Options()
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
        switch argument {
        case "--port", "-p":
            guard let value = remaining.popFirst(), let port = UInt16(value) else {
                FileHandle.standardError.write(Data("kontext-sandbox: --port needs a number from 0 to 65535\n".utf8))
                return nil
            }
            options.port = port
        case "--scenario", "-s":
            guard let value = remaining.popFirst() else {
                FileHandle.standardError.write(Data("kontext-sandbox: --scenario needs a file\n".utf8))
                return nil
            }
            options.scenario = URL(fileURLWithPath: value)
        case "--help", "-h":
            say(usage)
            exit(0)
        default:
            FileHandle.standardError.write(Data("kontext-sandbox: unknown argument \(argument)\n\(usage)\n".utf8))
            return nil
        }
    }
    return options
}

guard let options = parseOptions(Array(CommandLine.arguments.dropFirst())) else { exit(2) }

/// Writes a line to standard output at once (no buffering: the log follows requests live).
@Sendable func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

let log: @Sendable (String) -> Void = say
let server: SandboxAdServer
do {
    if let file = options.scenario {
        server = try SandboxAdServer(scenarioFile: file, port: options.port, logger: log)
    } else {
        server = try SandboxAdServer(port: options.port, logger: log)
    }
} catch {
    FileHandle.standardError.write(Data("kontext-sandbox: \(error)\n".utf8))
    exit(1)
}

say("Kontext sandbox ad server listening on \(server.baseURL.absoluteString)")
if let file = options.scenario { say("scenario: \(file.path)") }
say("Set KontextVideoConfiguration.serverURL to \(server.baseURL.absoluteString). Ctrl-C stops.")

var signalSources: [DispatchSourceSignal] = []
for signalNumber in [SIGINT, SIGTERM] {
    signal(signalNumber, SIG_IGN)
    let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .main)
    source.setEventHandler {
        say("stopping (\(server.requests.count) requests, \(server.uniqueEvents.count) unique events, \(server.protocolViolations.count) protocol violations)")
        server.stop()
        exit(0)
    }
    source.resume()
    signalSources.append(source)
}
dispatchMain()
