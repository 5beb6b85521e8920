import Foundation

/// Fills VAST 4 macros (`[NAME]`) in tracking URLs.
///
/// Rules: a known VAST 4.x macro is replaced by its value from `VASTMacroContext`,
/// percent-encoded (RFC 3986 unreserved characters kept), or by `-1` when the value is
/// unknown; `[CACHEBUSTING]` (also `[RANDOM]`, `[random]`, `[CACHEBUSTER]`) is a random
/// 8-digit number unless the context fixes one; `[TIMESTAMP]` is ISO 8601 with milliseconds
/// in UTC. Brackets that are not a known macro (and not in `extra`) are left as written.
package enum VASTMacros {
    /// The macros of VAST 4.0–4.3 (section 6.1 "Macros") plus `US_PRIVACY`.
    package static let knownMacros: Set<String> = [
        "ADCATEGORIES", "ADCOUNT", "ADPLAYHEAD", "ADSERVINGID", "ADTYPE", "APIFRAMEWORKS", "APPBUNDLE", "ASSETURI",
        "BLOCKEDADCATEGORIES", "BREAKMAXADLENGTH", "BREAKMAXADS", "BREAKMAXDURATION", "BREAKMINADLENGTH",
        "BREAKMINDURATION", "BREAKPOSITION", "CACHEBUSTING", "CLICKPOS", "CLICKTYPE", "CLIENTUA", "CONTENTID",
        "CONTENTPLAYHEAD", "CONTENTURI", "DEVICEIP", "DEVICEUA", "DOMAIN", "ERRORCODE", "EXTENSIONS", "GDPRCONSENT",
        "GPPSECTIONID", "GPPSTRING", "IFA", "IFATYPE", "INVENTORYSTATE", "LATLONG", "LIMITADTRACKING", "MEDIAMIME",
        "MEDIAPLAYHEAD", "OMIDPARTNER", "PAGEURL", "PLACEMENTTYPE", "PLAYERCAPABILITIES", "PLAYERSIZE", "PLAYERSTATE",
        "PODSEQUENCE", "REASON", "REGULATIONS", "SERVERSIDE", "SERVERUA", "STOREID", "STOREURL", "TIMESTAMP",
        "TRANSACTIONID", "UNIVERSALADID", "US_PRIVACY", "VASTVERSIONS", "VERIFICATIONVENDORS",
    ]

    private static let cacheBustingNames: Set<String> = ["CACHEBUSTING", "CACHEBUSTER", "RANDOM", "random"]
    /// Macros whose value is a comma-separated list.
    private static let listMacros: Set<String> = ["REGULATIONS", "PLAYERSIZE", "UNIVERSALADID", "BLOCKEDADCATEGORIES"]

    /// `template` with its macros filled from `context`. One pass: a name has no brackets, so of the
    /// `[`s before a `]` only the last can open a macro, and each character is looked at once or
    /// twice (a URL of a million `[`s and one `]` was a million scans to its end).
    package static func expand(_ template: String, context: VASTMacroContext) -> String {
        guard template.contains("[") else { return template }
        let values = context.values()
        var out = ""
        out.reserveCapacity(template.utf8.count + 32)
        var rest = template[...]
        while let firstOpen = rest.firstIndex(of: "[") {
            guard let close = rest[firstOpen...].firstIndex(of: "]") else { break }
            // The `[`s before the last one are text.
            let open = rest[firstOpen..<close].lastIndex(of: "[") ?? firstOpen
            out += rest[..<open]
            let name = String(rest[rest.index(after: open)..<close])
            if let value = value(for: name, values: values, context: context) {
                out += value
            } else {
                out += rest[open...close]
            }
            rest = rest[rest.index(after: close)...]
        }
        out += rest
        return out
    }

    /// The encoded replacement for a macro name, or `nil` to leave the brackets as written.
    private static func value(for name: String, values: [String: String], context: VASTMacroContext) -> String? {
        guard !name.isEmpty, name.utf8.count <= 40,
              name.utf8.allSatisfy({ ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5F })
        else { return nil }
        if listMacros.contains(name), let value = values[name] {
            // A list: each value encoded, the commas between them kept (VAST 4.1 macros, §6.1).
            return value.split(separator: ",", omittingEmptySubsequences: false).map { encode(String($0)) }.joined(separator: ",")
        }
        if let value = values[name] { return encode(value) }
        if cacheBustingNames.contains(name) {
            return encode(context.cacheBusting ?? String(Int.random(in: 10_000_000...99_999_999)))
        }
        if name == "TIMESTAMP" {
            return context.timestamp.map { encode(timestamp($0)) } ?? "-1"
        }
        return knownMacros.contains(name) ? "-1" : nil
    }

    /// ISO 8601 with milliseconds, UTC (`2026-11-29T16:11:56.181Z`).
    package static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        return formatter.string(from: date)
    }

    /// Percent-encodes everything but RFC 3986 unreserved characters.
    package static func encode(_ value: String) -> String {
        var allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        allowed.insert(charactersIn: "-._~")
        return value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value
    }
}
