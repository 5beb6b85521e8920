import Foundation
import KontextVideoModels
import Testing
@testable import KontextVideoVAST

@Suite("VerificationNotExecutedTracker")
struct VerificationNotExecutedTrackerTests {
    typealias Reason = VideoAdVerification.NotExecutedReason

    /// One row of the verdict table.
    struct VerdictRow: CustomTestStringConvertible, Sendable {
        let name: String
        let count: Int
        let hasProvider: Bool
        let reported: [Int: Reason]
        let expected: [Int: Reason]
        var testDescription: String { name }
    }

    static let verdicts: [VerdictRow] = [
        VerdictRow(name: "no provider: every verification is not supported (2)", count: 3, hasProvider: false,
                   reported: [:], expected: [0: .notSupported, 1: .notSupported, 2: .notSupported]),
        VerdictRow(name: "no provider: what was reported does not matter", count: 2, hasProvider: false,
                   reported: [0: .rejected], expected: [0: .notSupported, 1: .notSupported]),
        VerdictRow(name: "a provider that reported nothing ran everything", count: 2, hasProvider: true,
                   reported: [:], expected: [:]),
        VerdictRow(name: "a provider's reasons are kept as given", count: 3, hasProvider: true,
                   reported: [0: .rejected, 2: .loadFailed], expected: [0: .rejected, 2: .loadFailed]),
        VerdictRow(name: "a report about a verification the ad does not have is dropped", count: 1, hasProvider: true,
                   reported: [0: .notSupported, 5: .rejected, -1: .rejected], expected: [0: .notSupported]),
        VerdictRow(name: "no verification, no verdict", count: 0, hasProvider: false, reported: [:], expected: [:]),
    ]

    @Test("the verdict: without a provider every verification is code 2; with one, what it reported", arguments: verdicts)
    func verdict(_ row: VerdictRow) {
        #expect(VerificationNotExecutedTracker.verdict(verificationCount: row.count, hasProvider: row.hasProvider, reported: row.reported) == row.expected)
    }

    private static func verification(_ vendor: String, tracking: [(String, String)]) -> VASTVerification {
        var verification = VASTVerification(origin: .adVerifications)
        verification.vendor = vendor
        verification.javaScriptResources = [.init(url: "https://\(vendor)/omid.js", apiFramework: "omid", browserOptional: true)]
        verification.trackingEvents = tracking.map { VASTTrackingEvent(event: $0.0, url: $0.1) }
        return verification
    }

    /// One row of the pixel table: the ad's verifications, the reasons, the URLs expected.
    struct PixelRow: CustomTestStringConvertible, Sendable {
        let name: String
        let verifications: [VASTVerification]
        let reasons: [Int: Reason]
        let expected: [String]
        var testDescription: String { name }
    }

    static let pixelRows: [PixelRow] = [
        PixelRow(name: "[REASON] carries the code", verifications: [verification("a", tracking: [("verificationNotExecuted", "https://a/x?r=[REASON]")])],
                 reasons: [0: .rejected], expected: ["https://a/x?r=1"]),
        PixelRow(name: "every URL of the verification, in order", verifications: [
            verification("a", tracking: [("verificationNotExecuted", "https://a/1?r=[REASON]"), ("verificationNotExecuted", "https://a/2?r=[REASON]")]),
        ], reasons: [0: .loadFailed], expected: ["https://a/1?r=3", "https://a/2?r=3"]),
        PixelRow(name: "the event name is matched ignoring case; other events are not this one", verifications: [
            verification("a", tracking: [("VerificationNotExecuted", "https://a/x?r=[REASON]"), ("creativeView", "https://a/view")]),
        ], reasons: [0: .notSupported], expected: ["https://a/x?r=2"]),
        PixelRow(name: "only the verifications with a reason, in the ad's order", verifications: [
            verification("a", tracking: [("verificationNotExecuted", "https://a/x?r=[REASON]")]),
            verification("b", tracking: [("verificationNotExecuted", "https://b/x?r=[REASON]")]),
            verification("c", tracking: [("verificationNotExecuted", "https://c/x?r=[REASON]")]),
        ], reasons: [2: .rejected, 0: .notSupported], expected: ["https://a/x?r=2", "https://c/x?r=1"]),
        PixelRow(name: "a verification without tracking owes nothing", verifications: [verification("a", tracking: [])],
                 reasons: [0: .notSupported], expected: []),
    ]

    @Test("pixels: each verification's verificationNotExecuted URLs with [REASON] filled", arguments: pixelRows)
    func pixels(_ row: PixelRow) {
        var tracker = VerificationNotExecutedTracker(verifications: row.verifications)
        #expect(tracker.pixels(for: row.reasons).map(\.url) == row.expected)
        #expect(tracker.pixels(for: row.reasons).isEmpty, "a verification's pixels go once")
    }

    @Test func theConsentMacrosOfTheAdGoAlongAndTheVendorIsNamed() {
        var context = VASTMacroContext()
        context.gdprConsent = "CONSENT"
        context.cacheBusting = "12345678"
        var tracker = VerificationNotExecutedTracker(
            verifications: [Self.verification("acme.com-omid", tracking: [("verificationNotExecuted", "https://a/x?r=[REASON]&g=[GDPRCONSENT]&cb=[CACHEBUSTING]")])],
            baseContext: context)
        let pixels = tracker.pixels(for: [0: .rejected])
        #expect(pixels == [.init(verification: 0, vendor: "acme.com-omid", reason: .rejected, url: "https://a/x?r=1&g=CONSENT&cb=12345678")])
    }

    @Test func aVerificationReportedOnceIsNotReportedAgainWithAnotherReason() {
        var tracker = VerificationNotExecutedTracker(verifications: [Self.verification("a", tracking: [("verificationNotExecuted", "https://a/x?r=[REASON]")])])
        #expect(tracker.pixels(for: [0: .notSupported]).map(\.url) == ["https://a/x?r=2"])
        #expect(tracker.pixels(for: [0: .rejected]).isEmpty)
    }

    @Test func thePublicValueListsScriptsThenExecutables() {
        var verification = Self.verification("acme.com-omid", tracking: [])
        verification.executableResources = [.init(url: "app://acme", apiFramework: "omid", type: "ios")]
        verification.parameters = "k=v"
        let value = VideoAdVerification(verification, id: 3)
        #expect(value.id == 3)
        #expect(value.vendor == "acme.com-omid")
        #expect(value.parameters == "k=v")
        #expect(value.resources == [
            .init(kind: .javaScript, url: "https://acme.com-omid/omid.js", apiFramework: "omid", browserOptional: true),
            .init(kind: .executable, url: "app://acme", apiFramework: "omid", executableType: "ios"),
        ])
        #expect(value.resources(apiFramework: "OMID").map(\.url) == ["https://acme.com-omid/omid.js"])
    }
}
