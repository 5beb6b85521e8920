import Foundation

/// The attribution payload the sandbox puts in an app-install ad's answer
/// (`creative.attribution`, `PROTOCOL.md`, *App-install attribution*): a SKAdNetwork 4 payload
/// with a StoreKit-rendered (fidelity 1) and a view-through (fidelity 0) signature, optionally an
/// AdAttributionKit impression (a compact JWS) and an App Store overlay.
///
/// **Signed-looking, not signed.** The signatures are a digest of the fields Apple signs (joined
/// with U+2063, as *Combining parameters for SKAdNetwork 4* lays them out) under the sandbox's own
/// test key, ``testKey``: not ECDSA, not Kontext's key. StoreKit and AdAttributionKit on a device
/// refuse them, so nothing the sandbox serves is ever credited; they exist so the SDK's reading,
/// the product sheet's parameters and the view-through windows can be tested end to end.
///
/// ```swift
/// var ad = SandboxAd(appStoreID: "1234567890")
/// ad.attribution = SandboxAttribution(overlay: .endCard)
/// server.enqueue(.ad(ad), for: .linear)
/// ```
public struct SandboxAttribution: Sendable, Hashable {
    /// When the App Store overlay rises, if the answer asks for one.
    public enum Overlay: Sendable, Hashable {
        /// At the linear ad's end card (`"at": "endCard"`).
        case endCard
        /// After this many seconds of video (`"afterSeconds"`).
        case afterSeconds(Double)
    }

    /// The sandbox's test key: what its signatures are made with. Said plainly: no ad network's
    /// key, and nothing Apple accepts.
    public static let testKey = "kontext-sandbox-test-key (not a real signing key)"

    /// The ad network id sent (`skadnetwork.network`); by default the placeholder the SDK
    /// checks the app's Info.plist for, `kontext.skadnetwork`.
    public var networkId: String
    /// SKAdNetwork 4's hierarchical source identifier (0…9999).
    public var sourceIdentifier: Int
    /// The publisher's App Store id (`sourceAppId`; 0 for an app not on the store).
    public var sourceAppId: Int
    /// The SKAdNetwork version (`"4.0"`).
    public var version: String
    /// Whether to add an AdAttributionKit impression (`adAttributionKit.jws`).
    public var adAttributionKit: Bool
    /// The overlay to ask for; none by default.
    public var overlay: Overlay?

    /// A payload; every argument has a default.
    /// - Parameters:
    ///   - networkId: `skadnetwork.network`; `kontext.skadnetwork` by default.
    ///   - sourceIdentifier: `skadnetwork.sourceIdentifier`; 1234 by default.
    ///   - sourceAppId: `skadnetwork.sourceAppId`; 0 by default.
    ///   - version: `skadnetwork.version`; `"4.0"` by default.
    ///   - adAttributionKit: whether to add `adAttributionKit.jws`; yes by default.
    ///   - overlay: `overlay`; none by default.
    public init(
        networkId: String = "kontext.skadnetwork",
        sourceIdentifier: Int = 1234,
        sourceAppId: Int = 0,
        version: String = "4.0",
        adAttributionKit: Bool = true,
        overlay: Overlay? = nil
    ) {
        self.networkId = networkId
        self.sourceIdentifier = sourceIdentifier
        self.sourceAppId = sourceAppId
        self.version = version
        self.adAttributionKit = adAttributionKit
        self.overlay = overlay
    }

    /// The `creative.attribution` object for the ad `adId` advertising `appStoreID` (digits),
    /// stamped `timestamp` (milliseconds since 1970).
    func json(adId: String, appStoreID: String, timestamp: Int) -> JSONValue {
        let itemId = Int(appStoreID) ?? 0
        func signed(_ fidelity: Int) -> JSONValue {
            let nonce = Self.uuid(from: "\(adId)/\(fidelity)")
            let fields = [version, networkId, String(sourceIdentifier), String(itemId), nonce, String(sourceAppId), String(fidelity), String(timestamp)]
            return .object([
                "fidelity": .number(Double(fidelity)),
                "nonce": .string(nonce),
                "timestamp": .number(Double(timestamp)),
                "signature": .string(Self.signature(of: fields.joined(separator: "\u{2063}"))),
            ])
        }
        var attribution: [String: JSONValue] = [
            "skadnetwork": .object([
                "version": .string(version),
                "network": .string(networkId),
                "sourceIdentifier": .number(Double(sourceIdentifier)),
                "itemId": .number(Double(itemId)),
                "sourceAppId": .number(Double(sourceAppId)),
                "fidelities": .array([signed(0), signed(1)]),
            ]),
        ]
        if adAttributionKit {
            let header = #"{"alg":"ES256","kid":"\#(networkId)"}"#
            let payload = #"{"impression-type":"app-impression","ad-network-id":"\#(networkId)","source-identifier":\#(sourceIdentifier),"# +
                #""advertised-item-identifier":\#(itemId),"publisher-item-identifier":\#(sourceAppId),"# +
                #""impression-identifier":"\#(Self.uuid(from: "\(adId)/aak"))","timestamp":\#(timestamp)}"#
            let signature = Self.signature(of: header + "." + payload)
            attribution["adAttributionKit"] = .object(["jws": .string([
                Self.base64URL(Data(header.utf8)), Self.base64URL(Data(payload.utf8)),
                Self.base64URL(Data(base64Encoded: signature) ?? Data()),
            ].joined(separator: "."))])
        }
        switch overlay {
        case .endCard: attribution["overlay"] = .object(["at": "endCard"])
        case .afterSeconds(let seconds): attribution["overlay"] = .object(["afterSeconds": .number(seconds)])
        case nil: break
        }
        return .object(attribution)
    }

    /// A signature-looking base64 string: 64 bytes of FNV-1a digests of `text` under ``testKey``.
    static func signature(of text: String) -> String {
        var bytes: [UInt8] = []
        for round in 0..<8 {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in Array("\(testKey)#\(round)#\(text)".utf8) {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01b3
            }
            bytes += withUnsafeBytes(of: hash.bigEndian, Array.init)
        }
        return Data(bytes).base64EncodedString()
    }

    /// A version-4-shaped UUID made from `seed`, so an ad's nonces are the same on every run.
    static func uuid(from seed: String) -> String {
        let digest = Data(base64Encoded: signature(of: seed)) ?? Data(count: 16)
        var bytes = Array(digest.prefix(16))
        bytes[6] = (bytes[6] & 0x0F) | 0x40
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        let hex = bytes.map { String(format: "%02x", $0) }.joined()
        let parts = [hex.prefix(8), hex.dropFirst(8).prefix(4), hex.dropFirst(12).prefix(4), hex.dropFirst(16).prefix(4), hex.dropFirst(20)]
        return parts.joined(separator: "-")
    }

    /// `data` in base64url without padding, as a compact JWS writes its parts.
    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
