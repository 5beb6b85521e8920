import Foundation

/// A creative resource: `<StaticResource creativeType>`, `<IFrameResource>`, `<HTMLResource>`,
/// or a file element such as `<ClosedCaptionFile>`.
package struct VASTResource: Sendable, Equatable, Encodable {
    /// Which element held it.
    package enum Kind: String, Sendable, Equatable, Encodable {
        /// `<StaticResource>`: an image or script URL.
        case staticResource = "static"
        /// `<IFrameResource>`: a URL to load in a frame.
        case iframe
        /// `<HTMLResource>`: HTML markup.
        case html
        /// A file element (`<ClosedCaptionFile>`).
        case file
    }

    /// Which element held it.
    package var kind: Kind
    /// `creativeType` (static) or `type` (file).
    package var type: String?
    /// The URL (trimmed) or, for HTML, the markup verbatim.
    package var value: String
    /// `language` (closed captions).
    package var language: String?

    /// Creates a resource.
    package init(kind: Kind, type: String? = nil, value: String, language: String? = nil) {
        self.kind = kind
        self.type = type
        self.value = value
        self.language = language
    }
}
