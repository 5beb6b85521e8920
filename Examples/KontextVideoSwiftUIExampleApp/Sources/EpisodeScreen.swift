import SwiftUI
import AVKit
import KontextVideo

/// One episode in AVKit's `VideoPlayer`, with a control bar the ads keep clear of: a linear
/// pre-roll, an overlay once the episode has played a while, a pause ad when the viewer pauses.
struct EpisodeScreen: View {
    /// The height of the control bar at the bottom of the player, above the safe area.
    private static let controlBarHeight: CGFloat = 80

    @StateObject private var episode = Episode(url: ExampleSettings.contentURL)

    var body: some View {
        ZStack(alignment: .bottom) {
            VideoPlayer(player: episode.player)
                // Overlay and pause ads keep the control bar free (the SDK adds the safe area itself).
                .videoAdHost(episode.adHost, insets: EdgeInsets(top: 0, leading: 0, bottom: Self.controlBarHeight, trailing: 0))
            Button("Play / Pause") { episode.togglePlayback() }
                .frame(height: Self.controlBarHeight)
        }
        // Starts before the screen appears; SwiftUI cancels it when the screen goes away.
        .task { await episode.start() }
        // Leaving the episode: any ad on screen ends with `.destroyed`.
        .onDisappear { episode.leave() }
    }
}
