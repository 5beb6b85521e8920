import Foundation
import KontextVideo

/// Records what a tap on an ad opened, as the system would: the App Store product sheet for an
/// app-install ad, else the click URL, else — when the test made that URL unopenable — its fallback.
///
/// The harness's opener is `harness.clickOpener`:
///
/// ```swift
/// try pause.show(in: HeadlessView())
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
    /// Every URL the SDK tried to open (opened or not), in order.
    public private(set) var attemptedURLs: [URL] = []

    /// Creates an opener that opens everything.
    public init() {}

    /// Records what `target` opens: its destinations in order until one opens (a product sheet
    /// always does; a URL unless the test made it unopenable).
    package func open(_ target: ClickTarget) {
        for destination in target.destinations {
            switch destination {
            case .productSheet(let appStoreID):
                productSheets.append(appStoreID)
                return
            case .url(let url):
                attemptedURLs.append(url)
                if !unopenableURLs.contains(url) {
                    openedURLs.append(url)
                    return
                }
            }
        }
    }
}
