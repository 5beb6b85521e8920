import Foundation

/// The video the ads are for: published as `KontextVideo.Content`.
/// Everything beyond `id` and `language` is contextual signal.
///
/// ```swift
/// let content = KontextVideo.Content(
///     id: "drama-12-e03", language: "en", mediaRating: .safe,
///     title: "The Return",
///     categories: ["640", "647", "326"],   // Content Taxonomy 3.0: Television, Drama, Romance
///     duration: 1320, episodeNumber: 3, genre: "romance",
///     series: .init(id: "drama-12", title: "Second Chances", episodeCount: 80))
/// ```
public struct KontextVideoContent: Sendable, Hashable {
    /// Whether the content is brand safe.
    public enum Rating: String, Sendable, Hashable, CaseIterable {
        /// Brand safe.
        case safe
        /// Explicit content gets no ads that require safe content.
        case explicit
    }

    /// The series an episode belongs to.
    public struct Series: Sendable, Hashable {
        /// The publisher's own id of the series.
        public var id: String
        /// The series' title.
        public var title: String?
        /// The series' description.
        public var description: String?
        /// Total number of episodes.
        public var episodeCount: Int?

        /// Creates a series; only `id` is required.
        /// - Parameters:
        ///   - id: Your own id of the series.
        ///   - title: The series' title.
        ///   - description: The series' description.
        ///   - episodeCount: Total number of episodes.
        public init(id: String, title: String? = nil, description: String? = nil, episodeCount: Int? = nil) {
            self.id = id
            self.title = title
            self.description = description
            self.episodeCount = episodeCount
        }
    }

    /// The publisher's own id of the video, any scheme.
    public var id: String
    /// BCP-47, for example `"en"` or `"pt-BR"`.
    public var language: String
    /// `.safe` or `.explicit`; unset when unknown.
    public var mediaRating: Rating?
    /// The episode's public page.
    public var url: URL?
    /// The video's title.
    public var title: String?
    /// IAB Content Taxonomy 3.0 ids.
    public var categories: [String]?
    /// The video's description.
    public var description: String?
    /// Seconds.
    public var duration: TimeInterval?
    /// The episode's number in its series.
    public var episodeNumber: Int?
    /// Keywords describing the video.
    public var keywords: [String]?
    /// For example `"romance"`.
    public var genre: String?
    /// The series the episode belongs to.
    public var series: Series?

    /// Creates a content description; only `id` and `language` are required.
    /// - Parameters:
    ///   - id: Your own id of the video, any scheme.
    ///   - language: BCP-47, for example `"en"` or `"pt-BR"`.
    ///   - mediaRating: `.safe` or `.explicit`. Leave it unset when you don't know; explicit content
    ///     gets no ads that require safe content.
    ///   - url: The episode's public page.
    ///   - title: The video's title.
    ///   - categories: IAB Content Taxonomy 3.0 ids.
    ///   - description: The video's description.
    ///   - duration: The video's length, in seconds.
    ///   - episodeNumber: The episode's number in its series.
    ///   - keywords: Keywords describing the video.
    ///   - genre: For example `"romance"`.
    ///   - series: The series the episode belongs to.
    public init(
        id: String,
        language: String,
        mediaRating: Rating? = nil,
        url: URL? = nil,
        title: String? = nil,
        categories: [String]? = nil,
        description: String? = nil,
        duration: TimeInterval? = nil,
        episodeNumber: Int? = nil,
        keywords: [String]? = nil,
        genre: String? = nil,
        series: Series? = nil
    ) {
        self.id = id
        self.language = language
        self.mediaRating = mediaRating
        self.url = url
        self.title = title
        self.categories = categories
        self.description = description
        self.duration = duration
        self.episodeNumber = episodeNumber
        self.keywords = keywords
        self.genre = genre
        self.series = series
    }
}
