import Testing
@testable import KontextVideoNetworking

/// Which scene the SDK presents from, opens a click through and measures: every activation state,
/// with and without the key window, the host's or not, for each purpose; then whole apps.
@Suite("Scene choice")
struct SceneChoiceTests {
    typealias Candidate = SceneChoice.Candidate

    /// Whether a lone scene is usable for each purpose: (state, usable to present, usable to measure).
    static let usable: [(SceneChoice.Activation, Bool, Bool)] = [
        (.foregroundActive, true, true),
        (.foregroundInactive, true, true),
        (.background, false, true),
        (.unattached, false, false),
    ]

    @Test("a lone scene, in every state, key window or not, host's or not")
    func loneScene() {
        #expect(Set(Self.usable.map(\.0)) == Set(SceneChoice.Activation.allCases))
        for (activation, presents, measures) in Self.usable {
            for hasKeyWindow in [false, true] {
                for isHostScene in [false, true] {
                    let scene = Candidate(activation: activation, hasKeyWindow: hasKeyWindow, isHostScene: isHostScene)
                    #expect(SceneChoice.order([scene], for: .present).first == (presents ? 0 : nil), "\(scene)")
                    #expect(SceneChoice.order([scene], for: .measure).first == (measures ? 0 : nil), "\(scene)")
                }
            }
        }
    }

    /// Whole apps: the scenes as UIKit's `Set` may hand them over, and the order each purpose takes.
    static let apps: [(String, [Candidate], present: [Int], measure: [Int])] = [
        ("a background scene listed before the active one (Stage Manager)",
         [Candidate(activation: .background, hasKeyWindow: true), Candidate(activation: .foregroundActive)],
         present: [1], measure: [1, 0]),
        ("the key window's active scene before another active one",
         [Candidate(activation: .foregroundActive), Candidate(activation: .foregroundActive, hasKeyWindow: true)],
         present: [1, 0], measure: [1, 0]),
        ("active before inactive, whatever the key window",
         [Candidate(activation: .foregroundInactive, hasKeyWindow: true), Candidate(activation: .foregroundActive)],
         present: [1, 0], measure: [1, 0]),
        ("the host's scene first, even inactive",
         [Candidate(activation: .foregroundActive, hasKeyWindow: true), Candidate(activation: .foregroundInactive, isHostScene: true)],
         present: [1, 0], measure: [1, 0]),
        ("a host's scene in the background is never presented from",
         [Candidate(activation: .background, isHostScene: true), Candidate(activation: .foregroundInactive)],
         present: [1], measure: [1, 0]),
        ("a closed window (unattached) is never used",
         [Candidate(activation: .unattached, hasKeyWindow: true), Candidate(activation: .background)],
         present: [], measure: [1]),
        ("no scene yet", [], present: [], measure: []),
        ("equals keep their order",
         [Candidate(activation: .foregroundActive), Candidate(activation: .foregroundActive)],
         present: [0, 1], measure: [0, 1]),
    ]

    @Test("whole apps", arguments: apps.indices)
    func wholeApp(_ index: Int) {
        let (name, scenes, present, measure) = Self.apps[index]
        #expect(SceneChoice.order(scenes, for: .present) == present, "\(name)")
        #expect(SceneChoice.order(scenes, for: .measure) == measure, "\(name)")
    }
}
