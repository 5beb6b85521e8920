import Foundation
import KontextVideoNetworking
import KontextVideoCreatives
import KontextVideoScheduling

/// One app-install ad's attribution at work, from the moment it takes the screen: it feeds the
/// ad's moments to its `AttributionPlan` and hands what the plan says to the platform's
/// `AppAttributing`, with the time on the runtime's clock. The ad's creative holds it
/// (`LiveCreative.attribution`); an ad without attribution makes none.
@MainActor
final class AdAttribution {
    private var plan: AttributionPlan
    private let platform: any AppAttributing
    private weak var ad: VideoAd?

    /// The attribution of `ad`, which is taking the screen; `nil` when it has neither a window
    /// to open nor an overlay to show. Parts of its answer left out are said once, here.
    static func started(for ad: VideoAd) -> AdAttribution? {
        let creative = ad.served.creative
        for failure in creative.attributionFailures {
            ad.record(.warning, .attributionLeftOut, level: .warning, ["reason": failure.description])
        }
        let platform = ad.runtime.environment.platform.attribution
        let plan = AttributionPlan(adId: ad.id, format: ad.format, creative: creative, capabilities: platform.capabilities)
        guard plan.window != nil || plan.overlay != nil else { return nil }
        return AdAttribution(plan: plan, platform: platform, ad: ad)
    }

    private init(plan: AttributionPlan, platform: any AppAttributing, ad: VideoAd) {
        self.plan = plan
        self.platform = platform
        self.ad = ad
    }

    /// The ad's impression (the first frame of a video, `show()` of an image or HTML).
    func impression() {
        guard let ad else { return }
        let appWindowOpen = plan.window.map { ad.context.session.openViewThroughApps.contains($0.appStoreID) } ?? false
        run(plan.take(.impression(now: ad.runtime.clock.now, appWindowOpen: appWindowOpen)))
    }

    /// The creative reported `event`.
    func creative(_ event: CreativeEvent) {
        run(plan.take(.creative(event)))
    }

    /// The ad left the screen for `exit`.
    func left(_ exit: AttributionExit) {
        guard let ad else { return }
        run(plan.take(.left(exit, now: ad.runtime.clock.now)))
    }

    private func run(_ actions: [AttributionPlan.Action]) {
        guard let ad else { return }
        let now = ad.runtime.clock.now
        for action in actions {
            switch action {
            case .startView(let window):
                ad.context.session.openViewThroughApps.insert(window.appStoreID)
                ad.record(.state, .viewThroughStarted, level: .debug, ["recorder": window.recorder.name, "app": window.appStoreID])
                platform.startView(window, now: now)
            case .endView(let window, let length, let tooShort):
                ad.context.session.openViewThroughApps.remove(window.appStoreID)
                // A window shorter than Apple's minimum is closed all the same, and said: Apple
                // will not count it.
                ad.record(.state, .viewThroughEnded, level: tooShort ? .info : .debug, [
                    "recorder": window.recorder.name, "app": window.appStoreID,
                    "length": String(format: "%.3f", Double(length.components.seconds) + Double(length.components.attoseconds) / 1e18),
                    "counted": "\(!tooShort)",
                ])
                platform.endView(window, length: length, tooShort: tooShort, now: now)
            case .viewSkippedForOpenWindow:
                ad.record(.state, .viewThroughSkipped, level: .info, ["app": plan.window?.appStoreID ?? ""])
            case .presentOverlay(let overlay):
                ad.record(.state, .appStoreOverlay, level: .debug, ["app": overlay.appStoreID, "moment": "\(overlay.moment)"])
                platform.presentOverlay(overlay, adId: ad.id, adScene: ad.live?.scene, now: now)
            case .dismissOverlay:
                ad.record(.state, .appStoreOverlay, level: .debug, ["dismissed": "true"])
                platform.dismissOverlay(adId: ad.id, now: now)
            }
        }
    }
}

extension ViewThroughWindow.Recorder {
    /// The recorder as a log names it.
    package var name: String {
        switch self {
        case .adAttributionKit: "adattributionkit"
        case .skAdNetwork: "skadnetwork"
        }
    }
}
