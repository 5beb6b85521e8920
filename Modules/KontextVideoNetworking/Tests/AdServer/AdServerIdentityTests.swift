import Foundation
@testable import KontextVideoNetworking
import Testing

@Suite("AdServerIdentity")
struct AdServerIdentityTests {
    @Test("endpoint URLs append the path to the server URL, with or without a trailing slash or a base path", arguments: [
        ("https://server.megabrain.co", "https://server.megabrain.co/init"),
        ("https://server.megabrain.co/", "https://server.megabrain.co/init"),
        ("http://127.0.0.1:8080/sandbox/", "http://127.0.0.1:8080/sandbox/init"),
    ])
    func endpoints(base: String, expected: String) throws {
        let environment = testEnvironment(serverURL: try #require(URL(string: base)))
        #expect(environment.url(for: "/init").absoluteString == expected)
    }

    @Test("the platform is the one the SDK was built for, as the wire names it")
    func platform() {
        #expect(["ios", "tvos", "macos", "linux"].contains(AdServerIdentity.currentPlatform))
        #if os(Linux)
        #expect(AdServerIdentity.currentPlatform == "linux")
        #endif
    }
}
