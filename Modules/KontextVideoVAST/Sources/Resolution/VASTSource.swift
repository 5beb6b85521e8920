import Foundation

/// Where the VAST to resolve comes from.
package enum VASTSource: Sendable, Equatable {
    /// A document already in memory (the ad server's response).
    case document(Data, baseURL: URL? = nil)
    /// A VAST tag URL to fetch first.
    case url(URL)
}
