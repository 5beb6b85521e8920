import Foundation
import KontextVideoModels
import KontextVideoTestSupport
import Testing
@testable import KontextVideoVAST

/// The resolver carries every verification of the chain (VAST 4.1 section 2.4.2: "including
/// those from any intermediary <Wrapper> VASTs"), in-line first, each declared twice kept once;
/// and the real documents of the shared corpus that carry verifications.
@Suite("Verifications through the resolver")
struct VASTVerificationMergeTests {
    private static func verification(_ vendor: String, script: String? = nil) -> String {
        """
        <Verification vendor="\(vendor)"><JavaScriptResource apiFramework="omid" browserOptional="true">\(script ?? "https://\(vendor)/omid.js")</JavaScriptResource>
        <TrackingEvents><Tracking event="verificationNotExecuted">https://\(vendor)/nx?r=[REASON]</Tracking></TrackingEvents></Verification>
        """
    }

    private static func wrapper(uri: String, verifications: String = "", extensions: String = "") -> String {
        Fixture.vast("""
        <Ad id="w"><Wrapper><AdSystem>W</AdSystem><VASTAdTagURI>\(uri)</VASTAdTagURI>
        <Impression>https://t.example.com/w/impression</Impression>\(verifications)\(extensions)
        <Creatives><Creative><Linear><TrackingEvents/></Linear></Creative></Creatives></Wrapper></Ad>
        """)
    }

    /// One chain: the in-line ad's extra elements, the wrappers' (outermost first), and the vendors expected.
    struct MergeRow: CustomTestStringConvertible, Sendable {
        let name: String
        let inLine: String
        let wrappers: [String]
        let vendors: [String]
        var testDescription: String { name }
    }

    static let rows: [MergeRow] = [
        MergeRow(name: "an in-line ad alone", inLine: "<AdVerifications>\(verification("in.example"))</AdVerifications>",
                 wrappers: [], vendors: ["in.example"]),
        MergeRow(name: "a wrapper's verification follows the in-line ad's", inLine: "<AdVerifications>\(verification("in.example"))</AdVerifications>",
                 wrappers: ["<AdVerifications>\(verification("w1.example"))</AdVerifications>"], vendors: ["in.example", "w1.example"]),
        MergeRow(name: "an in-line ad without any takes the wrappers', innermost first", inLine: "",
                 wrappers: ["<AdVerifications>\(verification("outer.example"))</AdVerifications>",
                            "<AdVerifications>\(verification("inner.example"))</AdVerifications>"],
                 vendors: ["inner.example", "outer.example"]),
        MergeRow(name: "a wrapper's VAST 2/3 extension counts too", inLine: "",
                 wrappers: ["", "<Extensions><Extension type=\"AdVerifications\"><AdVerifications>\(verification("ext.example"))</AdVerifications></Extension></Extensions>"],
                 vendors: ["ext.example"]),
        MergeRow(name: "the same verification in a wrapper and the in-line ad is kept once",
                 inLine: "<AdVerifications>\(verification("same.example"))</AdVerifications>",
                 wrappers: ["<AdVerifications>\(verification("same.example"))</AdVerifications>"], vendors: ["same.example"]),
        MergeRow(name: "the same one in <AdVerifications> and an extension of one ad is kept once",
                 inLine: "<AdVerifications>\(verification("same.example"))</AdVerifications><Extensions><Extension type=\"AdVerifications\"><AdVerifications>\(verification("same.example"))</AdVerifications></Extension></Extensions>",
                 wrappers: [], vendors: ["same.example"]),
        MergeRow(name: "one vendor with two different scripts is two verifications",
                 inLine: "<AdVerifications>\(verification("v.example", script: "https://v.example/a.js"))</AdVerifications>",
                 wrappers: ["<AdVerifications>\(verification("v.example", script: "https://v.example/b.js"))</AdVerifications>"],
                 vendors: ["v.example", "v.example"]),
    ]

    @Test("a chain's verifications: in-line first, then each wrapper's, innermost first; duplicates once", arguments: rows)
    func merge(_ row: MergeRow) async throws {
        var fetcher = InMemoryVASTFetcher()
        let count = row.wrappers.count
        for (index, element) in row.wrappers.enumerated() {
            let next = index + 1 < count ? "https://ads.example.com/w\(index + 1)" : "https://ads.example.com/inline"
            let body = element.hasPrefix("<Extensions>") ? Self.wrapper(uri: next, extensions: element) : Self.wrapper(uri: next, verifications: element)
            fetcher.documents["https://ads.example.com/w\(index)"] = body
        }
        fetcher.documents["https://ads.example.com/inline"] = Fixture.vast(Fixture.inline(extraInLine: row.inLine))
        let entry = count > 0 ? "https://ads.example.com/w0" : "https://ads.example.com/inline"
        let resolver = VASTResolver(fetcher: fetcher, clock: TestClock(), maxDepth: 5, hopTimeout: .seconds(5))
        let resolution = await resolver.resolve(.url(try #require(URL(string: entry))))
        let ad = try #require(resolution.ads.first, "\(String(describing: resolution.error))")
        #expect(ad.verifications.map(\.vendor) == row.vendors)
    }

    // MARK: The shared corpus

    /// The pixels a played ad of `file` owes without a verification provider.
    private static func pixelsWithoutProvider(_ ad: ResolvedLinearAd) -> [String] {
        var tracker = VerificationNotExecutedTracker(verifications: ad.verifications)
        let verdict = VerificationNotExecutedTracker.verdict(verificationCount: ad.verifications.count, hasProvider: false, reported: [:])
        return tracker.pixels(for: verdict).map(\.url)
    }

    @Test(.enabled(if: VASTCorpus.isAvailable, "the shared VAST corpus is not on this machine"))
    func iabVAST41AdVerificationSample() async throws {
        // Two verifications in the VAST 4.1 node, neither with a vendor nor tracking: nothing to send.
        let ad = try #require(try await VASTCorpus.resolve("iab-vast-samples/VAST 4.1 Samples/Ad_Verification-test.xml").ads.first)
        #expect(ad.verifications.map { $0.javaScriptResources.map(\.url) } == [
            ["https://verificationcompany1.com/verification_script1.js"], ["https://verificationcompany.com/untrusted.js"],
        ])
        #expect(ad.verifications.allSatisfy { $0.origin == .adVerifications && $0.vendor == nil })
        #expect(Self.pixelsWithoutProvider(ad).isEmpty)
    }

    @Test(.enabled(if: VASTCorpus.isAvailable, "the shared VAST corpus is not on this machine"))
    func prebidAndroidVAST2Extension() async throws {
        let ad = try #require(try await VASTCorpus.resolve("prebid-mobile-android/vast_adverifications_in_extensions.xml").ads.first)
        let verification = try #require(ad.verifications.first)
        #expect(ad.verifications.count == 1)
        #expect(verification.origin == .extensionNode)
        #expect(verification.vendor == "prebid")
        #expect(VideoAdVerification(verification, id: 0).resources(apiFramework: "omid").map(\.url)
            == ["https://s3-us-west-2.amazonaws.com/omsdk-files/compliance-js/omid-validation-verification-script-v1.js"])
        #expect(Self.pixelsWithoutProvider(ad).isEmpty, "it lists no verificationNotExecuted tracking")
    }

    @Test(.enabled(if: VASTCorpus.isAvailable, "the shared VAST corpus is not on this machine"))
    func prebidIOSExtensionWithReason() async throws {
        let ad = try #require(try await VASTCorpus.resolve("prebid-mobile-ios/OpenMeasurement/vast_om_verification_from_extension.xml").ads.first)
        #expect(Self.pixelsWithoutProvider(ad) == ["https://company.com/pixel.jpg?error=2"])
        var rejected = VerificationNotExecutedTracker(verifications: ad.verifications)
        #expect(rejected.pixels(for: [0: .rejected]).map(\.url) == ["https://company.com/pixel.jpg?error=1"])
    }

    @Test(.enabled(if: VASTCorpus.isAvailable, "the shared VAST corpus is not on this machine"))
    func haxqerWrapperDeclaringTheInLineAdsVerificationAgain() async throws {
        // The VAST 4.3 wrapper and its in-line ad declare the same company.com-omid verification:
        // one verification, one pixel.
        let ad = try #require(try await VASTCorpus.resolve(
            "haxqer-vast/vast_43_wrapper.xml", aliases: ["https://example.com/vast/secondary.xml": "haxqer-vast/vast_43_inline.xml"]).ads.first)
        #expect(ad.wrapperChain.count == 1)
        #expect(ad.verifications.map(\.vendor) == ["company.com-omid"])
        let public0 = VideoAdVerification(try #require(ad.verifications.first), id: 0)
        #expect(public0.resources.map(\.kind) == [.javaScript, .executable])
        #expect(public0.parameters == #"{"key":"value"}"#)
        #expect(Self.pixelsWithoutProvider(ad) == ["https://verificationcompany1.com/tracking/verificationNotExecuted"])
    }

    @Test(.enabled(if: VASTCorpus.isAvailable, "the shared VAST corpus is not on this machine"))
    func haxqerWrapperAroundAPrebidVAST2InLineAd() async throws {
        // The wrapper's VAST 4.3 verification joins the in-line ad's VAST 2 extension one, after it.
        let ad = try #require(try await VASTCorpus.resolve(
            "haxqer-vast/vast_43_wrapper.xml",
            aliases: ["https://example.com/vast/secondary.xml": "prebid-mobile-ios/OpenMeasurement/vast_om_verification_from_extension.xml"]).ads.first)
        #expect(ad.verifications.map(\.vendor) == ["company.com-omid", "company.com-omid"])
        #expect(ad.verifications.map(\.origin) == [.extensionNode, .adVerifications])
        #expect(Self.pixelsWithoutProvider(ad) == [
            "https://company.com/pixel.jpg?error=2", "https://verificationcompany1.com/tracking/verificationNotExecuted",
        ])
    }
}
