import Foundation
import Testing
@testable import KontextVideoPresentation

@Suite("HostSnapshot")
struct HostSnapshotTests {
    @Test(arguments: [
        (HostSnapshot(size: CGSize(width: 390, height: 844)), nil),
        (HostSnapshot(size: CGSize(width: 0.001, height: 0.001)), nil),
        (HostSnapshot(size: CGSize(width: 390, height: 844), isInWindow: false), .notInWindow),
        (HostSnapshot(size: .zero, isInWindow: false, isHidden: true), .notInWindow),
        (HostSnapshot(size: CGSize(width: 390, height: 844), isHidden: true), .hidden),
        (HostSnapshot(size: .zero, isHidden: true), .hidden),
        (HostSnapshot(size: .zero), .noArea),
        (HostSnapshot(size: CGSize(width: 390, height: 0)), .noArea),
        (HostSnapshot(size: CGSize(width: -1, height: 844)), .noArea),
        (HostSnapshot(size: CGSize(width: CGFloat.nan, height: CGFloat.nan)), .noArea),
        (HostSnapshot(size: CGSize(width: 390, height: CGFloat.infinity)), .noArea),
    ] as [(HostSnapshot, HostSnapshot.Unavailability?)])
    func unavailability(host: HostSnapshot, expected: HostSnapshot.Unavailability?) {
        #expect(host.unavailability == expected)
    }
}

@Suite("VideoAdInsets")
struct EdgeInsetsTests {
    @Test func sanitizedDropsGarbageEdges() {
        let insets = VideoAdInsets(top: .nan, left: -3, bottom: 80, right: .infinity).sanitized
        #expect(insets == VideoAdInsets(bottom: 80))
        #expect(VideoAdInsets.zero == VideoAdInsets(top: 0, left: 0, bottom: 0, right: 0))
        let sum = VideoAdInsets(top: 1, left: 2, bottom: 3, right: 4) + VideoAdInsets(top: 10, left: 20, bottom: 30, right: 40)
        #expect(sum == VideoAdInsets(top: 11, left: 22, bottom: 33, right: 44))
        #expect(sum.horizontal == 66 && sum.vertical == 44)
    }
}
