import KontextVideoModels
import KontextVideoConcurrency
import KontextVideoTestSupport
import Testing
@testable import KontextVideoLabels
import Foundation

@Suite("LabelSanitizer")
struct LabelSanitizerTests {
    /// A string of `count` UTF-8 bytes made of `unit` repeated (unit must divide count).
    static func bytes(_ count: Int, of unit: String = "a") -> String {
        String(repeating: unit, count: count / unit.utf8.count)
    }

    /// `count` valid pairs with keys `k00`, `k01`, … (sorted = numeric order).
    static func pairs(_ count: Int) -> [String: String] {
        Dictionary(uniqueKeysWithValues: (0..<count).map { (String(format: "k%02d", $0), "v\($0)") })
    }

    /// One pair in, the expected reason out (`nil`: kept).
    @Test(arguments: [
        // Keys.
        ("stage", "first_episode", nil),
        ("a_1_z_9", "x", nil),
        ("_", "x", nil),
        ("0", "x", nil),
        ("", "x", LabelDropReason.invalidKey),
        ("Stage", "x", .invalidKey),
        ("STAGE", "x", .invalidKey),
        ("first-episode", "x", .invalidKey),
        ("first episode", "x", .invalidKey),
        ("stage.name", "x", .invalidKey),
        ("étape", "x", .invalidKey),
        ("🙂", "x", .invalidKey),
        (" stage", "x", .invalidKey),
        (bytes(64), "x", nil),
        (bytes(65), "x", .keyTooLong),
        (bytes(65, of: "A"), "x", .invalidKey), // character rule first
        // Values.
        ("k", "", .emptyValue),
        ("k", " ", nil),
        ("k", "Première saison – épisode 1", nil),
        ("k", bytes(64), nil),
        ("k", bytes(65), .valueTooLong),
        ("k", bytes(64, of: "🙂"), nil), // 16 emoji × 4 bytes
        ("k", bytes(60, of: "🙂") + "aaaaa", .valueTooLong), // 65 bytes, 20 characters
        ("k", bytes(64, of: "é"), nil), // 32 × 2 bytes
        ("k", bytes(62, of: "é") + "ab", nil), // 64 bytes
        ("k", bytes(62, of: "é") + "abc", .valueTooLong), // 65 bytes
        ("Bad", "", .invalidKey), // key checked before value
        (bytes(65), "", .keyTooLong),
    ] as [(String, String, LabelDropReason?)])
    func singlePair(key: String, value: String, reason: LabelDropReason?) {
        let result = LabelSanitizer.sanitize([key: value])
        if let reason {
            #expect(result.kept.isEmpty)
            #expect(result.dropped == [DroppedLabel(key: key, value: value, reason: reason)])
        } else {
            #expect(result.kept == [key: value])
            #expect(result.dropped.isEmpty)
        }
        #expect(LabelSanitizer.dropReason(key: key, value: value) == reason)
    }

    @Test(arguments: [(0, 0, 0), (1, 1, 0), (20, 20, 0), (21, 20, 1), (100, 20, 80)])
    func pairLimit(given: Int, kept: Int, dropped: Int) {
        let result = LabelSanitizer.sanitize(Self.pairs(given))
        #expect(result.kept.count == kept)
        #expect(result.dropped.count == dropped)
        #expect(result.dropped.allSatisfy { $0.reason == .overLimit })
        // The first 20 keys in byte order survive.
        #expect(result.kept.keys.sorted() == (0..<kept).map { String(format: "k%02d", $0) })
        #expect((result.warningMessage == nil) == (dropped == 0))
    }

    @Test func survivorsDoNotDependOnDictionaryOrder() {
        // Same content, built in different insertion orders and capacities.
        var forward: [String: String] = [:]
        for index in 0..<50 { forward["key_\(index)"] = "v" }
        var backward: [String: String] = Dictionary(minimumCapacity: 512)
        for index in (0..<50).reversed() { backward["key_\(index)"] = "v" }
        let a = LabelSanitizer.sanitize(forward)
        let b = LabelSanitizer.sanitize(backward)
        #expect(a == b)
        #expect(a.warningMessage == b.warningMessage)
        // Byte order, not numeric: "key_1" < "key_10" < "key_11" … < "key_2".
        #expect(a.kept.keys.contains("key_10"))
        #expect(!a.kept.keys.contains("key_9"))
        #expect(a.dropped.map(\.key) == a.dropped.map(\.key).sorted())
    }

    @Test func invalidPairsDoNotUseUpTheLimit() {
        var labels = Self.pairs(20)
        labels["BAD"] = "x"
        labels["zz"] = ""
        let result = LabelSanitizer.sanitize(labels)
        #expect(result.kept == Self.pairs(20))
        #expect(result.dropped.map(\.reason) == [.invalidKey, .emptyValue])
    }

    @Test func allDropped() {
        let labels = ["A": "x", "b-c": "y", "d": "", "e": Self.bytes(65)]
        let result = LabelSanitizer.sanitize(labels)
        #expect(result.kept.isEmpty)
        #expect(result.dropped.map(\.key) == ["A", "b-c", "d", "e"])
        #expect(result.dropped.map(\.reason) == [.invalidKey, .invalidKey, .emptyValue, .valueTooLong])
        #expect(result.warningMessage?.hasPrefix("Dropped 4 of 4 labels: \"A\" (key is empty or uses characters") == true)
    }

    @Test func warningNamesEveryDroppedKeyInOrder() throws {
        var labels = Self.pairs(21) // k20 is over the limit
        labels["Stage"] = "x"
        labels[""] = "empty key"
        labels["note"] = ""
        labels["quote\"key"] = "x"
        let message = try #require(LabelSanitizer.sanitize(labels).warningMessage)
        let expected = """
            Dropped 5 of 25 labels: "" (key is empty or uses characters other than a-z, 0-9 and _); \
            "Stage" (key is empty or uses characters other than a-z, 0-9 and _); \
            "k20" (more than 20 labels; the first 20 keys in byte order were kept); \
            "note" (value is empty); \
            "quote\\"key" (key is empty or uses characters other than a-z, 0-9 and _). \
            Keys use a-z, 0-9 and _; values are not empty; both are at most 64 bytes, with at most 20 pairs.
            """
        #expect(message == expected)
    }

    @Test func longKeysAreShortenedInTheWarning() throws {
        let key = Self.bytes(200)
        let message = try #require(LabelSanitizer.sanitize([key: "v"]).warningMessage)
        #expect(message.contains("\"\(Self.bytes(32))…\" (key is longer than 64 bytes)"))
        #expect(!message.contains(Self.bytes(33)))
    }

    @Test func reportsExactlyOneWarningWhenSomethingIsDropped() {
        let monitor = RecordingEventMonitor()
        let result = LabelSanitizer.sanitize(["Bad": "x", "ok": "v", "e": "", "zz": Self.bytes(65)], reportingTo: monitor)
        #expect(result.kept == ["ok": "v"])
        let events = monitor.events
        #expect(events.count == 1)
        #expect(events.first?.kind == .warning)
        #expect(events.first?.level == .warning)
        #expect(events.first?.name == KontextVideoEvent.Name.labelsDropped.rawValue)
        #expect(events.first?.attributes["count"] == "3")
        #expect(events.first?.attributes["message"] == result.warningMessage)
    }

    @Test(arguments: [[:], ["stage": "first_episode"], pairs(20)])
    func reportsNothingWhenNothingIsDropped(labels: [String: String]) {
        let monitor = RecordingEventMonitor()
        let result = LabelSanitizer.sanitize(labels, reportingTo: monitor)
        #expect(result.kept == labels)
        #expect(monitor.events.isEmpty)
        #expect(result.warningEvent == nil)
    }

    @Test func warningReachesTheConsoleOnceThroughTheEventStream() {
        let printed = LockedState<[String]>([])
        let stream = KontextVideoEventStream(logLevel: .warning) { line in printed.withLock { $0.append(line) } }
        _ = LabelSanitizer.sanitize(Self.pairs(30), reportingTo: stream)
        #expect(printed.snapshot.count == 1)
        #expect(printed.snapshot.first?.hasPrefix("[KontextVideo] [warning] labels dropped count=10 message=Dropped 10 of 30") == true)
    }
}
