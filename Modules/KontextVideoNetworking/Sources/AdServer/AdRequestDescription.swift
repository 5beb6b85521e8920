import Foundation
import KontextVideoModels

/// The `ad requested` event: what an ad request asks for and the consent it carries, as the
/// request leaves. Labels go under `label.<key>` and each consent signal sent under
/// `consent.<field>` (the wire's names: `gdpr`, `gdprConsent`, `coppa`, `gpp`, `gppSid`,
/// `usPrivacy`), so a reader needs no parsing; a signal not sent has no attribute.
package enum AdRequestDescription {
    /// The event of `request` with id `requestId`, carrying `regulatory` as resolved for it.
    package static func event(_ request: AdRequest, requestId: UUID, regulatory: WireRegulatory?) -> KontextVideoEvent {
        var attributes = [
            "format": request.format.rawValue,
            "requestId": requestId.lowercasedString,
            "content": request.content.id,
            "playhead": String(request.playhead),
        ]
        if let variant = request.variantId { attributes["variant"] = variant }
        for (key, value) in request.labels { attributes["label.\(key)"] = value }
        for (field, value) in consentSignals(regulatory) { attributes["consent.\(field)"] = value }
        return KontextVideoEvent(.request, .adRequested, attributes: attributes)
    }

    /// The consent signals `regulatory` sends, by their wire names; empty when it sends none.
    package static func consentSignals(_ regulatory: WireRegulatory?) -> [String: String] {
        guard let regulatory else { return [:] }
        var signals: [String: String] = [:]
        signals["gdpr"] = regulatory.gdpr.map(String.init)
        signals["gdprConsent"] = regulatory.gdprConsent
        signals["coppa"] = regulatory.coppa.map(String.init)
        signals["gpp"] = regulatory.gpp
        signals["gppSid"] = regulatory.gppSid.map { $0.map(String.init).joined(separator: "_") }
        signals["usPrivacy"] = regulatory.usPrivacy
        return signals
    }
}
