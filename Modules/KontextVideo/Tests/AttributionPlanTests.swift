import Foundation
import Testing
@testable import KontextVideo
import KontextVideoModels
import KontextVideoNetworking
import KontextVideoCreatives

/// The attribution plan of an app-install ad: every format × fidelity × way of leaving the screen.
@Suite("Attribution plan")
struct AttributionPlanTests {
    static let nonce0 = UUID(uuidString: "3f8b1c2e-9a4d-4e6f-8b7a-1c2d3e4f5a6b")!
    static let nonce1 = UUID(uuidString: "7c6b5a4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d")!
    static let viewThrough = SKAdNetworkFidelity(kind: .viewThrough, nonce: nonce0, timestamp: 1_764_927_000_000, signature: "sig0")
    static let storeKitRendered = SKAdNetworkFidelity(kind: .storeKitRendered, nonce: nonce1, timestamp: 1_764_927_000_001, signature: "sig1")
    static let payload = SKAdNetworkPayload(
        version: "4.0", networkId: "kontext.skadnetwork", sourceIdentifier: 5239, itemId: 1_234_567_890, sourceAppId: 77,
        fidelities: [viewThrough, storeKitRendered])
    static let jws = "a.b.c"

    /// The three OSes the plan tells apart.
    enum OS: String, CaseIterable, Sendable {
        /// iOS 17.4 or later: AdAttributionKit.
        case adAttributionKit
        /// iOS 16.1 to 17.3: SKAdNetwork 4.
        case skAdNetwork
        /// tvOS, macOS, Linux: nothing.
        case none

        var capabilities: AttributionCapabilities {
            switch self {
            case .adAttributionKit: AttributionCapabilities(adAttributionKit: true, skAdNetworkViewThrough: true, appStoreOverlay: true)
            case .skAdNetwork: AttributionCapabilities(adAttributionKit: false, skAdNetworkViewThrough: true, appStoreOverlay: true)
            case .none: .none
            }
        }
    }

    static func creative(
        skan: SKAdNetworkPayload? = payload, jws: String? = jws, overlay: AppStoreOverlayRequest? = nil, appStoreID: String? = "1234567890"
    ) -> ServedCreative {
        ServedCreative(kind: .vast, appStoreID: appStoreID, attribution: ServedAttribution(skAdNetwork: skan, adAttributionKitJWS: jws, overlay: overlay))
    }

    /// Every way an ad leaves the screen.
    static let exits: [AttributionExit] = VideoAdEndReason.allCases.map(AttributionExit.ended) + [.background, .abandoned]

    @Test("fidelity 0: one start at the impression, one end at the first leave, for every format, OS and exit",
          arguments: AdFormat.allCases, OS.allCases)
    func viewThroughWindow(format: AdFormat, os: OS) {
        for exit in Self.exits {
            for seconds in [1, 2, 3, 15] {
                var plan = AttributionPlan(adId: "ad-1", format: format, creative: Self.creative(), capabilities: os.capabilities)
                let expected: ViewThroughWindow? = switch os {
                case .adAttributionKit: ViewThroughWindow(adId: "ad-1", appStoreID: "1234567890", recorder: .adAttributionKit(jws: Self.jws))
                case .skAdNetwork: ViewThroughWindow(adId: "ad-1", appStoreID: "1234567890", recorder: .skAdNetwork(Self.payload, Self.viewThrough))
                case .none: nil
                }
                #expect(plan.window == expected)
                #expect(plan.take(.creative(.firstFrame)) == [])
                let start = plan.take(.impression(now: .seconds(10), appWindowOpen: false))
                let end = plan.take(.left(exit, now: .seconds(10 + seconds)))
                if let window = expected {
                    #expect(start == [.startView(window)], "\(format) \(os) \(exit)")
                    let tooShort = Duration.seconds(seconds) < window.minimumLength
                    #expect(end == [.endView(window, length: .seconds(seconds), tooShort: tooShort)], "\(format) \(os) \(exit) \(seconds) s")
                } else {
                    #expect(start.isEmpty && end.isEmpty)
                }
                // Never twice: every later leave or impression does nothing.
                for later in Self.exits { #expect(plan.take(.left(later, now: .seconds(60))) == []) }
                #expect(plan.take(.impression(now: .seconds(61), appWindowOpen: false)) == [])
                #expect(plan.phase == .closed)
            }
        }
    }

    @Test("too short is said, never dropped: 2 s counts for AdAttributionKit, not for SKAdNetwork", arguments: [
        (OS.adAttributionKit, 1_999, true), (.adAttributionKit, 2_000, false),
        (.skAdNetwork, 2_999, true), (.skAdNetwork, 3_000, false), (.skAdNetwork, 0, true),
    ])
    func minimumLength(os: OS, milliseconds: Int, tooShort: Bool) throws {
        var plan = AttributionPlan(adId: "ad-1", format: .overlay, creative: Self.creative(), capabilities: os.capabilities)
        let window = try #require(plan.window)
        _ = plan.take(.impression(now: .seconds(5), appWindowOpen: false))
        let end = plan.take(.left(.ended(.dismissed), now: .seconds(5) + .milliseconds(milliseconds)))
        #expect(end == [.endView(window, length: .milliseconds(milliseconds), tooShort: tooShort)])
    }

    @Test("a leave before the impression opens nothing, ever", arguments: exits)
    func leftBeforeImpression(exit: AttributionExit) {
        var plan = AttributionPlan(adId: "ad-1", format: .linear, creative: Self.creative(), capabilities: OS.skAdNetwork.capabilities)
        #expect(plan.take(.left(exit, now: .seconds(1))) == [])
        #expect(plan.take(.impression(now: .seconds(2), appWindowOpen: false)) == [])
        #expect(plan.take(.left(exit, now: .seconds(9))) == [])
    }

    @Test("one window per advertised app: while another ad's is open, none opens and none ends")
    func oneWindowPerApp() {
        var plan = AttributionPlan(adId: "ad-2", format: .pause, creative: Self.creative(), capabilities: OS.skAdNetwork.capabilities)
        #expect(plan.take(.impression(now: .seconds(1), appWindowOpen: true)) == [.viewSkippedForOpenWindow])
        #expect(plan.take(.left(.ended(.closed), now: .seconds(9))) == [])
    }

    @Test("no window without a payload the OS can use", arguments: [
        (creative(skan: nil, jws: nil), OS.adAttributionKit),
        (creative(skan: nil), OS.skAdNetwork),
        (creative(skan: SKAdNetworkPayload(version: "4.0", networkId: "n.skadnetwork", sourceIdentifier: 1, itemId: 1, sourceAppId: 0,
                                           fidelities: [storeKitRendered]), jws: nil), OS.adAttributionKit),
        (creative(appStoreID: nil), OS.adAttributionKit),
        (ServedCreative(kind: .image, appStoreID: "1234567890"), OS.adAttributionKit),
    ])
    func noWindow(creative: ServedCreative, os: OS) {
        var plan = AttributionPlan(adId: "ad-1", format: .overlay, creative: creative, capabilities: os.capabilities)
        #expect(plan.window == nil)
        #expect(plan.take(.impression(now: .zero, appWindowOpen: false)) == [])
        #expect(plan.take(.left(.ended(.completed), now: .seconds(5))) == [])
    }

    @Test("fidelity 1: the product sheet carries every SKAdNetwork 4 key before iOS 17.4, AdAttributionKit's impression after")
    func productSheet() throws {
        let skan = try #require(AttributionPlan.productSheet(for: Self.creative(), capabilities: OS.skAdNetwork.capabilities))
        #expect(Set(skan.parameters.map(\.key)) == Set(ProductSheetAttribution.Key.allCases), "a SKAdNetwork 4 StoreKit-rendered ad carries every key")
        #expect(skan.textByKey == [
            "SKStoreProductParameterITunesItemIdentifier": "1234567890",
            "SKStoreProductParameterAdNetworkIdentifier": "kontext.skadnetwork",
            "SKStoreProductParameterAdNetworkVersion": "4.0",
            "SKStoreProductParameterAdNetworkSourceIdentifier": "5239",
            "SKStoreProductParameterAdNetworkSourceAppStoreIdentifier": "77",
            "SKStoreProductParameterAdNetworkNonce": Self.nonce1.uuidString.lowercased(),
            "SKStoreProductParameterAdNetworkTimestamp": "1764927000001",
            "SKStoreProductParameterAdNetworkAttributionSignature": "sig1",
        ])
        #expect(skan.adAttributionKitJWS == nil)
        let aak = try #require(AttributionPlan.productSheet(for: Self.creative(), capabilities: OS.adAttributionKit.capabilities))
        #expect(aak.adAttributionKitJWS == Self.jws)
        #expect(aak.textByKey == ["SKStoreProductParameterITunesItemIdentifier": "1234567890"])
        // iOS 17.4 without a JWS in the answer: SKAdNetwork's keys still.
        let noJWS = AttributionPlan.productSheet(for: Self.creative(jws: nil), capabilities: OS.adAttributionKit.capabilities)
        #expect(noJWS?.parameters.count == 8)
        // No StoreKit-rendered signature, or no payload at all: the App Store id alone (nil).
        #expect(AttributionPlan.productSheet(for: Self.creative(jws: nil), capabilities: .none) == noJWS, "the sheet's keys need no capability")
        let viewOnly = SKAdNetworkPayload(version: "4.0", networkId: "n.skadnetwork", sourceIdentifier: 1, itemId: 1, sourceAppId: 0, fidelities: [Self.viewThrough])
        #expect(AttributionPlan.productSheet(for: Self.creative(skan: viewOnly, jws: nil), capabilities: OS.skAdNetwork.capabilities) == nil)
        #expect(AttributionPlan.productSheet(for: ServedCreative(kind: .image, appStoreID: "1"), capabilities: OS.skAdNetwork.capabilities) == nil)
    }

    @Test("a tap's target opens the product sheet with the plan's parameters, an App Store URL of the same app too, once")
    func clickTarget() throws {
        let attribution = try #require(AttributionPlan.productSheet(for: Self.creative(), capabilities: OS.skAdNetwork.capabilities))
        let target = ClickTarget(
            url: URL(string: "https://apps.apple.com/app/id1234567890"), fallbackURL: nil, appStoreID: "1234567890",
            attribution: attribution, rule: AdURLRule(allowsLocalHosts: true))
        #expect(target.destinations.first == .productSheet(appStoreID: "1234567890", attribution: attribution))
        #expect(target.destinations.filter { if case .productSheet = $0 { true } else { false } }.count == 1)
    }

    @Test("the overlay of a linear ad rises once at its moment and goes at the first leave", arguments: [
        (AppStoreOverlayRequest(moment: .endCard), [CreativeEvent.progress(14), .complete, .endCardShown, .endCardShown]),
        (AppStoreOverlayRequest(moment: .afterSeconds(5), position: .bottomRaised), [.progress(1), .progress(4.9), .progress(5), .progress(6)]),
    ])
    func overlay(request: AppStoreOverlayRequest, events: [CreativeEvent]) throws {
        var plan = AttributionPlan(adId: "ad-1", format: .linear, creative: Self.creative(overlay: request), capabilities: OS.skAdNetwork.capabilities)
        let overlay = try #require(plan.overlay)
        #expect(overlay.position == request.position)
        #expect(overlay.attribution?.parameters.count == 8, "the overlay carries the StoreKit-rendered payload")
        _ = plan.take(.impression(now: .zero, appWindowOpen: false))
        let actions = events.flatMap { plan.take(.creative($0)) }
        #expect(actions == [.presentOverlay(overlay)])
        let end = plan.take(.left(.ended(.completed), now: .seconds(15)))
        #expect(end.last == .dismissOverlay)
        #expect(plan.take(.creative(.endCardShown)) + plan.take(.creative(.progress(20))) == [], "it never rises again")
        #expect(plan.take(.left(.ended(.destroyed), now: .seconds(16))) == [])
    }

    @Test("no overlay for an overlay or pause ad, nor where the OS has none", arguments: [
        (AdFormat.overlay, OS.skAdNetwork), (.pause, .skAdNetwork), (.linear, .none),
    ])
    func noOverlay(format: AdFormat, os: OS) {
        let plan = AttributionPlan(adId: "ad-1", format: format, creative: Self.creative(overlay: .init(moment: .endCard)), capabilities: os.capabilities)
        #expect(plan.overlay == nil)
    }

    @Test("an ad that leaves before its overlay's moment never shows it")
    func leftBeforeOverlay() {
        var plan = AttributionPlan(
            adId: "ad-1", format: .linear, creative: Self.creative(overlay: .init(moment: .afterSeconds(10))), capabilities: OS.skAdNetwork.capabilities)
        _ = plan.take(.impression(now: .zero, appWindowOpen: false))
        #expect(plan.take(.creative(.progress(3))) == [])
        #expect(!plan.take(.left(.ended(.skipped), now: .seconds(4))).contains(.dismissOverlay))
        #expect(plan.take(.creative(.progress(11))) == [])
    }
}
