/// The kinds of event the server must hear (`type` on the wire).
package enum ServerEventType: String, Sendable, Hashable, Codable, CaseIterable {
    /// The ad was shown.
    case impression
    /// The viewer tapped the ad; `data.area` says where.
    case click
    /// The ad left the screen; `data.reason` and `data.completed`.
    case ended
    /// The app will not use the ad; `data.reason` (`not_used` or `outbid`).
    case reject
    /// A held ad was dropped by `destroy()`.
    case dropped
    /// A held ad expired unshown.
    case expired
    /// A VAST error; `data.code`.
    case vastError = "vast_error"
}
