import Foundation
import KontextVideoModels
@testable import KontextVideoVAST
import KontextVideoConcurrency
import KontextVideoTestSupport

/// A fetcher serving documents from memory; unknown URLs throw, `hang` URLs never answer.
struct InMemoryVASTFetcher: VASTFetching {
    var documents: [String: String] = [:]
    var hang: Set<String> = []
    let requests = LockedState<[String]>([])

    func fetch(_ url: URL) async throws -> Data {
        requests.withLock { $0.append(url.absoluteString) }
        if hang.contains(url.absoluteString) {
            await withUnsafeContinuation { (_: UnsafeContinuation<Void, Never>) in }
        }
        guard let document = documents[url.absoluteString] else { throw URLError(.fileDoesNotExist) }
        return Data(document.utf8)
    }
}


/// Small hand-written VAST fixtures.
enum Fixture {
    static func parse(_ xml: String) throws -> VASTDocument {
        try VASTParser.parse(Data(xml.utf8)).get()
    }

    static func vast(_ body: String, version: String = "4.2", rootErrors: String = "") -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?><VAST version=\"\(version)\">\(rootErrors)\(body)</VAST>"
    }

    static func inline(
        id: String = "inline",
        sequence: Int? = nil,
        tag: String = "in",
        duration: String = "00:00:20",
        skip: String? = nil,
        media: String? = nil,
        extraLinear: String = "",
        extraInLine: String = "",
        extraCreatives: String = ""
    ) -> String {
        let seq = sequence.map { " sequence=\"\($0)\"" } ?? ""
        let skipAttr = skip.map { " skipoffset=\"\($0)\"" } ?? ""
        let mediaFiles = media ?? """
        <MediaFile delivery="progressive" type="video/mp4" width="1280" height="720" bitrate="1200">https://cdn.example.com/\(id).mp4</MediaFile>
        """
        return """
        <Ad id="\(id)"\(seq)><InLine><AdSystem version="1">Sys</AdSystem><AdTitle>T \(id)</AdTitle>
        <Impression><![CDATA[ https://t.example.com/\(tag)/impression ]]></Impression>
        <Error>https://t.example.com/\(tag)/error?c=[ERRORCODE]</Error>
        \(extraInLine)
        <Creatives><Creative id="c-\(id)"><Linear\(skipAttr)><Duration>\(duration)</Duration>
        <TrackingEvents>
          <Tracking event="start">https://t.example.com/\(tag)/start</Tracking>
          <Tracking event="firstQuartile">https://t.example.com/\(tag)/q1</Tracking>
          <Tracking event="midpoint">https://t.example.com/\(tag)/mid</Tracking>
          <Tracking event="thirdQuartile">https://t.example.com/\(tag)/q3</Tracking>
          <Tracking event="complete">https://t.example.com/\(tag)/complete</Tracking>
        </TrackingEvents>
        <VideoClicks><ClickThrough>https://advertiser.example.com/</ClickThrough>
        <ClickTracking>https://t.example.com/\(tag)/click</ClickTracking></VideoClicks>
        <MediaFiles>\(mediaFiles)</MediaFiles>\(extraLinear)
        </Linear></Creative>\(extraCreatives)</Creatives></InLine></Ad>
        """
    }

    static func wrapper(
        id: String = "wrapper",
        sequence: Int? = nil,
        tag: String = "w",
        uri: String,
        attributes: String = ""
    ) -> String {
        let seq = sequence.map { " sequence=\"\($0)\"" } ?? ""
        return """
        <Ad id="\(id)"\(seq)><Wrapper\(attributes)><AdSystem>WSys</AdSystem>
        <VASTAdTagURI><![CDATA[\(uri)]]></VASTAdTagURI>
        <Impression>https://t.example.com/\(tag)/impression</Impression>
        <Error>https://t.example.com/\(tag)/error?c=[ERRORCODE]</Error>
        <Creatives><Creative><Linear><TrackingEvents>
          <Tracking event="start">https://t.example.com/\(tag)/start</Tracking>
          <Tracking event="complete">https://t.example.com/\(tag)/complete</Tracking>
        </TrackingEvents><VideoClicks><ClickTracking>https://t.example.com/\(tag)/click</ClickTracking></VideoClicks>
        </Linear></Creative></Creatives></Wrapper></Ad>
        """
    }
}


// What the tests read of the engine's values and ask of its tracker, beyond what the SDK itself
// uses (issue 20: no production member only tests use), built on the production members.

extension LinearTracker {
    /// The pixel URLs to fire now for `moment`, macro-expanded; `now` fills `[TIMESTAMP]`.
    mutating func handle(_ moment: LinearPlaybackMoment, now: Date? = nil) -> [String] {
        pixels(for: moment, now: now).map(\.url)
    }
}

extension VASTResolution {
    /// Every `<Error>` URL of the failure, in ping order (empty on success).
    var errorURLs: [String] {
        guard error != nil else { return [] }
        return errorPings.last?.urls ?? []
    }
}

extension VASTXMLElement {
    /// The children whose local name matches `name`, ignoring case.
    func elements(_ name: String) -> [VASTXMLElement] {
        children.filter { $0.localName.caseInsensitiveCompare(name) == .orderedSame }
    }

    /// Follows a path of child names (`["Linear", "MediaFiles"]`) and returns every match at its end.
    func elements(path: [String]) -> [VASTXMLElement] {
        var current = [self]
        for name in path {
            current = current.flatMap { $0.elements(name) }
        }
        return current
    }
}

extension VASTErrorCode {
    /// Every code the SDK itself reports: the cases of ``Reported``, by construction.
    static let reported: [VASTErrorCode] = Reported.allCases.map(VASTErrorCode.init)
}
