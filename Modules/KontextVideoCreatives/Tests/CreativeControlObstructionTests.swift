import Foundation
import KontextVideoModels
import KontextVideoPresentation
import Testing
@testable import KontextVideoCreatives

/// The SDK's controls as Open Measurement friendly obstructions: each one's purpose, and a reason
/// the OM SDK accepts (at most 50 letters, digits or spaces; `addFriendlyObstruction` refuses others).
@Suite("Controls as friendly obstructions")
@MainActor
struct CreativeControlObstructionTests {
    @Test func eachLinearControlHasItsPurposeAndAReasonTheOMSDKAccepts() {
        let purposes = Dictionary(uniqueKeysWithValues: LinearAdControl.allCases.map { ($0, $0.obstructionPurpose) })
        #expect(purposes == [.skip: .mediaControls, .resume: .mediaControls, .close: .closeAd, .adBadge: .other])
        for control in LinearAdControl.allCases {
            #expect(control.obstructionReason.count <= 50)
            #expect(control.obstructionReason.allSatisfy { $0 == " " || ($0.isASCII && ($0.isLetter || $0.isNumber)) }, "\(control)")
        }
    }

    @Test func aDisplayAdsCloseAndResumeBothCloseTheAd() {
        let view = NSObject()
        #expect(CreativeControlObstruction.close(view).purpose == .closeAd)
        #expect(CreativeControlObstruction.close(view).detailedReason == "Close button")
        #expect(CreativeControlObstruction.pauseAdResume(view).purpose == .closeAd)
        // Identities compared outside `#expect`: `===` on AnyObject inside the macro crashes Swift 6.3.1's SILGen.
        let sameView = ObjectIdentifier(CreativeControlObstruction.pauseAdResume(view).view) == ObjectIdentifier(view)
        #expect(sameView)
    }

    @Test func theCaptionsAndIconsLayerIsATransparentOverlayWithAReasonTheOMSDKAccepts() {
        let layer = CreativeControlObstruction.captionsAndIcons(NSObject())
        #expect(layer.purpose == .other)
        let reason = layer.detailedReason ?? ""
        #expect(!reason.isEmpty && reason.count <= 50)
        #expect(reason.allSatisfy { $0 == " " || ($0.isASCII && ($0.isLetter || $0.isNumber)) })
    }
}
