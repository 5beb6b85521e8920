import Foundation
import KontextVideoModels
import KontextVideoCreatives

extension VideoAd {
    /// Opens the click-through of the linear ad's icon at `index` (AdChoices' "i"): judged by
    /// `AdURLRule` as every click target is, opened by the platform's opener, and followed by the
    /// ad's playback as a click-through (the ad pauses while the viewer is away). Its
    /// `IconClickTracking` was fired already (`LinearTrackingSession`); it is no ad click: no
    /// server click, no VAST `ClickTracking`, no `videoAd(_:didClick:)` (the API reference has no
    /// icon callback, and none is added). Where click targets do not open (tvOS) the playback
    /// showed the icon's fallback image instead, and nothing opens here.
    func openIconClick(_ index: Int) {
        guard runtime.environment.platform.clickInputRule.opensClickTargets,
              let icons = renderer?.resolvedLinearAd?.icons, icons.indices.contains(index) else { return }
        let url = icons[index].clickThrough.flatMap { URL.lenient($0) }
        let target = ClickTarget(url: url, fallbackURL: nil, appStoreID: nil, rule: runtime.adURLRule)
        for refusal in target.refusals {
            record(.warning, .clickTargetRefused, level: .warning, [
                "area": "icon", "scheme": refusal.url.scheme?.lowercased() ?? "", "reason": refusal.reason.rawValue, "url": refusal.redacted,
            ])
        }
        record(.state, .iconClick, level: .info, [
            "icon": icons[index].program ?? String(index), "target": target.destinations.first.map(\.logDescription) ?? "nothing",
        ])
        guard !target.destinations.isEmpty else { return }
        runtime.environment.clickOpener.open(target) { [weak self] progress in self?.apply(.clickThrough(progress)) }
    }
}
