import Foundation
import KontextVideoVAST
import KontextVideoNetworking

/// What a web view loads for a creative: a page at a URL, or markup the SDK wrote around an
/// image. The choice and the markup are made here, so every platform's web view shows the same.
package enum CreativePage: Sendable, Equatable {
    /// Load this URL.
    case url(URL)
    /// Load this markup, relative to `baseURL`.
    case markup(String, baseURL: URL?)

    /// The page of an overlay or pause creative: its HTML page, or its image filling the view
    /// (kept in proportion) on a transparent page.
    package static func forCreative(kind: ServedCreative.Kind, url: URL) -> CreativePage {
        switch kind {
        case .image:
            let page = "<html><head><meta name='viewport' content='width=device-width'></head>"
                + "<body style='margin:0;background:transparent'>" + imageElement(url.absoluteString) + "</body></html>"
            return .markup(page, baseURL: url.deletingLastPathComponent())
        case .html, .vast:
            return .url(url)
        }
    }

    /// A linear ad's end card: its HTML resource, else its image, else its page in a frame, in
    /// that order of preference; `nil` when the companion has none the SDK can show. An image or
    /// a page is loaded only over the web, `https` first (`WebViewHardening.preferredWebResource`):
    /// never `file:`, `data:` or another scheme.
    package static func forEndCard(_ companion: VASTCompanion) -> CreativePage? {
        func resources(_ kind: VASTResource.Kind) -> [String] { companion.resources.filter { $0.kind == kind }.map(\.value) }
        if let html = resources(.html).first {
            return .markup(html, baseURL: nil)
        }
        if let image = WebViewHardening.preferredWebResource(among: resources(.staticResource)) {
            return .markup(imageElement(image.absoluteString), baseURL: nil)
        }
        if let page = WebViewHardening.preferredWebResource(among: resources(.iframe)) {
            return .url(page)
        }
        return nil
    }

    /// An `<img>` filling its container, kept in proportion; the source is attribute-escaped so
    /// a URL with a quote cannot end the attribute.
    static func imageElement(_ source: String) -> String {
        let escaped = source
            .replacingOccurrences(of: "&", with: "&amp;")
            .replacingOccurrences(of: "'", with: "&#39;")
            .replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
        return "<img src='\(escaped)' style='width:100%;height:100%;object-fit:contain'>"
    }
}
