import Foundation
import KontextVideoPresentation

/// One of the SDK's own controls over an ad, as a scripted creative shows it
/// (``ScriptedCreative/controls``): what it is, its title and what VoiceOver reads for it.
public struct ShownAdControl: Sendable, Hashable {
    /// Which control.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The "Ad" badge, with the time left (read by VoiceOver, not a button).
        case adBadge
        /// Skip, or its countdown (a countdown cannot be pressed).
        case skip
        /// Resume.
        case resume
        /// ✕.
        case close

        /// The kind of `control`.
        init(_ control: LinearAdControl) {
            switch control {
            case .adBadge: self = .adBadge
            case .skip: self = .skip
            case .resume: self = .resume
            case .close: self = .close
            }
        }
    }

    /// Which control.
    public let kind: Kind
    /// Its title as drawn (`"Skip in 5"`, `"تخطي بعد ٥"`).
    public let title: String
    /// What VoiceOver reads for it (`"You can skip the ad in 5 seconds"`).
    public let accessibilityLabel: String
    /// Whether the viewer can press it now.
    public let isPressable: Bool
    /// Where the SDK places it, origin top left, at the default text size: in the creative's
    /// placed frame, or on the screen given to ``ScriptedCreative/controls(onScreen:safeArea:)``;
    /// `nil` when there is neither.
    /// Mirrored in a right-to-left language: Skip and ✕ on the left.
    public let frame: CGRect?
}
