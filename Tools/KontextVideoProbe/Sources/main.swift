// kontext-video-probe: a production-mode app for the SDK's process-level tests. It imports the
// public API only, runs on the real clock with the real URLSession and real files, and stores
// where the platform's defaults say (Application Support: on Linux `$XDG_DATA_HOME`), so a test
// can kill it with SIGKILL, run two of it over one storage directory, or time its calls against
// a misbehaving server. It prints one line per outcome, flushed at once.
//
// Its storage is the app's own, named after the executable (Linux has no bundle id): a copy of
// the probe under another name is another app.
//
//   kontext-video-probe rejects --server URL [--count N]     ask for pause ads and reject each;
//                                                             "ACK <adId>" once reject() returned
//   kontext-video-probe drain --server URL --seconds S       initialize and let delivery run
//   kontext-video-probe timing --server URL                   time initialize() and format(.pause)
//   any of them with --token TOKEN                            the publisher token (default probe-dev)
import Foundation
import KontextVideo

/// Writes one line to standard output at once (a test reads them from a pipe, and may kill the
/// process right after).
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// The value after `name` in the arguments.
func option(_ name: String) -> String? {
    let arguments = CommandLine.arguments
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}

@MainActor
func main() async -> Int32 {
    let arguments = CommandLine.arguments
    guard arguments.count >= 2, let server = option("--server").flatMap(URL.init(string:)) else {
        FileHandle.standardError.write(Data("usage: kontext-video-probe rejects|drain|timing --server URL [--count N] [--seconds S] [--token T]\n".utf8))
        return 2
    }
    let token = option("--token") ?? "probe-dev"
    let configuration = KontextVideo.Configuration(publisherToken: token, logLevel: .none, serverURL: server)
    let content = KontextVideo.Content(id: "probe-episode", language: "en")
    switch arguments[1] {
    case "rejects":
        let count = option("--count").flatMap(Int.init) ?? 100_000
        let state = await KontextVideo.shared.initialize(with: configuration)
        say("STATE \(state)")
        let ads = VideoAds(content: content)
        for _ in 0..<count {
            do {
                let ad = try await ads.format(.pause)
                try ad.reject()
                say("ACK \(ad.id)")
            } catch {
                say("ERR \(error)")
            }
        }
        return 0
    case "drain":
        let seconds = option("--seconds").flatMap(Double.init) ?? 10
        let state = await KontextVideo.shared.initialize(with: configuration)
        say("STATE \(state)")
        try? await Task.sleep(for: .seconds(seconds))
        return 0
    case "timing":
        let clock = ContinuousClock()
        var start = clock.now
        let state = await KontextVideo.shared.initialize(with: configuration)
        say("TIME initialize \((clock.now - start).seconds) \(state)")
        start = clock.now
        let outcome: String
        do {
            let ad = try await VideoAds(content: content).format(.pause)
            outcome = "ad \(ad.id)"
        } catch {
            outcome = "\(error)"
        }
        say("TIME format \((clock.now - start).seconds) \(outcome)")
        return 0
    default:
        FileHandle.standardError.write(Data("unknown command \(arguments[1])\n".utf8))
        return 2
    }
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}

exit(await main())
