// The system's remote play, pause and toggle commands (Lock Screen, Control Center, a headset)
// during a linear ad, handed to its playback as inputs; the session decides what they do.
//
// The SDK never takes over Now Playing: it never sets `MPNowPlayingInfoCenter`'s info and never
// makes the app the Now Playing app. Registering remote command handlers is part of what makes an
// app eligible for that ("Ensure your app is eligible to become the Now Playing app by adopting
// best practices for providing Now Playing info and registering for remote command center
// actions", developer.apple.com/documentation/mediaplayer/becoming-a-now-playable-app), so the
// SDK adds its handlers only where the app already publishes Now Playing info — the system then
// routes these commands to the app ("the default now playing info center holds Now Playing
// information for the app that's designated to receive remote control events",
// /documentation/MediaPlayer/MPNowPlayingInfoCenter/default()) — and only while its linear ad
// plays; elsewhere the commands are the app's alone. The command object "executes any attached
// handlers" (/documentation/MediaPlayer/MPRemoteCommand): the app's own handlers run too.
#if canImport(UIKit) && canImport(MediaPlayer)
import MediaPlayer

/// The remote command handlers of one linear ad, from its start to its stop.
@MainActor
final class LinearAdRemoteCommands {
    private var targets: [(command: MPRemoteCommand, target: Any)] = []

    /// Adds the handlers, which hand `send` the session's input (on the main actor), when the app
    /// routes remote commands (it publishes Now Playing info); else adds none.
    init(send: @escaping @MainActor @Sendable (LinearPlaybackInput) -> Void) {
        guard MPNowPlayingInfoCenter.default().nowPlayingInfo != nil else { return }
        let center = MPRemoteCommandCenter.shared()
        let commands: [(MPRemoteCommand, LinearPlaybackInput)] = [
            (center.playCommand, .remotePlay), (center.pauseCommand, .remotePause), (center.togglePlayPauseCommand, .playPausePressed),
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

    /// Removes the handlers (the ad stopped).
    func remove() {
        for (command, target) in targets { command.removeTarget(target) }
        targets.removeAll()
    }
}
#endif
