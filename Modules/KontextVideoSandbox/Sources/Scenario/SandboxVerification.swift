import Foundation

/// A third-party verification (Open Measurement) the sandbox writes into a linear ad's VAST
/// documents: a `<Verification>` whose script is served by the sandbox at
/// `/verification.js?vendor=<vendor>` and whose `verificationNotExecuted` tracking points at
/// `/pixel/<adId>/verificationNotExecuted?vendor=<vendor>&reason=[REASON]`, so a test sees which
/// vendor the SDK reported and why.
///
/// ```swift
/// var ad = SandboxAd()
/// ad.verifications = [SandboxVerification(vendor: "acme.com-omid")]
/// server.enqueue(.ad(ad), for: .linear)
/// // … the ad played, with no verification provider:
/// let hits = try await server.waitForPixelHits(count: 1, name: "verificationNotExecuted")
/// // hits[0].query == ["vendor": "acme.com-omid", "reason": "2"]
/// ```
public struct SandboxVerification: Sendable, Hashable {
    /// Where the `<Verification>` is written.
    public enum Placement: String, Sendable, Hashable, CaseIterable {
        /// The in-line ad's `<AdVerifications>` (VAST 4.1).
        case inline
        /// The in-line ad's `<Extensions><Extension type="AdVerifications">` (VAST 2 and 3 with
        /// Open Measurement).
        case inlineExtension
        /// The `<AdVerifications>` of a wrapper chain's first wrapper (nowhere for a tag without wrapper).
        case wrapper
    }

    /// `vendor`, such as `sandbox.kontext.so-omid`.
    public var vendor: String
    /// Where it is written.
    public var placement: Placement
    /// `apiFramework` of its script (`omid`).
    public var apiFramework: String
    /// `<VerificationParameters>`, or `nil` for none.
    public var parameters: String?
    /// Whether it lists a `verificationNotExecuted` tracking URL.
    public var tracksNotExecuted: Bool

    /// A verification; by default a VAST 4.1 Open Measurement one in the in-line ad.
    /// - Parameters:
    ///   - vendor: `vendor`.
    ///   - placement: Where it is written.
    ///   - apiFramework: `apiFramework` of its script.
    ///   - parameters: `<VerificationParameters>`, or `nil`.
    ///   - tracksNotExecuted: Whether it lists a `verificationNotExecuted` tracking URL.
    public init(
        vendor: String = "sandbox.kontext.so-omid",
        placement: Placement = .inline,
        apiFramework: String = "omid",
        parameters: String? = "sandbox=1",
        tracksNotExecuted: Bool = true
    ) {
        self.vendor = vendor
        self.placement = placement
        self.apiFramework = apiFramework
        self.parameters = parameters
        self.tracksNotExecuted = tracksNotExecuted
    }

    /// The script the sandbox serves for every verification (it only says it ran).
    static let script = Data("console.log('Kontext sandbox verification script');\n".utf8)

    /// The `<Verification>` element.
    func xml(base: String, adId: String) -> String {
        let vendorQuery = vendor.addingPercentEncoding(withAllowedCharacters: Self.queryValueAllowed) ?? ""
        let tracking = tracksNotExecuted ? """
          <TrackingEvents><Tracking event="verificationNotExecuted"><![CDATA[\(base)/pixel/\(adId)/verificationNotExecuted?vendor=\(vendorQuery)&reason=[REASON]]]></Tracking></TrackingEvents>
        """ : ""
        let parameters = self.parameters.map { "\n  <VerificationParameters><![CDATA[\($0)]]></VerificationParameters>" } ?? ""
        return """
        <Verification vendor="\(Self.escaped(vendor))">
          <JavaScriptResource apiFramework="\(Self.escaped(apiFramework))" browserOptional="true"><![CDATA[\(base)/verification.js?vendor=\(vendorQuery)]]></JavaScriptResource>
        \(tracking)\(parameters)
        </Verification>
        """
    }

    /// `verifications` of `placement` as an `<AdVerifications>` element, or nothing.
    static func adVerifications(_ verifications: [SandboxVerification], _ placement: Placement, base: String, adId: String) -> String {
        let chosen = verifications.filter { $0.placement == placement }
        guard !chosen.isEmpty else { return "" }
        return "<AdVerifications>\n" + chosen.map { $0.xml(base: base, adId: adId) }.joined(separator: "\n") + "\n</AdVerifications>"
    }

    /// Unreserved characters only: a vendor is one query value.
    private static let queryValueAllowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")

    /// `text` escaped for an XML attribute.
    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
