// The device as UIKit measures it. Glue only: it reads `UIDevice` and the screen of the app's
// window scene; what goes on the wire, and how, is decided by `DeviceFacts`.
#if canImport(UIKit)
import UIKit

extension DeviceFacts {
    /// The process facts plus the operating system's own name and version (`UIDevice`) and the
    /// screen of the app's window scene (`UIScreen.main` is deprecated): the scene of the key
    /// window, else the one in the foreground, else any. Before the app has a scene (early in
    /// launch) the screen stays unknown and is omitted.
    @MainActor
    package static func gatheredFromDevice() -> DeviceFacts {
        var facts = DeviceFacts.gatheredFromProcess()
        let device = UIDevice.current
        facts.os = device.systemName
        facts.osVersion = device.systemVersion
        let scenes = UIApplication.shared.connectedScenes.compactMap { $0 as? UIWindowScene }
        let scene = scenes.first { $0.keyWindow != nil }
            ?? scenes.first { $0.activationState == .foregroundActive }
            ?? scenes.first
        if let screen = scene?.screen {
            facts.screenWidth = Double(screen.bounds.width)
            facts.screenHeight = Double(screen.bounds.height)
            facts.scale = Double(screen.scale)
        }
        return facts
    }
}
#endif
