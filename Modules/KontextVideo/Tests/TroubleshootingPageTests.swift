import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import KontextVideo
import KontextVideoCreatives
import KontextVideoVAST

/// The publisher's troubleshooting page (`troubleshooting.md` of the DocC catalog) against the
/// code: a row for every case of the error enums, every no-fill reason and `skipCode` of the
/// wire-code table, every VAST error code the SDK reports (`VASTErrorCode.Reported`); no row for a
/// case that does not exist.
@Suite("The troubleshooting page")
struct TroubleshootingPageTests {
    @Test func everyVideoAdErrorHasARow() throws {
        let rows = try TroubleshootingPage().rows(under: "Errors your app catches")
        expectSame(Set(rows.map(\.key)), Set(VideoAdErrorCase.allCases.map(\.rawValue)), "VideoAdError")
        #expect(Set(VideoAdErrorCase.examples.map(VideoAdErrorCase.init)) == Set(VideoAdErrorCase.allCases))
    }

    @Test func everyRequestErrorHasARow() throws {
        let rows = try TroubleshootingPage().rows(under: "Why a request failed")
        expectSame(Set(rows.map(\.key)), Set(RequestErrorCase.allCases.map(\.rawValue)), "VideoAdRequestError")
        #expect(Set(RequestErrorCase.examples.map(RequestErrorCase.init)) == Set(RequestErrorCase.allCases))
    }

    @Test func everyNoFillReasonHasARowWithTheSkipCodesThatMapToIt() throws {
        let rows = try TroubleshootingPage().rows(under: "Why there was no ad")
        expectSame(Set(rows.map(\.key)), Set(NoFillCase.allCases.map(\.rawValue)), "NoFillReason")
        #expect(Set(NoFillCase.examples.map(NoFillCase.init)) == Set(NoFillCase.allCases))
        // The skipCode column against the SDK's one wire-code table: a row for every code of the
        // table, each in the row of the reason it maps to, and no code the table does not have.
        var listed: [String: String] = [:]
        for row in rows {
            for code in row.codeSpans(inColumn: 1) {
                listed[code] = row.key
            }
        }
        let table = VideoAdError.NoFillReason.wireCodes
        expectSame(Set(listed.keys), Set(table.keys), "skipCode")
        for (code, reason) in table.sorted(by: { $0.key < $1.key }) {
            #expect(listed[code] == nil || listed[code] == NoFillCase(reason).rawValue,
                    "skipCode \(code) is \(reason), not \(listed[code] ?? "")")
            #expect(VideoAdError.NoFillReason(wireCode: code) == reason, "init(wireCode: \(code)) does not read the table")
        }
        #expect(VideoAdError.NoFillReason(wireCode: nil) == .unknown)
    }

    @Test func everyVASTCodeTheSDKReportsHasARowAndAMeaning() throws {
        let rows = try TroubleshootingPage().rows(under: "VAST error codes")
        // The SDK's codes are the cases of its one table: every named constant is made from one.
        let reported = Set(VASTErrorCode.Reported.allCases.map(\.rawValue))
        let renderers = Set(CreativeFailure.allCases.map(\.code.rawValue))
        #expect(renderers.isSubset(of: reported), "CreativeFailure codes missing from VASTErrorCode.Reported: \(renderers.subtracting(reported).sorted())")
        expectSame(Set(rows.map(\.key)), Set((reported.union(renderers)).map(String.init)), "VAST code")
        // What the thrown error says about each one, in words, not "the creative's own error".
        for code in reported.union(renderers) {
            let sentence = VideoAdError.creativeFailed(code: code).localizedDescription
            #expect(!sentence.contains("creative's own"), "VAST \(code): \(sentence)")
        }
    }

    private func expectSame(_ documented: Set<String>, _ inCode: Set<String>, _ what: String,
                            sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(inCode.subtracting(documented).isEmpty, "\(what) without a row: \(inCode.subtracting(documented).sorted())",
                sourceLocation: sourceLocation)
        #expect(documented.subtracting(inCode).isEmpty, "rows for no \(what): \(documented.subtracting(inCode).sorted())",
                sourceLocation: sourceLocation)
    }
}

/// The page's tables, by the heading above each.
struct TroubleshootingPage {
    /// One row of a table: its cells, and the key its first cell names (a case name before any
    /// `(`, or a number).
    struct Row {
        let cells: [String]

        var key: String {
            let first = codeSpans(inColumn: 0).first ?? cells[0].trimmingCharacters(in: .whitespaces)
            return String(first.prefix { $0 != "(" })
        }

        /// The text between backticks in the cell.
        func codeSpans(inColumn column: Int) -> [String] {
            guard column < cells.count else { return [] }
            return cells[column].split(separator: "`", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset % 2 == 1 }.map { String($0.element) }
        }
    }

    enum Problem: Error, CustomStringConvertible {
        case noHeading(String)
        case noTable(String)
        var description: String {
            switch self {
            case .noHeading(let title): "troubleshooting.md has no heading \"\(title)\""
            case .noTable(let title): "troubleshooting.md has no table under \"\(title)\""
            }
        }
    }

    private let lines: [Substring]

    init() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/KontextVideo.docc/Articles/troubleshooting.md")
        lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
    }

    /// The body rows of the first table under the heading `title`, before the next heading.
    func rows(under title: String) throws -> [Row] {
        guard let heading = lines.firstIndex(where: { $0.hasPrefix("#") && $0.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces) == title }) else {
            throw Problem.noHeading(title)
        }
        let section = lines[(heading + 1)...].prefix { !$0.hasPrefix("#") }
        let table = section.drop { !$0.hasPrefix("|") }.prefix { $0.hasPrefix("|") }
        guard table.count > 2 else { throw Problem.noTable(title) }
        return table.dropFirst(2).map { line in
            Row(cells: line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces) })
        }
    }
}

// MARK: The cases, by name

// Each enum below names the cases of one of the SDK's error enums. Its `init` switches without a
// `default`, so a new case of the SDK's enum does not compile until it is named here; named, it
// needs its row on the page. `examples` holds one value of each case.

enum VideoAdErrorCase: String, CaseIterable {
    case notInitialized, initializationFailed, destroyed, disabled, noFill, request, creativeFailed, alreadyShown,
         anotherAdShowing, invalidated, notLoaded, contentPaused, containerTooSmall, presenterUnavailable, wrongPresentation

    init(_ error: VideoAdError) {
        switch error {
        case .notInitialized: self = .notInitialized
        case .initializationFailed: self = .initializationFailed
        case .destroyed: self = .destroyed
        case .disabled: self = .disabled
        case .noFill: self = .noFill
        case .request: self = .request
        case .creativeFailed: self = .creativeFailed
        case .alreadyShown: self = .alreadyShown
        case .anotherAdShowing: self = .anotherAdShowing
        case .invalidated: self = .invalidated
        case .notLoaded: self = .notLoaded
        case .contentPaused: self = .contentPaused
        case .containerTooSmall: self = .containerTooSmall
        case .presenterUnavailable: self = .presenterUnavailable
        case .wrongPresentation: self = .wrongPresentation
        }
    }

    static let examples: [VideoAdError] = [
        .notInitialized, .initializationFailed, .destroyed, .disabled(reason: nil), .noFill(reason: .unknown),
        .request(VideoAdRequestError.timedOut), .creativeFailed(code: 405), .alreadyShown, .anotherAdShowing,
        .invalidated(.expired), .notLoaded, .contentPaused, .containerTooSmall(minimum: .zero), .presenterUnavailable,
        .wrongPresentation,
    ]
}

enum RequestErrorCase: String, CaseIterable {
    case network, timedOut, http, server, invalidResponse

    init(_ error: VideoAdRequestError) {
        switch error {
        case .network: self = .network
        case .timedOut: self = .timedOut
        case .http: self = .http
        case .server: self = .server
        case .invalidResponse: self = .invalidResponse
        }
    }

    static let examples: [VideoAdRequestError] = [
        .network(.notConnectedToInternet), .timedOut, .http(status: 500),
        .server(code: "invalid_token", message: nil, permanent: true), .invalidResponse("not JSON"),
    ]
}

enum NoFillCase: String, CaseIterable {
    case noAdMatch, frequencyCap, contentUnsafe, geoRestricted, formatNotEnabled, temporaryError, alreadyUsed, unknown, other

    init(_ reason: VideoAdError.NoFillReason) {
        switch reason {
        case .noAdMatch: self = .noAdMatch
        case .frequencyCap: self = .frequencyCap
        case .contentUnsafe: self = .contentUnsafe
        case .geoRestricted: self = .geoRestricted
        case .formatNotEnabled: self = .formatNotEnabled
        case .temporaryError: self = .temporaryError
        case .alreadyUsed: self = .alreadyUsed
        case .unknown: self = .unknown
        case .other: self = .other
        }
    }

    static let examples: [VideoAdError.NoFillReason] = [
        .noAdMatch, .frequencyCap, .contentUnsafe, .geoRestricted, .formatNotEnabled, .temporaryError, .alreadyUsed,
        .unknown, .other("pacing"),
    ]
}
