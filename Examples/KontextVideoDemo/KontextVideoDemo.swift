import Foundation
import KontextVideoTesting

/// `swift run kontext-video-demo [--server URL --token TOKEN] [--inspect] [--language TAG]`
///
/// Plays one simulated episode on a headless player: an overlay over playing content, a pause ad
/// when the viewer pauses, a linear ad with skip and one with an end card, an ad rejected as outbid,
/// and the episode's ads destroyed at the end. Against the embedded sandbox server on a virtual
/// clock (`SandboxEpisode`), or, with `--server`, against a real server on the real clock with the
/// SDK as an app ships it (`LiveServerEpisode`). With `--inspect`, the ad inspector listens to the
/// episode and its model is printed as text at the end (`DemoInspection`). With `--language ar`
/// (any BCP-47 tag), the app's language is that one: the skipped linear ad prints its controls'
/// titles, VoiceOver labels and frames as the SDK shows them, mirrored in Arabic and Hebrew.
@main
struct KontextVideoDemo {
    static func main() async {
        let options = DemoOptions(arguments: Array(CommandLine.arguments.dropFirst()))
        if options.showHelp {
            print(DemoOptions.usage)
            return
        }
        do {
            if let serverURL = options.serverURL {
                await LiveServerEpisode(serverURL: serverURL, token: options.token, inspect: options.inspect).run()
            } else {
                try await SandboxEpisode(options: options).run()
            }
        } catch {
            print("demo failed: \(error)")
            exit(1)
        }
    }
}

/// The demo's command line.
struct DemoOptions {
    var serverURL: URL?
    var token = "acme-dev"
    var showHelp = false
    var inspect = false
    var language: String?

    static let usage = """
        usage: kontext-video-demo [--server URL --token TOKEN] [--inspect] [--language TAG]
          Without --server, an embedded sandbox ad server on loopback answers, on a virtual clock.
          With --server, that server answers, on the real clock; no-fills and errors are outcomes.
          With --inspect, the ad inspector's model is printed as text after the episode.
          With --language ar (ja, he, pt-BR…), the app speaks that language: the linear ad's controls
          are printed as the SDK shows them, in that language, mirrored right to left in ar and he.
        """

    init(arguments: [String]) {
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--server":
                // A URL that is not http(s) is a mistake to say, not a reason to use the sandbox.
                serverURL = iterator.next().flatMap(URL.init(string:)).flatMap { ["http", "https"].contains($0.scheme ?? "") ? $0 : nil }
                if serverURL == nil { showHelp = true }
            case "--token": token = iterator.next() ?? token
            case "--inspect": inspect = true
            case "--language":
                language = iterator.next()
                if language == nil { showHelp = true }
            default: showHelp = true
            }
        }
    }
}
