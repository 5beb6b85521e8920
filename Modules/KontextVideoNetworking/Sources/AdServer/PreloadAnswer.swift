import Foundation
import KontextVideoModels
import KontextVideoScheduling
import KontextVideoJournal

/// The answer of `POST /video/preload` as read from its status and body: an ad, a no-fill or an
/// error (`PROTOCOL.md`), and the session id it carried. Reading never throws.
package struct PreloadAnswer: Sendable, Hashable {
    /// What the answer means.
    package var result: Result<AdAnswer, AdRequestFailure>
    /// The answer's `sessionId`, when it had one (even an error answer may carry it).
    package var sessionId: String?

    /// Default `expiresIn` when the server gives none: 30 minutes.
    package static let defaultExpiry: Duration = .seconds(30 * 60)
    /// The longest expiry the SDK keeps (a year); larger answers are clamped.
    package static let longestExpiry: Double = 365 * 24 * 3600
    /// The longest `duration` taken from an answer, in seconds (a day); a larger one is a day.
    package static let longestDuration: Double = 24 * 3600

    /// Reads an answer of `status` with `body` to a request for `format`. Never throws:
    /// a malformed answer is a `.decoding` failure, and so is a creative `urlRule` may not fetch
    /// (a page or image on this device, a private network or `.local` while the server is public).
    package init(status: Int, body: Data, requestedFormat format: AdFormat, urlRule: AdURLRule) {
        sessionId = nil
        if status == 204 {
            result = .success(.noFill(.unknown))
            return
        }
        let isBlank = body.allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
        guard (200..<300).contains(status) else {
            let envelope = isBlank ? nil : try? JSONDecoder().decode(Verdict.self, from: body)
            sessionId = envelope?.sessionId
            if let envelope, let code = envelope.errCode {
                result = .failure(.server(code: code, message: envelope.error, permanent: envelope.permanent ?? false))
            } else if (500..<600).contains(status) {
                result = .failure(.server(code: "http_\(status)", message: nil, permanent: false))
            } else {
                result = .failure(.http(status: status))
            }
            return
        }
        guard !isBlank else {
            result = .failure(.decoding("empty answer with status \(status)"))
            return
        }
        // The verdict first (errCode, then skip), read without the ad, so a malformed `ad` next to
        // an error or a no-fill never hides them; the ad is decoded only when it is the answer.
        let verdict: Verdict
        do {
            verdict = try JSONDecoder().decode(Verdict.self, from: body)
        } catch {
            result = .failure(.decoding(Self.describe(error)))
            return
        }
        sessionId = verdict.sessionId
        if let code = verdict.errCode {
            result = .failure(.server(code: code, message: verdict.error, permanent: verdict.permanent ?? false))
            return
        }
        if verdict.skip == true {
            result = .success(.noFill(VideoAdError.NoFillReason(wireCode: verdict.skipCode)))
            return
        }
        do {
            guard let ad = try JSONDecoder().decode(AdEnvelope.self, from: body).ad else {
                result = .failure(.decoding("answer has no ad, skip or errCode"))
                return
            }
            result = ad.served(requestedFormat: format, urlRule: urlRule).map(AdAnswer.ad)
        } catch {
            result = .failure(.decoding(Self.describe(error)))
        }
    }

    /// A short, stable description of a decoding error: what was wrong, and where.
    static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "malformed JSON" }
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case .typeMismatch(_, let context): return "wrong type at \(path(context))"
        case .valueNotFound(_, let context): return "null at \(path(context))"
        case .keyNotFound(let key, let context):
            let prefix = path(context)
            return "missing \(prefix.isEmpty ? key.stringValue : prefix + "." + key.stringValue)"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "malformed JSON" : "invalid value at \(path(context))"
        @unknown default: return "malformed answer"
        }
    }

    /// The top level of every answer shape, without the ad: what the server decided.
    fileprivate struct Verdict: Decodable {
        var skip: Bool?
        var skipCode: String?
        var errCode: String?
        var error: String?
        var permanent: Bool?
        var sessionId: String?
    }

    /// The ad of an answer that is an ad.
    fileprivate struct AdEnvelope: Decodable {
        var ad: WireAd?
    }

    /// The `ad` object.
    fileprivate struct WireAd: Decodable {
        struct Price: Decodable {
            var value: Double
            var currency: String?
            var precision: String?
        }

        struct Creative: Decodable {
            var type: String
            var url: String?
            var vast: String?
            var width: Double?
            var height: Double?
            var fullScreen: Bool?
            var clickUrl: String?
            var fallbackUrl: String?
            var appStoreId: String?
            var attribution: JSONValue?
        }

        var id: String
        var format: String?
        var price: Price
        var duration: Double?
        var expiresIn: Double?
        var creative: Creative

        func served(requestedFormat: AdFormat, urlRule: AdURLRule) -> Result<ServedAd, AdRequestFailure> {
            guard !id.isEmpty else { return .failure(.decoding("empty ad.id")) }
            let format: AdFormat
            if let wire = self.format {
                guard let known = AdFormat(rawValue: wire) else { return .failure(.decoding("unknown ad.format \(wire)")) }
                guard known == requestedFormat else {
                    return .failure(.decoding("ad.format \(wire) for a \(requestedFormat.rawValue) request"))
                }
                format = known
            } else {
                format = requestedFormat
            }
            guard price.value.isFinite, price.value >= 0 else { return .failure(.decoding("invalid ad.price.value")) }
            let currency = price.currency.flatMap { $0.isEmpty ? nil : $0 } ?? "USD"
            let precision = price.precision.flatMap(VideoAdPrice.Precision.init(rawValue:)) ?? .estimated
            if let duration, !(duration.isFinite && duration >= 0) { return .failure(.decoding("invalid ad.duration")) }
            if let expiresIn, !(expiresIn.isFinite && expiresIn >= 0) { return .failure(.decoding("invalid ad.expiresIn")) }
            // Numbers that become timers are bounded here: anything past a year is "does not expire
            // soon", an overlay or video longer than a day is a day.
            let expiresIn = expiresIn.map { min($0, PreloadAnswer.longestExpiry) }
            let duration = duration.map { min($0, PreloadAnswer.longestDuration) }
            switch creative.served(urlRule: urlRule) {
            case .failure(let failure):
                return .failure(failure)
            case .success(let creative):
                return .success(ServedAd(
                    id: id,
                    format: format,
                    price: VideoAdPrice(value: price.value, currency: currency, precision: precision),
                    duration: format == .pause ? nil : duration,
                    expiresIn: expiresIn.map(Duration.timeInterval) ?? PreloadAnswer.defaultExpiry,
                    creative: creative
                ))
            }
        }
    }
}

extension PreloadAnswer.WireAd.Creative {
    /// The creative, validated.
    fileprivate func served(urlRule: AdURLRule) -> Result<ServedCreative, AdRequestFailure> {
        guard let kind = ServedCreative.Kind(rawValue: type) else {
            return .failure(.decoding("unknown ad.creative.type \(type)"))
        }
        // The creative itself must be on the web; a click may also deep-link into an app
        // (`myapp://…`, the App Store), but never run script or read local files.
        func link(_ string: String?, _ name: String, web: Bool) -> Result<URL?, AdRequestFailure> {
            guard let string, !string.isEmpty else { return .success(nil) }
            guard let url = URL(string: string), let scheme = url.scheme?.lowercased(),
                  web ? ["http", "https"].contains(scheme) : !["javascript", "file", "data", "vbscript"].contains(scheme)
            else {
                return .failure(.decoding("invalid ad.creative.\(name)"))
            }
            return .success(url)
        }
        do {
            let url = try link(url, "url", web: true).get()
            if let url, !urlRule.mayFetch(url) { return .failure(.decoding("invalid ad.creative.url (a local host)")) }
            let clickURL = try link(clickUrl, "clickUrl", web: false).get()
            let fallbackURL = try link(fallbackUrl, "fallbackUrl", web: false).get()
            let inline = vast.flatMap { $0.isEmpty ? nil : $0 }
            if kind == .vast {
                guard url != nil || inline != nil else { return .failure(.decoding("ad.creative has neither url nor vast")) }
            } else {
                guard url != nil else { return .failure(.decoding("missing ad.creative.url")) }
            }
            // A size is laid out, scaled and printed: one outside `WireNumber`'s points (0…10,000)
            // is no creative any screen can hold, so the answer is refused rather than clamped.
            for (size, name) in [(width, "width"), (height, "height")] {
                if let size, WireNumber.bounded(size, .points) == nil { return .failure(.decoding("invalid ad.creative.\(name)")) }
            }
            let appStoreID = appStoreId.flatMap { $0.isEmpty ? nil : $0 }
            // Attribution never fails the ad: what does not read is left out, and said (`ServedAttribution`).
            let attribution = self.attribution.map { ServedAttribution.read($0, appStoreID: appStoreID) }
            return .success(ServedCreative(
                kind: kind,
                url: url,
                inlineVAST: kind == .vast ? inline : nil,
                width: width,
                height: height,
                fullScreen: fullScreen ?? false,
                clickURL: clickURL,
                fallbackURL: fallbackURL,
                appStoreID: appStoreID,
                attribution: attribution?.attribution,
                attributionFailures: attribution?.failures ?? []
            ))
        } catch {
            return .failure(error)
        }
    }
}
