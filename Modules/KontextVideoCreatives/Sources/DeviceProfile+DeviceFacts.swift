import Foundation
import KontextVideoVAST
import KontextVideoNetworking

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
        let long = (max(width, height) * scale).rounded()
        let short = (min(width, height) * scale).rounded()
        self.init(screenWidth: Int(long), screenHeight: Int(short))
    }
}
