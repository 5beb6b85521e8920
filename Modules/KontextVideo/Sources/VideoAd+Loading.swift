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
        try await reporting("load()") {
            try checkUsable()
            if isLoaded || wasShown { return }
            // Concurrent calls wait for the load under way, off the main actor, each coming back
            // once; the first starts its work there.
            let (load, launch) = loading.map { ($0, nil) } ?? startLoading()
            if load.result == nil, case .prepared(let prepared) = try await awaitOffMainActor(load.progress, launching: consume launch) {
                takePrepared(prepared.result, of: load)
            }
            // Settled by now: by what was prepared (handed over just above, or by an earlier
            // caller), or by whatever woke this caller (`LoadInProgress.settle`).
            try (load.result ?? .failure(VideoAdError.creativeFailed(code: VASTErrorCode.undefined.rawValue))).get()
        }
    }

    /// Makes the renderer and its load, against the load timer's time-out: its work, when it has
    /// some to do off the main actor (`CreativePreparation`), returned for the first caller to
    /// start there; else its `load()`, started on the main actor.
    private func startLoading() -> (LoadInProgress, LoadLaunch?) {
        let context = CreativeContext(
            clock: runtime.clock,
            transport: runtime.adTransport,
            events: runtime.events,
            // Only a VAST creative fills macros: an image or a page makes (and frees) no reader.
            macros: served.creative.kind == .vast ? runtime.trackingMacros(regulatory: sdk.regulatory) : nil,
            urlRule: runtime.adURLRule
        )
        let renderer = runtime.environment.rendererFactory.makeRenderer(for: served, context: context)
        self.renderer = renderer
        renderer.onEvent = { [weak self] event in self?.handle(event) }
        record(.state, .load, level: .debug)
        // In place before any work starts, so whatever settles the load finds it.
        let load = LoadInProgress(macros: context.lazyMacroContext)
        loading = load
        var launch: LoadLaunch?
        if let preparation = renderer.makePreparation() {
            launch = LoadLaunch(preparation: preparation, ad: self, load: load)
        } else {
            load.progress.setProducer(Task { @MainActor [weak self] in
                do {
                    try await renderer.load()
                    self?.finishLoading(.success(()))
                } catch let failure as CreativeLoadError {
                    self?.finishLoading(.failure(failure))
                } catch {
                    self?.finishLoading(.failure(CreativeLoadError(code: VASTErrorCode.undefined)))
                }
            })
        }
        let timeout = runtime.environment.loadTimeout
        let timeoutCode = format == .linear ? VASTErrorCode.mediaFileTimeout : VASTErrorCode.nonLinearFetchFailed
        // Not ready within `timeout` of foreground time: the load fails (a no-op once it finished).
        // Held strongly, as the work holds them: the entry goes when the load settles.
        let loadTimer = runtime.loadTimer
        let timeoutTicket = loadTimer.schedule(at: runtime.activeTime.elapsed + timeout) { [self, load] in
            guard loading === load else { return }
            finishLoading(.failure(CreativeLoadError(code: timeoutCode)))
        }
        load.timeout = (loadTimer, timeoutTicket)
        return (load, launch)
    }

    /// A creative's work off the main actor, ready to start: started by the first caller of
    /// `load()` once it left the main actor (`awaitOffMainActor(_:launching:)`).
    struct LoadLaunch: OffMainActorLaunch {
        let preparation: CreativePreparation
        let ad: VideoAd
        let load: LoadInProgress

        /// Runs the work from a task of its own, at the caller's priority, so the caller's
        /// cancellation stops only its own wait; the task is the progress's producer, for the load
        /// to cancel. Each waiting caller then wakes once with its result (`load()`); only when
        /// none waits (all were cancelled) does the work come back to the main actor itself to
        /// hand the result over. The ad is held strongly (a weak capture costs a box): its
        /// `VideoAds` holds it while it loads anyway, and an ad that ends cancels the work.
        func start() {
            load.progress.setProducer(Task.detached(priority: Task.currentPriority) { [self] in
                let prepared: Result<any Sendable, CreativeLoadError>
                do {
                    prepared = .success(try await preparation.run())
                } catch let failure as CreativeLoadError {
                    prepared = .failure(failure)
                } catch {
                    prepared = .failure(CreativeLoadError(code: VASTErrorCode.undefined))
                }
                guard load.progress.finish(.success(.prepared(PreparedCreative(result: prepared)))) == 0 else { return }
                await ad.takePrepared(prepared, of: load)
            })
        }
    }

    /// Hands what the renderer prepared off the main actor to it, and settles the load with how
    /// that went; does nothing once the load was settled (an earlier caller handed it over, the
    /// time-out passed, the ad ended).
    func takePrepared(_ prepared: Result<any Sendable, CreativeLoadError>, of load: LoadInProgress) {
        guard loading === load, load.result == nil, let renderer else { return }
        // The work is done (it handed over what it prepared): nothing to cancel.
        load.progress.releaseProducer()
        switch prepared {
        case .success(let value):
            do {
                try renderer.finishLoad(with: value)
                finishLoading(.success(()))
            } catch let failure as CreativeLoadError {
                finishLoading(.failure(failure))
            } catch {
                finishLoading(.failure(CreativeLoadError(code: VASTErrorCode.undefined)))
            }
        case .failure(let failure):
            finishLoading(.failure(failure))
        }
    }

    /// Settles the load under way, once: loaded (its pixels owed, a linear ad's tracking), or
    /// failed (the ad invalidated, its VAST error sent). Also reached from a creative's failure.
    func finishLoading(_ result: Result<Void, CreativeLoadError>) {
        guard let load = loading, load.result == nil else { return }
        load.cancel()
        // Settled either way: a loaded ad never loads again, a failed one is invalidated.
        defer { loading = nil }
        // An ad invalidated (or destroyed) meanwhile settled `loading` already: the guard returned.
        switch result {
        case .success:
            isLoaded = true
            trackingPixels.sendPixels((renderer?.errorPixelsOwed ?? []).map { ($0, "error") })
            if let linear = renderer?.resolvedLinearAd {
                tracking = LinearTrackingSession(
                    ad: linear, sink: trackingPixels,
                    baseContext: load.macros.values)
                pixelMacros = load.macros.values
                if duration == nil || linear.duration > 0 { duration = linear.duration }
            }
            record(.state, .loaded, level: .info)
            load.settle(.success(()))
        case .failure(let failure):
            let code = failure.code.rawValue
            // The load itself throws `creativeFailed`; later calls see the invalidation.
            load.settle(.failure(VideoAdError.creativeFailed(code: code)))
            invalidate(.creativeFailed(code: code))
            runtime.send(.vastError(code: code, adId: id, format: format, playhead: owner.playerTracker.playhead))
            trackingPixels.sendPixels(failure.errorPixels.map { ($0, "error") })
        }
    }
}
