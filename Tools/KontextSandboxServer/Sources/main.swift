// kontext-sandbox: the sandbox ad server, stand-alone, for pointing a simulator, or a test device
// on a trusted network, at it.
//
//   swift run kontext-sandbox [--port 8080] [--host ADDRESS] [--scenario FILE]
//
// Prints the base URL and the SDK configuration that uses it, then one line per request (with any
// protocol violations), and runs until SIGINT or SIGTERM.
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
    var host = HTTPServerAddress.loopback
    var scenario: URL?
}

let usage = """
usage: kontext-sandbox [--port PORT] [--host ADDRESS] [--scenario FILE]

  --port PORT       the port (default 8080; 0 picks a free one)
  --host ADDRESS    the address to listen on (default 127.0.0.1: this machine and its iOS
                    Simulator only). For a device, this machine's LAN address, e.g. 192.168.1.20
                    (macOS: `ipconfig getifaddr en0`; Linux: `hostname -I`): the sandbox is then
                    reachable from the network; use it for a test device on a trusted network.
  --scenario FILE   a scenario file (JSON; see Modules/KontextVideoSandbox/README.md)
  --help            this text
"""

/// Writes a line to standard output at once (no buffering: the log follows requests live).
@Sendable func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// Writes a line to standard error.
func complain(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}

/// Reads the arguments; `nil` after printing why they are not usable.
func parseOptions(_ arguments: [String]) -> Options? {
    var options = Options()
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
        switch argument {
        case "--port", "-p":
            guard let value = remaining.popFirst(), let port = UInt16(value) else {
                complain("kontext-sandbox: --port needs a number from 0 to 65535")
                return nil
            }
            options.port = port
        case "--host":
            guard let value = remaining.popFirst() else {
                complain("kontext-sandbox: --host needs an address, e.g. --host 192.168.1.20")
                return nil
            }
            guard let address = HTTPServerAddress(value) else {
                complain("""
                    kontext-sandbox: --host \(value): not a numeric IPv4 or IPv6 address \
                    (host names are not resolved). Pass the address a device reaches this machine by, \
                    e.g. 192.168.1.20 (macOS: `ipconfig getifaddr en0`; Linux: `hostname -I`).
                    """)
                return nil
            }
            guard !address.isUnspecified else {
                complain("""
                    kontext-sandbox: --host \(value) would listen on every interface, but the ads the \
                    sandbox serves carry its own URL, and no device can reach \(address.urlHost). Pass this \
                    machine's LAN address instead (macOS: `ipconfig getifaddr en0`; Linux: `hostname -I`).
                    """)
                return nil
            }
            options.host = address
        case "--scenario", "-s":
            guard let value = remaining.popFirst() else {
                complain("kontext-sandbox: --scenario needs a file")
                return nil
            }
            options.scenario = URL(fileURLWithPath: value)
        case "--help", "-h":
            say(usage)
            exit(0)
        default:
            complain("kontext-sandbox: unknown argument \(argument)\n\(usage)")
            return nil
        }
    }
    return options
}

/// The command that names the process listening on `port`.
func whoListens(on port: UInt16) -> String {
    #if canImport(Darwin)
    "`lsof -nP -iTCP:\(port) -sTCP:LISTEN`"
    #else
    "`ss -ltnp 'sport = :\(port)'`"
    #endif
}

/// What to tell a person whose server could not start, and what to do about it.
func explain(_ error: HTTPServerError, options: Options) -> String {
    let place = "\(options.host.urlHost):\(options.port)"
    guard case .bind(_, _, let code) = error else { return "kontext-sandbox: \(error)" }
    switch code {
    case EADDRINUSE:
        return """
            kontext-sandbox: port \(options.port) is busy: another process listens on \(place) \
            (often a kontext-sandbox still running in another terminal).
              Stop it (\(whoListens(on: options.port)) names it), or pick another port: \
            --port \(options.port == 65535 ? 8080 : options.port + 1), or --port 0 for any free one.
            """
    case EADDRNOTAVAIL:
        return """
            kontext-sandbox: \(options.host) is not an address of this machine, so nothing can listen on it.
              Pass one of this machine's addresses (macOS: `ipconfig getifaddr en0`; Linux: `hostname -I`), \
            or leave --host out for 127.0.0.1.
            """
    case EACCES:
        return """
            kontext-sandbox: not allowed to listen on \(place): ports below 1024 need administrator \
            rights. Use --port 8080 (the default), or --port 0 for any free one.
            """
    default:
        return "kontext-sandbox: \(error)"
    }
}

guard let options = parseOptions(Array(CommandLine.arguments.dropFirst())) else { exit(2) }

let log: @Sendable (String) -> Void = say
let server: SandboxAdServer
do {
    let host = options.host.description
    if let file = options.scenario {
        server = try SandboxAdServer(scenarioFile: file, host: host, port: options.port, logger: log)
    } else {
        server = try SandboxAdServer(host: host, port: options.port, logger: log)
    }
} catch let error as HTTPServerError {
    complain(explain(error, options: options))
    exit(1)
} catch {
    complain("kontext-sandbox: \(error)")
    exit(1)
}

let base = server.baseURL.absoluteString
say("Kontext sandbox ad server listening on \(base)")
if options.host.isLoopback {
    say("tracking host (ad requests with the advertising id or an email): \(server.trackingBaseURL.absoluteString), announced by /init")
} else {
    say("tracking host: not announced (the SDK takes one only on https at a declared domain, or on loopback), so no request carries tracking data")
}
if let file = options.scenario { say("scenario: \(file.path)") }
if !options.host.isLoopback {
    complain("""
        warning: listening on \(options.host), so anything on your network can reach this sandbox: \
        it has no authentication and prints everything it receives. It is meant for a test device \
        on a trusted network; stop it (Ctrl-C) when you are done.
        """)
}
say("""
    Point the SDK at it:
        KontextVideo.Configuration(publisherToken: "acme-dev", serverURL: URL(string: "\(base)")!)
    """)
if options.host.isLoopback {
    say("  The iOS Simulator reaches it as is; for a device, restart with --host and this machine's LAN address.")
} else {
    say("""
          On the device, plain HTTP to a LAN address needs NSAppTransportSecurity > NSAllowsLocalNetworking \
        = YES in the app's Info.plist (debug builds), and iOS asks once for local network access \
        (NSLocalNetworkUsageDescription).
        """)
}
StopSignal.install {
    say("stopping (\(server.requests.count) requests, \(server.uniqueEvents.count) unique events, \(server.protocolViolations.count) protocol violations)")
    server.stop()
    exit(0)
}
// Said only now: a script that stops the sandbox once it reads this line finds the handlers in place.
say("Ctrl-C stops. One line per request follows.")
dispatchMain()
