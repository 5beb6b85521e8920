import Foundation

/// Reads the JSON scenario format (see the module README) into a ``SandboxScenario``.
enum SandboxScenarioReader {
    private typealias Failure = SandboxScenarioError

    static func scenario(from root: JSONValue) throws(SandboxScenarioError) -> SandboxScenario {
        guard let members = root.objectValue else { throw .invalid(location: "$", message: "expected an object") }
        let known: Set<String> = ["init", "defaultInit", "preload", "defaultPreload", "events", "defaultEvents", "description"]
        if let unknown = members.keys.sorted().first(where: { !known.contains($0) }) {
            throw .invalid(location: "$.\(unknown)", message: "unknown key (expected one of \(known.sorted().joined(separator: ", ")))")
        }
        var scenario = SandboxScenario()
        if let value = members["init"] { scenario.initAnswers = try answers(value, at: "$.init") }
        if let value = members["defaultInit"] { scenario.defaultInitAnswer = try answer(value, at: "$.defaultInit") }
        if let value = members["events"] { scenario.eventsAnswers = try answers(value, at: "$.events") }
        if let value = members["defaultEvents"] { scenario.defaultEventsAnswer = try answer(value, at: "$.defaultEvents") }
        if let value = members["preload"] {
            for (format, queue) in try perFormat(value, at: "$.preload") {
                scenario.preloadAnswers[format] = try answers(queue, at: "$.preload.\(format.rawValue)")
            }
        }
        if let value = members["defaultPreload"] {
            for (format, single) in try perFormat(value, at: "$.defaultPreload") {
                scenario.defaultPreloadAnswers[format] = try answer(single, at: "$.defaultPreload.\(format.rawValue)")
            }
        }
        return scenario
    }

    private static func perFormat(_ value: JSONValue, at location: String) throws(SandboxScenarioError) -> [(SandboxFormat, JSONValue)] {
        guard let members = value.objectValue else { throw .invalid(location: location, message: "expected an object keyed by format") }
        var result: [(SandboxFormat, JSONValue)] = []
        for (key, member) in members.sorted(by: { $0.key < $1.key }) {
            guard let format = SandboxFormat(rawValue: key) else {
                throw .invalid(location: "\(location).\(key)", message: "unknown format (expected overlay, pause or linear)")
            }
            result.append((format, member))
        }
        return result
    }

    /// An array of answers (each may `repeat`), or a single answer.
    static func answers(_ value: JSONValue, at location: String) throws(SandboxScenarioError) -> [SandboxAnswer] {
        let elements = value.arrayValue ?? [value]
        var result: [SandboxAnswer] = []
        for (index, element) in elements.enumerated() {
            let here = value.arrayValue == nil ? location : "\(location)[\(index)]"
            let parsed = try answer(element, at: here)
            var count = 1
            if let repeatValue = element["repeat"] {
                guard let times = repeatValue.intValue, times >= 1, times <= 10_000 else {
                    throw .invalid(location: "\(here).repeat", message: "expected an integer from 1 to 10000")
                }
                count = times
            }
            result += Array(repeating: parsed, count: count)
        }
        return result
    }

    /// One answer object.
    static func answer(_ value: JSONValue, at location: String) throws(SandboxScenarioError) -> SandboxAnswer {
        guard let members = value.objectValue else { throw .invalid(location: location, message: "expected an answer object") }
        var answer = try body(members, at: location)
        if let delay = members["delaySeconds"] {
            guard let seconds = delay.doubleValue, seconds >= 0, seconds <= 3600 else {
                throw .invalid(location: "\(location).delaySeconds", message: "expected seconds from 0 to 3600")
            }
            answer = .delayed(seconds: seconds, then: answer)
        }
        return answer
    }

    private static func body(_ members: [String: JSONValue], at location: String) throws(SandboxScenarioError) -> SandboxAnswer {
        let status = try optionalInt(members["status"], at: "\(location).status")
        if let status, !(100...599).contains(status) {
            throw .invalid(location: "\(location).status", message: "expected an HTTP status from 100 to 599")
        }
        if let enabled = members["enabled"] {
            guard let flag = enabled.boolValue else { throw .invalid(location: "\(location).enabled", message: "expected a boolean") }
            if flag {
                return .enabled(sessionId: try optionalString(members["sessionId"], at: "\(location).sessionId", default: SandboxAnswer.ownSession))
            }
            return .disabled(reason: try optionalString(members["disabledReason"], at: "\(location).disabledReason", default: nil))
        }
        if let ad = members["ad"] {
            return .ad(try self.ad(ad, at: "\(location).ad"))
        }
        if let noFill = members["noFill"] {
            switch noFill {
            case .bool(true), .null: return .noFill(skipCode: nil)
            case .string(let code): return .noFill(skipCode: code)
            default: throw .invalid(location: "\(location).noFill", message: "expected a skipCode string, or true for none")
            }
        }
        if let error = members["error"] {
            guard let code = error["errCode"]?.stringValue else {
                throw .invalid(location: "\(location).error.errCode", message: "expected a string")
            }
            let message = try optionalString(error["error"], at: "\(location).error.error", default: "sandbox error") ?? ""
            let permanent = error["permanent"]?.boolValue ?? false
            return .error(code: code, message: message, permanent: permanent, status: status ?? 200)
        }
        if let accepted = members["accepted"] {
            if accepted == .bool(true) { return .accepted }
            if let except = accepted["except"]?.arrayValue {
                return .acceptedExcept(Set(except.compactMap(\.stringValue)))
            }
            throw .invalid(location: "\(location).accepted", message: "expected true or {\"except\": [eventId, …]}")
        }
        if let fault = members["fault"] {
            return try self.fault(fault, members, at: location)
        }
        if let body = members["body"] {
            return .json(body, status: status ?? 200)
        }
        if let text = members["text"] {
            guard let string = text.stringValue else { throw .invalid(location: "\(location).text", message: "expected a string") }
            var headers: [String: String] = [:]
            for (name, value) in members["headers"]?.objectValue ?? [:] { headers[name] = value.stringValue ?? value.description }
            return .raw(status: status ?? 200, headers: headers, body: Data(string.utf8))
        }
        if let status {
            switch status {
            case 204: return .noContent
            case 429: return .rateLimited(retryAfter: try optionalInt(members["retryAfter"], at: "\(location).retryAfter"))
            default: return .serverError(status: status)
            }
        }
        throw .invalid(location: location, message: "an answer needs one of enabled, ad, noFill, error, accepted, fault, body, text, status")
    }

    private static func fault(_ value: JSONValue, _ members: [String: JSONValue], at location: String) throws(SandboxScenarioError) -> SandboxAnswer {
        switch value.stringValue {
        case "malformedJSON": return .malformedJSON
        case "wrongTypes": return .wrongTypes
        case "huge": return .huge(bytes: try optionalInt(members["bytes"], at: "\(location).bytes") ?? 10 * 1024 * 1024)
        case "cutShort": return .cutShort
        case "drop": return .drop
        case "emptyReply": return .emptyReply
        case "hang": return .hang
        case "slowDrip": return .slowDrip
        default:
            throw .invalid(location: "\(location).fault", message: "expected malformedJSON, wrongTypes, huge, cutShort, drop, emptyReply or hang")
        }
    }

    static func ad(_ value: JSONValue, at location: String) throws(SandboxScenarioError) -> SandboxAd {
        guard let members = value.objectValue else { throw .invalid(location: location, message: "expected an object") }
        var ad = SandboxAd()
        ad.id = try optionalString(members["id"], at: "\(location).id", default: nil)
        if let format = members["format"] {
            guard let parsed = SandboxFormat(rawValue: format.stringValue ?? "") else {
                throw .invalid(location: "\(location).format", message: "expected overlay, pause or linear")
            }
            ad.format = parsed
        }
        switch members["price"] {
        case nil: break
        case .null?: ad.price = nil
        case .number(let amount)?: ad.price = SandboxPrice(value: amount)
        case .object(let price)?:
            guard let amount = price["value"]?.doubleValue else {
                throw .invalid(location: "\(location).price.value", message: "expected a number")
            }
            ad.price = SandboxPrice(
                value: amount,
                currency: try optionalString(price["currency"], at: "\(location).price.currency", default: "USD"),
                precision: try optionalString(price["precision"], at: "\(location).price.precision", default: "exact")
            )
        default: throw .invalid(location: "\(location).price", message: "expected a number, an object or null")
        }
        ad.duration = try optionalDouble(members["duration"], at: "\(location).duration", default: ad.duration)
        ad.expiresIn = try optionalDouble(members["expiresIn"], at: "\(location).expiresIn", default: ad.expiresIn)
        ad.width = try optionalInt(members["width"], at: "\(location).width")
        ad.height = try optionalInt(members["height"], at: "\(location).height")
        if let fullScreen = members["fullScreen"] {
            if fullScreen.isNull {
                ad.fullScreen = nil
            } else {
                guard let flag = fullScreen.boolValue else { throw .invalid(location: "\(location).fullScreen", message: "expected a boolean") }
                ad.fullScreen = flag
            }
        }
        ad.clickURL = try optionalString(members["clickUrl"], at: "\(location).clickUrl", default: ad.clickURL)
        ad.fallbackURL = try optionalString(members["fallbackUrl"], at: "\(location).fallbackUrl", default: nil)
        ad.appStoreID = try optionalString(members["appStoreId"], at: "\(location).appStoreId", default: nil)
        if let attribution = members["attribution"] {
            ad.attribution = try self.attribution(attribution, at: "\(location).attribution")
        }
        if let flag = members["captionsAndIcon"] {
            guard let value = flag.boolValue else { throw .invalid(location: "\(location).captionsAndIcon", message: "expected a boolean") }
            ad.captionsAndIcon = value
        }
        if let verifications = members["verifications"] {
            guard let list = verifications.arrayValue else { throw .invalid(location: "\(location).verifications", message: "expected an array") }
            ad.verifications = try list.enumerated().map { index, item throws(SandboxScenarioError) in
                try verification(item, at: "\(location).verifications[\(index)]")
            }
        }
        if let extra = members["extra"] {
            guard let fields = extra.objectValue else { throw .invalid(location: "\(location).extra", message: "expected an object") }
            ad.extraFields = fields
        }
        if let creative = members["creative"] {
            ad.creative = try self.creative(creative, hops: members["hops"], inline: members["inlineVast"]?.boolValue ?? false, at: "\(location).creative")
            if case .htmlPage(.error) = ad.creative {
                let code = try optionalInt(members["errorCode"], at: "\(location).errorCode") ?? 405
                guard (100...999).contains(code) else { throw .invalid(location: "\(location).errorCode", message: "expected a VAST error code (100 to 999)") }
                guard members["errorOnScreen"].map({ $0.boolValue != nil }) ?? true else {
                    throw .invalid(location: "\(location).errorOnScreen", message: "expected a boolean")
                }
                ad.creative = .htmlPage(.error(code: code, onScreen: members["errorOnScreen"]?.boolValue ?? false))
            }
        }
        return ad
    }

    private static func verification(_ value: JSONValue, at location: String) throws(SandboxScenarioError) -> SandboxVerification {
        guard let members = value.objectValue else { throw .invalid(location: location, message: "expected an object") }
        var verification = SandboxVerification()
        if let vendor = members["vendor"] {
            guard let text = vendor.stringValue else { throw .invalid(location: "\(location).vendor", message: "expected a string") }
            verification.vendor = text
        }
        if let placement = members["placement"] {
            guard let name = placement.stringValue, let value = SandboxVerification.Placement(rawValue: name) else {
                throw .invalid(location: "\(location).placement", message: "expected inline, inlineExtension or wrapper")
            }
            verification.placement = value
        }
        if let framework = members["apiFramework"] {
            guard let text = framework.stringValue else { throw .invalid(location: "\(location).apiFramework", message: "expected a string") }
            verification.apiFramework = text
        }
        verification.parameters = try optionalString(members["parameters"], at: "\(location).parameters", default: verification.parameters)
        if let tracks = members["tracksNotExecuted"] {
            guard let flag = tracks.boolValue else { throw .invalid(location: "\(location).tracksNotExecuted", message: "expected a boolean") }
            verification.tracksNotExecuted = flag
        }
        return verification
    }

    private static func creative(_ value: JSONValue, hops: JSONValue?, inline: Bool, at location: String) throws(SandboxScenarioError) -> SandboxCreative {
        if let custom = value.objectValue {
            guard let type = custom["type"]?.stringValue, let url = custom["url"]?.stringValue else {
                throw .invalid(location: location, message: "a custom creative needs a type and a url string")
            }
            return .url(type: type, url: url)
        }
        let vast: SandboxVAST
        switch value.stringValue {
        case "html": return .html
        case "html-cta": return .htmlPage(.callToAction)
        case "html-error": return .htmlPage(.error(code: 405, onScreen: false))
        case "html-never-ready": return .htmlPage(.neverReady)
        case "image": return .image
        case "vast": vast = .inline
        case "vast-end-card": vast = .inlineWithEndCard
        case "vast-wrapper":
            let count = hops?.intValue ?? 1
            guard count >= 1 else { throw .invalid(location: location, message: "hops must be at least 1") }
            vast = .wrapper(hops: count)
        case "vast-broken-wrapper": vast = .brokenWrapper
        case "vast-looping-wrapper": vast = .loopingWrapper
        case "vast-malformed": vast = .malformed
        case "vast-no-ad": vast = .noAd
        case "vast-unplayable": vast = .unplayableMedia
        default:
            throw .invalid(location: location, message: "expected html, html-cta, html-error, html-never-ready, image, vast, vast-end-card, vast-wrapper, vast-broken-wrapper, vast-looping-wrapper, vast-malformed, vast-no-ad, vast-unplayable or {type, url}")
        }
        return inline ? .inlineVAST(vast) : .vast(vast)
    }

    // MARK: Optional members: absent keeps the default, null omits.

    private static func optionalString(_ value: JSONValue?, at location: String, default fallback: String?) throws(SandboxScenarioError) -> String? {
        switch value {
        case nil: return fallback
        case .null?: return nil
        case .string(let text)?: return text
        default: throw .invalid(location: location, message: "expected a string or null")
        }
    }

    private static func optionalDouble(_ value: JSONValue?, at location: String, default fallback: Double?) throws(SandboxScenarioError) -> Double? {
        switch value {
        case nil: return fallback
        case .null?: return nil
        case .number(let number)?: return number
        default: throw .invalid(location: location, message: "expected a number or null")
        }
    }

    private static func optionalInt(_ value: JSONValue?, at location: String) throws(SandboxScenarioError) -> Int? {
        switch value {
        case nil, .null?: return nil
        case let number?:
            guard let integer = number.intValue else { throw .invalid(location: location, message: "expected an integer") }
            return integer
        }
    }

    /// `attribution`: `true` for the signed-looking payload with its defaults, `false` or `null`
    /// for none, or an object with `overlay` (`"endCard"` or seconds), `sourceIdentifier`,
    /// `sourceAppId` and `adAttributionKit` (a boolean).
    private static func attribution(_ value: JSONValue, at location: String) throws(SandboxScenarioError) -> SandboxAttribution? {
        if value.isNull { return nil }
        if let flag = value.boolValue { return flag ? SandboxAttribution() : nil }
        guard let members = value.objectValue else { throw .invalid(location: location, message: "expected a boolean, an object or null") }
        var attribution = SandboxAttribution()
        switch members["overlay"] {
        case nil: break
        case .string("endCard")?: attribution.overlay = .endCard
        case .number(let seconds)? where seconds >= 0 && seconds <= 86_400: attribution.overlay = .afterSeconds(seconds)
        default: throw .invalid(location: "\(location).overlay", message: "expected \"endCard\" or seconds")
        }
        if let source = try optionalInt(members["sourceIdentifier"], at: "\(location).sourceIdentifier") {
            guard (0...9_999).contains(source) else { throw .invalid(location: "\(location).sourceIdentifier", message: "expected 0 to 9999") }
            attribution.sourceIdentifier = source
        }
        if let app = try optionalInt(members["sourceAppId"], at: "\(location).sourceAppId") { attribution.sourceAppId = app }
        if let kit = members["adAttributionKit"] {
            guard let flag = kit.boolValue else { throw .invalid(location: "\(location).adAttributionKit", message: "expected a boolean") }
            attribution.adAttributionKit = flag
        }
        return attribution
    }
}
