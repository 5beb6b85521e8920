// Stub of Apple's `AVKit`: its SwiftUI player view, `VideoPlayer` (declared in the cross-import
// overlay `_AVKit_SwiftUI`, which a file that imports AVKit and SwiftUI sees, as here). Nothing
// else of AVKit is modelled.
@_exported import AVFoundation
import SwiftUI

// doc: /documentation/AVKit/VideoPlayer
@available(iOS 14.0, macOS 11.0, tvOS 14.0, *)
@MainActor @preconcurrency public struct VideoPlayer<VideoOverlay>: View where VideoOverlay: View {
    // doc: /documentation/AVKit/VideoPlayer/init(player:videoOverlay:)
    @MainActor @preconcurrency public init(player: AVPlayer?, @ViewBuilder videoOverlay: () -> VideoOverlay) { fatalError() }
    public typealias Body = Never
    public var body: Never { fatalError() }
}

@available(iOS 14.0, macOS 11.0, tvOS 14.0, *)
extension VideoPlayer where VideoOverlay == EmptyView {
    // doc: /documentation/AVKit/VideoPlayer/init(player:)
    @MainActor @preconcurrency public init(player: AVPlayer?) { fatalError() }
}
