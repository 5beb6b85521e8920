import Foundation
import Testing
@testable import KontextVideoPresentation

/// The rule the UIKit host applies to its view and each ancestor: hidden, or under 1 % opaque.
@Suite("Host visibility")
struct HostVisibilityTests {
    typealias Layer = HostVisibility.Layer
    static let shown = Layer(isHidden: false, alpha: 1)

    @Test("visible only when no view of the chain is hidden or under 0.01 opaque", arguments: [
        ([shown, shown, shown], false),
        ([], false),
        ([Layer(isHidden: false, alpha: 0.01), Layer(isHidden: false, alpha: 0.5)], false),
        ([shown, Layer(isHidden: true, alpha: 1), shown], true),
        ([shown, shown, Layer(isHidden: false, alpha: 0.009)], true),
        ([Layer(isHidden: false, alpha: 0)], true),
        ([Layer(isHidden: false, alpha: -1)], true),
        ([Layer(isHidden: false, alpha: .nan)], true),
        ([Layer(isHidden: false, alpha: .infinity)], false),
    ] as [([Layer], Bool)])
    func chain(_ chain: [Layer], hidden: Bool) {
        #expect(HostVisibility.isHidden(chain) == hidden, "\(chain)")
    }
}
