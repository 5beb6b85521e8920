import Foundation
import KontextVideoCreatives

/// Where a tap on an ad leads: an app-install ad's App Store product, the URL, and its fallback
/// when the first cannot open, each judged by `AdURLRule` when the target is made. What the rule
/// refused is in `refusals` (the tap still counts: the viewer did tap) and never among the
/// `destinations`.
package struct ClickTarget: Sendable, Hashable {
    /// The click-through URL, as the ad named it.
    package let url: URL?
    /// Where to go when `url` cannot open, as the ad named it.
    package let fallbackURL: URL?
    /// An app-install ad's App Store product id: the product sheet opens inside the app.
    package let appStoreID: String?
    /// Where the tap goes, in the order to try until one opens: an app-install ad's product sheet,
    /// then the URL, then its fallback, each as the rule allows (an App Store URL becomes its
    /// product sheet, its page after it); never the same place twice.
    package let destinations: [ClickDestination]
    /// The URLs the rule refused, with why, in the order they were judged.
    package let refusals: [ClickRefusal]

    /// A target judged by `rule`; the product sheet of `appStoreID` opens with `attribution`
    /// (an App Store URL's sheet of the same app too).
    package init(url: URL?, fallbackURL: URL?, appStoreID: String?, attribution: ProductSheetAttribution? = nil, rule: AdURLRule) {
        self.url = url
        self.fallbackURL = fallbackURL
        self.appStoreID = appStoreID
        var destinations: [ClickDestination] = []
        var refusals: [ClickRefusal] = []
        func add(_ destination: ClickDestination) {
            if !destinations.contains(where: { $0.isSamePlace(as: destination) }) { destinations.append(destination) }
        }
        if let appStoreID { add(.productSheet(appStoreID: appStoreID, attribution: attribution)) }
        for candidate in [url, fallbackURL].compactMap({ $0 }) {
            switch rule.tapTarget(candidate) {
            case .web(let page):
                add(.url(page))
            case .appStore(let id, let page):
                add(.productSheet(appStoreID: id, attribution: id == appStoreID ? attribution : nil))
                add(.url(page))
            case .refused(let reason):
                refusals.append(ClickRefusal(url: candidate, reason: reason))
            }
        }
        self.destinations = destinations
        self.refusals = refusals
    }
}

/// A URL a tap would have opened and the rule refused.
package struct ClickRefusal: Sendable, Hashable {
    /// The refused URL.
    package let url: URL
    /// Why it was refused.
    package let reason: AdURLRule.Refusal

    /// What a log may show of it: the scheme, and the host and path of a URL that has them; never
    /// its query, which may carry the viewer's data.
    package var redacted: String {
        URLRedaction.redacted(url)
    }
}

/// One place a tap can lead.
package enum ClickDestination: Sendable, Hashable {
    /// The App Store product sheet, inside the app, opened with the ad's attribution when it has one.
    case productSheet(appStoreID: String, attribution: ProductSheetAttribution? = nil)
    /// A URL, opened by the system (a web page, or a deep link into another app).
    case url(URL)
}

/// How a click-through is going, as the opener tells the ad that started it.
package enum ClickThroughProgress: Sendable, Hashable {
    /// A destination opened and took the viewer away: a sheet inside the app, or another app.
    case opened(ClickThroughKind)
    /// The sheet the SDK presented inside the app was dismissed: the viewer is back. (A
    /// destination in another app sends no such moment: the viewer is back when the app comes
    /// back to the foreground.)
    case closed
}

/// Opens click targets: the platform's opener, or a recorder in tests. The SDK starts the
/// opening and does not wait for it; `progress` hears when the viewer left for the destination
/// and when a sheet inside the app was dismissed (nothing when nothing opened).
@MainActor
package protocol ClickOpening: AnyObject {
    /// Starts opening `target`; `progress` hears how the click-through goes.
    func open(_ target: ClickTarget, progress: @escaping @MainActor (ClickThroughProgress) -> Void)
}

/// How one destination fared, as the platform reports it.
package enum ClickDestinationOutcome: Sendable, Hashable {
    /// It could not open (no product sheet on this platform, a URL no app handles).
    case failed
    /// It opened: the viewer is at the destination.
    case opened
    /// The destination the SDK presented inside the app (the product sheet) was dismissed.
    case dismissed
}

/// Opens one destination on the platform and says how it fared; the platform's glue.
@MainActor
package protocol ClickDestinationOpening: AnyObject {
    /// Opens `destination`; `outcome` hears `.failed` when it could not, else `.opened`, and
    /// `.dismissed` once a sheet the SDK presented inside the app went away.
    func open(_ destination: ClickDestination, outcome: @escaping @MainActor (ClickDestinationOutcome) -> Void)
}

/// The click opener of a real platform: tries a target's destinations in order until one
/// opens, and tells the ad where the viewer went (a product sheet is inside the app; a URL
/// opens in another app).
@MainActor
package final class OrderedClickOpener: ClickOpening {
    private let platform: any ClickDestinationOpening

    /// Opens through `platform`.
    package init(_ platform: any ClickDestinationOpening) {
        self.platform = platform
    }

    /// Tries `target`'s destinations in order.
    package func open(_ target: ClickTarget, progress: @escaping @MainActor (ClickThroughProgress) -> Void) {
        tryNext(target.destinations[...], progress: progress)
    }

    private func tryNext(_ remaining: ArraySlice<ClickDestination>, progress: @escaping @MainActor (ClickThroughProgress) -> Void) {
        guard let destination = remaining.first else { return }
        platform.open(destination) { [weak self] outcome in
            switch outcome {
            case .failed: self?.tryNext(remaining.dropFirst(), progress: progress)
            case .opened: progress(.opened(destination.kind))
            case .dismissed: progress(.closed)
            }
        }
    }
}

extension ClickDestination {
    /// The destination as a log shows it: the App Store product, or the URL without its query.
    package var logDescription: String {
        switch self {
        case .productSheet(let id, _): "App Store product \(id)"
        case .url(let url): URLRedaction.redacted(url)
        }
    }

    /// Whether `other` leads to the same place: the same URL, or the same app's product sheet.
    func isSamePlace(as other: ClickDestination) -> Bool {
        switch (self, other) {
        case (.productSheet(let id, _), .productSheet(let otherId, _)): id == otherId
        default: self == other
        }
    }

    /// Where the destination takes the viewer.
    package var kind: ClickThroughKind {
        switch self {
        case .productSheet: .insideApp
        case .url: .outsideApp
        }
    }
}
