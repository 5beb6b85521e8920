import Foundation

/// Every text the SDK's own controls show or speak, in one table: the titles drawn on Skip, ✕,
/// Resume and the "Ad" badge, what VoiceOver reads for each, and the announcement when Skip
/// becomes available. The platform draws and speaks exactly these strings; tests read them here.
package struct AdControlTexts: Sendable, Hashable {
    /// Skip's title once the viewer can skip.
    package var skip: String
    /// Skip's title while it counts down; `%d` is the seconds left.
    package var skipCountdown: String
    /// The badge's title while the video's length is unknown.
    package var adBadge: String
    /// The badge's title with the time left; `%@` is the time as `m:ss`.
    package var adBadgeTimeLeft: String
    /// Resume's title (a linear ad paused for the viewer, or a full-screen pause ad's Resume).
    package var resume: String
    /// ✕'s title, drawn as a symbol where the platform has one.
    package var close: String

    /// VoiceOver: Skip once available.
    package var skipLabel: String
    /// VoiceOver: the countdown; `%d` is the seconds left.
    package var skipCountdownLabel: String
    /// VoiceOver: the badge while the length is unknown.
    package var adBadgeLabel: String
    /// VoiceOver: the badge with the time left; `%d` is the seconds left.
    package var adBadgeTimeLeftLabel: String
    /// VoiceOver: Resume on a paused linear ad.
    package var resumeLabel: String
    /// VoiceOver: Resume on a full-screen pause ad (it gives the content back).
    package var pauseAdResumeLabel: String
    /// VoiceOver: ✕ on an end card, an overlay or a pause ad.
    package var closeLabel: String
    /// Announced once, when Skip becomes available.
    package var skipAvailableAnnouncement: String

    /// The SDK's texts (English: the SDK is not localized yet).
    package static let standard = AdControlTexts(
        skip: "Skip",
        skipCountdown: "Skip in %d",
        adBadge: "Ad",
        adBadgeTimeLeft: "Ad · %@",
        resume: "Resume",
        close: "✕",
        skipLabel: "Skip ad",
        skipCountdownLabel: "You can skip the ad in %d seconds",
        adBadgeLabel: "Advertisement",
        adBadgeTimeLeftLabel: "Advertisement, %d seconds left",
        resumeLabel: "Resume the ad",
        pauseAdResumeLabel: "Close the ad and resume the video",
        closeLabel: "Close ad",
        skipAvailableAnnouncement: "You can skip the ad now"
    )

    /// The title `control` shows in `controls`; `nil` when it does not show.
    package func title(of control: LinearAdControl, in controls: LinearAdControls) -> String? {
        text(of: control, in: controls, badge: adBadge,
             badgeLeft: { adBadgeTimeLeft.replacingOccurrences(of: "%@", with: Self.minutesAndSeconds($0)) },
             countdown: skipCountdown, skip: skip, resume: resume, close: close)
    }

    /// What VoiceOver reads for `control` in `controls`; `nil` when it does not show.
    package func accessibilityLabel(of control: LinearAdControl, in controls: LinearAdControls) -> String? {
        text(of: control, in: controls, badge: adBadgeLabel,
             badgeLeft: { adBadgeTimeLeftLabel.replacingOccurrences(of: "%d", with: "\($0)") },
             countdown: skipCountdownLabel, skip: skipLabel, resume: resumeLabel, close: closeLabel)
    }

    /// One of the two tables (titles or labels) read for `control` in `controls`.
    private func text(
        of control: LinearAdControl, in controls: LinearAdControls,
        badge: String, badgeLeft: (Int) -> String, countdown: String, skip: String, resume: String, close: String
    ) -> String? {
        switch control {
        case .adBadge:
            guard controls.showsAdBadge else { return nil }
            return controls.secondsLeft.map(badgeLeft) ?? badge
        case .skip:
            switch controls.skip {
            case .hidden: return nil
            case .countdown(let seconds): return countdown.replacingOccurrences(of: "%d", with: "\(seconds)")
            case .available: return skip
            }
        case .resume:
            return controls.showsResume ? resume : nil
        case .close:
            return controls.showsClose ? close : nil
        }
    }

    /// `seconds` as `m:ss` (`75` → `1:15`); a negative count is `0:00`.
    package static func minutesAndSeconds(_ seconds: Int) -> String {
        let clamped = max(0, seconds)
        let rest = clamped % 60
        return "\(clamped / 60):\(rest < 10 ? "0" : "")\(rest)"
    }
}
