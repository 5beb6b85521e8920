import Foundation

/// Where a tap on an ad leads: the URL, its fallback when the first cannot open, or an
/// app-install ad's App Store product.
package struct ClickTarget: Sendable, Hashable {
    /// The click-through URL.
    package var url: URL?
    /// Where to go when `url` cannot open.
    package var fallbackURL: URL?
    /// An app-install ad's App Store product id: the product sheet opens inside the app.
    package var appStoreID: String?

    /// Creates a target.
    package init(url: URL?, fallbackURL: URL?, appStoreID: String?) {
        self.url = url
        self.fallbackURL = fallbackURL
        self.appStoreID = appStoreID
    }
}

/// Opens click targets: `UIApplication.open` and the App Store product sheet on iOS; a recorder
/// in tests. The SDK starts the opening and does not wait for it.
@MainActor
package protocol ClickOpening: AnyObject {
    /// Starts opening `target`.
    func open(_ target: ClickTarget)
}

#if !canImport(UIKit)
/// Where nothing can be opened (Linux): the click is recorded and reported, nothing opens.
@MainActor
final class NoClickOpener: ClickOpening {
    func open(_ target: ClickTarget) {}
}

@MainActor
func platformClickOpener() -> any ClickOpening {
    NoClickOpener()
}
#endif
