import Foundation
import KontextVideoConcurrency
import KontextVideoScheduling
import KontextVideoNetworking

/// What one `VideoAds` asked the server for and holds: one ad request per format at a time
/// (concurrent callers share it), the latest ad per format, the ads `destroy()` must reach, and
/// what every request carries (the content, its labels, the player's playhead). Its ads hold it
/// as their owner.
@MainActor
package final class AdRequestBook {
    /// The video the ads are for.
    package let content: KontextVideoContent
    /// The labels every request carries, already sanitized.
    package let labels: [String: String]
    /// The content player this episode plays in, held weakly.
    package let playerTracker = PlayerTracker()
    /// `true` after `destroy()`.
    package private(set) var isDestroyed = false
    unowned let sdk: KontextVideo

    /// The latest ad per format, shown or not.
    private var held = PerFormat<VideoAd>()
    /// One request per format at a time; concurrent callers wait for the same one.
    private var inFlight = PerFormat<AdRequestInFlight>()
    /// Ads of this object that have not ended, so `destroy()` can reach them (a few at most).
    private var liveAds: [VideoAd] = []

    init(content: KontextVideoContent, labels: [String: String], sdk: KontextVideo) {
        self.content = content
        self.labels = labels
        self.sdk = sdk
    }

    /// The ad for `format` (`VideoAds.format(_:)`). What it throws is reported once: an ad
    /// request's outcome where the request ended, with its id; anything else here.
    func format(_ format: AdFormat) async throws -> VideoAd {
        do {
            return try await heldOrRequested(format)
        } catch let error as VideoAdError where error.isRequestOutcome {
            throw error
        } catch {
            reportFormatThrown(error, format: format)
            throw error
        }
    }

    private func heldOrRequested(_ format: AdFormat) async throws -> VideoAd {
        if isDestroyed { throw VideoAdError.destroyed }
        if let ad = held[format], ad.isHeldValid {
            return ad
        }
        let request = inFlight[format] ?? startRequest(for: format)
        let answered: Result<AdAnswer, any Error>
        do {
            answered = .success(try await request.answer.value())
        } catch let cancelled as CancellationError {
            // This caller was cancelled: the request goes on for the others.
            throw cancelled
        } catch {
            // Settled with an error: `settle` makes it the public one.
            answered = .failure(error)
        }
        // What woke this caller is the request's outcome: handed on, not read again under the lock.
        return try settle(request, format: format, answered: answered).get()
    }

    /// Sends the ad request for `format`. With the SDK enabled (the common case) the request is
    /// built here and sent from a task off the main actor, which settles its answer where the
    /// client's actor returns it; otherwise the task waits on the main actor for the SDK's state
    /// first (`requireEnabled`, the `/init` retry, the tracking dialog).
    private func startRequest(for format: AdFormat) -> AdRequestInFlight {
        let readyRuntime = sdk.session.runtimeReadyForRequests
        // The two parts it needs, not a copy of the whole environment.
        let clock = readyRuntime?.clock ?? sdk.session.environment.clock
        let budget = TimeBudget(on: clock)
        let request = AdRequestInFlight(runtime: readyRuntime)
        inFlight[format] = request
        let answer = request.answer
        if let runtime = readyRuntime {
            let adRequest = makeAdRequest(format, runtime: runtime)
            let client = runtime.client
            let requestId = runtime.identifiers.next()
            request.requestId = requestId
            // Detached from the main actor, at the caller's priority. The book and the request are
            // held strongly, not weakly: a weak capture costs a box and a side table each, four
            // allocations on the main thread per request. Neither lives longer for it: the task
            // ends with the request (`destroy()` cancels it), and the book's `VideoAds` holds it
            // until its deinit destroyed it, which settles the request.
            request.task = Task.detached(priority: Task.currentPriority) { [self, request] in
                let heard = await Self.send(adRequest, requestId: requestId, budget: budget, client: client, settling: answer)
                // Every caller stopped waiting: the answer is made into its ad now, not by the next one.
                if !heard { await settleUnheard(request, format: format) }
            }
        } else {
            let identifiers = sdk.session.environment.identifiers
            request.task = Task { @MainActor [weak self, weak request] in
                let runtime: SDKRuntime
                do {
                    guard let self else { return }
                    runtime = try await self.sdk.requireEnabled(budget: budget)
                    if self.isDestroyed { throw VideoAdError.destroyed }
                } catch {
                    // Nobody waited to hear it (every caller was cancelled): settled now, so the next
                    // `format()` asks again (the `/init` retry among it) rather than hearing it.
                    if answer.finish(.failure(error)) == 0, let self, let request { self.settleUnheard(request, format: format) }
                    return
                }
                guard let self, let request else { return }
                request.runtime = runtime
                // Drawn once the request leaves, as on the fast path: one that never does takes no id.
                let requestId = identifiers.next()
                request.requestId = requestId
                let heard = await Self.send(self.makeAdRequest(format, runtime: runtime), requestId: requestId, budget: budget,
                                            client: runtime.client, settling: answer)
                if !heard { self.settleUnheard(request, format: format) }
            }
        }
        return request
    }

    /// Sends `adRequest` and settles `answer` with what the server said, on the client's side:
    /// the callers waiting for it are resumed on the main actor, each once. Returns whether any
    /// caller was waiting to hear it.
    private nonisolated static func send(
        _ adRequest: AdRequest, requestId: UUID, budget: TimeBudget, client: AdServerClient,
        settling answer: OnceOutcome<AdAnswer>
    ) async -> Bool {
        do throws(AdRequestFailure) {
            return answer.finish(.success(try await client.requestAd(adRequest, requestId: requestId, budget: budget))) > 0
        } catch {
            return answer.finish(.failure(error)) > 0
        }
    }

    /// A request whose callers all stopped waiting: its outcome is made (and an ad held) as if
    /// one had come back, so the next `format(_:)` finds the ad, or asks again after an error.
    private func settleUnheard(_ request: AdRequestInFlight, format: AdFormat) {
        guard request.outcome == nil, inFlight[format] === request else { return }
        _ = settle(request, format: format, answered: request.answer.outcome)
    }

    /// What every request carries: the content, its labels, the playhead now, the user, consent
    /// and the device.
    private func makeAdRequest(_ format: AdFormat, runtime: SDKRuntime) -> AdRequest {
        AdRequest(
            format: format,
            content: content,
            labels: labels,
            playhead: playerTracker.playhead,
            user: validatedUser(sdk.user),
            regulatory: sdk.regulatory,
            variantId: sdk.variantId,
            device: runtime.platform.deviceFacts(),
            identifiers: runtime.platform.deviceIdentifiers()
        )
    }

    /// What a settled request's answer becomes, made once (the first caller back, or `destroy()`)
    /// and the same for every caller: the ad (held, and reached by `destroy()`), or the error, its
    /// request outcome reported here with the request's id. The request stops being in flight.
    /// `answered` is the request's answer, as the caller was woken with it (`nil`: not settled).
    private func settle(
        _ request: AdRequestInFlight, format: AdFormat, answered: Result<AdAnswer, any Error>?
    ) -> Result<VideoAd, any Error> {
        if let outcome = request.outcome { return outcome }
        let outcome = makeOutcome(request, format: format, answered: answered)
        request.outcome = outcome
        if inFlight[format] === request { inFlight[format] = nil }
        return outcome
    }

    private func makeOutcome(
        _ request: AdRequestInFlight, format: AdFormat, answered: Result<AdAnswer, any Error>?
    ) -> Result<VideoAd, any Error> {
        let requestId = request.requestId
        if isDestroyed { return .failure(VideoAdError.destroyed) }
        let answer: AdAnswer
        switch answered {
        case .success(let answered)?:
            answer = answered
        case .failure(let failure as AdRequestFailure)?:
            if let ad = held[format], ad.isHeldValid { return .success(ad) }
            let thrown = failure.publicError
            if thrown is VideoAdError {
                reportFormatThrown(thrown, format: format, requestId: requestId)
            }
            return .failure(thrown)
        case .failure(let error)?:
            // What the SDK's state threw before the request left; `format(_:)` reports it.
            return .failure(error)
        case nil:
            return .failure(CancellationError())
        }
        guard let runtime = request.runtime else { return .failure(VideoAdError.notInitialized) }
        switch answer {
        case .noFill(let reason):
            let noFill = VideoAdError.noFill(reason: reason)
            reportFormatThrown(noFill, format: format, requestId: requestId)
            return .failure(noFill)
        case .ad(let served):
            if let ad = held[format], ad.id == served.id, ad.isHeldValid {
                return .success(ad)
            }
            // The clock read once, for both: reading it is a system call's worth on the main actor.
            let now = runtime.clock.now
            if runtime.usedAds.contains(served.id, now: now) {
                let used = VideoAdError.noFill(reason: .alreadyUsed)
                reportFormatThrown(used, format: format, note: "ad \(served.id) was shown or rejected", requestId: requestId)
                return .failure(used)
            }
            let ad = VideoAd(served: served, owner: self, runtime: runtime, requestId: requestId, receivedAt: now)
            held[format] = ad
            liveAds.append(ad)
            return .success(ad)
        }
    }

    /// Drops an email hash that is not 64 lowercase hex characters, with a warning.
    private func validatedUser(_ user: KontextVideoUser?) -> KontextVideoUser? {
        guard var user, let hash = user.emailHash, !EmailHash.isValidHash(hash) else { return user }
        sdk.events.record(KontextVideoEvent(
            .warning, .emailHashDropped, level: .warning,
            attributes: ["reason": "not 64 lowercase hex characters (SHA-256 of the trimmed, lowercased address)"]))
        user.emailHash = nil
        return user
    }

    /// The ad ended or was invalidated: `destroy()` no longer needs to reach it.
    func forget(_ ad: VideoAd) {
        // Swapped with the last and dropped: `destroy()` orders them by id, so their order here
        // does not matter, and `removeAll(where:)` moved and destroyed through the whole list.
        if let index = liveAds.firstIndex(where: { $0 === ad }) {
            liveAds.swapAt(index, liveAds.count - 1)
            liveAds.removeLast()
        }
        if held[ad.format] === ad { held[ad.format] = nil }
    }

    func destroy() {
        guard !isDestroyed else { return }
        isDestroyed = true
        sdk.events.record(KontextVideoEvent(.state, .videoAdsDestroyed, level: .info, attributes: ["content": content.id]))
        let requests = inFlight.removeAll()
        for request in requests {
            request.task?.cancel()
            request.answer.finish(.failure(VideoAdError.destroyed))
            request.outcome = request.outcome ?? .failure(VideoAdError.destroyed)
        }
        for ad in liveAds.sorted(by: { $0.id < $1.id }) {
            ad.ownerDestroyed()
        }
        liveAds.removeAll()
        _ = held.removeAll()
        playerTracker.release()
    }
}
