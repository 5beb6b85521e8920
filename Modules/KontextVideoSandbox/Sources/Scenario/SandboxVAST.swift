/// Which VAST document a linear ad's tag leads to. The sandbox serves each one itself.
public enum SandboxVAST: Sendable, Hashable {
    /// A VAST 4.2 inline ad: impression, error, quartile and click tracking pixels pointing
    /// back at the sandbox, and one progressive mp4 media file it also serves.
    case inline
    /// The inline ad with a VAST 4.1 end card: a companion with `renderingMode="end-card"`
    /// (an HTML card with its own click-through and click tracking).
    case inlineWithEndCard
    /// A chain of `hops` wrappers (each with its own impression and tracking pixels) ending
    /// at the inline ad; `hops` is at least 1.
    case wrapper(hops: Int)
    /// A wrapper whose `VASTAdTagURI` leads to a 404.
    case brokenWrapper
    /// A wrapper that points at itself, forever (for wrapper-depth limits).
    case loopingWrapper
    /// A document that is not well-formed XML.
    case malformed
    /// A well-formed VAST document without any `<Ad>` (a VAST no-fill).
    case noAd
    /// An inline ad whose only media file is a type no player plays (`video/x-unplayable`).
    case unplayableMedia
}
