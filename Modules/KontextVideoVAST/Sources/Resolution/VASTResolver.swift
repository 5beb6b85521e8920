import Foundation
import KontextVideoModels
import KontextVideoScheduling

/// Resolves a VAST source into playable linear ads: parses it, follows wrappers over the
/// network, merges their tracking (`VASTChainMerger`) and picks media files (`MediaFileSelector`).
///
/// Policy:
/// - **Depth**: `maxDepth` is the most wrappers one chain may walk (5 by default); a wrapper
///   beyond it fails with 302 (jonhoo/vast-vmap semantics: limit 0 refuses the first wrapper;
///   vast-client-js's `wrapperLimit` counts one more).
/// - **Hops**: each `VASTAdTagURI` is resolved against the URL of the document holding it
///   (scheme-relative `//host/…` gets `https:` when there is none), must use a scheme in
///   `allowedSchemes`, and is fetched within `hopTimeout` on the injected clock; a time-out,
///   a fetch error or a missing URI is 301 (a `VASTError` thrown by the fetcher keeps its code).
///   One `KontextVideoEvent(.vastHop, …)` is recorded per hop, with the fetch's time on the
///   clock (`elapsed`, seconds).
/// - **Which ads**: a document with a pod (ads with `sequence`) plays the pod in `sequence`
///   order; one without plays the first stand-alone ad that resolves (ad buffet / waterfall).
///   Inside a wrapper with `allowMultipleAds` false (the default), only the first stand-alone
///   ad of the response is allowed, and a response holding only pod ads fails with 303
///   (fluid-player `vast_error_wrapper_pod.xml`). A pod ad that fails is skipped; if it was a
///   wrapper with `fallbackOnNoAd="true"`, the next unused stand-alone ad takes its place.
///   A single ad returned through a wrapper takes the wrapper's `sequence`.
/// - **Nested wrappers** are refused with 300 when the parent says `followAdditionalWrappers="false"`.
/// - **No ad**: an empty response, or one whose ads all failed, is 303 (or the first failing
///   ad's code), pinging every `<Error>` of the chain: outermost wrapper first, then inwards,
///   then the root-level `<Error>`s of the document that had no ad.
package struct VASTResolver: Sendable {
    private let fetcher: any VASTFetching
    /// Fills the macros of each `VASTAdTagURI` before it is fetched (`[CACHEBUSTING]`,
    /// `[TIMESTAMP]`, consent, app): the spec lists them for VAST request URIs.
    private let requestMacros: VASTMacroContext
    private let clock: any SchedulingClock
    /// The date a wrapper request's `[TIMESTAMP]` carries when the request macros give none.
    private let wallClock: WallClock
    private let maxDepth: Int
    private let hopTimeout: Duration
    private let events: (any KontextVideoEventMonitor)?
    private let selector: MediaFileSelector
    private let allowedSchemes: Set<String>

    /// Creates a resolver.
    /// - Parameters:
    ///   - fetcher: fetches wrapper targets (and `.url` sources).
    ///   - clock: the clock the per-hop time-out runs on.
    ///   - maxDepth: the most wrappers one chain may walk.
    ///   - hopTimeout: the time one fetch may take.
    ///   - events: hears one `.vastHop` event per hop.
    ///   - device: what media files the device plays.
    ///   - allowedSchemes: URL schemes a `VASTAdTagURI` may use (add `file` for local inspection).
    ///   - urlRule: what a media file's URL may point at (`MediaFileSelector`).
    ///   - wallClock: the date of a wrapper request's `[TIMESTAMP]` when `requestMacros` has none.
    package init(
        fetcher: any VASTFetching,
        clock: any SchedulingClock,
        maxDepth: Int = 5,
        hopTimeout: Duration = .seconds(5),
        events: (any KontextVideoEventMonitor)? = nil,
        device: DeviceProfile = .standard,
        allowedSchemes: Set<String> = ["http", "https"],
        requestMacros: VASTMacroContext = VASTMacroContext(),
        urlRule: AdURLRule = AdURLRule(allowsLocalHosts: true),
        wallClock: WallClock = .system
    ) {
        self.wallClock = wallClock
        self.requestMacros = requestMacros
        self.fetcher = fetcher
        self.clock = clock
        self.maxDepth = max(0, maxDepth)
        self.hopTimeout = hopTimeout
        self.events = events
        self.selector = MediaFileSelector(device: device, urlRule: urlRule)
        self.allowedSchemes = Set(allowedSchemes.map { $0.lowercased() })
    }

    /// Resolves `source` into ads to play, or the error and the pings it owes.
    package func resolve(_ source: VASTSource) async -> VASTResolution {
        let log = WalkLog()
        let data: Data
        let baseURL: URL?
        switch source {
        case .document(let bytes, let url):
            data = bytes
            baseURL = url
        case .url(let url):
            let started = clock.now
            switch await fetch(url) {
            case .success(let bytes):
                record(depth: 0, url: url.absoluteString, outcome: "fetched \(bytes.count) bytes", since: started)
                data = bytes
                baseURL = url
            case .failure(let error):
                record(depth: 0, url: url.absoluteString, outcome: "error \(error.code.rawValue)", since: started)
                return VASTResolution(ads: [], error: error, errorPings: [], hops: [])
            }
        }
        let outcome = await resolveDocument(data, url: baseURL, chain: Chain(), log: log)
        var pings = outcome.sideFailures.map(\.ping)
        if outcome.ads.isEmpty {
            let failure = outcome.failure ?? Failure(error: VASTError(.noAdsAfterWrapper, "no ad"), urls: [])
            pings.append(failure.ping)
            return VASTResolution(ads: [], error: failure.error, errorPings: pings, hops: log.hops, version: log.rootVersion)
        }
        return VASTResolution(ads: outcome.ads, error: nil, errorPings: pings, hops: log.hops, version: log.rootVersion)
    }

    // MARK: - Walk

    /// The wrappers above the document being resolved, outermost first.
    private struct Chain {
        var wrappers: [VASTAd] = []
        var hops: [VASTWrapperHop] = []
    }

    /// A failure and the `<Error>` URLs it owes, from the level it happened at inwards.
    private struct Failure {
        var error: VASTError
        var urls: [String]

        var ping: VASTErrorPing { VASTErrorPing(code: error.code, urls: urls, message: error.message) }

        /// The same failure seen from one wrapper further out.
        func behind(_ wrapper: VASTAd) -> Failure {
            Failure(error: error, urls: wrapper.errorURLs + urls)
        }
    }

    private struct Outcome {
        var ads: [ResolvedLinearAd] = []
        var sideFailures: [Failure] = []
        var failure: Failure?
    }

    /// State of one `resolve` call, touched by that call's task only.
    private final class WalkLog {
        var hops: [VASTWrapperHop] = []
        var rootVersion: String?
        var parsedRoot = false
    }

    private func resolveDocument(_ data: Data, url: URL?, chain: Chain, log: WalkLog) async -> Outcome {
        let document: VASTDocument
        switch VASTParser.parse(data) {
        case .success(let parsed): document = parsed
        case .failure(let error): return Outcome(failure: Failure(error: error, urls: []))
        }
        if !log.parsedRoot {
            log.parsedRoot = true
            log.rootVersion = document.version
        }
        guard !document.ads.isEmpty else {
            return Outcome(failure: Failure(error: VASTError(.noAdsAfterWrapper, "the VAST response has no ad"), urls: document.errorURLs))
        }
        let standalone = document.ads.filter { $0.sequence == nil }
        var outcome = Outcome()
        var failures: [Failure] = []

        if let parent = chain.wrappers.last, parent.allowMultipleAds != true {
            guard let first = standalone.first else {
                let error = VASTError(.noAdsAfterWrapper, "the wrapper does not allow multiple ads and the response holds only pod ads")
                return Outcome(failure: Failure(error: error, urls: document.errorURLs))
            }
            let result = await resolveAd(first, documentURL: url, chain: chain, log: log)
            outcome.ads = result.ads
            outcome.sideFailures = result.sideFailures
            if let failure = result.failure { failures.append(failure) }
        } else {
            let pod = document.ads.enumerated()
                .filter { $0.element.sequence != nil }
                .sorted { ($0.element.sequence ?? 0, $0.offset) < ($1.element.sequence ?? 0, $1.offset) }
                .map(\.element)
            var spare = standalone[...]
            if pod.isEmpty {
                // Ad buffet: the first stand-alone ad that resolves.
                while let next = spare.popFirst() {
                    let result = await resolveAd(next, documentURL: url, chain: chain, log: log)
                    outcome.sideFailures += result.sideFailures
                    if let failure = result.failure { failures.append(failure) }
                    if !result.ads.isEmpty {
                        outcome.ads = result.ads
                        break
                    }
                }
            } else {
                for ad in pod {
                    let result = await resolveAd(ad, documentURL: url, chain: chain, log: log)
                    outcome.sideFailures += result.sideFailures
                    outcome.ads += result.ads
                    guard let failure = result.failure else { continue }
                    failures.append(failure)
                    guard ad.kind == .wrapper, ad.fallbackOnNoAd == true else { continue }
                    while let next = spare.popFirst() {
                        let replacement = await resolveAd(next, documentURL: url, chain: chain, log: log)
                        outcome.sideFailures += replacement.sideFailures
                        if let failure = replacement.failure { failures.append(failure) }
                        if !replacement.ads.isEmpty {
                            outcome.ads += replacement.ads
                            break
                        }
                    }
                }
            }
        }
        if outcome.ads.isEmpty {
            let first = failures.first?.error ?? VASTError(.noAdsAfterWrapper, "no ad could be resolved")
            outcome.failure = Failure(error: first, urls: failures.flatMap(\.urls))
        } else {
            outcome.sideFailures += failures
        }
        return outcome
    }

    private func resolveAd(_ ad: VASTAd, documentURL: URL?, chain: Chain, log: WalkLog) async -> Outcome {
        switch ad.kind {
        case .inLine:
            switch VASTChainMerger.merge(inLine: ad, wrappers: chain.wrappers, hops: chain.hops, selector: selector) {
            case .success(let resolved): return Outcome(ads: [resolved])
            case .failure(let error): return Outcome(failure: Failure(error: error, urls: ad.errorURLs))
            }
        case .wrapper:
            return await followWrapper(ad, documentURL: documentURL, chain: chain, log: log)
        }
    }

    private func followWrapper(_ ad: VASTAd, documentURL: URL?, chain: Chain, log: WalkLog) async -> Outcome {
        var hop = VASTWrapperHop(
            depth: chain.wrappers.count + 1, documentURL: documentURL?.absoluteString,
            adId: ad.id, adSystem: ad.adSystem, adTagURI: ad.adTagURI
        )
        var started: Duration?
        func fail(_ error: VASTError) -> Outcome {
            hop.error = error
            log.hops.append(hop)
            record(depth: hop.depth, url: hop.fetchedURL ?? hop.adTagURI ?? "", outcome: "error \(error.code.rawValue)", since: started)
            return Outcome(failure: Failure(error: error, urls: ad.errorURLs))
        }
        if chain.wrappers.last?.followAdditionalWrappers == false {
            return fail(VASTError(.wrapperGeneral, "the parent wrapper does not allow additional wrappers"))
        }
        guard chain.wrappers.count < maxDepth else {
            return fail(VASTError(.wrapperLimit, "wrapper limit of \(maxDepth) reached"))
        }
        guard let uri = ad.adTagURI else {
            return fail(VASTError(.wrapperTimeout, "the wrapper has no VASTAdTagURI"))
        }
        var macros = requestMacros
        macros.timestamp = macros.timestamp ?? wallClock.now
        guard let target = resolveURL(VASTMacros.expand(uri, context: macros), against: documentURL) else {
            return fail(VASTError(.wrapperTimeout, "VASTAdTagURI \(uri) is not a URL this resolver follows"))
        }
        hop.fetchedURL = target.absoluteString
        let data: Data
        started = clock.now
        switch await fetch(target) {
        case .success(let bytes): data = bytes
        case .failure(let error): return fail(error)
        }
        log.hops.append(hop)
        record(depth: hop.depth, url: target.absoluteString, outcome: "fetched \(data.count) bytes", since: started)
        let inner = Chain(wrappers: chain.wrappers + [ad], hops: chain.hops + [hop])
        var outcome = await resolveDocument(data, url: target, chain: inner, log: log)
        outcome.sideFailures = outcome.sideFailures.map { $0.behind(ad) }
        outcome.failure = outcome.failure.map { $0.behind(ad) }
        if outcome.ads.count == 1, let sequence = ad.sequence {
            outcome.ads[0].sequence = sequence
        }
        return outcome
    }

    // MARK: - Pieces

    private func fetch(_ url: URL) async -> Result<Data, VASTError> {
        let fetcher = self.fetcher
        do {
            let data = try await withDeadline(hopTimeout, on: clock) { try await fetcher.fetch(url) }
            guard data.count <= VASTParser.maxDocumentBytes else {
                return .failure(VASTError(.xmlParsing, "document is \(data.count) bytes, over the limit"))
            }
            return .success(data)
        } catch let error as VASTError {
            return .failure(error)
        } catch is DeadlineExceeded {
            return .failure(VASTError(.wrapperTimeout, "no response from \(url.absoluteString) within \(hopTimeout)"))
        } catch {
            return .failure(VASTError(.wrapperTimeout, "could not fetch \(url.absoluteString): \(error.localizedDescription)"))
        }
    }

    /// The absolute URL a `VASTAdTagURI` points at, or `nil` when it is not one this resolver follows.
    package func resolveURL(_ uri: String, against base: URL?) -> URL? {
        var text = uri.trimmingCharacters(in: .whitespacesAndNewlines)
        if text.hasPrefix("//"), base == nil { text = "https:" + text }
        guard let url = URL.lenient(text, relativeTo: base), let scheme = url.scheme?.lowercased(), allowedSchemes.contains(scheme) else {
            return nil
        }
        if scheme != "file", url.host == nil { return nil }
        return url
    }

    /// Records one hop; `elapsed` is the time since `started` on the clock (the fetch's time), in
    /// seconds, when the hop got as far as fetching.
    private func record(depth: Int, url: String, outcome: String, since started: Duration?) {
        guard let events else { return }
        var attributes = ["depth": String(depth), "url": url, "outcome": outcome]
        if let started { attributes["elapsed"] = String((clock.now - started).timeInterval) }
        events.record(KontextVideoEvent(.vastHop, depth == 0 ? .vastTag : .vastWrapper, attributes: attributes))
    }
}
