import Foundation

/// Kontext's ad network ids: what a publisher's Info.plist must list for an install an ad of this
/// SDK drives to be credited. **Placeholders** in this one place until the lead confirms the ids
/// Apple registered for Kontext; the sandbox sends the same SKAdNetwork id by default.
package enum KontextAdNetwork {
    /// SKAdNetwork's ids (`SKAdNetworkItems` › `SKAdNetworkIdentifier`). PLACEHOLDER.
    package static let skAdNetworkIdentifiers = ["kontext.skadnetwork"]
    /// AdAttributionKit's ids (`AdNetworkIdentifiers`, iOS 17.4). PLACEHOLDER.
    package static let adAttributionKitIdentifiers = ["kontext.adattributionkit"]
}

/// Whether an app's Info.plist lists Kontext's ad network ids, and the XML to paste when it does
/// not. Portable: it reads the dictionary the glue gets from `Bundle.main.infoDictionary` (tests
/// give their own). Apple's keys: `SKAdNetworkItems`, an array of dictionaries each with an
/// `SKAdNetworkIdentifier` (doc: /documentation/BundleResources/Information-Property-List/SKAdNetworkItems),
/// and `AdNetworkIdentifiers`, an array of strings (doc:
/// /documentation/AdAttributionKit/configuring-a-publisher-app). Ids are lowercase and compared
/// as they are ("Ad network IDs are case-sensitive and are in lowercase").
package struct AttributionInfoPlistCheck: Sendable, Equatable {
    /// Kontext's SKAdNetwork ids the app does not list.
    package let missingSKAdNetworkIdentifiers: [String]
    /// Kontext's AdAttributionKit ids the app does not list.
    package let missingAdAttributionKitIdentifiers: [String]

    /// Checks `infoDictionary` for `skAdNetwork` and `adAttributionKit` ids (Kontext's by default).
    package init(
        infoDictionary: [String: Any],
        skAdNetwork: [String] = KontextAdNetwork.skAdNetworkIdentifiers,
        adAttributionKit: [String] = KontextAdNetwork.adAttributionKitIdentifiers
    ) {
        let items = infoDictionary["SKAdNetworkItems"] as? [Any] ?? []
        let listed = Set(items.compactMap { ($0 as? [String: Any])?["SKAdNetworkIdentifier"] as? String })
        let listedKit = Set((infoDictionary["AdNetworkIdentifiers"] as? [Any] ?? []).compactMap { $0 as? String })
        missingSKAdNetworkIdentifiers = skAdNetwork.filter { !listed.contains($0) }
        missingAdAttributionKitIdentifiers = adAttributionKit.filter { !listedKit.contains($0) }
    }

    /// Whether every id is listed.
    package var isComplete: Bool { missingSKAdNetworkIdentifiers.isEmpty && missingAdAttributionKitIdentifiers.isEmpty }

    /// The missing ids, comma-separated, for a log line.
    package var missingSummary: String {
        (missingSKAdNetworkIdentifiers + missingAdAttributionKitIdentifiers).joined(separator: ", ")
    }

    /// The XML to paste into the app's Info.plist for the missing ids (add the entries to the
    /// arrays when the keys are already there); empty when nothing is missing.
    package var xmlToPaste: String {
        var lines: [String] = []
        if !missingSKAdNetworkIdentifiers.isEmpty {
            lines.append("<key>SKAdNetworkItems</key>")
            lines.append("<array>")
            for id in missingSKAdNetworkIdentifiers {
                lines.append("    <dict><key>SKAdNetworkIdentifier</key><string>\(id)</string></dict>")
            }
            lines.append("</array>")
        }
        if !missingAdAttributionKitIdentifiers.isEmpty {
            lines.append("<key>AdNetworkIdentifiers</key>")
            lines.append("<array>")
            for id in missingAdAttributionKitIdentifiers { lines.append("    <string>\(id)</string>") }
            lines.append("</array>")
        }
        return lines.joined(separator: "\n")
    }
}
