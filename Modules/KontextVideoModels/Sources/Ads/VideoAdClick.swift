/// A tap on an ad.
public struct VideoAdClick: Sendable, Hashable {
    /// Where the viewer tapped.
    public enum Area: Sendable, Hashable, CustomStringConvertible {
        /// The image, the video, the card.
        case creative
        /// A linear ad's end card, after the video completed.
        case endCard
        /// A label of the creative's own, such as `"cta"`.
        case other(String)

        /// The area's name on the wire: `creative`, `end_card` or the creative's own label.
        public var wireName: String {
            switch self {
            case .creative: "creative"
            case .endCard: "end_card"
            case .other(let label): label
            }
        }

        /// Reads a wire name back; anything unknown is the creative's own label.
        /// - Parameter wireName: `creative`, `end_card` (or `endCard`), or a label of the creative's own.
        public init(wireName: String) {
            switch wireName {
            case "creative": self = .creative
            case "end_card", "endCard": self = .endCard
            default: self = .other(wireName)
            }
        }

        /// A short description for logs.
        public var description: String {
            switch self {
            case .creative: "creative"
            case .endCard: "endCard"
            case .other(let label): "other(\(label))"
            }
        }
    }

    /// Where the viewer tapped.
    public var area: Area

    /// Creates a click.
    /// - Parameter area: Where the viewer tapped.
    public init(area: Area) {
        self.area = area
    }
}
