// The device as UIKit measures it. Glue only: it reads `UIDevice` and the screen of the app's
// window scene; what goes on the wire, and how, is decided by `DeviceFacts`.
#if canImport(UIKit)
import UIKit

extension DeviceFacts {
    /// The process facts (the OS family the SDK was built for, `OperatingSystemFamily`, never
    /// `UIDevice.systemName`, which says "iPadOS" or "iOS" by device) plus the version (`UIDevice`) and the
    /// screen of the app's window scene (`UIScreen.main` is deprecated), as `SceneChoice` picks it
    /// to measure: the foreground and active one (the key window's first), then an inactive one,
    /// then one in the background; never an unattached one. The screen stays unknown, and is
    /// omitted, before the app has a scene (early in launch), in an app extension (no app to ask,
    /// `HostApplication`), and on visionOS, which has no screen: a window there floats in the
    /// room at a size the viewer chooses (`UIWindowScene.screen` and `UIScreen` list no visionOS).
    @MainActor
    package static func gatheredFromDevice() -> DeviceFacts {
        var facts = DeviceFacts.gatheredFromProcess()
        let device = UIDevice.current
        facts.osVersion = device.systemVersion
        #if !os(visionOS)
        if let screen = HostApplication.windowScenes(for: .measure).first?.screen {
            facts.screenWidth = Double(screen.bounds.width)
            facts.screenHeight = Double(screen.bounds.height)
            facts.scale = Double(screen.scale)
        }
        #endif
        return facts
    }
}
#endif
