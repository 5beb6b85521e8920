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
    /// The launch the SDK is in and what the app told it (consent, user, variant).
    let launch: LaunchState

    /// The latest ad per format, shown or not.
    private var held = PerFormat<VideoAd>()
    /// One request per format at a time; concurrent callers wait for the same one.
    private var inFlight = PerFormat<AdRequestInFlight>()
    /// Ads of this object that have not ended, so `destroy()` can reach them (a few at most).
    private var liveAds: [VideoAd] = []

    init(content: KontextVideoContent, labels: [String: String], launch: LaunchState) {
        self.content = content
        self.labels = labels
        self.launch = launch
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
        let (request, work) = inFlight[format].map { ($0, nil) } ?? startRequest(for: format)
        return try await request.join(starting: consume work) { outcome(of: $0, for: format, from: request) }.get()
    }

    /// Prepares the ad request for `format`. With the SDK enabled (the common case) the request is
    /// built here and returned to be sent by the first caller, off the main actor; otherwise a task
    /// waits on the main actor for the SDK's state first (`requireEnabled`, the `/init` retry, the
    /// tracking dialog), and there is no work for the caller to start.
    private func startRequest(for format: AdFormat) -> (AdRequestInFlight, RequestWork?) {
        let request = AdRequestInFlight()
        inFlight[format] = request
        if let runtime = launch.session.runtimeReadyForRequests {
            let work = RequestWork(
                moment: moment(runtime: runtime), requestId: runtime.identifiers.next(), runtime: runtime, book: self,
                request: request, format: format)
            return (request, work)
        }
        // The two parts it needs, not a copy of the whole environment.
        let (clock, identifiers) = (launch.session.environment.clock, launch.session.environment.identifiers)
        let budget = TimeBudget(on: clock)
        request.setWork(Task { @MainActor [weak self, weak request] in
            guard let request else { return }
            let runtime: SDKRuntime
            do {
                guard let self else { return }
                runtime = try await self.launch.session.requireEnabled(budget: budget, regulatory: self.launch.regulatory)
                if self.isDestroyed { throw VideoAdError.destroyed }
            } catch {
                // Nobody waited to hear it (every caller was cancelled): settled now, so the next
                // `format()` asks again (the `/init` retry among it) rather than hearing it.
                if !request.answer(.failure(error)), let self { request.settleUnheard { self.outcome(of: $0, for: format, from: request) } }
                return
            }
            guard let self else { return }
            // Drawn once the request leaves, as on the fast path: one that never does takes no id.
            let requestId = identifiers.next()
            let adRequest = self.adRequest(format, at: self.moment(runtime: runtime))
            let answered = await Self.send(adRequest, requestId: requestId, budget: budget, through: runtime, for: self)
            if !request.answer(.success(answered)) { request.settleUnheard { self.outcome(of: $0, for: format, from: request) } }
        })
        return (request, nil)
    }

    /// An ad request ready to leave: built and sent by the first caller once it left the main
    /// actor. The book and the request are held strongly, not weakly (a weak capture costs a box and
    /// a side table each): the work ends with the request, and the book's `VideoAds` holds it until
    /// its deinit destroyed it, which settles the request.
    private struct RequestWork: SharedCallWork {
        let moment: RequestMoment
        let requestId: UUID
        let runtime: SDKRuntime
        let book: AdRequestBook
        let request: AdRequestInFlight
        let format: AdFormat

        /// Sends the request; its 16 s budget starts here, a hop after the call.
        func run() async -> RequestAnswer {
            await AdRequestBook.send(
                book.adRequest(format, at: moment), requestId: requestId, budget: TimeBudget(on: runtime.clock), through: runtime,
                for: book)
        }

        /// Every caller stopped waiting: the answer is made into its ad now, not by the next one.
        func outcome(of answer: Result<RequestAnswer, any Error>) -> Result<VideoAd, any Error> {
            book.outcome(of: answer, for: format, from: request)
        }
    }

    /// What a request carries that only the main actor can read, as it is at the call: the
    /// playhead, the user, consent, the variant and the device. The rest (the content, its
    /// labels) is the book's for its life, and joins it off the main actor.
    private struct RequestMoment: Sendable {
        let playhead: TimeInterval
        let user: KontextVideoUser?
        let regulatory: KontextVideoRegulatory?
        let variantId: String?
        let device: DeviceFacts
        let identifiers: DeviceIdentifiers
    }

    private func moment(runtime: SDKRuntime) -> RequestMoment {
        RequestMoment(
            playhead: playerTracker.playhead, user: validatedUser(launch.user), regulatory: launch.regulatory,
            variantId: launch.variantId, device: runtime.platform.deviceFacts(), identifiers: runtime.platform.deviceIdentifiers())
    }

    /// The request for `format` at `moment`, with the book's content and labels; built anywhere.
    private nonisolated func adRequest(_ format: AdFormat, at moment: RequestMoment) -> AdRequest {
        AdRequest(
            format: format, content: content, labels: labels, playhead: moment.playhead, user: moment.user,
            regulatory: moment.regulatory, variantId: moment.variantId, device: moment.device, identifiers: moment.identifiers)
    }

    /// Sends `adRequest` through `runtime`'s client and returns what the server said, made into
    /// `book`'s ad right there, off the main actor.
    private nonisolated static func send(
        _ adRequest: AdRequest, requestId: UUID, budget: TimeBudget, through runtime: SDKRuntime, for book: AdRequestBook
    ) async -> RequestAnswer {
        do throws(AdRequestFailure) {
            switch try await runtime.client.requestAd(adRequest, requestId: requestId, budget: budget) {
            case .noFill(let reason):
                return RequestAnswer(requestId: requestId, received: .success(.noFill(reason)))
            case .ad(let served):
                let now = runtime.clock.now
                let context = AdContext(owner: book, runtime: runtime)
                return RequestAnswer(requestId: requestId, received: .success(.ad(VideoAd(served: served, context: context, receivedAt: now), receivedAt: now)))
            }
        } catch {
            return RequestAnswer(requestId: requestId, received: .failure(error))
        }
    }

    /// What a request's answer becomes, made once (by the first caller back, the work when nobody
    /// waited, or `destroy()`) and the same for every caller: the ad (held, and reached by
    /// `destroy()`), or the error, its request outcome reported here with the request's id. The
    /// request stops being in flight.
    private func outcome(
        of answer: Result<RequestAnswer, any Error>, for format: AdFormat, from request: AdRequestInFlight
    ) -> Result<VideoAd, any Error> {
        if inFlight[format] === request { inFlight[format] = nil }
        if isDestroyed { return .failure(VideoAdError.destroyed) }
        let requestId: UUID
        let received: ReceivedAnswer
        switch answer {
        case .success(let answer):
            requestId = answer.requestId
            switch answer.received {
            case .success(let answered):
                received = answered
            case .failure(let failure):
                if let ad = held[format], ad.isHeldValid { return .success(ad) }
                let thrown = failure.publicError
                if thrown is VideoAdError {
                    reportFormatThrown(thrown, format: format, requestId: requestId)
                }
                return .failure(thrown)
            }
        case .failure(let error):
            // What the SDK's state threw before the request left; `format(_:)` reports it.
            return .failure(error)
        }
        switch received {
        case .noFill(let reason):
            let noFill = VideoAdError.noFill(reason: reason)
            reportFormatThrown(noFill, format: format, requestId: requestId)
            return .failure(noFill)
        case .ad(let made, let receivedAt):
            // The ad made off the main actor is the outcome unless one already held is the same
            // ad, or the app showed or rejected it (then it is dropped, having taken part in nothing).
            if let ad = held[format], ad.id == made.id, ad.isHeldValid {
                return .success(ad)
            }
            if made.runtime.usedAds.contains(made.id, now: receivedAt) {
                let used = VideoAdError.noFill(reason: .alreadyUsed)
                reportFormatThrown(used, format: format, note: "ad \(made.id) was shown or rejected", requestId: requestId)
                return .failure(used)
            }
            made.arrived(requestId: requestId)
            held[format] = made
            liveAds.append(made)
            return .success(made)
        }
    }

    /// Drops an email hash that is not 64 lowercase hex characters, with a warning.
    private func validatedUser(_ user: KontextVideoUser?) -> KontextVideoUser? {
        guard var user, let hash = user.emailHash, !EmailHash.isValidHash(hash) else { return user }
        launch.events.record(KontextVideoEvent(
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
        launch.events.record(KontextVideoEvent(.state, .videoAdsDestroyed, level: .info, attributes: ["content": content.id]))
        for request in inFlight.removeAll() {
            request.cancelWork()
            request.settle(.failure(VideoAdError.destroyed))
        }
        for ad in liveAds.sorted(by: { $0.id < $1.id }) {
            ad.apply(.ownerDestroyed)
        }
        liveAds.removeAll()
        _ = held.removeAll()
        playerTracker.release()
    }
}
