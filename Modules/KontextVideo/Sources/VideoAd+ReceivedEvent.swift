import Foundation
import KontextVideoNetworking

extension VideoAd {
    /// The attributes of the `ad received` event: what the server answered, and to which request.
    static func receivedAttributes(_ served: ServedAd, requestId: UUID?) -> [String: String] {
        var attributes = [
            "price": "\(served.price.value) \(served.price.currency)",
            "precision": served.price.precision.rawValue,
            "creative": served.creative.kind.rawValue,
        ]
        if let requestId { attributes["requestId"] = requestId.uuidString.lowercased() }
        if served.creative.kind == .vast { attributes["vast"] = served.creative.inlineVAST == nil ? "tag" : "inline" }
        if let duration = served.duration { attributes["duration"] = String(duration) }
        return attributes
    }
}
