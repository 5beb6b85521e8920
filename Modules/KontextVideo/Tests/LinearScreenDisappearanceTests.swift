import Testing
@testable import KontextVideo

/// What the UIKit controller's `viewDidDisappear(_:)` means for the linear ad, every combination.
@Suite("Linear screen disappearance")
struct LinearScreenDisappearanceTests {
    @Test("only a screen taken away without the SDK asking ends the ad; covered, it goes on", arguments: [
        // (dismissed by the SDK, being dismissed, still presented) → meaning
        (true, true, true, LinearScreenDisappearance.dismissedBySDK),
        (true, true, false, .dismissedBySDK),
        (true, false, true, .dismissedBySDK),
        (true, false, false, .dismissedBySDK),
        (false, true, true, .dismissedByOthers),
        (false, true, false, .dismissedByOthers),
        (false, false, false, .dismissedByOthers),
        (false, false, true, .covered),
    ] as [(Bool, Bool, Bool, LinearScreenDisappearance)])
    func meaning(_ row: (dismissedBySDK: Bool, isBeingDismissed: Bool, isStillPresented: Bool, expected: LinearScreenDisappearance)) {
        let disappearance = LinearScreenDisappearance(
            dismissedBySDK: row.dismissedBySDK, isBeingDismissed: row.isBeingDismissed, isStillPresented: row.isStillPresented)
        #expect(disappearance == row.expected, "\(row)")
        #expect(disappearance.endsAd == (row.expected == .dismissedByOthers))
    }
}
