import Foundation
import KontextVideoVAST
import KontextVideoNetworking
import KontextVideoModels

extension DeviceProfile {
    /// The profile a video is chosen for on a device with `facts`' screen: AVFoundation's MIME
    /// types and the screen in pixels, landscape (a linear ad plays full screen, turned to fit).
    /// An unknown screen counts as the standard 1920×1080.
    package init(screenOf facts: DeviceFacts) {
        guard let width = facts.screenWidth, let height = facts.screenHeight, width > 0, height > 0 else {
            self = .standard
            return
        }
        let scale = facts.scale.flatMap { $0 > 0 ? $0 : nil } ?? 1
        // The device's numbers go through the same door as an ad's: saturated here, then bounded
        // to `WireNumber`'s pixel range by the profile.
        let long = WireNumber.saturatingInt((max(width, height) * scale).rounded())
        let short = WireNumber.saturatingInt((min(width, height) * scale).rounded())
        self.init(screenWidth: long, screenHeight: short)
    }
}
