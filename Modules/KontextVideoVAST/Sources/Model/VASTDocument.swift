import Foundation

/// A parsed VAST document, faithful to the XML: URLs trimmed, macros kept verbatim,
/// unknown parts kept as raw `VASTXMLElement`s. Policy (merge, media choice, error codes)
/// lives elsewhere.
package struct VASTDocument: Sendable, Equatable, Encodable {
    /// The root's `version` attribute (`"4.2"`), if any.
    package var version: String?
    /// The ads in document order (pods are ordered later, by `VASTAdSelection`).
    package var ads: [VASTAd]
    /// Root-level `<Error>` URLs, pinged when the document yields no ad.
    package var errorURLs: [String]

    /// Creates a document.
    package init(version: String? = nil, ads: [VASTAd] = [], errorURLs: [String] = []) {
        self.version = version
        self.ads = ads
        self.errorURLs = errorURLs
    }
}
