import KontextVideoConcurrency
import KontextVideoCreatives
import KontextVideoVAST

/// One `load()` under way: what wakes its callers, how it ended, the consent macros the creative was
/// made with (they serve the tracking pixels too), and how to stop its work and its
/// time-out. One reference on the ad while loading, none after: a held ad carries no load state.
///
/// Each caller waits once on `progress`, off the main actor, and comes back to it once, either with what the
/// renderer prepared off the main actor (the first caller back hands it to the renderer,
/// `handOver(_:to:)`) or once the load was settled some other way (a renderer
/// that loads on the main actor, the time-out, the ad invalidated or destroyed). Then it returns or
/// throws `result`. A caller whose task is cancelled stops waiting with `CancellationError`; the
/// load goes on, and the next caller gets its result.
@MainActor
final class LoadInProgress {
    /// Wakes every waiting caller, once. Its producer is the load's work (off the main actor,
    /// started there by its first caller; or the renderer's own load on it), until it finished.
    nonisolated let progress = OnceOutcome<LoadProgress>()
    /// How the load ended, once it did: set before `progress` wakes anyone for it.
    private(set) var result: Result<Void, any Error>?
    /// The consent macros the creative was made with (`nil` for an image or a page): a linear
    /// ad's tracking pixels carry them too. Only they, not the whole context, whose copy and
    /// release were main-thread work for every load.
    let macros: LazyVASTMacroContext?
    /// The load's time-out in the runtime's load timer.
    var timeout: (timer: DeadlineTimer, ticket: DeadlineTimer.Ticket)?

    init(macros: LazyVASTMacroContext?) {
        self.macros = macros
    }

    /// Ends the load with `result` and wakes its callers; later calls do nothing.
    func settle(_ result: Result<Void, any Error>) {
        guard self.result == nil else { return }
        self.result = result
        progress.finish(.success(.settled))
    }

    /// Cancels the load's work and its time-out; later calls do nothing.
    func cancel() {
        progress.cancelProducer()
        if let timeout { timeout.timer.cancel(timeout.ticket) }
        timeout = nil
    }
}

/// What the callers of one `load()` wake to.
enum LoadProgress: Sendable {
    /// The renderer's work off the main actor finished with this (`CreativePreparation`): the
    /// first caller back on the main actor hands it over. Wakes nobody when the load was settled first.
    case prepared(PreparedCreative)
    /// The load was settled (`LoadInProgress.result`).
    case settled
}

/// What a renderer's work off the main actor gave, in a box: every caller it wakes gets a
/// reference, not a copy of the result and the value inside it.
final class PreparedCreative: Sendable {
    /// What the work prepared, or why it failed.
    let result: Result<any Sendable, CreativeLoadError>

    init(result: Result<any Sendable, CreativeLoadError>) {
        self.result = result
    }
}

extension LoadInProgress {
    /// Starts `ad`'s load: makes its renderer and the load, against the load timer's time-out.
    /// Returns the load, and its work when it has some to do off the main actor
    /// (`CreativePreparation`), for the first caller to start there; else the renderer's `load()`
    /// started on the main actor.
    static func start(for ad: VideoAd) -> (LoadInProgress, LoadLaunch?) {
        let runtime = ad.runtime
        let context = CreativeContext(
            clock: runtime.clock,
            transport: runtime.adTransport,
            events: runtime.events,
            // Only a VAST creative fills macros: an image or a page makes (and frees) no reader.
            macros: ad.served.creative.kind == .vast ? runtime.trackingMacros(regulatory: ad.context.settings.regulatory) : nil,
            urlRule: runtime.adURLRule
        )
        let renderer = runtime.environment.rendererFactory.makeRenderer(for: ad.served, context: context)
        // What the creative reports means what the lifecycle says where the ad stands; a click only
        // where one can be made and opened (`ClickInputRule`: none on tvOS).
        let recordsClicks = runtime.environment.platform.clickInputRule.recordsCreativeClicks
        renderer.onEvent = { [weak ad] event in
            if case .click = event, !recordsClicks { return }
            ad?.apply(.creative(event, hasEndCard: ad?.renderer?.hasEndCard == true))
        }
        ad.record(.state, .load, level: .debug)
        // In place before any work starts, so whatever settles the load finds it.
        let load = LoadInProgress(macros: context.lazyMacroContext)
        ad.live = LiveCreative(renderer: renderer, loading: load)
        ad.apply(.loadStarted)
        var launch: LoadLaunch?
        if let preparation = renderer.makePreparation() {
            launch = LoadLaunch(preparation: preparation, ad: ad, load: load)
        } else {
            load.progress.setProducer(Task { @MainActor [weak ad, load] in
                let result: Result<Void, CreativeLoadError>
                do {
                    try await renderer.load()
                    result = .success(())
                } catch let failure as CreativeLoadError {
                    result = .failure(failure)
                } catch {
                    result = .failure(CreativeLoadError(code: VASTErrorCode.undefined))
                }
                if let ad { load.finish(result, for: ad) }
            })
        }
        let timeout = runtime.environment.loadTimeout
        let timeoutCode = ad.format == .linear ? VASTErrorCode.mediaFileTimeout : VASTErrorCode.nonLinearFetchFailed
        // Not ready within `timeout` of foreground time: the load fails (a no-op once it finished).
        // Held strongly, as the work holds them: the entry goes when the load settles.
        let loadTimer = runtime.loadTimer
        let timeoutTicket = loadTimer.schedule(at: runtime.activeTime.elapsed + timeout) { [ad, load] in
            load.finish(.failure(CreativeLoadError(code: timeoutCode)), for: ad)
        }
        load.timeout = (loadTimer, timeoutTicket)
        return (load, launch)
    }

    /// Hands what the renderer prepared off the main actor to it, and settles the load with how
    /// that went; does nothing once the load was settled (an earlier caller handed it over, the
    /// time-out passed, the ad ended).
    func handOver(_ prepared: Result<any Sendable, CreativeLoadError>, to ad: VideoAd) {
        guard ad.live?.loading === self, result == nil, let renderer = ad.renderer else { return }
        // The work is done (it handed over what it prepared): nothing to cancel.
        progress.releaseProducer()
        switch prepared {
        case .success(let value):
            do {
                try renderer.finishLoad(with: value)
                finish(.success(()), for: ad)
            } catch let failure as CreativeLoadError {
                finish(.failure(failure), for: ad)
            } catch {
                finish(.failure(CreativeLoadError(code: VASTErrorCode.undefined)), for: ad)
            }
        case .failure(let failure):
            finish(.failure(failure), for: ad)
        }
    }

    /// Settles the load, if it is still `ad`'s: loaded (its pixels owed, a linear ad's tracking),
    /// or failed (the ad invalidated, its VAST error sent, the failure's pixels fired).
    func finish(_ result: Result<Void, CreativeLoadError>, for ad: VideoAd) {
        guard let live = ad.live, live.loading === self else { return }
        switch result {
        case .success:
            AdTrackingPixels(for: ad).sendPixels((live.renderer?.errorPixelsOwed ?? []).map { ($0, "error") })
            if let linear = live.renderer?.resolvedLinearAd {
                live.tracking = LinearTrackingSession(ad: linear, sink: AdTrackingPixels(for: ad), baseContext: macros.values)
                live.pixelMacros = macros.values
                if ad.duration == nil || linear.duration > 0 { ad.duration = linear.duration }
            }
            ad.record(.state, .loaded, level: .info)
            ad.apply(.loaded)
        case .failure(let failure):
            ad.apply(.loadFailed(code: failure.code.rawValue))
            AdTrackingPixels(for: ad).sendPixels(failure.errorPixels.map { ($0, "error") })
        }
    }
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
            await load.handOver(prepared, to: ad)
        })
    }
}
