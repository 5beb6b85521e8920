import Foundation

/// One event as the unified log shows it on Apple platforms: its fields, each public or private.
///
/// Console.app shows a private value as `<private>` outside a debugger, so what a publisher needs
/// to act on is public — the call, the error, why, reasons, states, codes, ids of ads and requests —
/// and what could identify the viewer or the content is private: content ids, URLs, user and
/// device values, free text from outside the SDK. The split is decided here, on every platform;
/// `KontextVideoConsole+Apple.swift` only hands `text(.public)` and `text(.private)` to
/// `os.Logger`, each with the privacy it names, so a test on Linux reads what Console.app will hide.
package struct UnifiedLogLine: Sendable, Equatable {
    /// Whether Console.app shows a field outside a debugger.
    package enum Privacy: Sendable, Equatable {
        /// Shown as it is.
        case `public`
        /// Shown as `<private>` unless a debugger is attached (or the device's logging profile says otherwise).
        case `private`
    }

    /// One `key=value` of the line.
    package struct Field: Sendable, Equatable {
        /// The event attribute's key.
        package let name: String
        /// Its value.
        package let value: String
        /// Whether Console.app shows it.
        package let privacy: Privacy
    }

    /// Attributes whose values are shown as they are; every other attribute is private.
    package static let publicAttributes: Set<String> = [
        "adId", "area", "attempt", "budget", "bytes", "call", "code", "completed", "count", "delay",
        "depth", "error", "format", "kind", "level", "outcome", "pending", "reason", "remaining",
        "requestId", "scale", "scheme", "state", "status", "type", "why",
    ]

    /// The unified log's category: the event's kind.
    package let category: String
    /// The level the event is written at.
    package let level: KontextVideoConfiguration.LogLevel
    /// The event's name, always public.
    package let name: String
    /// The attributes in key order, each with its privacy.
    package let fields: [Field]

    /// The line for `event`.
    ///
    /// A URL inside a public field keeps its scheme, host and path there (`URLRedaction`); its
    /// query, fragment and any user name or password are private: the field then appears twice,
    /// redacted in the public part and whole in the private part. A tag's query carries the
    /// consent strings, ids and viewer data its macros were filled with, which Console.app must
    /// not show outside a debugger.
    package init(_ event: KontextVideoEvent) {
        category = event.kind.rawValue
        level = event.level
        name = event.name
        fields = event.attributes.keys.sorted().flatMap { key -> [Field] in
            let value = event.attributes[key]!
            guard Self.publicAttributes.contains(key) else { return [Field(name: key, value: value, privacy: .private)] }
            let shown = Self.redactingURLs(in: value)
            guard shown != value else { return [Field(name: key, value: value, privacy: .public)] }
            return [Field(name: key, value: shown, privacy: .public), Field(name: key, value: value, privacy: .private)]
        }
    }

    /// `text` with every URL in it (`scheme://…`, up to the next space, quote or angle bracket)
    /// as `URLRedaction.redacted(_:)` shows it; a URL that does not parse shows its scheme alone.
    /// - Parameter text: A public field's value.
    /// - Returns: The value with no query, fragment or credentials of any URL in it.
    package static func redactingURLs(in text: String) -> String {
        guard text.contains("://") else { return text }
        var result = ""
        var rest = Substring(text)
        while let separator = rest.range(of: "://") {
            // The scheme: the letters, digits, `+`, `-` and `.` just before `://`, starting with a letter.
            var schemeStart = separator.lowerBound
            while schemeStart > rest.startIndex, Self.isSchemeCharacter(rest[rest.index(before: schemeStart)]) {
                schemeStart = rest.index(before: schemeStart)
            }
            while schemeStart < separator.lowerBound, !(rest[schemeStart].isASCII && rest[schemeStart].isLetter) {
                schemeStart = rest.index(after: schemeStart)
            }
            let end = rest[separator.upperBound...].firstIndex { Self.endsURL($0) } ?? rest.endIndex
            guard schemeStart < separator.lowerBound else {
                result += rest[..<separator.upperBound]
                rest = rest[separator.upperBound...]
                continue
            }
            let candidate = String(rest[schemeStart..<end])
            let scheme = rest[schemeStart..<separator.lowerBound].lowercased()
            result += rest[..<schemeStart]
            result += URL(string: candidate).map(URLRedaction.redacted) ?? "\(scheme)://…"
            rest = rest[end...]
        }
        return result + rest
    }

    private static func isSchemeCharacter(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || character == "+" || character == "-" || character == ".")
    }

    private static func endsURL(_ character: Character) -> Bool {
        character.isWhitespace || "\"'<>`".contains(character)
    }

    /// The part of the line `os.Logger` writes with `privacy`: for `.public` the name and the
    /// public fields, for `.private` the private fields. `KontextVideoConsole+Apple.swift` writes
    /// `text(.public)` with `privacy: .public` and `text(.private)` with `privacy: .private`, and
    /// nothing else (`Tools/kontext_tools/unified_log_glue.py` checks that it does).
    /// - Parameter privacy: Which part.
    /// - Returns: The part's `key=value` fields, space-separated.
    package func text(_ privacy: Privacy) -> String {
        ((privacy == .public ? [name] : []) + text(of: privacy)).joined(separator: " ")
    }

    private func text(of privacy: Privacy) -> [String] {
        fields.filter { $0.privacy == privacy }.map { "\($0.name)=\($0.value)" }
    }
}
