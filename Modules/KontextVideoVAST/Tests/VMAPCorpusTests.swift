import Foundation
import Testing
@testable import KontextVideoVAST

/// `VMAPReader` on the real VMAP documents of `../shared/vast-corpus` (skipped when absent). The
/// VAST reader still answers each of them with 101 (`VASTCorpusExpectations`): a VMAP document is
/// not a VAST one, and is read here instead.
@Suite("VMAP corpus", .enabled(if: VASTCorpus.isAvailable))
struct VMAPCorpusTests {
    private func read(_ file: String) throws -> Result<VMAPDocument, VMAPError> {
        VMAPReader.read(try VASTCorpus.data(file))
    }

    private func offsets(_ file: String) throws -> [VMAPTimeOffset] {
        try read(file).get().adBreaks.map(\.timeOffset)
    }

    /// What a document reads as.
    enum Reading {
        /// Its breaks' offsets, in document order.
        case breaks([VMAPTimeOffset])
        /// The error that refuses it.
        case error(VMAPError.Code)
    }

    /// Every VMAP document of the corpus, and what it reads as: its breaks' offsets, or the error.
    @Test func everyVMAPDocument() throws {
        let expected: [String: Reading] = [
            "dailymotion-vmap-js/correct-vmap.xml": .breaks([.start, .seconds(623.125), .end]),
            "dailymotion-vmap-js/correct-vmap-with-extension.xml": .breaks([.start]),
            "dailymotion-vmap-js/incorrect-vmap.xml": .error(.schemaError),  // <vmap:WRONG>
            "dailymotion-vmap-js/parsing-example.xml": .error(.schemaError),  // an <vmap:Extension> fragment
            "flipkart-madman-android/corrupt_vmap.xml": .error(.parsingError),  // </vmap:VMAPPP>
            "flipkart-madman-android/assets/ad_response.xml": .breaks([.start, .seconds(15), .end]),
            "flipkart-madman-android/vmap.xml": .breaks([.seconds(15), .percent(70), .position(1), .end]),
            "flipkart-madman-android/vmap_reordered.xml": .breaks([.seconds(15.125), .percent(70), .position(1), .end]),
            "flipkart-madman-android/vmap_with_ad_uri.xml": .breaks([.start, .seconds(15), .end]),
            "flipkart-madman-android/vmap_with_no_ad_source.xml": .breaks([.end]),
            "flipkart-madman-android/vmap_with_only_post_roll.xml": .breaks([.end]),
            "flipkart-madman-android/vmap_with_preroll.xml": .breaks([.start, .seconds(15), .percent(70), .position(1), .end]),
            "flipkart-madman-android/vmap_without_post_roll.xml": .breaks([.seconds(15), .percent(70), .position(1)]),
        ]
        var vmapFiles: Set<String> = []
        for file in VASTCorpus.files() where String(decoding: try VASTCorpus.data(file), as: UTF8.self).contains("<vmap:") {
            vmapFiles.insert(file)
        }
        #expect(vmapFiles == Set(expected.keys), "a VMAP document of the corpus has no row here")
        for (file, want) in expected {
            let got = try read(file)
            switch (got, want) {
            case (.success(let document), .breaks(let offsets)):
                #expect(document.adBreaks.map(\.timeOffset) == offsets, "\(file)")
                #expect(document.ignoredBreaks.isEmpty, "\(file)")
            case (.failure(let error), .error(let code)):
                #expect(error.code == code, "\(file)")
            default:
                Issue.record("\(file): got \(got), expected \(want)")
            }
        }
    }

    @Test func dailymotionBreaksTheirIdsTrackingAndSources() throws {
        let document = try read("dailymotion-vmap-js/correct-vmap.xml").get()
        #expect(document.adBreaks.map(\.breakId) == ["mypre", "myid", "mypost"])
        #expect(document.adBreaks.allSatisfy { $0.isLinear })
        let pre = document.adBreaks[0]
        #expect(pre.trackingEvents.map { $0.event } == ["breakStart", "breakEnd", "breakEnd", "error"])
        #expect(pre.trackingEvents.last?.url == "http://server.com/error?[ERRORCODE]")
        #expect(pre.adSource?.id == "1" && pre.adSource?.allowMultipleAds == true && pre.adSource?.followRedirects == true)
        // An inline VAST 3.0 with no ad: read (the VAST reader's no-ad answer comes later, 303).
        #expect(pre.adSource?.content == .vastAdData(.success(VASTDocument(version: "3.0"))))
        #expect(document.adBreaks[2].adSource?.content == .adTagURI("http://server.com/vast.xml", templateType: nil))
    }

    @Test func flipkartUnprefixedTagsSchemeRelativeURLsAndInlineVASTData() throws {
        let document = try read("flipkart-madman-android/vmap_with_preroll.xml").get()
        let pre = document.adBreaks[0]
        #expect(pre.breakId == nil)
        guard case .vastAdData(.success(let vast))? = pre.adSource?.content else {
            Issue.record("the pre-roll's unprefixed <VASTData> was not read: \(String(describing: pre.adSource))")
            return
        }
        #expect(vast.version == "2.0" && vast.ads.count == 1)
        #expect(vast.ads.first?.creatives.first?.linear?.duration == 10.6)
        #expect(document.adBreaks[1].adSource?.content == .adTagURI("//playertest.longtailvideo.com/adtags/vast3_pod.xml", templateType: "vast3"))
        #expect(document.adBreaks[2].breakTypes == ["nonlinear"])
        #expect(document.adBreaks[1].trackingEvents.first?.url == "//test.videostrip.com/vmap/breakstart3.xml")
        let noSource = try read("flipkart-madman-android/vmap_with_no_ad_source.xml").get()
        #expect(noSource.adBreaks.first?.adSource == nil && noSource.adBreaks.first?.trackingEvents.count == 3)
    }
}
