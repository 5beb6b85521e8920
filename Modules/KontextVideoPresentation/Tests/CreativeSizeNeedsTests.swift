import Foundation
import Testing
@testable import KontextVideoPresentation

@Suite("CreativeSizeNeeds")
struct CreativeSizeNeedsTests {
    @Test(arguments: [
        (320, 50, true), (0.5, 0.5, true), (1e300, 1, true),
        (0, 50, false), (320, 0, false), (-1, 50, false), (320, -50, false),
        (.nan, 50, false), (320, .nan, false), (.infinity, 50, false), (320, -.infinity, false),
    ] as [(CGFloat, CGFloat, Bool)])
    func acceptsOnlyFinitePositiveSizes(width: CGFloat, height: CGFloat, valid: Bool) {
        for kind in CreativeSizeNeeds.Kind.allCases {
            let needs = CreativeSizeNeeds(width: width, height: height, kind: kind)
            #expect((needs != nil) == valid)
            #expect(needs.map { CGSize(width: $0.width, height: $0.height) } == (valid ? CGSize(width: width, height: height) : nil))
        }
    }
}
