import Foundation
import KontextVideoNetworking
import KontextVideoCreatives
import KontextVideoScheduling

extension VideoAd {
    /// Feeds `input` to the lifecycle and runs what it asks for.
    func apply(_ input: VideoAdLifecycle.Input) {
        run(lifecycle.take(input))
    }

    /// Runs the lifecycle's `actions`, in order: the one runner, the creative's actions included
    /// (they do nothing for an ad never loaded, which has no creative). An action may call back
    /// into the ad (a delegate that dismisses it): the lifecycle moved before, so the nested input
    /// finds it where it stands.
    func run(_ actions: [VideoAdLifecycle.Action]) {
        for action in actions {
            switch action {
            case .send(let moment):
                // No timestamp here: the pipeline stamps the event with its injected wall clock as
                // it queues it, the one clock on an event's road.
                runtime.send(moment.serverEvent(adId: id, format: format, playhead: context.playhead))
            case .deliver(let moment): deliver(moment)
            case .settleLoad(let error): live?.settleLoad(error)
            case .recordInvalidation(let reason): record(.state, .invalidated, level: .info, ["reason": "\(reason)"])
            case .releaseRenderer: live?.releaseRenderer()
            case .cancelExpiry:
                // The expiry no longer matters: its timer entry goes now, so a destroyed ad leaves nothing behind.
                if let expiryTicket { runtime.expiryTimer.cancel(expiryTicket) }
                expiryTicket = nil
            case .markUsed: runtime.usedAds.insert(id, validUntil: lifecycle.expiresAt, now: runtime.clock.now)
            case .forget: owner.forget(self)
            case .takeSlot:
                context.session.adOnScreen = self
                live?.attribution = AdAttribution.started(for: self)
            case .leaveSlot: if context.session.adOnScreen === self { context.session.adOnScreen = nil }
            case .trackingNotUsed: live?.tracking?.notUsed()
            case .measure(let event): live?.measure(event, playhead: self.context.playhead)
            case .measureImpression: live?.measureImpression()
            case .measureEnd(let reason): live?.measureEnd(reason)
            case .takeDown(let reason, let releasingRenderer):
                guard let live else { apply(.takenDown); continue }
                live.takeDown(reason, releasingRenderer: releasingRenderer) { [self] in apply(.takenDown) }
            case .openClick(let area, let url):
                ClickTarget(
                    tapOn: area, creativeURL: url, of: served, linear: renderer?.resolvedLinearAd, rule: runtime.adURLRule,
                    attribution: runtime.environment.platform.attribution.capabilities)
                    .open(tappedOn: area, of: self)
            case .signalCreative(let signal): live?.renderer?.receive(signal)
            case .abandonWork: live?.abandonWork()
            case .continueOnNextTurn:
                // A task on the main actor runs after the current turn (the app's layout pass) returned.
                Task { @MainActor [weak self] in self?.apply(.nextTurn) }
            case .openIconClick(let index): ClickTarget.openIcon(at: index, of: self)
            }
        }
    }

    /// Records one of the ad's moments on the SDK's event stream, with its id and format; the
    /// attributes are built only when someone hears the event.
    func record(
        _ kind: KontextVideoEvent.Kind,
        _ name: KontextVideoEvent.Name,
        level: KontextVideoConfiguration.LogLevel,
        _ attributes: @autoclosure () -> [String: String] = [:]
    ) {
        runtime.events.record(level) {
            var all = attributes()
            all["adId"] = id
            all["format"] = format.rawValue
            return KontextVideoEvent(kind, name, level: level, attributes: all)
        }
    }

    /// Tells the event stream, then the delegate, about `moment`.
    private func deliver(_ moment: AdDelegateMoment) {
        switch moment {
        case .impression:
            record(.delegate, .didRecordImpression, level: .info)
            delegate?.videoAdDidRecordImpression(self)
        case .fail(let error):
            record(.delegate, .didFail, level: .error, ["error": "\(error)"])
            delegate?.videoAd(self, didFail: error)
        case .end(let reason, let completed):
            record(.delegate, .didEnd, level: .info, ["reason": reason.rawValue, "completed": "\(completed)"])
            delegate?.videoAd(self, didEnd: reason)
        }
    }
}
