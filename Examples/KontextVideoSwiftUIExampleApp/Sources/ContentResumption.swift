import KontextVideo

/// Whether the episode plays again when an ad ended, from the API reference's table of
/// `VideoAd.EndReason`s.
enum ContentResumption {
    static func resumesContent(after format: AdFormat, reason: VideoAd.EndReason) -> Bool {
        switch format {
        case .linear:
            // A pre-roll ended, whichever way: the episode starts. Not when the app destroyed
            // the episode's ads (it is leaving the episode).
            reason != .destroyed
        case .pause:
            // Only Resume on a full-screen pause ad plays the content. A pause card's ✕ leaves
            // the content paused; `.dismissed` comes from the app's own play button, which
            // already plays it.
            reason == .resumed
        case .overlay:
            // An overlay shows over playing content: nothing to resume.
            false
        }
    }
}
