import Foundation

/// What the App Store product sheet (or overlay) of an app-install ad is opened with, so the
/// install it drives is credited (fidelity 1, StoreKit-rendered): the parameter dictionary's
/// entries, named after StoreKit's keys, and AdAttributionKit's impression where it is used
/// instead. The glue turns each key into StoreKit's constant and each value into the type the
/// key's page names.
package struct ProductSheetAttribution: Sendable, Hashable {
    /// One key of the product sheet's parameter dictionary.
    package enum Key: String, Sendable, Hashable, CaseIterable {
        /// `SKStoreProductParameterITunesItemIdentifier`: the advertised app.
        case itemIdentifier = "SKStoreProductParameterITunesItemIdentifier"
        /// `SKStoreProductParameterAdNetworkIdentifier`.
        case adNetworkIdentifier = "SKStoreProductParameterAdNetworkIdentifier"
        /// `SKStoreProductParameterAdNetworkVersion`.
        case adNetworkVersion = "SKStoreProductParameterAdNetworkVersion"
        /// `SKStoreProductParameterAdNetworkSourceIdentifier` (SKAdNetwork 4's hierarchical source id).
        case adNetworkSourceIdentifier = "SKStoreProductParameterAdNetworkSourceIdentifier"
        /// `SKStoreProductParameterAdNetworkSourceAppStoreIdentifier`: the publisher's app.
        case adNetworkSourceAppStoreIdentifier = "SKStoreProductParameterAdNetworkSourceAppStoreIdentifier"
        /// `SKStoreProductParameterAdNetworkNonce`.
        case adNetworkNonce = "SKStoreProductParameterAdNetworkNonce"
        /// `SKStoreProductParameterAdNetworkTimestamp`.
        case adNetworkTimestamp = "SKStoreProductParameterAdNetworkTimestamp"
        /// `SKStoreProductParameterAdNetworkAttributionSignature`.
        case adNetworkAttributionSignature = "SKStoreProductParameterAdNetworkAttributionSignature"
    }

    /// A value, typed as the key's page asks (`NSString`, `NSNumber`, `NSUUID`).
    package enum Value: Sendable, Hashable, CustomStringConvertible {
        /// A string.
        case string(String)
        /// A whole number.
        case number(Int)
        /// A UUID.
        case uuid(UUID)

        /// The value as text: a UUID lowercase.
        package var description: String {
            switch self {
            case .string(let text): text
            case .number(let number): String(number)
            case .uuid(let uuid): uuid.uuidString.lowercased()
            }
        }
    }

    /// One entry.
    package struct Parameter: Sendable, Hashable {
        /// The key.
        package let key: Key
        /// Its value.
        package let value: Value

        /// An entry.
        package init(_ key: Key, _ value: Value) {
            self.key = key
            self.value = value
        }
    }

    /// The entries, the App Store id first.
    package let parameters: [Parameter]
    /// AdAttributionKit's impression (a compact JWS), when the sheet is loaded with one instead
    /// of SKAdNetwork's keys (`loadProduct(parameters:impression:)`, iOS 17.4).
    package let adAttributionKitJWS: String?

    /// The parameters as text by StoreKit's key names: what a test or log compares.
    package var textByKey: [String: String] {
        Dictionary(parameters.map { ($0.key.rawValue, $0.value.description) }, uniquingKeysWith: { first, _ in first })
    }
}
