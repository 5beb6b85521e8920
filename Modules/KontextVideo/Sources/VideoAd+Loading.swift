import Foundation
import KontextVideoVAST
import KontextVideoScheduling
import KontextVideoNetworking
import KontextVideoConcurrency
import KontextVideoCreatives

extension VideoAd {
    /// Renders the creative off screen and returns once the page reports it ready (its
    /// `ready-iframe`; a page without the bridge, at its load event), so `show()` is instant.
    ///
    /// Call it once you decided to use the ad; concurrent calls share one load, and a call after
    /// it finished returns at once. The creative gets 10 seconds of active time: time with the app
    /// in the background does not count. A failed `load()` fires the creative's VAST error event
    /// and invalidates the ad (`.creativeFailed(code:)`): ask ``VideoAds/format(_:)`` again.
    ///
    /// ```swift
    /// let linear = try await ads.format(.linear)
    /// try await linear.load()
    /// try linear.show()
    /// ```
    ///
    /// - Throws: ``VideoAdError/creativeFailed(code:)`` (the creative did not load within 10 s of
    ///   active time, or failed; `code` is the VAST error code), ``VideoAdError/invalidated(_:)``
    ///   (the ad ended before it was shown: expired, rejected or failed), ``VideoAdError/destroyed``
    ///   (its `VideoAds` was destroyed), ``VideoAdError/disabled(reason:)`` (the server switched the
    ///   SDK off for this launch).
    public func load() async throws {
        try await VideoAdCallState.reporting(self, "load()") {
            try checkUsable()
            if isLoaded || wasShown { return }
            // Concurrent calls share one load (`SharedCall`): each waits off the main actor and
            // comes back once; the first starts its work there, the first back hands it over.
            let (load, work) = live?.loading.map { ($0.call, nil) } ?? startLoading()
            try await load.join(starting: consume work) { handOver($0, of: load) }.get()
        }
    }
}
