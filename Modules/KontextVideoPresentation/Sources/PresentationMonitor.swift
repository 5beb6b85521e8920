import Foundation

/// Decides, for an overlay or pause ad on screen, whether each new measure of its host
/// view keeps it (at a possibly new placement) or interrupts it.
///
/// Sampling contract (the facade owns the timing, this type only decides): while the ad
/// is shown the facade calls `observe(_:)` with a fresh `HostSnapshot` on every change the host
/// view reports (its layout pass: bounds, safe-area, window or visibility change), and every
/// `samplingInterval` (0.5 s) on its `SchedulingClock` only for what the host cannot report (a
/// host that reports nothing; UIKit's `isHidden` and `alpha`), so a view that is hidden, leaves
/// its window or becomes too small is noticed at once, or within about half a second. On
/// `.keep` it applies the placement (relayout after a resize or rotation); on `.interrupt` it
/// ends the ad with `didEnd(.interrupted)`.
///
/// An interruption is final: every later `observe(_:)` returns the same interruption, so
/// a view that comes back does not revive the ad.
package struct PresentationMonitor: Sendable {
    /// Why a shown ad was interrupted.
    package enum Interruption: Sendable, Hashable {
        /// The view left its window, was hidden, or lost its area.
        case presenterUnavailable(HostSnapshot.Unavailability)
        /// The view became too small for the ad at 50 %; `minimum` as in `LayoutFailure`.
        case containerTooSmall(minimum: CGSize)
    }

    /// What to do after one observation.
    package enum Decision: Sendable, Hashable {
        /// The ad stays, at this placement (unchanged or after a resize or rotation).
        case keep(AdPlacement)
        /// The ad must end with `didEnd(.interrupted)`.
        case interrupt(Interruption)
    }

    /// How often the facade samples a host that cannot report a change, at the latest.
    package static let samplingInterval: Duration = .milliseconds(500)

    /// The creative being shown.
    package let needs: CreativeSizeNeeds
    /// The publisher's insets, kept through resizes and rotations.
    package let insets: VideoAdInsets
    /// The placement of the last `.keep`, or the initial one.
    package private(set) var placement: AdPlacement?
    /// The interruption, once one happened.
    package private(set) var interruption: Interruption?

    /// Starts monitoring an ad placed at `placement` (from `AdLayout.place`), or `nil`
    /// when the first observation should lay it out.
    package init(needs: CreativeSizeNeeds, insets: VideoAdInsets, placement: AdPlacement? = nil) {
        self.needs = needs
        self.insets = insets
        self.placement = placement
    }

    /// Lays the ad out in `host` once more and says whether it stays.
    package mutating func observe(_ host: HostSnapshot) -> Decision {
        if let interruption { return .interrupt(interruption) }
        let decision: Decision
        if let unavailability = host.unavailability {
            decision = .interrupt(.presenterUnavailable(unavailability))
        } else {
            switch AdLayout.place(needs, in: host, insets: insets) {
            case .success(let newPlacement):
                placement = newPlacement
                decision = .keep(newPlacement)
            case .failure(.containerTooSmall(let minimum)):
                decision = .interrupt(.containerTooSmall(minimum: minimum))
            case .failure(.presenterUnavailable):
                decision = .interrupt(.presenterUnavailable(.noArea)) // unreachable: checked above
            }
        }
        if case .interrupt(let reason) = decision { interruption = reason }
        return decision
    }
}
