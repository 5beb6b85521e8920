import Foundation
import KontextVideoTesting

/// `swift run kontext-video-demo [--server URL --token TOKEN]`
///
/// Plays one simulated episode on a headless player against the embedded sandbox server (or a real
/// server): an overlay over playing content, a pause ad when the viewer pauses, a linear ad with skip
/// and one with an end card, an ad rejected as outbid, and the episode's ads destroyed at the end.
@main
struct KontextVideoDemo {
    static func main() async {
        let options = DemoOptions(arguments: Array(CommandLine.arguments.dropFirst()))
        if options.showHelp {
            print(DemoOptions.usage)
            return
        }
        do {
            try await DemoEpisode(options: options).run()
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

    static let usage = """
        usage: kontext-video-demo [--server URL --token TOKEN]
          Without --server, an embedded sandbox ad server on loopback answers.
        """

    init(arguments: [String]) {
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--server": serverURL = iterator.next().flatMap(URL.init(string:))
            case "--token": token = iterator.next() ?? token
            default: showHelp = true
            }
        }
    }
}
