import Foundation
import Testing
@testable import KontextVideo
import KontextVideoPresentation

@Suite("LayoutFailure → VideoAdError")
struct LayoutFailureTests {
    @Test func failureMapsToThePublicError() {
        #expect("\(LayoutFailure.presenterUnavailable.videoAdError)" == "presenterUnavailable")
        #expect("\(LayoutFailure.containerTooSmall(minimum: CGSize(width: 320, height: 50)).videoAdError)"
            == "containerTooSmall(minimum: 320.0x50.0)")
    }
}
