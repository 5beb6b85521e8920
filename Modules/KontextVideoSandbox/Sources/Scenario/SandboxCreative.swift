/// The creative of an ad answer: what kind it is and where the SDK finds it.
///
/// Except for ``url(type:url:)``, the sandbox serves the creative itself, under its
/// ``SandboxAdServer/baseURL``.
public enum SandboxCreative: Sendable, Hashable {
    /// A small real HTML page (`type: "html"`, `url: <base>/creatives/<adId>.html`) that shows
    /// the ad's PNG and links to its click target: the `.banner` page of ``SandboxHTMLPage``.
    case html
    /// One of the sandbox's HTML pages (`type: "html"`, `url: <base>/creatives/<adId>.html`).
    case htmlPage(SandboxHTMLPage)
    /// A real PNG image (`type: "image"`, `url: <base>/images/<adId>.png`) of the creative's size.
    case image
    /// A VAST tag (`type: "vast"`, `url: <base>/vast/<adId>.xml`) leading to `document`.
    case vast(SandboxVAST)
    /// The VAST document inline in the answer (`type: "vast"`, `vast: "<VAST …>"`, no `url`).
    case inlineVAST(SandboxVAST)
    /// Any type and URL, as given (e.g. an unreachable host, or an unknown type).
    /// `{base}` and `{adId}` in `url` are replaced with the server's base URL and the ad's id.
    case url(type: String, url: String)

    /// The creative a format gets when none is given: overlay → HTML, pause → image,
    /// linear → an inline VAST tag.
    /// - Parameter format: The ad's format.
    /// - Returns: `.html`, `.image` or `.vast(.inline)`.
    public static func `default`(for format: SandboxFormat) -> SandboxCreative {
        switch format {
        case .overlay: .html
        case .pause: .image
        case .linear: .vast(.inline)
        }
    }
}
