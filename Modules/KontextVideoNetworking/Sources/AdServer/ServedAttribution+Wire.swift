import Foundation
import KontextVideoModels
import KontextVideoJournal

extension ServedAttribution {
    /// Reads `creative.attribution` of a creative whose App Store product is `appStoreID`. Never
    /// fails the ad: each part (`skadnetwork`, `adAttributionKit`, `overlay`) that does not read
    /// is left out and named in `failures`; every number goes through `WireNumber`.
    /// - Returns: What was usable (`nil` when nothing was), and why the rest was left out.
    package static func read(_ json: JSONValue, appStoreID: String?) -> (attribution: ServedAttribution?, failures: [AttributionPayloadFailure]) {
        guard case .object(let members) = json else { return (nil, [.malformed(field: "attribution")]) }
        guard let appStoreID else { return (nil, [.notAppInstall]) }
        var attribution = ServedAttribution()
        var failures: [AttributionPayloadFailure] = []
        if let skan = members["skadnetwork"] {
            switch SKAdNetworkPayload.read(skan, appStoreID: appStoreID) {
            case .success(let payload): attribution.skAdNetwork = payload
            case .failure(let failure): failures.append(failure)
            }
        }
        if let aak = members["adAttributionKit"] {
            if case .object(let fields) = aak, case .string(let jws)? = fields["jws"], isCompactJWS(jws) {
                attribution.adAttributionKitJWS = jws
            } else {
                failures.append(.malformed(field: "adAttributionKit.jws"))
            }
        }
        if let overlay = members["overlay"] {
            if let request = AppStoreOverlayRequest.read(overlay) {
                attribution.overlay = request
            } else {
                failures.append(.malformed(field: "overlay"))
            }
        }
        return (attribution.isEmpty ? nil : attribution, failures)
    }

    /// Whether `text` has the shape of a compact JWS: three base64url parts, the signature's
    /// included, within 8 KB. Its signature is Apple's to check, on the device.
    static func isCompactJWS(_ text: String) -> Bool {
        guard text.utf8.count <= 8192 else { return false }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        let alphabet = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        return parts.count == 3 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(alphabet.contains) }
    }
}

extension SKAdNetworkPayload {
    /// Reads `attribution.skadnetwork`, whose `itemId` must be `appStoreID`.
    static func read(_ json: JSONValue, appStoreID: String) -> Result<SKAdNetworkPayload, AttributionPayloadFailure> {
        guard case .object(let fields) = json else { return .failure(.malformed(field: "skadnetwork")) }
        func field(_ name: String) -> AttributionPayloadFailure { .malformed(field: "skadnetwork.\(name)") }
        guard case .string(let version)? = fields["version"], let major = Self.majorVersion(version) else {
            return .failure(field("version"))
        }
        guard major >= 4 else { return .failure(.unsupportedVersion(version)) }
        guard case .string(let network)? = fields["network"], Self.isNetworkId(network) else { return .failure(field("network")) }
        guard let source = fields["sourceIdentifier"].flatMap({ integer($0, .sourceIdentifier) }) else {
            return .failure(field("sourceIdentifier"))
        }
        guard let item = fields["itemId"].flatMap({ integer($0, .appStoreItem) }), item > 0 else { return .failure(field("itemId")) }
        guard String(item) == appStoreID else { return .failure(.itemMismatch) }
        guard let sourceApp = fields["sourceAppId"].flatMap({ integer($0, .appStoreItem) }) else { return .failure(field("sourceAppId")) }
        guard case .array(let entries)? = fields["fidelities"], !entries.isEmpty else { return .failure(field("fidelities")) }
        var fidelities: [SKAdNetworkFidelity] = []
        for (index, entry) in entries.enumerated() {
            guard let fidelity = SKAdNetworkFidelity.read(entry), fidelities.allSatisfy({ $0.kind != fidelity.kind }) else {
                return .failure(field("fidelities.\(index)"))
            }
            fidelities.append(fidelity)
        }
        return .success(SKAdNetworkPayload(
            version: version, networkId: network, sourceIdentifier: source, itemId: item, sourceAppId: sourceApp, fidelities: fidelities))
    }

    /// The major version of `"4.0"`-style text, or `nil` for anything else.
    static func majorVersion(_ text: String) -> Int? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.count <= 3 && $0.allSatisfy(\.isASCIIDigit) }) else {
            return nil
        }
        return Int(parts[0])
    }

    /// Whether `text` is an ad network id as Apple issues them: lowercase letters, digits, dots
    /// and dashes, ending in `.skadnetwork`, within 100 characters.
    static func isNetworkId(_ text: String) -> Bool {
        text.utf8.count <= 100 && text.hasSuffix(".skadnetwork") && text.count > ".skadnetwork".count
            && text.allSatisfy { $0.isASCIIDigit || ("a"..."z").contains($0) || $0 == "." || $0 == "-" }
    }
}

extension SKAdNetworkFidelity {
    /// Reads one entry of `skadnetwork.fidelities`; `nil` when it does not read.
    static func read(_ json: JSONValue) -> SKAdNetworkFidelity? {
        guard case .object(let fields) = json,
              let type = fields["fidelity"].flatMap({ integer($0, .sequence) }), let kind = Kind(rawValue: type),
              case .string(let nonceText)? = fields["nonce"], let nonce = UUID(uuidString: nonceText),
              let timestamp = fields["timestamp"].flatMap({ integer($0, .epochMilliseconds) }),
              case .string(let signature)? = fields["signature"], !signature.isEmpty, signature.utf8.count <= 1024
        else { return nil }
        return SKAdNetworkFidelity(kind: kind, nonce: nonce, timestamp: timestamp, signature: signature)
    }
}

extension AppStoreOverlayRequest {
    /// Reads `attribution.overlay`: `{"at": "endCard"}` or `{"afterSeconds": 5}`, with an optional
    /// `position`; `nil` when it does not read.
    static func read(_ json: JSONValue) -> AppStoreOverlayRequest? {
        guard case .object(let fields) = json else { return nil }
        let position: Position
        switch fields["position"] {
        case nil: position = .bottom
        case .string(let name)?:
            guard let known = Position(rawValue: name) else { return nil }
            position = known
        default: return nil
        }
        switch (fields["at"], fields["afterSeconds"]) {
        case (.string("endCard")?, nil):
            return AppStoreOverlayRequest(moment: .endCard, position: position)
        case (nil, let seconds?):
            guard let delay = number(seconds).flatMap({ WireNumber.bounded($0, .seconds) }) else { return nil }
            return AppStoreOverlayRequest(moment: .afterSeconds(delay), position: position)
        default:
            return nil
        }
    }
}

/// A JSON number as a `Double`, or `nil` for any other value.
private func number(_ json: JSONValue) -> Double? {
    switch json {
    case .integer(let value): Double(value)
    case .number(let value): value
    default: nil
    }
}

/// A JSON number that is a whole number inside `kind`'s range (`WireNumber`), or `nil`.
private func integer(_ json: JSONValue, _ kind: WireNumber.Kind) -> Int? {
    guard let value = number(json).flatMap({ WireNumber.bounded($0, kind) }), value == value.rounded(.towardZero) else { return nil }
    return WireNumber.saturatingInt(value)
}

extension Character {
    /// `0`…`9`, and nothing else that Unicode calls a digit.
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
