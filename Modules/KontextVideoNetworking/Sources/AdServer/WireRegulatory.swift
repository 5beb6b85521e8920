/// The `regulatory` object of an ad request; consent booleans travel as `0`/`1`.
package struct WireRegulatory: Sendable, Hashable, Codable {
    /// `1` when GDPR applies, `0` when it does not.
    package var gdpr: Int?
    /// The IAB TCF v2 consent string.
    package var gdprConsent: String?
    /// `1` when COPPA applies, `0` when it does not.
    package var coppa: Int?
    /// The IAB GPP string.
    package var gpp: String?
    /// The GPP section ids that apply.
    package var gppSid: [Int]?
    /// The IAB US Privacy string.
    package var usPrivacy: String?

    // Built field by field by `ConsentResolver`; tests use the memberwise initializer.

    /// Whether no field is set.
    package var isEmpty: Bool {
        gdpr == nil && gdprConsent == nil && coppa == nil && gpp == nil && gppSid == nil && usPrivacy == nil
    }
}
