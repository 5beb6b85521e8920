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
