/// Privacy and consent signals: published as `KontextVideo.Regulatory`.
///
/// The SDK reads TCF, GPP and US Privacy values from the consent platform's shared
/// storage; what is set here fills what the platform did not write. COPPA always
/// comes from the app.
///
/// ```swift
/// // A kids' profile: no consent platform runs, so say what applies.
/// KontextVideo.shared.regulatory = KontextVideo.Regulatory(gdpr: false, coppa: true)
/// ```
public struct KontextVideoRegulatory: Sendable, Hashable {
    /// Whether the request is subject to GDPR.
    public var gdpr: Bool?
    /// IAB TCF v2 consent string.
    public var gdprConsent: String?
    /// Whether the request is subject to COPPA. Cannot be read from the device.
    public var coppa: Bool?
    /// IAB Global Privacy Platform string.
    public var gpp: String?
    /// GPP section ids that apply.
    public var gppSid: [Int]?
    /// Legacy IAB US Privacy (CCPA) string.
    public var usPrivacy: String?

    /// Creates consent signals; every field is optional, so `Regulatory()` works.
    /// - Parameters:
    ///   - gdpr: Whether the request is subject to GDPR (`IABTCF_gdprApplies` wins when present).
    ///   - gdprConsent: IAB TCF v2 consent string (`IABTCF_TCString` wins when present).
    ///   - coppa: Whether the request is subject to COPPA. Only ever comes from you.
    ///   - gpp: IAB Global Privacy Platform string (`IABGPP_HDR_GppString` wins when present).
    ///   - gppSid: GPP section ids that apply (`IABGPP_GppSID` wins when present).
    ///   - usPrivacy: Legacy IAB US Privacy (CCPA) string (`IABUSPrivacy_String` wins when present).
    public init(
        gdpr: Bool? = nil,
        gdprConsent: String? = nil,
        coppa: Bool? = nil,
        gpp: String? = nil,
        gppSid: [Int]? = nil,
        usPrivacy: String? = nil
    ) {
        self.gdpr = gdpr
        self.gdprConsent = gdprConsent
        self.coppa = coppa
        self.gpp = gpp
        self.gppSid = gppSid
        self.usPrivacy = usPrivacy
    }
}
