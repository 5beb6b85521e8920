import Foundation
import Testing
@testable import KontextVideoPresentation

/// Valid needs for a test, recording an issue (never crashing) if the size is invalid.
func needs(_ width: CGFloat, _ height: CGFloat, _ kind: CreativeSizeNeeds.Kind, sourceLocation: SourceLocation = #_sourceLocation) throws -> CreativeSizeNeeds {
    try #require(CreativeSizeNeeds(width: width, height: height, kind: kind), sourceLocation: sourceLocation)
}

/// `true` when both rectangles agree within 1e-6 points on every edge.
func approximatelyEqual(_ a: CGRect, _ b: CGRect) -> Bool {
    abs(a.minX - b.minX) < 1e-6 && abs(a.minY - b.minY) < 1e-6 && abs(a.width - b.width) < 1e-6 && abs(a.height - b.height) < 1e-6
}

/// An iPhone-like portrait view: 390 × 844 with a notch and a home indicator.
let portrait = HostSnapshot(size: CGSize(width: 390, height: 844), safeAreaInsets: VideoAdInsets(top: 47, bottom: 34))
/// The same view rotated to landscape.
let landscape = HostSnapshot(size: CGSize(width: 844, height: 390), safeAreaInsets: VideoAdInsets(left: 47, bottom: 21, right: 47))
