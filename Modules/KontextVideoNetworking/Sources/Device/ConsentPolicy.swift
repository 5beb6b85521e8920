import Foundation
import KontextVideoModels

/// The consent signals in force for one request: what the consent platform wrote in
/// `UserDefaults`, what the app set (`KontextVideoRegulatory`) where the platform wrote nothing,
/// and the App Tracking Transparency status. Read again for every request, so a change in the
/// consent platform applies to the next one.
package struct ConsentSignals: Sendable, Hashable {
    /// Whether GDPR applies (`IABTCF_gdprApplies`, else the app's `gdpr`); `nil`: unknown.
    package var gdprApplies: Bool?
    /// The TCF v2 TC string (`IABTCF_TCString`, else the app's `gdprConsent`).
    package var tcString: String?
    /// The platform's decoded purpose consents (`IABTCF_PurposeConsents`, `"1011…"`), when written.
    package var purposeConsents: String?
    /// The app's `coppa`: the request is child-directed.
    package var coppa: Bool
    /// The IAB US Privacy string (`IABUSPrivacy_String`, else the app's `usPrivacy`).
    package var usPrivacy: String?
    /// The GPP string (`IABGPP_HDR_GppString`, else the app's `gpp`).
    package var gpp: String?
    /// The GPP sections in force (`IABGPP_GppSID`, else the app's `gppSid`).
    package var gppSid: [Int]?
    /// The App Tracking Transparency status; `nil` on a platform without it.
    package var trackingAuthorization: TrackingAuthorizationStatus?

    /// Signals from their parts; by default, none (no regulation known, no ATT).
    package init(
        gdprApplies: Bool? = nil, tcString: String? = nil, purposeConsents: String? = nil, coppa: Bool = false,
        usPrivacy: String? = nil, gpp: String? = nil, gppSid: [Int]? = nil, trackingAuthorization: TrackingAuthorizationStatus? = nil
    ) {
        self.gdprApplies = gdprApplies
        self.tcString = tcString
        self.purposeConsents = purposeConsents
        self.coppa = coppa
        self.usPrivacy = usPrivacy
        self.gpp = gpp
        self.gppSid = gppSid
        self.trackingAuthorization = trackingAuthorization
    }

    /// The signals of the consent platform's storage in `defaults`, the app's `regulatory` filling
    /// what the platform did not write (`ConsentResolver`'s precedence), and `tracking`.
    package init(defaults: UserDefaults, regulatory: KontextVideoRegulatory?, tracking: TrackingAuthorizationStatus?) {
        self.init(resolved: ConsentResolver.resolve(defaults: defaults, appRegulatory: regulatory), defaults: defaults, tracking: tracking)
    }

    /// The signals of consent `ConsentResolver` resolved already (`wire`, as the request sends it),
    /// with the platform's decoded purposes from `defaults`, and `tracking`.
    package init(resolved wire: WireRegulatory?, defaults: UserDefaults, tracking: TrackingAuthorizationStatus?) {
        self.init(
            gdprApplies: wire?.gdpr.map { $0 == 1 }, tcString: wire?.gdprConsent,
            purposeConsents: ConsentResolver.text(defaults.object(forKey: ConsentResolver.Key.purposeConsents)),
            coppa: wire?.coppa == 1, usPrivacy: wire?.usPrivacy, gpp: wire?.gpp, gppSid: wire?.gppSid,
            trackingAuthorization: tracking)
    }
}

/// What may be stored on the device and sent to the server, decided from `ConsentSignals`: the one
/// place the SDK obeys consent. Ads are requested in every case; what the rules take away is what
/// recognises the device and the viewer. Each rule, with its source (`PROTOCOL.md`, *Consent on
/// the device*, holds the same table; a test reads it against `table`):
///
/// | signal | install id (stored, read, sent) | IDFV | IDFA | `user.id` | email and hash | keywords | tracking host | ATT prompt |
/// |---|---|---|---|---|---|---|---|---|
/// | no signal, or GDPR not applying | yes | yes | with ATT | yes | with ATT | yes | with ATT | yes |
/// | GDPR applies, Purpose 1 consented | yes | yes | with ATT | yes | with ATT | yes | with ATT | yes |
/// | GDPR applies, Purpose 1 refused or the TC string unreadable | no | no | no | no | no | no | no | no |
/// | COPPA | yes | no | no | no | no | no | no | no |
/// | US opt-out of sale, sharing or targeted advertising | yes | yes | no | yes | no | yes | no | yes |
///
/// - GDPR: TCF v2.2 Purpose 1 is "store and/or access information on a device"; without it nothing
///   that recognises the device or the viewer may be stored, read or sent (Google's SDKs serve
///   "limited ads" then). A string that cannot be read while GDPR applies is no consent. A string
///   whose `PurposeOneTreatment` says Purpose 1 was not disclosed (a publisher country where it need
///   not be) does not refuse it.
/// - COPPA: a child-directed request carries no personal data of the viewer and no device
///   identifier for advertising; the install id stays, as "support for the internal operations" of
///   the service (frequency capping, the event queue) that the FTC's rule allows.
/// - A US opt-out (US Privacy `1?Y?`, or a GPP US national or state section's sale, sharing or
///   targeted-advertising opt-out): no IDFA and no email, which are what a sale or a share of the
///   viewer's data would carry.
package struct ConsentPolicy: Sendable, Hashable {
    /// Whether the install id may be created, kept, read and sent.
    package var installId: Bool
    /// Whether the identifier for vendor may be sent.
    package var vendorId: Bool
    /// Whether the advertising identifier may be sent (and then only with ATT authorization).
    package var advertisingId: Bool
    /// Whether the app's `user.id` may be sent.
    package var userId: Bool
    /// Whether `user.email` and `user.emailHash` may be sent (and then only with ATT authorization).
    package var email: Bool
    /// Whether the app's `user.keywords` may be sent.
    package var keywords: Bool
    /// Whether a request may go to the tracking host.
    package var trackingHost: Bool
    /// Whether the SDK may show the App Tracking Transparency prompt.
    package var trackingPrompt: Bool
    /// Why the policy is tighter than "everything", for the event stream; empty when it is not.
    package var reasons: [String]

    /// Everything allowed: no signal restricts anything.
    package static let unrestricted = ConsentPolicy(
        installId: true, vendorId: true, advertisingId: true, userId: true, email: true, keywords: true,
        trackingHost: true, trackingPrompt: true, reasons: [])

    /// The policy of `signals`.
    package init(_ signals: ConsentSignals) {
        self = .unrestricted
        if signals.gdprApplies == true, !Self.purposeOneConsented(signals) {
            self = ConsentPolicy(
                installId: false, vendorId: false, advertisingId: false, userId: false, email: false, keywords: false,
                trackingHost: false, trackingPrompt: false, reasons: ["gdpr: no Purpose 1 consent"])
        }
        if signals.coppa {
            vendorId = false
            advertisingId = false
            userId = false
            email = false
            keywords = false
            trackingHost = false
            trackingPrompt = false
            reasons.append("coppa")
        }
        if Self.usOptOut(signals) {
            advertisingId = false
            email = false
            trackingHost = false
            reasons.append("us opt-out")
        }
    }

    private init(
        installId: Bool, vendorId: Bool, advertisingId: Bool, userId: Bool, email: Bool, keywords: Bool,
        trackingHost: Bool, trackingPrompt: Bool, reasons: [String]
    ) {
        self.installId = installId
        self.vendorId = vendorId
        self.advertisingId = advertisingId
        self.userId = userId
        self.email = email
        self.keywords = keywords
        self.trackingHost = trackingHost
        self.trackingPrompt = trackingPrompt
        self.reasons = reasons
    }

    /// Kontext's id in the IAB Global Vendor List: `nil` while it has none, and then only the
    /// purpose is checked. With an id, the TC string must also give that vendor consent.
    package static let kontextVendorId: Int? = nil

    /// Whether Purpose 1 is consented: the platform's decoded `IABTCF_PurposeConsents` when it wrote
    /// one, else the TC string's core segment; an unreadable or missing string is no consent.
    static func purposeOneConsented(_ signals: ConsentSignals) -> Bool {
        let tcf = signals.tcString.flatMap(TCFConsent.init)
        if let vendor = kontextVendorId, tcf?.hasConsent(vendor: vendor) != true { return false }
        if let decoded = signals.purposeConsents?.first { return decoded == "1" }
        guard let tcf else { return false }
        return tcf.purposeOneNotDisclosed || tcf.purposeConsents.first == true
    }

    /// Whether the viewer opted out of sale, sharing or targeted advertising in the US.
    static func usOptOut(_ signals: ConsentSignals) -> Bool {
        if let usp = signals.usPrivacy.flatMap({ USOptOut(usPrivacy: $0) }), usp.any { return true }
        if let gpp = signals.gpp.flatMap({ USOptOut(gpp: $0, applicable: signals.gppSid) }), gpp.any { return true }
        return false
    }

    /// What the policy leaves out, by wire name, for the event stream.
    package var leftOut: [String] {
        let names = ["installId", "vendorId", "advertisingId", "user.id", "user.email", "user.keywords", "tracking host", "tracking prompt"]
        return zip(names, row).filter { !$0.1 }.map(\.0)
    }

    /// The policy as a row of yes/no, in the order of the table above (install id, IDFV, IDFA,
    /// `user.id`, email, keywords, tracking host, ATT prompt).
    package var row: [Bool] {
        [installId, vendorId, advertisingId, userId, email, keywords, trackingHost, trackingPrompt]
    }
}
