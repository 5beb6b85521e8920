import Foundation
import KontextVideo

/// Records what a tap on an ad opened, as the system would: the App Store product sheet for an
/// app-install ad, else the click URL, else — when the test made that URL unopenable — its fallback.
/// Like a device, it takes the viewer away: a linear ad pauses until ``viewerReturns()`` (or,
/// after a URL, until the app comes back to the foreground).
///
/// The harness's opener is `harness.clickOpener`:
///
/// ```swift
/// let host = HeadlessView()   // held weakly: keep it while the ad is shown
/// try pause.show(in: host)
/// harness.creatives.creative(for: pause)?.click()
/// #expect(harness.clickOpener.openedURLs.count == 1)   // the sandbox's landing page
/// ```
@MainActor
public final class HeadlessClickOpener: ClickOpening {
    /// URLs that cannot open (no app handles them, say).
    public var unopenableURLs: Set<URL> = []
    /// Every URL that opened, in order.
    public private(set) var openedURLs: [URL] = []
    /// Every App Store product sheet shown, by product id, in order.
    public private(set) var productSheets: [String] = []
    /// The parameters each product sheet of ``productSheets`` was loaded with, by StoreKit's key
    /// names (`SKStoreProductParameterITunesItemIdentifier`, `SKStoreProductParameterAdNetworkIdentifier`,
    /// …) as text: the App Store id alone for an ad without attribution, every SKAdNetwork 4 key
    /// for an app-install ad whose answer carries a StoreKit-rendered signature.
    public private(set) var productSheetParameters: [[String: String]] = []
    /// Every URL the SDK tried to open (opened or not), in order.
    public private(set) var attemptedURLs: [URL] = []
    /// Whether the viewer is away at the last click-through's destination.
    public private(set) var isViewerAway = false
    private var returnToAd: (@MainActor (ClickThroughProgress) -> Void)?

    /// Creates an opener that opens everything.
    public init() {}

    /// Records what `target` opens: its destinations in order until one opens (a product sheet
    /// always does; a URL unless the test made it unopenable), and takes the viewer there.
    package func open(_ target: ClickTarget, progress: @escaping @MainActor (ClickThroughProgress) -> Void) {
        for destination in target.destinations {
            switch destination {
            case .productSheet(let appStoreID, let attribution):
                productSheets.append(appStoreID)
                productSheetParameters.append(
                    attribution?.textByKey ?? [ProductSheetAttribution.Key.itemIdentifier.rawValue: appStoreID])
            case .url(let url):
                attemptedURLs.append(url)
                guard !unopenableURLs.contains(url) else { continue }
                openedURLs.append(url)
            }
            isViewerAway = true
            returnToAd = progress
            progress(.opened(destination.kind))
            return
        }
    }

    /// The viewer comes back from the last click-through (dismisses the product sheet, or leaves
    /// the browser): a linear ad paused for it plays on.
    public func viewerReturns() {
        guard isViewerAway else { return }
        isViewerAway = false
        let progress = returnToAd
        returnToAd = nil
        progress?(.closed)
    }
}
