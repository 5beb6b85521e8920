import Foundation
import KontextVideoVAST
import KontextVideoNetworking
import KontextVideoScheduling

/// What a linear ad's end card shows on a platform: a page in a web view where there is one
/// (iOS: `CreativePage.forEndCard`), else the companion's image (tvOS has no web view: a
/// `UIImageView` shows it). `nil` when the companion has nothing the platform can show; then
/// the ad has no end card there and ends when its video does.
package enum EndCardContent: Sendable, Equatable {
    /// A page for a web view.
    case page(CreativePage)
    /// An image to fetch and show.
    case image(URL)

    /// The content of `companion` on a platform that can (`showsPages`) or cannot show pages.
    package static func choose(_ companion: VASTCompanion?, showsPages: Bool) -> EndCardContent? {
        guard let companion else { return nil }
        if showsPages { return CreativePage.forEndCard(companion).map(EndCardContent.page) }
        let image = companion.resources.first { $0.kind == .staticResource && ($0.type?.lowercased().hasPrefix("image/") ?? true) }
        return image.flatMap { URL.lenient($0.value) }.map(EndCardContent.image)
    }
}

/// An end card ready to show: its page, or its image's bytes, fetched while the ad loads.
package enum LoadedEndCard: Sendable, Equatable {
    /// A page for a web view.
    case page(CreativePage)
    /// The image's bytes.
    case image(Data)

    /// How long an end card's image may take to arrive, on the injected clock: a companion is
    /// never worth the ad, so a slow one must not run out the load's own time.
    package static let timeout: Duration = .seconds(3)

    /// The end card of `companion` on a platform that can (`showsPages`) or cannot show pages;
    /// an image is fetched now over `transport`, within `timeout` on `clock`, and checked against
    /// the decode cap. No card when there is nothing to show, or the image could not be used: the
    /// ad then ends with its video rather than on a blank card, and the failure says which VAST
    /// code its `<Error>` gets.
    package static func load(
        _ companion: VASTCompanion?, showsPages: Bool, transport: any HTTPTransport, clock: any SchedulingClock
    ) async -> EndCardLoad {
        switch EndCardContent.choose(companion, showsPages: showsPages) {
        case .page(let page)?: return EndCardLoad(card: .page(page))
        case .image(let url)?:
            let fetch = try? await withDeadline(timeout, on: clock) { try await CreativeFetch.image(at: url, transport: transport) }
            guard let data = fetch else {
                return EndCardLoad(failure: .companionFetchFailed)
            }
            // An image over the decode cap is never decoded (`ImageDecodeCap`).
            switch ImageDecodeCap.creative.refusal(of: data) {
            case nil: return EndCardLoad(card: .image(data))
            case .tooManyPixels?: return EndCardLoad(failure: .companionDimensions)
            case .tooManyBytes?, .unreadableHeader?: return EndCardLoad(failure: .companionFetchFailed)
            }
        case nil: return EndCardLoad()
        }
    }
}

/// What loading a linear ad's end card gave: the card, or none; and when the companion had a
/// resource the platform could show but it could not be used, the VAST code the ad's `<Error>`
/// pixels get (VAST 4.x: 603 "unable to fetch CompanionAds/Companion resource", 601 "creative
/// dimensions do not fit"). The video still plays: a companion's failure is not the ad's.
package struct EndCardLoad: Sendable, Equatable {
    /// The card to show; `nil` for none.
    package var card: LoadedEndCard?
    /// Why a card the companion offered is not shown; `nil` when it is, or none was offered.
    package var failure: VASTErrorCode?

    /// A load that gave `card`, or failed with `failure`.
    package init(card: LoadedEndCard? = nil, failure: VASTErrorCode? = nil) {
        self.card = card
        self.failure = failure
    }
}
