import KontextVideoConcurrency
import KontextVideoCreatives
import KontextVideoVAST

/// One `load()` under way: the call its callers share (`SharedCall`), the consent macros the
/// creative was made with (they serve the tracking pixels too), and its time-out. Held by the ad's
/// creative while it loads, none after: a loaded ad carries no load state.
///
/// Each caller waits once, off the main actor, and comes back to it once: with what the renderer
/// prepared off the main actor (the first caller back hands it to the renderer), or once the load
/// was settled some other way (a renderer that loads on the main actor, the time-out, the ad
/// invalidated or destroyed: the lifecycle's `settleLoad`).
struct LoadInProgress {
    /// The load its callers share; it settles through the ad's lifecycle.
    let call: LoadCall
    /// The consent macros the creative was made with (`nil` for an image or a page): a linear
    /// ad's tracking pixels carry them too. Only they, not the whole context, whose copy and
    /// release were main-thread work for every load.
    let macros: LazyVASTMacroContext?
    /// The load's time-out in the runtime's load timer.
    var timeout: (timer: DeadlineTimer, ticket: DeadlineTimer.Ticket)?

    /// Cancels the load's work and its time-out.
    @MainActor mutating func cancel() {
        call.cancelWork()
        if let timeout { timeout.timer.cancel(timeout.ticket) }
        timeout = nil
    }
}

/// A load, shared by its callers: what the renderer prepared off the main actor, and whether the
/// creative got ready.
typealias LoadCall = SharedCall<PreparedCreative, Void>

extension VideoAd {
    /// Starts the ad's load: makes its renderer and the load, against the load timer's time-out.
    /// Returns the load, and its work when it has some to do off the main actor
    /// (`CreativePreparation`), for the first caller to start there; else the renderer's `load()`
    /// started on the main actor.
    func startLoading() -> (LoadCall, LoadWork?) {
        let context = CreativeContext(
            clock: runtime.clock,
            transport: runtime.adTransport,
            events: runtime.events,
            // Only a VAST creative fills macros: an image or a page makes (and frees) no reader.
            macros: served.creative.kind == .vast ? runtime.trackingMacros(regulatory: self.context.settings.regulatory) : nil,
            urlRule: runtime.adURLRule,
            network: runtime.environment.network.current,
            controlTexts: runtime.controlTexts,
            contentLanguage: self.context.owner.content.language,
            clickInputRule: runtime.environment.platform.clickInputRule,
            wallClock: runtime.environment.wallClock
        )
        let renderer = runtime.environment.rendererFactory.makeRenderer(for: served, context: context)
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
        live = LiveCreative(renderer: renderer, loading: LoadInProgress(call: call, macros: context.lazyMacroContext))
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
                } catch let failure as CreativeLoadError {
                    result = .failure(failure)
                } catch {
                    result = .failure(CreativeLoadError(code: VASTErrorCode.undefined))
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
            switch prepared {
            case .success(let prepared):
                do {
                    try prepared.finishLoad()
                    finishLoading(.success(()), of: call)
                } catch let failure as CreativeLoadError {
                    finishLoading(.failure(failure), of: call)
                } catch {
                    finishLoading(.failure(CreativeLoadError(code: VASTErrorCode.undefined)), of: call)
                }
            case .failure(let failure as CreativeLoadError):
                finishLoading(.failure(failure), of: call)
            case .failure:
                finishLoading(.failure(CreativeLoadError(code: VASTErrorCode.undefined)), of: call)
            }
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

/// A creative's work off the main actor, ready to start: started by the first caller of
/// `load()` once it left the main actor. The ad is held strongly (a weak capture costs a box): its
/// `VideoAds` holds it while it loads anyway, and an ad that ends cancels the work.
struct LoadWork: SharedCallWork {
    let preparation: CreativePreparation
    let ad: VideoAd
    let call: LoadCall

    /// Fetches (and reads) what the creative needs.
    func run() async throws -> PreparedCreative {
        try await preparation.run()
    }

    /// Every caller stopped waiting: the work hands its result over itself.
    func outcome(of prepared: Result<PreparedCreative, any Error>) -> Result<Void, any Error> {
        ad.handOver(prepared, of: call)
    }
}
