import Foundation
@testable import KontextVideoNetworking
import Testing

@Suite("POST /init request body")
struct InitRequestBodyTests {
    @Test("matches the document's example")
    func matchesExample() throws {
        let body = InitRequestBody(environment: testEnvironment(), installId: "5d0c6f0e-8f7b-4c53-9e1a-0d1f6b7a9c11")
        let expected = try json("""
        {
          "publisherToken": "acme-dev",
          "installId": "5d0c6f0e-8f7b-4c53-9e1a-0d1f6b7a9c11",
          "sdk": {"name": "kontext-video-swift", "platform": "ios", "version": "0.1.0"},
          "app": {"bundleId": "com.acme.drama", "version": "3.2.1"}
        }
        """)
        #expect(try encoded(body) == expected)
    }
}
