import Foundation
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
    private var inFlight = PerFormat<PendingOutcome<VideoAd>>()
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
        return try await request.wait()
    }

    private func startRequest(for format: AdFormat) -> PendingOutcome<VideoAd> {
        let request = PendingOutcome<VideoAd>()
        inFlight[format] = request
        request.task = Task { @MainActor [weak self] in
            guard let self else { return }
            let outcome = await self.perform(format)
            guard self.inFlight[format] === request else { return }
            self.inFlight[format] = nil
            request.finish(outcome)
        }
        return request
    }

    /// One ad request, answered within `TimeBudget.publicCall` whatever the server does: waiting
    /// for initialization, the `/init` retry, the attempts and their back-offs all share it.
    private func perform(_ format: AdFormat) async -> Result<VideoAd, any Error> {
        let budget = TimeBudget(on: sdk.environment.clock)
        let runtime: SDKRuntime
        do {
            runtime = try await sdk.requireEnabled(budget: budget)
        } catch {
            return .failure(error)
        }
        if isDestroyed { return .failure(VideoAdError.destroyed) }
        let adRequest = AdRequest(
            format: format,
            content: content,
            labels: labels,
            playhead: playerTracker.playhead,
            user: validatedUser(sdk.user),
            regulatory: sdk.regulatory,
            variantId: sdk.variantId,
            device: runtime.environment.platform.deviceFacts(),
            identifiers: runtime.environment.platform.deviceIdentifiers()
        )
        let answer: AdAnswer
        let requestId = RandomIdentifier.next()
        do {
            answer = try await runtime.client.requestAd(adRequest, requestId: requestId, budget: budget)
        } catch {
            if isDestroyed { return .failure(VideoAdError.destroyed) }
            if let ad = held[format], ad.isHeldValid { return .success(ad) }
            let thrown = error.publicError
            if thrown is VideoAdError {
                reportFormatThrown(thrown, format: format, requestId: requestId)
            }
            return .failure(thrown)
        }
        if isDestroyed { return .failure(VideoAdError.destroyed) }
        switch answer {
        case .noFill(let reason):
            let noFill = VideoAdError.noFill(reason: reason)
            reportFormatThrown(noFill, format: format, requestId: requestId)
            return .failure(noFill)
        case .ad(let served):
            if let ad = held[format], ad.id == served.id, ad.isHeldValid {
                return .success(ad)
            }
            if runtime.usedAds.contains(served.id, now: runtime.clock.now) {
                let used = VideoAdError.noFill(reason: .alreadyUsed)
                reportFormatThrown(used, format: format, note: "ad \(served.id) was shown or rejected", requestId: requestId)
                return .failure(used)
            }
            let ad = VideoAd(served: served, owner: self, runtime: runtime, requestId: requestId)
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
        liveAds.removeAll { $0 === ad }
        if held[ad.format] === ad { held[ad.format] = nil }
    }

    func destroy() {
        guard !isDestroyed else { return }
        isDestroyed = true
        sdk.events.record(KontextVideoEvent(.state, .videoAdsDestroyed, level: .info, attributes: ["content": content.id]))
        let requests = inFlight.removeAll()
        for request in requests {
            request.task?.cancel()
            request.finish(.failure(VideoAdError.destroyed))
        }
        for ad in liveAds.sorted(by: { $0.id < $1.id }) {
            ad.ownerDestroyed()
        }
        liveAds.removeAll()
        _ = held.removeAll()
        playerTracker.release()
    }
}
