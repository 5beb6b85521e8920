import Foundation
import KontextVideoModels

/// Reads VMAP 1.0 documents (IAB Video Multiple Ad Playlist) into `VMAPDocument`, with the VAST
/// reader's rules for bytes from anywhere on the internet.
///
/// - **Bytes:** read by `VASTXMLReader` (through `VASTParser.parseXML`): at most `maxDocumentBytes`,
///   128 levels deep, 200,000 elements; no document type declaration, so no entity is declared and
///   none is expanded; anything else is error 1002. Names match on their local part ignoring case,
///   and undeclared prefixes are fine (`vmap:` undeclared in dailymotion's samples; `<AdTagURI>` and
///   `<VASTData>` without a prefix in flipkart's).
/// - **Root:** `<VMAP>` (1000 otherwise), `version` 1.x (1001 otherwise, or when absent).
/// - **Breaks:** at most `maxAdBreaks` (1003 past it). A break without a readable `timeOffset` or
///   without a `breakType` is left out and listed in `ignoredBreaks` (1000); the rest still play.
/// - **Numbers:** `HH:MM:SS(.mmm)` and `repeatAfter` follow `VASTTime` (a time past a day is a day,
///   `WireNumber.Kind.seconds`); `n%` is 0–100 as `VASTOffset` reads it; `#n` is 1…1,000,000
///   (`WireNumber.Kind.sequence`), digits only. A `repeatAfter` that is not a positive time is absent.
/// - **Inline VAST:** `<VASTAdData>` (or `<VASTData>`) holds a `<VAST>` element, which is written
///   back out and read by `VASTParser` with all of its rules; its refusal is the source's 1006, not
///   the document's. The inline document is part of the VMAP bytes, so the whole costs at most twice
///   their size.
package enum VMAPReader {
    /// The largest document accepted: 2 MiB, as for VAST.
    package static let maxDocumentBytes = VASTParser.maxDocumentBytes
    /// The most ad breaks one document may hold: far more than any content has.
    package static let maxAdBreaks = 1_000

    /// Reads `data` as a VMAP 1.0 document.
    /// - Parameter data: The document's bytes.
    /// - Returns: The document, or the VMAP error that refuses it.
    package static func read(_ data: Data) -> Result<VMAPDocument, VMAPError> {
        let root: VASTXMLElement
        switch VASTParser.parseXML(data, maxBytes: maxDocumentBytes) {
        case .success(let element): root = element
        case .failure(let error): return .failure(VMAPError(.parsingError, error.message))
        }
        guard isNamed(root, "VMAP") else {
            return .failure(VMAPError(.schemaError, "root element is <\(root.name)>, not <vmap:VMAP>"))
        }
        let version = root.attribute("version")?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        guard version.split(separator: ".", omittingEmptySubsequences: false).first == "1" else {
            return .failure(VMAPError(.versionNotSupported, version.isEmpty ? "the VMAP version is missing" : "VMAP version \(version) is not supported (1.x is)"))
        }
        let breakElements = root.children.filter { isNamed($0, "AdBreak") }
        guard breakElements.count <= maxAdBreaks else {
            return .failure(VMAPError(.tooManyAdBreaks, "\(breakElements.count) ad breaks, over the limit of \(maxAdBreaks)"))
        }
        var document = VMAPDocument(version: version)
        for (index, element) in breakElements.enumerated() {
            switch adBreak(element) {
            case .success(let adBreak): document.adBreaks.append(adBreak)
            case .failure(let error):
                document.ignoredBreaks.append(VMAPIgnoredBreak(index: index, breakId: nonEmpty(element.attribute("breakId")), error: error))
            }
        }
        return .success(document)
    }

    /// Reads a `timeOffset` value.
    /// - Parameter text: The attribute's value.
    /// - Returns: The offset, or `nil` when the text follows none of the four forms.
    package static func timeOffset(_ text: String) -> VMAPTimeOffset? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.caseInsensitiveCompare("start") == .orderedSame { return .start }
        if trimmed.caseInsensitiveCompare("end") == .orderedSame { return .end }
        if trimmed.hasPrefix("#") {
            let digits = trimmed.dropFirst()
            guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
                  let position = WireNumber.integer(digits, .sequence), position >= 1 else { return nil }
            return .position(position)
        }
        if trimmed.hasSuffix("%") {
            guard case .percent(let percent)? = VASTOffset(trimmed) else { return nil }
            return .percent(percent)
        }
        return VASTTime.seconds(trimmed).map(VMAPTimeOffset.seconds)
    }

    // MARK: - Breaks

    private static func adBreak(_ element: VASTXMLElement) -> Result<VMAPAdBreak, VMAPError> {
        guard let offsetText = element.attribute("timeOffset") else {
            return .failure(VMAPError(.schemaError, "an ad break without a timeOffset"))
        }
        guard let offset = timeOffset(offsetText) else {
            return .failure(VMAPError(.schemaError, "an ad break's timeOffset \"\(offsetText.prefix(64))\" is not start, end, HH:MM:SS(.mmm), n% or #n"))
        }
        let types = (element.attribute("breakType") ?? "")
            .split(whereSeparator: { $0 == "," || $0.isWhitespace }).map { $0.lowercased() }
        guard !types.isEmpty else {
            return .failure(VMAPError(.schemaError, "an ad break without a breakType"))
        }
        let repeatAfter = VASTTime.seconds(element.attribute("repeatAfter")).flatMap { $0 > 0 ? $0 : nil }
        var adBreak = VMAPAdBreak(
            timeOffset: offset, breakTypes: types, breakId: nonEmpty(element.attribute("breakId")), repeatAfter: repeatAfter
        )
        if let source = child(element, "AdSource") {
            adBreak.adSource = adSource(source)
        }
        if let events = child(element, "TrackingEvents") {
            adBreak.trackingEvents = events.children.compactMap { tracking in
                guard isNamed(tracking, "Tracking"), let event = tracking.attribute("event"), let url = nonEmpty(tracking.trimmedText) else { return nil }
                return VMAPTracking(event: event, url: url)
            }
        }
        return .success(adBreak)
    }

    private static func adSource(_ element: VASTXMLElement) -> VMAPAdSource? {
        let content: VMAPAdSource.Content
        if let tag = child(element, "AdTagURI") {
            guard let url = nonEmpty(tag.trimmedText) else { return nil }
            content = .adTagURI(url, templateType: nonEmpty(tag.attribute("templateType")))
        } else if let data = child(element, "VASTAdData") ?? child(element, "VASTData") {
            content = .vastAdData(inlineVAST(data))
        } else if let custom = child(element, "CustomAdData") {
            content = .customAdData(templateType: nonEmpty(custom.attribute("templateType")))
        } else {
            return nil
        }
        return VMAPAdSource(
            id: nonEmpty(element.attribute("id")), allowMultipleAds: bool(element.attribute("allowMultipleAds")),
            followRedirects: bool(element.attribute("followRedirects")), content: content
        )
    }

    private static func inlineVAST(_ container: VASTXMLElement) -> Result<VASTDocument, VMAPError> {
        guard let vast = container.children.first else {
            return .failure(VMAPError(.adResponseParsingError, "<\(container.name)> holds no VAST document"))
        }
        return VASTParser.parse(Data(vast.xmlString.utf8)).mapError {
            VMAPError(.adResponseParsingError, "inline VAST refused: \($0.description)")
        }
    }

    // MARK: - Reading helpers

    private static func isNamed(_ element: VASTXMLElement, _ name: String) -> Bool {
        element.localName.caseInsensitiveCompare(name) == .orderedSame
    }

    private static func child(_ element: VASTXMLElement, _ name: String) -> VASTXMLElement? {
        element.element(name)
    }

    private static func nonEmpty(_ text: String?) -> String? {
        guard let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty else { return nil }
        return trimmed
    }

    private static func bool(_ text: String?) -> Bool? {
        switch text?.trimmingCharacters(in: .whitespacesAndNewlines).lowercased() {
        case "true", "1": true
        case "false", "0": false
        default: nil
        }
    }
}
