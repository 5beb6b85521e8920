import Foundation
import KontextVideoModels

/// The answer of `POST /init`. Missing fields take their defaults (`enabled: true`);
/// unknown fields are ignored; a field of the wrong type is a decoding error.
package struct InitAnswer: Sendable, Hashable, Decodable {
    /// Whether the SDK may request ads in this launch.
    package var enabled: Bool
    /// Why the server switched the SDK off.
    package var disabledReason: String?
    /// The session to send with the following requests.
    package var sessionId: String?
    /// The host for ad requests that carry tracking data, as announced (`TrackingHost` decides
    /// whether it may be used); `nil`: none, so no request carries tracking data.
    package var trackingUrl: String?

    private enum CodingKeys: String, CodingKey {
        case enabled, disabledReason, sessionId, trackingUrl
    }

    /// Reads the answer.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        enabled = try container.decodeIfPresent(Bool.self, forKey: .enabled) ?? true
        disabledReason = try container.decodeIfPresent(String.self, forKey: .disabledReason)
        sessionId = try container.decodeIfPresent(String.self, forKey: .sessionId)
        trackingUrl = try container.decodeIfPresent(String.self, forKey: .trackingUrl)
    }

    /// Reads a 2xx body; an empty body is an answer with every default.
    package static func decode(_ body: Data) throws -> InitAnswer {
        let isBlank = body.allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
        return try JSONDecoder().decode(InitAnswer.self, from: isBlank ? Data("{}".utf8) : body)
    }

    /// The SDK state this answer means.
    package var state: KontextVideoState {
        enabled ? .enabled : .disabled(reason: disabledReason)
    }
}
