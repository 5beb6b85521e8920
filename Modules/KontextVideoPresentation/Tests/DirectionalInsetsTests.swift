import Foundation
import Testing
@testable import KontextVideoPresentation

@Suite("DirectionalInsets")
struct DirectionalInsetsTests {
    @Test func leadingIsLeftInALeftToRightLayout() {
        let insets = VideoAdInsets(top: 1, leading: 2, bottom: 80, trailing: 4, isRightToLeft: false)
        #expect(insets == VideoAdInsets(top: 1, left: 2, bottom: 80, right: 4))
    }

    @Test func leadingIsRightInARightToLeftLayout() {
        let insets = VideoAdInsets(top: 1, leading: 2, bottom: 80, trailing: 4, isRightToLeft: true)
        #expect(insets == VideoAdInsets(top: 1, left: 4, bottom: 80, right: 2))
    }

    @Test func garbageEdgesAreStillDroppedByTheLayout() {
        let insets = VideoAdInsets(top: .nan, leading: -3, bottom: 80, trailing: .infinity, isRightToLeft: true)
        #expect(insets.sanitized == VideoAdInsets(bottom: 80))
    }
}
