import Foundation

/// One wrapper walked on the way to an in-line ad.
package struct VASTWrapperHop: Sendable, Equatable, Encodable {
    /// 1 for the outermost wrapper.
    package var depth: Int
    /// The URL of the document that held the wrapper (`nil` for a document given as bytes).
    package var documentURL: String?
    /// The wrapper ad's `id`.
    package var adId: String?
    /// The wrapper's `<AdSystem>`.
    package var adSystem: String?
    /// The `<VASTAdTagURI>` as written.
    package var adTagURI: String?
    /// The absolute URL fetched for it, when it could be resolved.
    package var fetchedURL: String?
    /// The error of this hop, if it failed.
    package var error: VASTError?

    /// Creates a hop.
    package init(depth: Int, documentURL: String?, adId: String?, adSystem: String?, adTagURI: String?, fetchedURL: String? = nil, error: VASTError? = nil) {
        self.depth = depth
        self.documentURL = documentURL
        self.adId = adId
        self.adSystem = adSystem
        self.adTagURI = adTagURI
        self.fetchedURL = fetchedURL
        self.error = error
    }
}
