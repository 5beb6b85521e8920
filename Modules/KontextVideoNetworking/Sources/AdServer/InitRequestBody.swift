/// The body of `POST /init`.
package struct InitRequestBody: Sendable, Hashable, Encodable {
    var publisherToken: String
    var installId: String?
    var sdk: WireSDK
    var app: WireApp

    /// The body for an environment and install id.
    package init(environment: AdServerIdentity, installId: String?) {
        publisherToken = environment.publisherToken
        self.installId = installId
        sdk = WireSDK(environment)
        app = WireApp(environment)
    }
}
