import Foundation
import KontextVideoVAST
import KontextVideoNetworking

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
        return image.flatMap { URL(string: $0.value) }.map(EndCardContent.image)
    }
}

/// An end card ready to show: its page, or its image's bytes, fetched while the ad loads.
package enum LoadedEndCard: Sendable, Equatable {
    /// A page for a web view.
    case page(CreativePage)
    /// The image's bytes.
    case image(Data)

    /// The end card of `companion` on a platform that can (`showsPages`) or cannot show pages;
    /// an image is fetched now over `transport`. `nil` when there is nothing to show, or the
    /// image could not be fetched: the ad then ends with its video rather than on a blank card.
    package static func load(_ companion: VASTCompanion?, showsPages: Bool, transport: any HTTPTransport) async -> LoadedEndCard? {
        switch EndCardContent.choose(companion, showsPages: showsPages) {
        case .page(let page)?: return .page(page)
        case .image(let url)?: return (try? await CreativeFetch.image(at: url, transport: transport)).map(LoadedEndCard.image)
        case nil: return nil
        }
    }
}
