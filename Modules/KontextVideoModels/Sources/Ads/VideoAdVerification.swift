/// One third-party verification an ad carries: a VAST `<Verification>` of its `<AdVerifications>`
/// (VAST 4.1) or of an `<Extension type="AdVerifications">` (VAST 2 and 3 with Open Measurement),
/// from the in-line ad or any wrapper walked to reach it.
///
/// A `VideoAdVerificationProvider` receives them with each ad's session and runs the ones it can
/// (with the Open Measurement SDK, one `OMIDVerificationScriptResource` per JavaScript resource);
/// for each one it does not run, the SDK sends the vendor's `verificationNotExecuted` tracking with
/// the reason the provider gave.
///
/// ```swift
/// let scripts = session.verifications.flatMap { $0.resources(apiFramework: "omid") }
/// ```
public struct VideoAdVerification: Sendable, Hashable, Identifiable {
    /// Why a verification was not run: the `[REASON]` code of its `verificationNotExecuted`
    /// tracking (VAST 4.1, section 3.17.4).
    public enum NotExecutedReason: Int, Sendable, Hashable, CaseIterable {
        /// Code 1: the publisher does not recognize or allow code from this vendor.
        case rejected = 1
        /// Code 2: the API framework or language of every resource is not supported by the player
        /// (what the SDK sends when no provider is set).
        case notSupported = 2
        /// Code 3: fetching or starting the resource failed in a way the player could detect
        /// (a malformed URL, an HTTP error, a time-out).
        case loadFailed = 3
    }

    /// Whether a resource is a script or something else the vendor's integration loads.
    public enum ResourceKind: Sendable, Hashable {
        /// `<JavaScriptResource>`: a script URL.
        case javaScript
        /// `<ExecutableResource>`: a reference (often a URL) for a non-JavaScript integration.
        case executable
    }

    /// One `<JavaScriptResource>` or `<ExecutableResource>`.
    public struct Resource: Sendable, Hashable {
        /// A script or another executable.
        public var kind: ResourceKind
        /// The resource's URL (or reference, for an executable), trimmed, as the document wrote it.
        public var url: String
        /// `apiFramework`: `omid` for Open Measurement.
        public var apiFramework: String?
        /// `browserOptional` of a script: `true` when it runs without a browser's DOM.
        public var browserOptional: Bool?
        /// `type` of an executable.
        public var executableType: String?

        /// Creates a resource.
        /// - Parameters:
        ///   - kind: A script or an executable.
        ///   - url: Its URL or reference.
        ///   - apiFramework: `apiFramework`, such as `omid`.
        ///   - browserOptional: `browserOptional` of a script.
        ///   - executableType: `type` of an executable.
        public init(kind: ResourceKind, url: String, apiFramework: String? = nil, browserOptional: Bool? = nil, executableType: String? = nil) {
            self.kind = kind
            self.url = url
            self.apiFramework = apiFramework
            self.browserOptional = browserOptional
            self.executableType = executableType
        }
    }

    /// The verification's place among the ad's verifications, from 0: what tells two of them apart.
    public var id: Int
    /// `vendor`, such as `company.com-omid` (the Open Measurement vendor key).
    public var vendor: String?
    /// Its resources, scripts first, in document order.
    public var resources: [Resource]
    /// `<VerificationParameters>`, verbatim: the vendor's own string for its script.
    public var parameters: String?

    /// Creates a verification.
    /// - Parameters:
    ///   - id: Its place among the ad's verifications.
    ///   - vendor: `vendor`.
    ///   - resources: Its scripts and executables.
    ///   - parameters: `<VerificationParameters>`, or `nil`.
    public init(id: Int, vendor: String?, resources: [Resource], parameters: String?) {
        self.id = id
        self.vendor = vendor
        self.resources = resources
        self.parameters = parameters
    }

    /// The JavaScript resources of one API framework (`omid`), compared ignoring case.
    /// - Parameter apiFramework: The framework, such as `omid`.
    /// - Returns: The matching scripts, in document order.
    public func resources(apiFramework: String) -> [Resource] {
        resources.filter { $0.kind == .javaScript && $0.apiFramework?.lowercased() == apiFramework.lowercased() }
    }
}
