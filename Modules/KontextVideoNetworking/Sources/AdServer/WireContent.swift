import KontextVideoModels
import Foundation

/// The `content` object of an ad request: the video and all its contextual signals.
package struct WireContent: Sendable, Hashable, Encodable {
    /// The `series` object.
    package struct Series: Sendable, Hashable, Encodable {
        var id: String
        var title: String?
        var description: String?
        var episodeCount: Int?
    }

    var id: String
    var language: String
    var mediaRating: String?
    var url: String?
    var title: String?
    var categories: [String]?
    var description: String?
    var duration: Double?
    var episodeNumber: Int?
    var keywords: [String]?
    var genre: String?
    var series: Series?

    /// The wire form of the content; a non-finite duration is left out.
    package init(_ content: KontextVideoContent) {
        id = content.id
        language = content.language
        mediaRating = content.mediaRating?.rawValue
        url = content.url?.absoluteString
        title = content.title
        categories = content.categories
        description = content.description
        duration = content.duration.flatMap { $0.isFinite ? $0 : nil }
        episodeNumber = content.episodeNumber
        keywords = content.keywords
        genre = content.genre
        series = content.series.map {
            Series(id: $0.id, title: $0.title, description: $0.description, episodeCount: $0.episodeCount)
        }
    }
}
