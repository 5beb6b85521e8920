import Foundation

/// What a linear ad shows over its video at one moment: Skip (or its countdown), the "Ad" badge
/// with the time left, Resume while the ad waits for the viewer, and ✕ over the end card. The
/// playback session decides it; `LinearAdControlsLayout` places it; the platform only draws it.
package struct LinearAdControls: Sendable, Hashable {
    /// The Skip control.
    package enum Skip: Sendable, Hashable {
        /// No Skip: the ad cannot be skipped, its offset is not known yet, or the video is over.
        case hidden
        /// "Skip in N": Skip appears in `seconds` whole seconds of playback.
        case countdown(seconds: Int)
        /// "Skip": the viewer can skip now.
        case available
    }

    /// Skip, its countdown, or nothing.
    package var skip: Skip
    /// Whether the "Ad" badge shows (while the video plays or is paused).
    package var showsAdBadge: Bool
    /// Whole seconds of video left, shown in the badge; `nil` while the length is unknown.
    package var secondsLeft: Int?
    /// Whether Resume shows: the video is paused and only the viewer can start it again.
    package var showsResume: Bool
    /// Whether ✕ shows: the end card is up.
    package var showsClose: Bool

    /// Creates the controls; by default nothing shows.
    package init(skip: Skip = .hidden, showsAdBadge: Bool = false, secondsLeft: Int? = nil, showsResume: Bool = false, showsClose: Bool = false) {
        self.skip = skip
        self.showsAdBadge = showsAdBadge
        self.secondsLeft = secondsLeft
        self.showsResume = showsResume
        self.showsClose = showsClose
    }

    /// Nothing shows (before the video starts, and after the ad is over).
    package static let none = LinearAdControls()

    /// The controls that show, in VoiceOver's order: the reading order of their places on the
    /// screen (the badge in the top leading corner, ✕ in the top trailing one, Resume in the middle,
    /// Skip bottom trailing), the same order right to left, where the layout mirrors.
    package var accessibilityOrder: [LinearAdControl] {
        var order: [LinearAdControl] = []
        if showsAdBadge { order.append(.adBadge) }
        if showsClose { order.append(.close) }
        if showsResume { order.append(.resume) }
        if skip != .hidden { order.append(.skip) }
        return order
    }

    /// Where the focus engine (tvOS) puts focus: Resume while the video waits for the viewer,
    /// else Skip once it can be pressed, else ✕ over the end card; `nil` when nothing can be
    /// pressed (a countdown), and the remote's Menu button is the way out (`LinearPlaybackSession`).
    package var preferredFocus: LinearAdControl? {
        [LinearAdControl.resume, .skip, .close].first { $0.isPressable(in: self) }
    }
}

/// One control of a linear ad.
package enum LinearAdControl: Sendable, Hashable, CaseIterable {
    /// "Ad", with the time left: read by VoiceOver, not a button.
    case adBadge
    /// Skip, or its countdown (a countdown is shown but cannot be pressed).
    case skip
    /// Resume: starts a paused video again.
    case resume
    /// ✕: closes the end card.
    case close

    /// Whether the viewer can press it when it shows (a Skip countdown cannot be pressed).
    package func isPressable(in controls: LinearAdControls) -> Bool {
        switch self {
        case .adBadge: false
        case .skip: controls.skip == .available
        case .resume: controls.showsResume
        case .close: controls.showsClose
        }
    }
}
