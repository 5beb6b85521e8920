// The AVPlayer adapter's translation, on a real AVPlayer: only where AVFoundation exists (the Mac
// job of .github/workflows/apple.yml runs it; Linux has no AVFoundation). Seeks need media that
// plays, so `timeJumpedNotification` is proven on a device only.
#if canImport(AVFoundation)
import AVFoundation
import Foundation
import Testing
import KontextVideoPlayerTracking

@Suite("AVPlayerAdapter")
@MainActor
struct AVPlayerAdapterTests {
    /// The events `adapter` reports while `change` runs, read until the reader is cancelled.
    private func events(of adapter: AVPlayerAdapter, during change: () -> Void) async throws -> [PlaybackEvent] {
        let stream = try #require(adapter.makePlaybackEvents())
        let reader = Task {
            var seen: [PlaybackEvent] = []
            for await event in stream { seen.append(event) }
            return seen
        }
        change()
        for _ in 0..<200 { await Task.yield() }
        reader.cancel()  // ends the iteration: AsyncStream's iterator returns nil once cancelled
        return await reader.value
    }

    @Test func rateAndItemChangesBecomeEvents() async throws {
        let player = AVPlayer()
        let adapter = AVPlayerAdapter(player)
        #expect(adapter.playbackState.control == .paused)
        let seen = try await events(of: adapter) {
            player.rate = 1
            player.replaceCurrentItem(with: AVPlayerItem(url: URL(fileURLWithPath: "/nonexistent/episode.mp4")))
        }
        // Playing was asked for: with no item yet the player waits (timeControlStatus), still playing for an overlay.
        #expect(seen.contains { event in
            if case .stateChanged(let state) = event { return state.isPlaying }
            return false
        })
        #expect(seen.contains(.itemChanged))
    }
}
#endif
