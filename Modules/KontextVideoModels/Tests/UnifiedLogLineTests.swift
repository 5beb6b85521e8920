import Testing
import KontextVideoModels

/// What Console.app shows of a line, decided before `os.Logger` sees it.
@Suite("The unified log's line")
struct UnifiedLogLineTests {
    @Test func theNameAndThePublicFieldsGoFirstThePrivateOnesApart() {
        let line = UnifiedLogLine(KontextVideoEvent(.warning, "error thrown", level: .warning, attributes: [
            "call": "format(.pause)", "content": "episode-7", "why": "No ad.", "url": "https://cdn.example/a?id=u-1",
        ]))
        #expect(line.category == "warning")
        #expect(line.level == .warning)
        #expect(line.text(.public) == "error thrown call=format(.pause) why=No ad.")
        #expect(line.text(.private) == "content=episode-7 url=https://cdn.example/a?id=u-1")
    }

    @Test func anAttributeNobodyDeclaredPublicIsPrivate() {
        let line = UnifiedLogLine(KontextVideoEvent(.beacon, "dropped", attributes: ["somethingNew": "x", "status": "204"]))
        #expect(line.privacy(of: "somethingNew") == .private)
        #expect(line.privacy(of: "status") == .public)
        #expect(line.privacy(of: "absent") == nil)
    }

    @Test("a URL in a public field keeps its scheme, host and path there; its query is in the private part only")
    func aURLInAPublicFieldShowsItsQueryOnlyInThePrivatePart() {
        let tag = "https://ads.example/vast/tag.xml?gdpr_consent=CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA&ifa=6d92078a&cb=123"
        let why = "The VAST tag \(tag) answered 404."
        let line = UnifiedLogLine(KontextVideoEvent(.warning, "error thrown", level: .warning, attributes: ["why": why, "status": "404"]))
        #expect(line.text(.public) == "error thrown status=404 why=The VAST tag https://ads.example/vast/tag.xml?… answered 404.")
        #expect(!line.text(.public).contains("gdpr_consent"))
        #expect(!line.text(.public).contains("6d92078a"))
        #expect(line.text(.private) == "why=\(why)")
    }

    @Test("every URL of a public field is redacted, credentials and fragments too; text without a URL is left as it is",
          arguments: [
              ("a http://x.example/p?q=1 b HTTPS://Y.example:8443/a/b#frag", "a http://x.example/p?… b https://Y.example:8443/a/b?…"),
              ("open https://user:secret@ads.example/click", "open https://ads.example/click"),
              ("\"https://ads.example/a?id=1\"", "\"https://ads.example/a?…\""),
              ("<vast:https://ads.example/v?x=1>", "<vast:https://ads.example/v?…>"),
              ("no url here: 3 of 4", "no url here: 3 of 4"),
              ("a bare :// is not a URL", "a bare :// is not a URL"),
              ("https://ads.example/path-only", "https://ads.example/path-only"),
          ])
    func publicURLsAreRedacted(value: String, shown: String) {
        #expect(UnifiedLogLine.redactingURLs(in: value) == shown)
    }

    @Test("a public field without a URL appears once; a private URL stays whole and private")
    func fieldsWithoutAURLAreNotDoubled() {
        let line = UnifiedLogLine(KontextVideoEvent(.request, "request", attributes: ["attempt": "1", "url": "https://api.example/video/preload?x=1"]))
        #expect(line.fields.filter { $0.name == "attempt" }.count == 1)
        #expect(line.text(.public) == "request attempt=1")
        #expect(line.text(.private) == "url=https://api.example/video/preload?x=1")
    }

    @Test func aLineWithNothingPrivateHasAnEmptyPrivatePart() {
        let line = UnifiedLogLine(KontextVideoEvent(.state, "initialized", attributes: ["state": "enabled"]))
        #expect(line.text(.public) == "initialized state=enabled")
        #expect(line.text(.private).isEmpty)
    }
}

extension UnifiedLogLine {
    /// The privacy of the attribute `name`, or `nil` when the line has no such field (what the
    /// tests read of a line: `os.Logger` is handed `text(_:)`, never a field's privacy).
    func privacy(of name: String) -> Privacy? {
        fields.first { $0.name == name }?.privacy
    }
}
