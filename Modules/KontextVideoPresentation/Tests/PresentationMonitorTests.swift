import Foundation
import Testing
@testable import KontextVideoPresentation

@Suite("PresentationMonitor")
struct PresentationMonitorTests {
    /// Each observation and what the monitor must answer.
    typealias Step = (HostSnapshot, PresentationMonitor.Decision)

    struct Scenario: Sendable, CustomTestStringConvertible {
        var name: String
        var need: (CGFloat, CGFloat, CreativeSizeNeeds.Kind)
        var insets: VideoAdInsets = .zero
        var steps: [Step]
        var testDescription: String { name }
    }

    static let small = HostSnapshot(size: CGSize(width: 300, height: 200))

    static let scenarios: [Scenario] = [
        Scenario(name: "resize relayouts the strip", need: (320, 50, .overlayStrip), steps: [
            (HostSnapshot(size: CGSize(width: 400, height: 300)), .keep(AdPlacement(frame: CGRect(x: 40, y: 250, width: 320, height: 50), scale: 1))),
            (HostSnapshot(size: CGSize(width: 400, height: 300)), .keep(AdPlacement(frame: CGRect(x: 40, y: 250, width: 320, height: 50), scale: 1))),
            (HostSnapshot(size: CGSize(width: 200, height: 300)), .keep(AdPlacement(frame: CGRect(x: 0, y: 268.75, width: 200, height: 31.25), scale: 0.625))),
            (HostSnapshot(size: CGSize(width: 800, height: 100)), .keep(AdPlacement(frame: CGRect(x: 240, y: 50, width: 320, height: 50), scale: 1))),
        ]),
        Scenario(name: "rotation keeps the insets", need: (320, 50, .overlayStrip), insets: VideoAdInsets(bottom: 20), steps: [
            (portrait, .keep(AdPlacement(frame: CGRect(x: 35, y: 740, width: 320, height: 50), scale: 1))),
            (landscape, .keep(AdPlacement(frame: CGRect(x: 262, y: 299, width: 320, height: 50), scale: 1))),
            (portrait, .keep(AdPlacement(frame: CGRect(x: 35, y: 740, width: 320, height: 50), scale: 1))),
        ]),
        Scenario(name: "rotation makes the card too small, final", need: (500, 300, .pauseCard), insets: VideoAdInsets(bottom: 100), steps: [
            (HostSnapshot(size: CGSize(width: 844, height: 390)), .keep(AdPlacement(frame: CGRect(x: 422 - 250 * 290.0 / 300, y: 0, width: 500 * 290.0 / 300, height: 290), scale: 290.0 / 300))),
            (HostSnapshot(size: CGSize(width: 390, height: 844)), .keep(AdPlacement(frame: CGRect(x: 0, y: 255, width: 390, height: 234), scale: 0.78))),
            (HostSnapshot(size: CGSize(width: 240, height: 844)), .interrupt(.containerTooSmall(minimum: CGSize(width: 250, height: 250)))),
            (HostSnapshot(size: CGSize(width: 844, height: 390)), .interrupt(.containerTooSmall(minimum: CGSize(width: 250, height: 250)))),
        ]),
        Scenario(name: "exactly 50 % keeps, just under interrupts", need: (640, 100, .overlayStrip), steps: [
            (HostSnapshot(size: CGSize(width: 320, height: 100)), .keep(AdPlacement(frame: CGRect(x: 0, y: 50, width: 320, height: 50), scale: 0.5))),
            (HostSnapshot(size: CGSize(width: 319.5, height: 100)), .interrupt(.containerTooSmall(minimum: CGSize(width: 320, height: 50)))),
        ]),
        Scenario(name: "leaves its window", need: (320, 50, .overlayStrip), steps: [
            (HostSnapshot(size: CGSize(width: 400, height: 300)), .keep(AdPlacement(frame: CGRect(x: 40, y: 250, width: 320, height: 50), scale: 1))),
            (HostSnapshot(size: CGSize(width: 400, height: 300), isInWindow: false), .interrupt(.presenterUnavailable(.notInWindow))),
            (HostSnapshot(size: CGSize(width: 400, height: 300)), .interrupt(.presenterUnavailable(.notInWindow))),
        ]),
        Scenario(name: "hidden", need: (320, 50, .pauseCard), steps: [
            (HostSnapshot(size: CGSize(width: 400, height: 300), isHidden: true), .interrupt(.presenterUnavailable(.hidden))),
        ]),
        Scenario(name: "collapses to zero", need: (320, 50, .overlayStrip), steps: [
            (HostSnapshot(size: CGSize(width: 400, height: 300)), .keep(AdPlacement(frame: CGRect(x: 40, y: 250, width: 320, height: 50), scale: 1))),
            (HostSnapshot(size: CGSize(width: 400, height: 0)), .interrupt(.presenterUnavailable(.noArea))),
        ]),
        Scenario(name: "garbage size", need: (320, 50, .overlayStrip), steps: [
            (HostSnapshot(size: CGSize(width: CGFloat.nan, height: 300)), .interrupt(.presenterUnavailable(.noArea))),
        ]),
        Scenario(name: "safe area grows over the strip", need: (320, 50, .overlayStrip), steps: [
            (HostSnapshot(size: CGSize(width: 400, height: 300)), .keep(AdPlacement(frame: CGRect(x: 40, y: 250, width: 320, height: 50), scale: 1))),
            (HostSnapshot(size: CGSize(width: 400, height: 300), safeAreaInsets: VideoAdInsets(bottom: 290)),
             .interrupt(.containerTooSmall(minimum: CGSize(width: 160, height: 315)))),
        ]),
        Scenario(name: "full-screen pause ignores insets through resizes", need: (640, 360, .fullScreenPause),
                 insets: VideoAdInsets(top: 1000, left: 1000, bottom: 1000, right: 1000), steps: [
            (portrait, .keep(AdPlacement(frame: CGRect(x: 0, y: 47, width: 390, height: 763), scale: 390.0 / 640))),
            (landscape, .keep(AdPlacement(frame: CGRect(x: 47, y: 0, width: 750, height: 369), scale: 1))),
            (HostSnapshot(size: CGSize(width: 319, height: 844)), .interrupt(.containerTooSmall(minimum: CGSize(width: 320, height: 180)))),
        ]),
    ]

    @Test(arguments: scenarios)
    func follows(_ scenario: Scenario) throws {
        let need = try needs(scenario.need.0, scenario.need.1, scenario.need.2)
        var monitor = PresentationMonitor(needs: need, insets: scenario.insets)
        for (index, (host, expected)) in scenario.steps.enumerated() {
            let decision = monitor.observe(host)
            switch (decision, expected) {
            case let (.keep(got), .keep(want)):
                #expect(abs(got.scale - want.scale) < 1e-12, "step \(index)")
                #expect(approximatelyEqual(got.frame, want.frame), "step \(index): \(got.frame) ≠ \(want.frame)")
                #expect(monitor.placement == got)
            default:
                #expect(decision == expected, "step \(index)")
            }
        }
        // The interruption, once any, is remembered.
        let lastInterruption = scenario.steps.compactMap { step -> PresentationMonitor.Interruption? in
            if case .interrupt(let reason) = step.1 { reason } else { nil }
        }.first
        #expect(monitor.interruption == lastInterruption)
    }

    @Test func startsFromTheInitialPlacementAndKeepsTheLastGoodOneAfterAnInterruption() throws {
        let strip = try needs(320, 50, .overlayStrip)
        let initial = try AdLayout.place(strip, in: portrait, insets: .zero).get()
        var monitor = PresentationMonitor(needs: strip, insets: .zero, placement: initial)
        #expect(monitor.placement == initial)
        #expect(monitor.interruption == nil)
        _ = monitor.observe(Self.small)
        #expect(monitor.placement == AdPlacement(frame: CGRect(x: 0, y: 200 - 50 * 300.0 / 320, width: 300, height: 50 * 300.0 / 320), scale: 300.0 / 320))
        let last = monitor.placement
        #expect(monitor.observe(HostSnapshot(size: Self.small.size, isHidden: true)) == .interrupt(.presenterUnavailable(.hidden)))
        #expect(monitor.placement == last)
    }

    @Test func samplesAtLeastEveryHalfSecond() {
        #expect(PresentationMonitor.samplingInterval == .milliseconds(500))
    }
}
