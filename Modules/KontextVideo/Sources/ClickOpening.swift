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

    /// Where the tap goes, in the order to try until one opens: an app-install ad's product
    /// sheet, then the URL, then its fallback (when it is another URL).
    package var destinations: [ClickDestination] {
        var destinations: [ClickDestination] = []
        if let appStoreID { destinations.append(.productSheet(appStoreID: appStoreID)) }
        if let url { destinations.append(.url(url)) }
        if let fallbackURL, fallbackURL != url { destinations.append(.url(fallbackURL)) }
        return destinations
    }
}

/// One place a tap can lead.
package enum ClickDestination: Sendable, Hashable {
    /// The App Store product sheet, inside the app.
    case productSheet(appStoreID: String)
    /// A URL, opened by the system (a web page, or a deep link into another app).
    case url(URL)
}

/// Opens click targets: the platform's opener, or a recorder in tests. The SDK starts the
/// opening and does not wait for it.
@MainActor
package protocol ClickOpening: AnyObject {
    /// Starts opening `target`.
    func open(_ target: ClickTarget)
}

/// Opens one destination on the platform and says whether it opened; the platform's glue.
@MainActor
package protocol ClickDestinationOpening: AnyObject {
    /// Opens `destination`; `completion(false)` when it could not (no product sheet on this
    /// platform, a URL no app handles).
    func open(_ destination: ClickDestination, completion: @escaping @MainActor (Bool) -> Void)
}

/// The click opener of a real platform: tries a target's destinations in order until one opens.
@MainActor
package final class OrderedClickOpener: ClickOpening {
    private let platform: any ClickDestinationOpening

    /// Opens through `platform`.
    package init(_ platform: any ClickDestinationOpening) {
        self.platform = platform
    }

    /// Tries `target`'s destinations in order.
    package func open(_ target: ClickTarget) {
        tryNext(target.destinations[...])
    }

    private func tryNext(_ remaining: ArraySlice<ClickDestination>) {
        guard let destination = remaining.first else { return }
        platform.open(destination) { [weak self] opened in
            if !opened { self?.tryNext(remaining.dropFirst()) }
        }
    }
}
