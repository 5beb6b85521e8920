#if canImport(UIKit) && (os(iOS) || os(tvOS))
import UIKit

extension DeviceFacts {
    /// The process facts plus the screen, from `UIScreen` and `UIDevice`. Main actor only.
    @MainActor
    package static func gatheredFromDevice() -> DeviceFacts {
        var facts = DeviceFacts.gatheredFromProcess()
        let device = UIDevice.current
        facts.os = device.systemName
        facts.osVersion = device.systemVersion
        let screen = UIScreen.main
        facts.screenWidth = Double(screen.bounds.width)
        facts.screenHeight = Double(screen.bounds.height)
        facts.scale = Double(screen.scale)
        return facts
    }
}
#endif
