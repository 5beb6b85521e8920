/// Why a message from a creative page was dropped before its meaning was considered. Each drop
/// is counted and recorded on the SDK's event stream; the page is not told.
package enum CreativeMessageDrop: Error, Sendable, Equatable, CustomStringConvertible {
    /// Longer than `CreativeMessageDecoder.maximumBytes`.
    case oversized(bytes: Int)
    /// Not a message of the protocol: not a JSON object, no `type`, or members of the wrong kind.
    case malformed(String)
    /// Posted from a frame other than the creative page's main frame, or from another origin.
    case otherOrigin(String)

    /// The reason's kind, for counting: `oversized`, `malformed` or `otherOrigin`.
    package var kind: String {
        switch self {
        case .oversized: "oversized"
        case .malformed: "malformed"
        case .otherOrigin: "otherOrigin"
        }
    }

    /// A short description for logs.
    package var description: String {
        switch self {
        case .oversized(let bytes): "oversized (\(bytes) bytes)"
        case .malformed(let why): "malformed: \(why)"
        case .otherOrigin(let origin): "from another origin: \(origin)"
        }
    }
}
