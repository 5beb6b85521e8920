// Opens one click destination with the system and reports how it fared. The order of
// destinations, the fallbacks and what the viewer's absence means for the ad are portable
// (`OrderedClickOpener`, `LinearPlaybackSession`).
#if canImport(UIKit)
import UIKit
import KontextVideoNetworking

/// Opens click destinations on iOS, tvOS and visionOS: the App Store product sheet (iOS only) and
/// URLs, through the app's window scene (`UIScene.open(_:options:completionHandler:)`, which
/// opens a URL as `UIApplication.open` does). In an app extension there is no app scene to open
/// through: nothing opens, and the click is still recorded and reported.
@MainActor
final class SystemClickOpener: ClickDestinationOpening {
    #if os(iOS)
    /// The product sheet on screen, kept alive as its controller's delegate (which UIKit holds
    /// weakly) until it failed or was dismissed; a later one takes its place.
    private var productSheet: ProductSheet?
    #endif

    func open(_ destination: ClickDestination, outcome: @escaping @MainActor (ClickDestinationOutcome) -> Void) {
        switch destination {
        case .productSheet(let appStoreID, let attribution):
            // StoreKit's product sheet exists on iOS only (tvOS has StoreKit, not the sheet), and
            // UIKit exists on both: no `canImport` can tell them apart, so this is `os(iOS)`.
            #if os(iOS)
            guard let presenter = KeyWindow.topViewController() else {
                outcome(.failed)
                return
            }
            let sheet = ProductSheet { [weak self] sheet, result in
                if result != .opened, self?.productSheet === sheet { self?.productSheet = nil }
                outcome(result)
            }
            productSheet = sheet
            sheet.present(appStoreID, attribution: attribution, from: presenter)
            #else
            outcome(.failed)
            #endif
        case .url(let url):
            guard let scene = HostApplication.windowScenes.first else {
                outcome(.failed)
                return
            }
            scene.open(url, options: nil) { opened in outcome(opened ? .opened : .failed) }
        }
    }
}
#endif
