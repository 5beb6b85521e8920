// The system's remote play, pause and toggle commands (Lock Screen, Control Center, a headset)
// during a linear ad: what the app's Now Playing info says as the ad starts, read for the session,
// and the handlers the session asks for, which hand it the commands as inputs. The session decides
// when the ad takes and releases them and what they do (`LinearPlaybackSession`, "Remote commands
// and Now Playing"); this file only reads and applies.
//
// The SDK never takes over Now Playing: it never sets `MPNowPlayingInfoCenter`'s info and never
// makes the app the Now Playing app. Registering remote command handlers is part of what makes an
// app eligible for that ("Ensure your app is eligible to become the Now Playing app by adopting
// best practices for providing Now Playing info and registering for remote command center
// actions", developer.apple.com/documentation/mediaplayer/becoming-a-now-playable-app), so the
// session takes the commands only where the app already publishes Now Playing info — the system
// then routes these commands to the app ("the default now playing info center holds Now Playing
// information for the app that's designated to receive remote control events",
// /documentation/MediaPlayer/MPNowPlayingInfoCenter/default()) — and only while its video plays;
// elsewhere the commands are the app's alone. The command object "executes any attached handlers"
// (/documentation/MediaPlayer/MPRemoteCommand): the app's own handlers run too.
#if canImport(UIKit) && canImport(MediaPlayer)
import MediaPlayer

/// The remote command handlers of one linear ad, while its session holds the commands.
@MainActor
final class LinearAdRemoteCommands {
    private var targets: [(command: MPRemoteCommand, target: Any)] = []

    /// Whether the app publishes Now Playing info now: the session's `start` input.
    static var appPublishesNowPlayingInfo: Bool {
        MPNowPlayingInfoCenter.default().nowPlayingInfo != nil
    }

    /// Adds the handlers, which hand `send` the session's input (on the main actor). The handler
    /// object `addTarget(handler:)` returns is what `removeTarget(_:)` takes back
    /// (/documentation/MediaPlayer/MPRemoteCommand/addTarget(handler:)).
    init(send: @escaping @MainActor @Sendable (LinearPlaybackInput) -> Void) {
        let center = MPRemoteCommandCenter.shared()
        let commands: [(MPRemoteCommand, LinearPlaybackInput)] = [
            (center.playCommand, .remotePlay), (center.pauseCommand, .remotePause), (center.togglePlayPauseCommand, .remoteTogglePlayPause),
        ]
        for (command, input) in commands {
            // The page gives no thread for the handler: it reads nothing and hops.
            let target = command.addTarget { @Sendable _ in
                Task { @MainActor in send(input) }
                return .success
            }
            targets.append((command, target))
        }
    }

    /// Removes the handlers (the session released the commands, or the ad stopped).
    func remove() {
        for (command, target) in targets { command.removeTarget(target) }
        targets.removeAll()
    }
}
#endif
