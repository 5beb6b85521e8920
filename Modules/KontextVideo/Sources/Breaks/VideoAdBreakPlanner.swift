import Foundation
import KontextVideoScheduling
import KontextVideoPlayerTracking

/// Places linear ad breaks on the content's playhead, opt-in: pre-, mid- and post-rolls at the
/// cue points you give (or a VMAP document's), each ad requested and loaded a little before its
/// cue, shown when the content reaches it, and never over the wrong moment.
///
/// It is built on the public API only — ``VideoAds/format(_:)`` with `.linear`, ``VideoAd/load()``,
/// ``VideoAd/show(from:)-(UIViewController?)``, ``VideoAd/reject(_:)`` — and reads the player you gave
/// ``VideoAds/track(_:)-(VideoAdsPlayer)``. Without a planner nothing of this runs.
///
/// ```swift
/// ads.track(player)
/// let planner = VideoAdBreakPlanner(ads: ads, configuration: .init(
///     cuePoints: [.start, .seconds(600), .seconds(1200), .end],
///     resumePosition: bookmark))
/// Task {
///     for await event in planner.events {
///         switch event {
///         case .breakDue: player.pause()      // the planner shows the ad
///         case .breakEnded: player.play()
///         default: break
///         }
///     }
/// }
/// await planner.start()                      // the pre-roll played, was skipped, or timed out
/// player.play()
/// // … when the episode ends:
/// await planner.contentDidEnd()              // the post-roll
/// ```
///
/// The rules: a seek forward over cue points plays what ``Configuration/seekPolicy`` says, a seek
/// backward replays nothing, and no break plays twice; mid-rolls before
/// ``Configuration/resumePosition`` are skipped; a break due when its ad is not ready waits at most
/// ``Configuration/preRollTimeout``, then is skipped and its late ad rejected with `.notUsed`;
/// nothing but the post-roll plays after ``contentDidEnd()``. The player is read four times a
/// second; a move faster than ``playbackRate`` explains is a seek.
@MainActor
public final class VideoAdBreakPlanner {
    /// How often the player is read.
    static let pollInterval = Duration.milliseconds(250)

    /// What the planner was made with.
    public let configuration: Configuration
    /// What happens, in order: prefetches, due breaks, ends, skips. One reader; it finishes after
    /// ``stop()``.
    public let events: AsyncStream<Event>
    /// The content's playback speed (1 normal, 2 double), which tells a fast play from a seek.
    /// Set it when the viewer changes speed. Default: 1.
    public var playbackRate: Double = 1

    private let ads: VideoAds
    private let continuation: AsyncStream<Event>.Continuation
    private var plan: AdBreakPlan
    private let clock: any SchedulingClock
    private var origin: Duration = .zero
    private var hasStarted = false
    private var isStopped = false
    private var poll: Task<Void, Never>?
    /// The ad loaded for the next break, until it plays or is rejected.
    private var readyAd: VideoAd?
    /// The break on screen and its ad.
    private var onScreen: (slot: AdBreakSlot, ad: VideoAd)?
    /// Callers of `start()` waiting for the pre-roll, and of `contentDidEnd()` for the post-roll.
    private var preRollWaiters: [CheckedContinuation<Void, Never>] = []
    private var endWaiters: [CheckedContinuation<Void, Never>] = []

    /// Creates a planner for the breaks of one episode. Creating it requests nothing; call
    /// ``start()`` when the episode is about to play.
    /// - Parameters:
    ///   - ads: The episode's ads, with its player given to ``VideoAds/track(_:)-(VideoAdsPlayer)``.
    ///   - configuration: The cue points and rules.
    public init(ads: VideoAds, configuration: Configuration) {
        self.ads = ads
        self.configuration = configuration
        self.clock = ads.core.launch.session.environment.clock
        self.plan = AdBreakPlan(configuration: .init(
            cues: configuration.cuePoints.map(\.planCue), seekPolicy: configuration.seekPolicy.planPolicy,
            resumePosition: configuration.resumePosition, startTimeout: configuration.preRollTimeout,
            prefetchLead: configuration.prefetchLead, minimumSpacing: configuration.minimumSpacing
        ))
        (events, continuation) = AsyncStream.makeStream(bufferingPolicy: .unbounded)
    }

    deinit {
        // A reader of `events` is not left waiting on a planner that is gone (its poll ends on
        // its next wake, holding it only weakly).
        continuation.finish()
    }

    /// Begins: the pre-roll's ad is requested, and the player is followed from now on. Returns once
    /// the content may play — the pre-roll ended, was skipped, or waited ``Configuration/preRollTimeout``
    /// for its ad — at once without a pre-roll. Calling it again does nothing.
    public func start() async {
        guard !hasStarted, !isStopped else { return }
        hasStarted = true
        origin = clock.now
        apply(plan.begin(now: 0))
        poll = Task { [weak self, clock] in
            while !Task.isCancelled {
                do { try await clock.sleep(for: Self.pollInterval) } catch { return }
                guard let self else { return }
                self.step()
            }
        }
        if plan.isHoldingContent {
            await withCheckedContinuation { preRollWaiters.append($0) }
        }
    }

    /// Gives the content's duration, once known: percentage cue points are placed, mid-rolls at or
    /// past the end are skipped, and the post-roll's ad is prefetched before the end.
    /// - Parameter duration: The content's length, in seconds.
    public func setContentDuration(_ duration: TimeInterval) {
        guard !isStopped else { return }
        apply(plan.durationKnown(duration, now: now))
    }

    /// The content played to its end: the post-roll comes due. Returns once it ended or was
    /// skipped (at once without one); nothing plays after it.
    public func contentDidEnd() async {
        guard hasStarted, !isStopped else { return }
        apply(plan.contentEnded(now: now))
        if !plan.isFinished {
            await withCheckedContinuation { endWaiters.append($0) }
        }
    }

    /// Stops following the player and finishes ``events``. An ad already loaded stays held by the
    /// `VideoAds` (its `destroy()` drops it); the ad on screen plays on.
    public func stop() {
        guard !isStopped else { return }
        isStopped = true
        poll?.cancel()
        poll = nil
        resumeWaiters()
        continuation.finish()
    }

    // MARK: - Following

    /// Seconds on the SDK's clock since `start()`.
    private var now: TimeInterval {
        (clock.now - origin).timeInterval
    }

    /// One read of the player and of the ad on screen.
    private func step() {
        guard !isStopped else { return }
        if let current = onScreen, current.ad.hasEnded || current.ad.invalidationReason != nil {
            onScreen = nil
            emit(.breakEnded(Break(current.slot)))
            apply(plan.breakEnded(current.slot, now: now))
        }
        let tracker = ads.core.playerTracker
        let rate = tracker.isContentPlaying == false ? 0 : playbackRate
        apply(plan.observe(playhead: tracker.playhead, rate: rate, now: now))
        // After the content's end the playhead means nothing, but a post-roll waiting for its ad
        // still times out.
        if let deadline = plan.nextDeadline, now >= deadline {
            apply(plan.tick(now: now))
        }
    }

    private func apply(_ actions: [AdBreakPlan.Action]) {
        for action in actions {
            switch action {
            case .prefetch(let slot): prefetch(slot)
            case .play(let slot): play(slot)
            case .skip(let slot, let reason): emit(.breakSkipped(Break(slot), reason: SkipReason(reason)))
            case .rejectLateAd(let slot):
                if let ad = readyAd { try? ad.reject(.notUsed) }
                readyAd = nil
                emit(.lateAdRejected(Break(slot)))
            }
        }
        resumeWaiters()
    }

    private func prefetch(_ slot: AdBreakSlot) {
        emit(.prefetchStarted(Break(slot)))
        let ads = self.ads
        Task { [weak self] in
            do {
                let ad = try await ads.format(.linear)
                try await ad.load()
                self?.loaded(ad, for: slot)
            } catch {
                self?.failed(slot)
            }
        }
    }

    private func loaded(_ ad: VideoAd, for slot: AdBreakSlot) {
        guard !isStopped else { return }
        readyAd = ad
        emit(.adReady(Break(slot), ad: ad))
        apply(plan.adReady(for: slot, now: now))
    }

    private func failed(_ slot: AdBreakSlot) {
        guard !isStopped else { return }
        apply(plan.adUnavailable(for: slot, now: now))
    }

    private func play(_ slot: AdBreakSlot) {
        guard let ad = readyAd, ad.isReady else {
            // The ad expired or was taken since it loaded: nothing to show for this break.
            readyAd = nil
            emit(.breakSkipped(Break(slot), reason: .noAd))
            apply(plan.breakEnded(slot, now: now))
            return
        }
        readyAd = nil
        onScreen = (slot, ad)
        emit(.breakDue(Break(slot), ad: ad))
        guard configuration.showsBreaks else { return }
        do {
            try ad.show()
        } catch {
            onScreen = nil
            emit(.breakEnded(Break(slot)))
            apply(plan.breakEnded(slot, now: now))
        }
    }

    private func emit(_ event: Event) {
        continuation.yield(event)
    }

    private func resumeWaiters() {
        if isStopped || !plan.isHoldingContent {
            let waiters = preRollWaiters
            preRollWaiters = []
            for waiter in waiters { waiter.resume() }
        }
        if isStopped || plan.isFinished {
            let waiters = endWaiters
            endWaiters = []
            for waiter in waiters { waiter.resume() }
        }
    }
}
