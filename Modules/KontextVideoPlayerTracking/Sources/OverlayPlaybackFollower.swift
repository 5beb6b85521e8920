import Foundation
import KontextVideoScheduling

/// Follows the content's playback for one overlay on screen: ends it when the content stops and
/// completes it once its duration was counted.
///
/// With a player tracked when `start()` is called, the follower reacts at once when `track(_:)` is
/// given another player (`.playerReplaced`) or `destroy()` lets it go (`.playerReleased`), and
/// follows the player in one of two ways:
/// - **A player that reports events** (`PlaybackEventSource`: an `AVPlayer`). Nothing is polled.
///   A paused state ends the overlay (`.contentPaused`), an item change too (`.itemChanged`), the
///   content going to another screen or to Picture in Picture (`.contentElsewhere`), and
///   its stream finishing with the player gone (`.playerReleased`). `ReportedProgressCounter`
///   counts the duration from the player's own speed and seek events, observing the playhead at
///   each event; the only wake-up is one sleep until the duration should be reached at the
///   reported speed (none while the content waits or has no duration). If the playhead is short of
///   it then, it is looked at again a quarter second later at the earliest. A stream that finishes
///   while the player lives falls back to polling.
/// - **Any other player** (a custom `VideoAdsPlayer`): every 0.25 s on the clock it checks the
///   player is still alive (else `.playerReleased`) and on the same item (else `.itemChanged`), and
///   counts how far `currentTime` moved with `PlaybackProgressCounter` (seeks count nothing). If the
///   player offers a stream of `isPlaying` changes (`isPlayingUpdates`, or `isPlayingPublisher` on
///   Apple platforms), a `false` ends the overlay at once and `isPlaying` is never polled;
///   otherwise `isPlaying` is read at each of those 4 checks a second. A stream that finishes falls
///   back to polling. When the remaining duration would be reached before the next check at normal
///   speed, one extra check (without reading `isPlaying`) is made then, so completion is not late
///   by up to 0.25 s.
///
/// Without a player the overlay runs on the clock's time and completes after `duration`.
/// A `nil` (or non-finite) duration never completes by itself. A duration of 0 or less completes
/// at the first check.
///
/// Exactly one of the callbacks runs, at most once, never synchronously inside `start()`,
/// `resume()` or the tracker's `track` / `release`, and none after `stop()`. The facade pauses the
/// follower while the app is in the background (`pause()` / `resume()`): a paused follower makes
/// no checks and counts no time; after `resume()` the first look at the playhead only sets a new
/// baseline. The player's events, its `isPlaying` stream and the tracker's changes are still
/// followed while paused, so content paused in the background ends the overlay.
///
/// Every decision is `OverlayPlaybackSession`'s; the follower only translates the tracker, the
/// player and the clock into its inputs and runs its actions (one wake-up task, one task that
/// follows the player's events or its `isPlaying` stream, the tracker's observation, the callbacks).
@MainActor
package final class OverlayPlaybackFollower {
    /// Why the content stopped under the overlay; every case ends it with `.interrupted`.
    package typealias Interruption = OverlayPlaybackSession.Interruption

    /// How often the player is checked while following: 4 times a second.
    package static let checkInterval: Duration = OverlayPlaybackSession.checkInterval

    /// Content seconds the overlay stays on screen, `nil` when it stays until ended.
    package var duration: TimeInterval? { session.duration }

    /// Where the follower is in its life.
    package var phase: OverlayPlaybackSession.Phase { session.phase }

    /// Every decision, as it stands.
    private(set) var session: OverlayPlaybackSession
    private let tracker: PlayerTracker
    let clock: any SchedulingClock
    private var onInterrupted: ((Interruption) -> Void)?
    private var onCompleted: (() -> Void)?

    private weak var player: (any VideoAdsPlayer)?
    /// The item the player showed at `start()`.
    private var itemIdentifier: AnyHashable?
    /// The reporting player's events, subscribed to at `start()` before its state was read.
    private var playbackEvents: AsyncStream<PlaybackEvent>?
    private var wakeTask: Task<Void, Never>?
    /// Follows the player's events or its `isPlaying` stream.
    private var updatesTask: Task<Void, Never>?
    private var trackerObservation: PlayerTracker.ChangeObservation?
    /// Inputs that arrived while actions were being run, taken in order.
    private var queued: [OverlayPlaybackInput] = []
    private var isHandling = false

    /// A follower for one overlay; nothing happens until `start()`.
    /// - Parameters:
    ///   - tracker: the `VideoAds` object's player tracker; its player at `start()` is followed.
    ///   - clock: the SDK's clock for checks and own time.
    ///   - duration: content seconds to count before completing; `nil` never completes.
    ///   - onInterrupted: the content stopped; end the overlay with `.interrupted`.
    ///   - onCompleted: the duration was counted; end the overlay with `.completed`.
    package init(
        tracker: PlayerTracker,
        clock: any SchedulingClock,
        duration: TimeInterval?,
        onInterrupted: @escaping @MainActor (Interruption) -> Void,
        onCompleted: @escaping @MainActor () -> Void
    ) {
        self.session = OverlayPlaybackSession(duration: duration)
        self.tracker = tracker
        self.clock = clock
        self.onInterrupted = onInterrupted
        self.onCompleted = onCompleted
    }

    deinit {
        wakeTask?.cancel()
        updatesTask?.cancel()
    }

    /// Starts following the tracker's current player (or own time without one). Call when the
    /// overlay is on screen; the facade has already refused paused content with `contentPaused`.
    /// Does nothing unless the follower is new.
    package func start() {
        guard phase == .idle else { return }
        guard let player = tracker.player else {
            handle(.start(.noPlayer))
            return
        }
        self.player = player
        itemIdentifier = player.currentItemIdentifier
        if let reporting = player as? any PlaybackEventSource, let events = reporting.makePlaybackEvents() {
            // Subscribed before the state is read, so no change falls between the two.
            playbackEvents = events
            handle(.start(.reportingPlayer(currentTime: player.currentTime, state: reporting.playbackState, output: reporting.contentOutput)))
        } else {
            handle(.start(.polledPlayer(currentTime: player.currentTime)))
        }
    }

    /// Pauses checks and counting (app in the background). Does nothing unless running.
    package func pause() {
        handle(.pause)
    }

    /// Resumes after `pause()`; the first sample after it counts nothing. Does nothing unless paused.
    package func resume() {
        handle(.resume)
    }

    /// Stops following: no callback runs after this. Idempotent.
    package func stop() {
        handle(.stop)
    }

    // MARK: - Running the session

    /// Takes one input now; one that arrives while actions run (a reading asked for) is taken next.
    private func handle(_ input: OverlayPlaybackInput) {
        queued.append(input)
        guard !isHandling else { return }
        isHandling = true
        defer { isHandling = false }
        while !queued.isEmpty {
            let next = queued.removeFirst()
            for action in session.handle(next, now: clock.now) { run(action) }
        }
    }

    private func run(_ action: OverlayPlaybackAction) {
        switch action {
        case .scheduleWake(let deadline):
            wakeTask?.cancel()
            wakeTask = wake(at: deadline)
        case .cancelWake:
            wakeTask?.cancel()
            wakeTask = nil
        case .read(let read):
            handle(.read(read, self.read(read)))
        case .observeTracker:
            trackerObservation = tracker.observeChanges { [weak self] in
                // After `track` or `release` returned: `destroy()` ends its ads with `.destroyed` first.
                Task { @MainActor [weak self] in self?.trackerChanged() }
            }
        case .followPlaybackEvents:
            if let events = playbackEvents { follow(events) }
            playbackEvents = nil
        case .followIsPlayingUpdates:
            if let updates = player?.makePlayingUpdates() {
                follow(updates)
            } else {
                handle(.isPlayingUpdatesEnded)
            }
        case .interruptAfterStart(let cause):
            Task { @MainActor [weak self] in self?.handle(.startRefused(cause)) }
        case .interrupt(let cause):
            // Torn down first, so a callback that calls back into the follower finds it finished.
            let interrupted = onInterrupted
            tearDown()
            interrupted?(cause)
        case .complete:
            let completed = onCompleted
            tearDown()
            completed?()
        case .stopFollowing:
            tearDown()
        }
    }

    /// Hands the session `.wakeUpDue` when the clock reaches `deadline`.
    private func wake(at deadline: Duration) -> Task<Void, Never> {
        Task { @MainActor [weak self, clock] in
            do { try await clock.sleep(until: deadline) } catch { return }
            guard !Task.isCancelled else { return }
            self?.handle(.wakeUpDue)
        }
    }

    /// Reads what `read` asks of the followed player; `nil` when it was freed.
    private func read(_ read: PlayerRead) -> PlayerSample? {
        guard let player else { return nil }
        switch read {
        case .check(let readsIsPlaying):
            return PlayerSample(
                tracking: tracking(of: player), onStartItem: player.currentItemIdentifier == itemIdentifier,
                isPlaying: readsIsPlaying ? player.isPlaying : nil, currentTime: player.currentTime)
        case .handOver:
            return PlayerSample(tracking: tracking(of: player), currentTime: player.currentTime)
        case .look, .pausing, .resuming:
            return PlayerSample(currentTime: player.currentTime)
        }
    }

    /// Whether `player` is still the tracker's.
    private func tracking(of player: any VideoAdsPlayer) -> PlayerTracking {
        guard let tracked = tracker.player else { return .released }
        return tracked === player ? .followed : .replaced
    }

    private func trackerChanged() {
        guard let player else {
            handle(.trackerChanged(.released))
            return
        }
        handle(.trackerChanged(tracking(of: player)))
    }

    private func follow(_ events: AsyncStream<PlaybackEvent>) {
        updatesTask = Task { @MainActor [weak self] in
            for await event in events {
                guard let self, self.phase != .finished else { return }
                self.handle(.playbackEvent(event, playerAlive: self.player != nil))
            }
            guard let self, !Task.isCancelled else { return }
            self.handle(.playbackEventsEnded)
        }
    }

    private func follow(_ updates: AsyncStream<Bool>) {
        updatesTask = Task { @MainActor [weak self] in
            for await isPlaying in updates {
                guard let self, self.phase != .finished else { return }
                self.handle(.isPlayingChanged(isPlaying))
            }
            guard let self, !Task.isCancelled else { return }
            self.handle(.isPlayingUpdatesEnded)
        }
    }

    private func tearDown() {
        wakeTask?.cancel()
        wakeTask = nil
        updatesTask?.cancel()
        updatesTask = nil
        playbackEvents = nil
        if let trackerObservation { tracker.removeObserver(trackerObservation) }
        trackerObservation = nil
        onInterrupted = nil
        onCompleted = nil
    }
}
