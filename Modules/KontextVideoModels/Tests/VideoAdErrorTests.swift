import Foundation
import Testing
@testable import KontextVideoModels

@Suite("VideoAdError")
struct VideoAdErrorTests {
    @Test("no-fill wire codes map to their reasons, unknown codes pass through unchanged",
          arguments: [
              ("no_ad_match", VideoAdError.NoFillReason.noAdMatch),
              ("unfilled_bid", .noAdMatch),
              ("frequency_cap", .frequencyCap),
              ("content_unsafe", .contentUnsafe),
              ("geo_restricted", .geoRestricted),
              ("format_not_enabled", .formatNotEnabled),
              ("temporary_error", .temporaryError),
              ("brand_new_reason", .other("brand_new_reason")),
              ("NO_AD_MATCH", .other("NO_AD_MATCH")),
          ])
    func noFillMapping(code: String, expected: VideoAdError.NoFillReason) {
        #expect(VideoAdError.NoFillReason(wireCode: code) == expected)
    }

    @Test func missingNoFillCodeIsUnknown() {
        #expect(VideoAdError.NoFillReason(wireCode: nil) == .unknown)
    }

    @Test func errorsCompareByCaseAndPayload() {
        #expect(VideoAdError.creativeFailed(code: 405) == .creativeFailed(code: 405))
        #expect(VideoAdError.creativeFailed(code: 405) != .creativeFailed(code: 400))
        #expect(VideoAdError.invalidated(.expired) != .invalidated(.rejected))
        #expect(VideoAdError.containerTooSmall(minimum: CGSize(width: 10, height: 20))
                == .containerTooSmall(minimum: CGSize(width: 10, height: 20)))
        #expect(VideoAdError.request(URLError(.timedOut)) == .request(URLError(.timedOut)))
        #expect(VideoAdError.request(URLError(.timedOut)) != .request(URLError(.cannotConnectToHost)))
        #expect(VideoAdError.notLoaded != .alreadyShown)
    }

    @Test func descriptionsNameTheCase() {
        #expect(VideoAdError.noFill(reason: .other("x")).description == "noFill(reason: other(x))")
        #expect(VideoAdError.disabled(reason: nil).description == "disabled(reason: nil)")
    }
}
