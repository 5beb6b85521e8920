import Foundation
import KontextVideoModels

/// Reads consent from the consent platform's shared storage (the IAB keys in
/// `UserDefaults`) and fills the gaps from what the app set. COPPA only comes from the app.
package enum ConsentResolver {
    /// The IAB keys the SDK reads.
    package enum Key {
        /// IAB TCF v2 consent string.
        package static let tcString = "IABTCF_TCString"
        /// Whether GDPR applies: `1` or `0` (a number; a string is accepted too).
        package static let gdprApplies = "IABTCF_gdprApplies"
        /// IAB GPP string.
        package static let gppString = "IABGPP_HDR_GppString"
        /// GPP section ids, as `2_3`.
        package static let gppSid = "IABGPP_GppSID"
        /// IAB US Privacy (CCPA) string.
        package static let usPrivacy = "IABUSPrivacy_String"
        /// The purposes consented, decoded by the consent platform: `"1011…"`, purpose 1 first.
        package static let purposeConsents = "IABTCF_PurposeConsents"
    }

    /// The consent to send: the platform's values, then the app's for what the platform did
    /// not write; `nil` when nothing is known. Malformed platform values are ignored.
    package static func resolve(defaults: UserDefaults, appRegulatory: KontextVideoRegulatory?) -> WireRegulatory? {
        let app = appRegulatory ?? KontextVideoRegulatory()
        var result = WireRegulatory()
        result.gdpr = flag(defaults.object(forKey: Key.gdprApplies)) ?? app.gdpr.map { $0 ? 1 : 0 }
        result.gdprConsent = text(defaults.object(forKey: Key.tcString)) ?? nonEmpty(app.gdprConsent)
        result.coppa = app.coppa.map { $0 ? 1 : 0 }
        result.gpp = text(defaults.object(forKey: Key.gppString)) ?? nonEmpty(app.gpp)
        result.gppSid = sectionIds(defaults.object(forKey: Key.gppSid)) ?? app.gppSid.flatMap { ids in
            ids.isEmpty || ids.contains { $0 < 0 } ? nil : ids
        }
        result.usPrivacy = text(defaults.object(forKey: Key.usPrivacy)) ?? nonEmpty(app.usPrivacy)
        return result.isEmpty ? nil : result
    }

    /// `0` or `1` from a number, a boolean or the strings `"0"`/`"1"`; anything else is unknown.
    static func flag(_ value: Any?) -> Int? {
        switch value {
        case let bool as Bool: return bool ? 1 : 0
        case let int as Int: return int == 0 || int == 1 ? int : nil
        case let number as NSNumber: return number.intValue == 0 || number.intValue == 1 ? number.intValue : nil
        case let string as String:
            switch string.trimmingCharacters(in: .whitespaces) {
            case "0": return 0
            case "1": return 1
            default: return nil
            }
        default: return nil
        }
    }

    /// A non-empty string, or unknown.
    static func text(_ value: Any?) -> String? {
        nonEmpty(value as? String)
    }

    /// Section ids from `2_3` (also one number); unknown when empty or not all numbers.
    static func sectionIds(_ value: Any?) -> [Int]? {
        switch value {
        case let int as Int: return int >= 0 ? [int] : nil
        case let string as String:
            let parts = string.split(separator: "_", omittingEmptySubsequences: true)
            let ids = parts.compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }.filter { $0 >= 0 }
            return ids.isEmpty || ids.count != parts.count ? nil : ids
        default: return nil
        }
    }

    private static func nonEmpty(_ string: String?) -> String? {
        guard let string, !string.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
        return string
    }
}
