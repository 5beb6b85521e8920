import Foundation
import Testing
import KontextVideoVAST
import KontextVideoModels
import KontextVideoNetworking
import KontextVideoPresentation
import KontextVideoTestSupport
@testable import KontextVideoCreatives

/// The headless renderer lays a linear ad's icons out as a device does (`IconLayout.drawnFrames`
/// on its screen, clear of the controls) and tells the playback which it drew: an icon that does
/// not fit is not shown and its view (`iconShown`, its `IconViewTracking`) is never reported.
@Suite("Headless renderer: icons counted only when drawn")
struct HeadlessIconsTests {
    /// A phone in landscape, with its notch's and home indicator's insets.
    static let landscape = (size: CGSize(width: 844, height: 390), safeArea: VideoAdInsets(top: 0, left: 47, bottom: 21, right: 47))
    /// A surface too small for an icon clear of the "Ad" badge.
    static let tiny = (size: CGSize(width: 100, height: 60), safeArea: VideoAdInsets.zero)

    /// A loaded renderer of an ad with one AdChoices icon (20 × 20, top right, the whole ad), its
    /// image fetched, and the icon views it reports.
    @MainActor
    func renderer() async throws -> (HeadlessCreativeRenderer, () -> [Int]) {
        let transport = CaptionFetchTests.ScriptedTransport()
        transport.answers = ["https://i.example/0.png": (200, IconFetchTests.image)]
        let ad = ServedAd(
            id: "ad-1", format: .linear, price: VideoAdPrice(value: 1, currency: "USD", precision: .exact), duration: 15,
            expiresIn: .seconds(900),
            creative: ServedCreative(kind: .vast, url: nil, inlineVAST: IconFetchTests.document([IconFetchTests.icon(IconFetchTests.staticImage("https://i.example/0.png"))])))
        let rule = AdURLRule(allowsLocalHosts: false)
        let context = CreativeContext(
            clock: TestClock(), transport: AdURLGuardedTransport(transport, rule: rule),
            events: KontextVideoEventStream(logLevel: .none), macros: nil, urlRule: rule)
        let renderer = HeadlessCreativeRenderer(ad: ad, context: context, playsByItself: false)
        try await renderer.load()
        var reported: [Int] = []
        renderer.onEvent = { event in if case .iconShown(let index) = event { reported.append(index) } }
        return (renderer, { reported })
    }

    struct Row: CustomStringConvertible, Sendable {
        let name: String
        /// The screens the ad is laid out on, in order: the first before it starts, each next one
        /// a second of the ad later.
        let screens: [(size: CGSize, safeArea: VideoAdInsets)]
        /// The icons drawn at the end.
        let drawn: [Int]
        /// The icon views reported.
        let reported: [Int]
        var description: String { name }
    }

    static let rows: [Row] = [
        Row(name: "a phone in portrait (the default screen): drawn and seen", screens: [], drawn: [0], reported: [0]),
        Row(name: "a phone in landscape: drawn and seen", screens: [landscape], drawn: [0], reported: [0]),
        Row(name: "too small to clear the badge: not drawn, never seen", screens: [tiny], drawn: [], reported: []),
        Row(name: "too small, then turned larger: seen then", screens: [tiny, landscape], drawn: [0], reported: [0]),
        Row(name: "drawn, too small, drawn again: seen once", screens: [landscape, tiny, landscape], drawn: [0], reported: [0]),
    ]

    @Test("only the icons placed on the screen are drawn and counted seen", arguments: rows)
    @MainActor
    func placedIcons(_ row: Row) async throws {
        let (renderer, reported) = try await renderer()
        if let first = row.screens.first { renderer.layOut(onScreen: first.size, safeArea: first.safeArea) }
        renderer.start()
        let playback = try #require(renderer.linearPlayback())
        playback.handle(.firstFrameRendered)
        #expect(renderer.requestedIcons == [0], "its schedule shows it")
        for (second, screen) in row.screens.dropFirst().enumerated() {
            playback.handle(.position(Double(second + 1)))
            renderer.layOut(onScreen: screen.size, safeArea: screen.safeArea)
        }
        #expect(renderer.visibleIcons == row.drawn)
        #expect(reported() == row.reported)
    }

    @Test("an icon not drawn takes no tap")
    @MainActor
    func undrawnTap() async throws {
        let (renderer, _) = try await renderer()
        var clicks = 0
        renderer.onEvent = { event in if case .iconClick = event { clicks += 1 } }
        renderer.layOut(onScreen: Self.tiny.size, safeArea: Self.tiny.safeArea)
        renderer.start()
        let playback = try #require(renderer.linearPlayback())
        playback.handle(.firstFrameRendered)
        playback.handle(.iconTapped(0))
        #expect(clicks == 0)
        renderer.layOut(onScreen: Self.landscape.size, safeArea: Self.landscape.safeArea)
        playback.handle(.iconTapped(0))
        #expect(clicks == 1)
    }
}
