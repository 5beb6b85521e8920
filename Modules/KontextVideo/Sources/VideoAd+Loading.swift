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

    /// Starts the ad's load: makes its renderer and the load, against the load timer's time-out.
    /// Returns the load, and its work when it has some to do off the main actor
    /// (`CreativePreparation`), for the first caller to start there; else the renderer's `load()`
    /// started on the main actor.
    func startLoading() -> (LoadCall, LoadWork?) {
        let creativeContext = runtime.creativeContext(for: served, regulatory: context.settings.regulatory, contentLanguage: owner.content.language)
        let renderer = runtime.environment.rendererFactory.makeRenderer(for: served, context: creativeContext)
        // What the creative reports means what the lifecycle says where the ad stands; a click only
        // where one can be made and opened (`ClickInputRule`: none on tvOS).
        let recordsClicks = runtime.environment.platform.clickInputRule.recordsCreativeClicks
        renderer.onEvent = { [weak self] event in
            if case .click = event, !recordsClicks { return }
            self?.apply(.creative(event, hasEndCard: self?.renderer?.hasEndCard == true))
        }
        record(.state, .load, level: .debug)
        // In place before any work starts, so whatever settles the load finds it.
        let call = LoadCall()
        live = LiveCreative(renderer: renderer, loading: LoadInProgress(call: call, macros: creativeContext.lazyMacroContext))
        apply(.loadStarted)
        var work: LoadWork?
        if let preparation = renderer.makePreparation() {
            work = LoadWork(preparation: preparation, ad: self, call: call)
        } else {
            call.setWork(Task { @MainActor [weak self, call] in
                let result: Result<Void, CreativeLoadError>
                do {
                    try await renderer.load()
                    result = .success(())
                } catch {
                    result = .failure(CreativeLoadError(anyError: error))
                }
                self?.finishLoading(result, of: call)
            })
        }
        let timeoutCode = format == .linear ? VASTErrorCode.mediaFileTimeout : VASTErrorCode.nonLinearFetchFailed
        // Not ready within the time-out of foreground time: the load fails (a no-op once it
        // finished). Held strongly, as the work holds them: the entry goes when the load settles.
        let loadTimer = runtime.loadTimer
        let ticket = loadTimer.schedule(at: runtime.activeTime.elapsed + runtime.environment.loadTimeout) { [self, call] in
            finishLoading(.failure(CreativeLoadError(code: timeoutCode)), of: call)
        }
        live?.loading?.timeout = (loadTimer, ticket)
        return (call, work)
    }

    /// Hands what the renderer prepared off the main actor to it, and settles the load with how
    /// that went; only hands it over while the load is the ad's (not after the time-out, the ad
    /// ended).
    /// - Returns: The load's outcome.
    func handOver(_ prepared: Result<PreparedCreative, any Error>, of call: LoadCall) -> Result<Void, any Error> {
        if live?.loading?.call === call, renderer != nil {
            let loaded = prepared.flatMap { prepared in Result { try prepared.finishLoad() } }
            finishLoading(loaded.mapError { CreativeLoadError(anyError: $0) }, of: call)
        }
        // Settled by now, through the lifecycle (`settleLoad`), by this or by what ended the load.
        return call.outcome ?? .failure(VideoAdError.creativeFailed(code: VASTErrorCode.undefined.rawValue))
    }

    /// Ends the load, if it is still the ad's: loaded (its pixels owed, a linear ad's tracking),
    /// or failed (the ad invalidated, its VAST error sent, the failure's pixels fired). The
    /// lifecycle settles the call.
    func finishLoading(_ result: Result<Void, CreativeLoadError>, of call: LoadCall) {
        guard let live, let loading = live.loading, loading.call === call else { return }
        switch result {
        case .success:
            AdTrackingPixels(for: self).sendPixels((live.renderer?.errorPixelsOwed ?? []).map { ($0, "error") })
            if let linear = live.renderer?.resolvedLinearAd {
                live.tracking = LinearTrackingSession(
                    ad: linear, sink: AdTrackingPixels(for: self), baseContext: loading.macros.values, wallClock: runtime.environment.wallClock)
                live.pixelMacros = loading.macros.values
                if duration == nil || linear.duration > 0 { duration = linear.duration }
            }
            record(.state, .loaded, level: .info)
            apply(.loaded)
        case .failure(let failure):
            apply(.loadFailed(code: failure.code.rawValue))
            AdTrackingPixels(for: self).sendPixels(failure.errorPixels.map { ($0, "error") })
        }
    }
}
