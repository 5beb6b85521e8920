import Foundation

/// Which of the app's scenes the SDK uses: to present from, to open a click through, and to read
/// the screen from. Portable and table-tested; `HostApplication` (UIKit) only describes each
/// connected window scene and takes them in this order.
///
/// UIKit hands the connected scenes over as a `Set`, in no order, and an app may have several
/// (iPad Stage Manager, visionOS windows), some of them in the background. The order:
/// 1. the host view's own scene, when there is one (the ad is in it);
/// 2. scenes in the foreground and active ("onscreen and visible to the user", doc:
///    /documentation/UIKit/UIScene/ActivationState-swift.enum/foregroundActive), the one of the key
///    window first;
/// 3. scenes in the foreground but inactive (passing "on its way to or from another state", doc:
///    /documentation/UIKit/UIScene/ActivationState-swift.enum/foregroundInactive).
///
/// A scene in the background ("not onscreen", doc:
/// /documentation/UIKit/UIScene/ActivationState-swift.enum/background) or unattached ("not
/// currently connected to your app") is never one to present from or open through, the host's
/// own included. To read the screen only, a background scene comes last (an app launched in the
/// background still measures the device it runs on); an unattached one never.
package enum SceneChoice {
    /// A scene's activation state (UIKit's `UIScene.ActivationState`).
    package enum Activation: Sendable, Hashable, CaseIterable {
        /// In the foreground, receiving events.
        case foregroundActive
        /// In the foreground, not receiving events (a transition, an alert over it).
        case foregroundInactive
        /// In the background: not on screen.
        case background
        /// Not connected to the app.
        case unattached
    }

    /// What the scene is chosen for.
    package enum Purpose: Sendable, Hashable, CaseIterable {
        /// Presenting a linear ad or a sheet, or opening a click.
        case present
        /// Reading the screen's size and scale.
        case measure
    }

    /// What the choice knows of one scene.
    package struct Candidate: Sendable, Hashable {
        /// Its activation state.
        package var activation: Activation
        /// Whether it holds the app's key window.
        package var hasKeyWindow: Bool
        /// Whether it is the scene of the view the ad is in.
        package var isHostScene: Bool

        /// A scene in `activation`, holding the key window or not, the host's or not.
        package init(activation: Activation, hasKeyWindow: Bool = false, isHostScene: Bool = false) {
            self.activation = activation
            self.hasKeyWindow = hasKeyWindow
            self.isHostScene = isHostScene
        }
    }

    /// The positions in `candidates` of the scenes usable for `purpose`, best first (equals keep
    /// their order).
    package static func order(_ candidates: [Candidate], for purpose: Purpose) -> [Int] {
        var ranked: [(index: Int, rank: Int)] = []
        for (index, candidate) in candidates.enumerated() {
            if let rank = rank(of: candidate, for: purpose) { ranked.append((index, rank)) }
        }
        // Sorted by rank, then by position: equals keep their order.
        ranked.sort { left, right in left.rank != right.rank ? left.rank < right.rank : left.index < right.index }
        return ranked.map(\.index)
    }

    /// Lower is better; `nil`: never.
    private static func rank(of candidate: Candidate, for purpose: Purpose) -> Int? {
        switch candidate.activation {
        case .unattached: nil
        case .background: purpose == .measure ? 4 : nil
        case .foregroundActive where candidate.isHostScene, .foregroundInactive where candidate.isHostScene: 0
        case .foregroundActive: candidate.hasKeyWindow ? 1 : 2
        case .foregroundInactive: 3
        }
    }
}
