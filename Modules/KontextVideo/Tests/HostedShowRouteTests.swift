import Foundation
import Testing
@testable import KontextVideo
import KontextVideoPresentation

@Suite("HostedShowRoute")
struct HostedShowRouteTests {
    @Test(arguments: [true, false])
    func overlayAndPauseGoInTheHostView(hostIsInWindow: Bool) {
        #expect(HostedShowRoute.route(for: .overlay, hostIsInWindow: hostIsInWindow) == .inHostView)
        #expect(HostedShowRoute.route(for: .pause, hostIsInWindow: hostIsInWindow) == .inHostView)
    }

    @Test func linearIsPresentedFromTheHostWhileItIsInAWindow() {
        #expect(HostedShowRoute.route(for: .linear, hostIsInWindow: true) == .fromHostController)
        #expect(HostedShowRoute.route(for: .linear, hostIsInWindow: false) == .fromKeyWindow)
    }

    @MainActor @Test func aDetachedHostReadsAsOutOfItsWindow() {
        #expect(HostSnapshot(of: DetachedHostView()).unavailability == .notInWindow)
    }
}
