import Foundation

/// Checks a request to one of the protocol's endpoints against the conventions of
/// `PROTOCOL.md`, independently of the SDK's own types; and, knowing what the server issued,
/// that a batch of events belongs to this server: a session it never issued, or an ad it never
/// served, is another server's (`PROTOCOL.md`, *Which server receives which events*).
struct ProtocolValidator {
    /// What this server gave out: the session ids its answers carried and the ids of the ads
    /// its `/video/preload` answers named.
    struct Issued: Sendable {
        var sessions: Set<String> = []
        var adIds: Set<String> = []
    }

    /// The platforms `sdk.platform` may name.
    static let platforms: Set<String> = ["ios", "tvos", "macos", "linux"]
    /// The SDK's name on the wire.
    static let sdkName = "kontext-video-swift"
    /// The event types of `/video/events`.
    static let eventTypes: Set<String> = ["impression", "click", "ended", "reject", "dropped", "expired", "vast_error"]
    /// The App Tracking Transparency statuses `trackingAuthorization` may name.
    static let trackingAuthorizations: Set<String> = ["notDetermined", "restricted", "denied", "authorized"]
    /// The end reasons of an `ended` event.
    static let endReasons: Set<String> = ["completed", "skipped", "closed", "resumed", "failed", "interrupted", "dismissed", "destroyed"]

    private let request: RecordedRequest
    /// What the server issued; `nil` checks the request's form only.
    private let issued: Issued?
    private var violations: [ProtocolViolation] = []

    private init(request: RecordedRequest, issued: Issued?) {
        self.request = request
        self.issued = issued
    }

    /// The violations of `request`, which went to one of the three protocol endpoints; with
    /// `issued`, also the events that are not this server's.
    static func violations(of request: RecordedRequest, issued: Issued? = nil) -> [ProtocolViolation] {
        var validator = ProtocolValidator(request: request, issued: issued)
        validator.check()
        return validator.violations
    }

    private mutating func report(_ location: String, _ message: String) {
        violations.append(ProtocolViolation(requestIndex: request.index, path: request.path, location: location, message: message))
    }

    private mutating func check() {
        if request.method != "POST" { report("method", "expected POST, got \(request.method)") }
        if request.listener == .trackingHost, request.path != "/video/preload" {
            report("host", "the tracking host takes only ad requests that carry tracking data, not \(request.path)")
        }
        checkHeaders()
        guard let body = request.json, let members = body.objectValue else {
            report("body", request.body.isEmpty ? "missing JSON body" : "the body is not a JSON object")
            return
        }
        checkNoNulls(body, at: "body")
        checkCommon(members)
        switch request.path {
        case "/init": checkInit(members)
        case "/video/preload": checkPreload(members)
        case "/video/events": checkEvents(members)
        default: break
        }
    }

    // MARK: Headers and common members

    private mutating func checkHeaders() {
        let contentType = request.header("Content-Type")
        if contentType?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased() != "application/json" {
            report("header Content-Type", "expected application/json, got \(contentType ?? "nothing")")
        }
        let accept = request.header("Accept")
        if !(accept?.lowercased().contains("application/json") ?? false) {
            report("header Accept", "expected application/json, got \(accept ?? "nothing")")
        }
        if let charset = contentType?.lowercased().range(of: "charset=") {
            let value = contentType?.lowercased()[charset.upperBound...].trimmingCharacters(in: .whitespaces)
            if value != "utf-8" { report("header Content-Type", "the body must be UTF-8, got charset \(value ?? "")") }
        }
    }

    private mutating func checkCommon(_ body: [String: JSONValue]) {
        let token = body["publisherToken"]?.stringValue
        if token?.isEmpty ?? true { report("body.publisherToken", "expected a non-empty string, got \(describe(body["publisherToken"]))") }
        let header = request.header("Kontextso-Publisher-Token")
        if header == nil {
            report("header Kontextso-Publisher-Token", "missing")
        } else if let token, header != token {
            report("header Kontextso-Publisher-Token", "\"\(header ?? "")\" differs from body.publisherToken \"\(token)\"")
        }
        // The SDK leaves the install id out only while GDPR applies without Purpose 1 consent
        // (PROTOCOL.md, *Consent on the device*): an ad request then says `regulatory.gdpr: 1`;
        // `/init` and event batches carry no consent of their own, so there it may be absent.
        let gdprApplies = body["regulatory"]?.objectValue?["gdpr"]?.intValue == 1
        checkUUID(body["installId"], at: "body.installId", required: request.path == "/video/preload" && !gdprApplies)
        if let session = body["sessionId"], session.stringValue?.isEmpty ?? true {
            report("body.sessionId", "expected a non-empty string, got \(describe(session))")
        }
        guard let sdk = body["sdk"]?.objectValue else {
            report("body.sdk", "expected an object {name, platform, version}, got \(describe(body["sdk"]))")
            return
        }
        if sdk["name"]?.stringValue != Self.sdkName {
            report("body.sdk.name", "expected \"\(Self.sdkName)\", got \(describe(sdk["name"]))")
        }
        if !Self.platforms.contains(sdk["platform"]?.stringValue ?? "") {
            report("body.sdk.platform", "expected one of \(Self.platforms.sorted()), got \(describe(sdk["platform"]))")
        }
        if sdk["version"]?.stringValue?.isEmpty ?? true {
            report("body.sdk.version", "expected a non-empty string, got \(describe(sdk["version"]))")
        }
        if let app = body["app"] {
            checkObject(app, at: "body.app", strings: ["bundleId", "version"])
        }
    }

    // MARK: Endpoints

    private mutating func checkInit(_ body: [String: JSONValue]) {
        if body["app"] == nil { report("body.app", "missing") }
    }

    private mutating func checkPreload(_ body: [String: JSONValue]) {
        checkUUID(body["requestId"], at: "body.requestId", required: true)
        if body["app"] == nil { report("body.app", "missing") }
        let format = body["format"]?.stringValue ?? ""
        if SandboxFormat(rawValue: format) == nil {
            report("body.format", "expected overlay, pause or linear, got \(describe(body["format"]))")
        }
        if let device = body["device"] {
            checkObject(device, at: "body.device", strings: ["os", "osVersion", "model", "locale"], numbers: ["screenWidth", "screenHeight", "scale"])
        } else {
            report("body.device", "missing")
        }
        if let content = body["content"] {
            checkContent(content)
        } else {
            report("body.content", "missing")
        }
        if let labels = body["labels"] {
            if let members = labels.objectValue {
                if members.isEmpty { report("body.labels", "empty labels must be omitted") }
                for (key, value) in members where value.stringValue == nil {
                    report("body.labels.\(key)", "expected a string, got \(describe(value))")
                }
            } else {
                report("body.labels", "expected an object of strings, got \(describe(labels))")
            }
        }
        if let playhead = body["playhead"]?.doubleValue {
            if playhead < 0 || !playhead.isFinite { report("body.playhead", "expected seconds ≥ 0, got \(playhead)") }
        } else {
            report("body.playhead", "expected a number, got \(describe(body["playhead"]))")
        }
        if let user = body["user"] {
            checkObject(user, at: "body.user", strings: ["id", "email", "emailHash"], stringArrays: ["keywords"])
            if let hash = user["emailHash"]?.stringValue, !(hash.count == 64 && hash.allSatisfy { $0.isHexDigit && !$0.isUppercase }) {
                report("body.user.emailHash", "expected 64 lowercase hex digits, got \"\(hash)\"")
            }
        }
        if let regulatory = body["regulatory"] {
            checkObject(regulatory, at: "body.regulatory", strings: ["gdprConsent", "gpp", "usPrivacy"])
            for flag in ["gdpr", "coppa"] {
                if let value = regulatory[flag], value != .number(0) && value != .number(1) {
                    report("body.regulatory.\(flag)", "expected the number 0 or 1, got \(describe(value))")
                }
            }
            if let sid = regulatory["gppSid"], !(sid.arrayValue?.allSatisfy { $0.intValue != nil } ?? false) {
                report("body.regulatory.gppSid", "expected an array of integers, got \(describe(sid))")
            }
        }
        if let variant = body["variantId"], variant.stringValue == nil {
            report("body.variantId", "expected a string, got \(describe(variant))")
        }
        checkDeviceIdentifiers(body)
        checkTrackingData(body)
    }

    /// Tracking data (`advertisingId`, `user.email`, `user.emailHash`) goes to the tracking host
    /// the `/init` answer announced, and only with the user's permission; every request without it
    /// goes to the ad server's own host (`PROTOCOL.md`, *Tracking data and its host*).
    private mutating func checkTrackingData(_ body: [String: JSONValue]) {
        let user = body["user"]
        let carried = ["advertisingId"].filter { body[$0] != nil } + ["email", "emailHash"].filter { user?[$0] != nil }.map { "user.\($0)" }
        switch (request.listener, carried.isEmpty) {
        case (.adServer, false):
            report("host", "tracking data (\(carried.joined(separator: ", "))) sent to the ad server's own host; it goes to the tracking host the /init answer announced")
        case (.trackingHost, true):
            report("host", "an ad request without tracking data sent to the tracking host, which fails for a user who did not allow tracking; it goes to the ad server's own host")
        default:
            break
        }
        if let status = body["trackingAuthorization"]?.stringValue, status != "authorized", user?["email"] != nil || user?["emailHash"] != nil {
            report("body.user", "an email or email hash sent with trackingAuthorization \"\(status)\": tracking data needs the user's permission")
        }
    }

    /// `advertisingId` and `vendorId` are lowercase UUIDs and never the zero UUID (a zero id is no
    /// id: it must be omitted); the advertising id goes only with `trackingAuthorization: "authorized"`.
    private mutating func checkDeviceIdentifiers(_ body: [String: JSONValue]) {
        let status = body["trackingAuthorization"]
        if let status, !Self.trackingAuthorizations.contains(status.stringValue ?? "") {
            report("body.trackingAuthorization", "expected one of \(Self.trackingAuthorizations.sorted()), got \(describe(status))")
        }
        for key in ["advertisingId", "vendorId"] {
            guard let id = body[key] else { continue }
            checkUUID(id, at: "body.\(key)", required: true)
            if id.stringValue == Self.zeroUUID {
                report("body.\(key)", "the zero UUID is no identifier: omit it")
            }
        }
        if body["advertisingId"] != nil, status?.stringValue != "authorized" {
            report("body.advertisingId", "sent without trackingAuthorization \"authorized\" (got \(describe(status)))")
        }
    }

    /// The UUID the system reports when it has no identifier to give.
    static let zeroUUID = "00000000-0000-0000-0000-000000000000"

    private mutating func checkContent(_ content: JSONValue) {
        checkObject(content, at: "body.content", strings: ["id", "language", "mediaRating", "url", "title", "description", "genre"],
                    numbers: ["duration", "episodeNumber"], stringArrays: ["categories", "keywords"])
        for required in ["id", "language"] where content[required] == nil {
            report("body.content.\(required)", "missing")
        }
        if let rating = content["mediaRating"]?.stringValue, rating != "safe", rating != "explicit" {
            report("body.content.mediaRating", "expected safe or explicit, got \"\(rating)\"")
        }
        if let series = content["series"] {
            checkObject(series, at: "body.content.series", strings: ["id", "title", "description"], numbers: ["episodeCount"])
            if series["id"] == nil { report("body.content.series.id", "missing") }
        }
    }

    private mutating func checkEvents(_ body: [String: JSONValue]) {
        guard let events = body["events"]?.arrayValue else {
            report("body.events", "expected an array, got \(describe(body["events"]))")
            return
        }
        if events.isEmpty { report("body.events", "an empty batch") }
        if let issued, let session = body["sessionId"]?.stringValue, !session.isEmpty, !issued.sessions.contains(session) {
            report("body.sessionId", "\"\(session)\" is no session this server issued: events queued for another server")
        }
        for (index, event) in events.enumerated() {
            let at = "body.events[\(index)]"
            guard event.objectValue != nil else {
                report(at, "expected an object, got \(describe(event))")
                continue
            }
            checkUUID(event["eventId"], at: "\(at).eventId", required: true)
            let type = event["type"]?.stringValue ?? ""
            if !Self.eventTypes.contains(type) {
                report("\(at).type", "expected one of \(Self.eventTypes.sorted()), got \(describe(event["type"]))")
            }
            if event["adId"]?.stringValue?.isEmpty ?? true {
                report("\(at).adId", "expected a non-empty string, got \(describe(event["adId"]))")
            } else if let issued, let adId = event["adId"]?.stringValue, !issued.adIds.contains(adId) {
                report("\(at).adId", "\"\(adId)\" is no ad this server served: an event queued for another server")
            }
            if SandboxFormat(rawValue: event["format"]?.stringValue ?? "") == nil {
                report("\(at).format", "expected overlay, pause or linear, got \(describe(event["format"]))")
            }
            checkTimestamp(event["timestamp"], at: "\(at).timestamp")
            if let playhead = event["playhead"], (playhead.doubleValue ?? -1) < 0 {
                report("\(at).playhead", "expected seconds ≥ 0, got \(describe(playhead))")
            }
            guard let data = event["data"]?.objectValue else {
                report("\(at).data", "expected an object, got \(describe(event["data"]))")
                continue
            }
            checkEventData(type: type, data, at: "\(at).data")
        }
    }

    private mutating func checkEventData(type: String, _ data: [String: JSONValue], at: String) {
        switch type {
        case "click":
            if data["area"]?.stringValue?.isEmpty ?? true { report("\(at).area", "expected a non-empty string, got \(describe(data["area"]))") }
        case "ended":
            if !Self.endReasons.contains(data["reason"]?.stringValue ?? "") {
                report("\(at).reason", "expected one of \(Self.endReasons.sorted()), got \(describe(data["reason"]))")
            }
            if data["completed"]?.boolValue == nil { report("\(at).completed", "expected a boolean, got \(describe(data["completed"]))") }
        case "reject":
            switch data["reason"]?.stringValue {
            case "not_used": break
            case "outbid":
                if let price = data["winningPrice"], price.doubleValue == nil {
                    report("\(at).winningPrice", "expected a number, got \(describe(price))")
                }
                if let winner = data["winner"], winner.stringValue == nil {
                    report("\(at).winner", "expected a string, got \(describe(winner))")
                }
            default:
                report("\(at).reason", "expected not_used or outbid, got \(describe(data["reason"]))")
            }
        case "vast_error":
            if data["code"]?.intValue == nil { report("\(at).code", "expected an integer VAST error code, got \(describe(data["code"]))") }
        case "impression", "dropped", "expired":
            if !data.isEmpty { report(at, "expected {}, got \(describe(.object(data)))") }
        default:
            break
        }
    }

    // MARK: Helpers

    private mutating func checkObject(
        _ value: JSONValue, at location: String,
        strings: [String] = [], numbers: [String] = [], stringArrays: [String] = []
    ) {
        guard value.objectValue != nil else {
            report(location, "expected an object, got \(describe(value))")
            return
        }
        for key in strings {
            if let member = value[key], member.stringValue == nil { report("\(location).\(key)", "expected a string, got \(describe(member))") }
        }
        for key in numbers {
            if let member = value[key], member.doubleValue == nil { report("\(location).\(key)", "expected a number, got \(describe(member))") }
        }
        for key in stringArrays {
            if let member = value[key], !(member.arrayValue?.allSatisfy { $0.stringValue != nil } ?? false) {
                report("\(location).\(key)", "expected an array of strings, got \(describe(member))")
            }
        }
    }

    private mutating func checkNoNulls(_ value: JSONValue, at location: String) {
        switch value {
        case .null: report(location, "null: unknown optional values must be omitted")
        case .array(let values): for (index, element) in values.enumerated() { checkNoNulls(element, at: "\(location)[\(index)]") }
        case .object(let members): for (key, member) in members.sorted(by: { $0.key < $1.key }) { checkNoNulls(member, at: "\(location).\(key)") }
        default: break
        }
    }

    private mutating func checkUUID(_ value: JSONValue?, at location: String, required: Bool) {
        guard let value else {
            if required { report(location, "missing") }
            return
        }
        guard let text = value.stringValue, Self.isLowercaseUUID(text) else {
            report(location, "expected a lowercase UUID, got \(describe(value))")
            return
        }
    }

    private mutating func checkTimestamp(_ value: JSONValue?, at location: String) {
        guard let text = value?.stringValue, Self.isTimestamp(text) else {
            report(location, "expected an ISO-8601 UTC timestamp with milliseconds (2026-11-29T16:02:24.123Z), got \(describe(value))")
            return
        }
    }

    /// Whether `text` is a UUID in lowercase, e.g. `5d0c6f0e-8f7b-4c53-9e1a-0d1f6b7a9c11`.
    static func isLowercaseUUID(_ text: String) -> Bool {
        let groups = text.split(separator: "-", omittingEmptySubsequences: false)
        guard groups.map(\.count) == [8, 4, 4, 4, 12] else { return false }
        return groups.allSatisfy { $0.allSatisfy { ("0"..."9").contains($0) || ("a"..."f").contains($0) } }
    }

    /// Whether `text` reads `YYYY-MM-DDTHH:MM:SS.mmmZ` with valid field ranges.
    static func isTimestamp(_ text: String) -> Bool {
        let characters = Array(text)
        guard characters.count == 24 else { return false }
        let pattern = Array("dddd-dd-ddTdd:dd:dd.dddZ")
        for (character, expected) in zip(characters, pattern) {
            if expected == "d" {
                guard character.isASCII, character.isNumber else { return false }
            } else if character != expected {
                return false
            }
        }
        func number(_ range: Range<Int>) -> Int { Int(String(characters[range])) ?? -1 }
        return (1...12).contains(number(5..<7)) && (1...31).contains(number(8..<10))
            && (0...23).contains(number(11..<13)) && (0...59).contains(number(14..<16)) && (0...60).contains(number(17..<19))
    }

    private func describe(_ value: JSONValue?) -> String {
        guard let value else { return "nothing" }
        let text = value.description
        return text.count > 80 ? String(text.prefix(77)) + "…" : text
    }
}
