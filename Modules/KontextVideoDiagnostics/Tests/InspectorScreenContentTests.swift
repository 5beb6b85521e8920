import Foundation
import Testing
@testable import KontextVideoDiagnostics
import KontextVideoModels

/// What the inspector's screen makes of each snapshot: its rows once, and JSON only on export.
@Suite("Inspector screen content")
struct InspectorScreenContentTests {
    @Test("the rows are the outline's: the session, then each ad newest first, then the deliveries of no ad")
    func rows() {
        let inspection = inspectorWithAds(["r1", "r2"]).snapshot()
        let content = InspectorScreenContent(inspection)
        let outline = InspectionOutline(inspection).sections
        #expect(content.sessionRows == InspectorRows.rows(of: outline[0]))
        #expect(content.adSections == outline.dropFirst().reversed().map(InspectorRows.section))
        #expect(content.adSections.map(\.id) == ["r2", "r1"])
    }

    @Test("made from the previous snapshot, the content is what it is made afresh, and an unchanged ad keeps its section")
    func incremental() {
        let stream = KontextVideoEventStream(logLevel: .none)
        let inspector = KontextVideoInspector(events: stream)
        inspector.start()
        stream.record(Emitted.adRequested("r1"))
        stream.record(Emitted.adRequested("r2"))
        var content = InspectorScreenContent(inspector.snapshot())
        for event in [
            Emitted.adReceived("a2", requestId: "r2"), Emitted.ad(.load, "a2"), Emitted.adRequested("r3"), Emitted.ad(.load, "a2"),
        ] {
            stream.record(event)
            let previous = content
            content = InspectorScreenContent(inspector.snapshot(), reusing: previous)
            #expect(content == InspectorScreenContent(inspector.snapshot()), "as made afresh")
            // The first request's ad never changed: its section is the one made first.
            #expect(content.adSections.last == previous.adSections.last)
        }
        #expect(content.adSections.map(\.title).count == 3)
    }

    @Test("an export is the JSON of the snapshot it was made from, unchanged by later events")
    func export() throws {
        let stream = KontextVideoEventStream(logLevel: .none)
        let inspector = KontextVideoInspector(events: stream)
        inspector.start()
        stream.record(Emitted.adRequested("r1"))
        let export = InspectorExport(InspectorScreenContent(inspector.snapshot()).inspection)
        stream.record(Emitted.adRequested("r2"))
        let shared = try KontextVideoInspection(jsonData: Data(export.json.utf8))
        #expect(shared.ads.map(\.id) == ["r1"])
        #expect(inspector.snapshot().ads.map(\.id) == ["r1", "r2"])
    }

    private func inspectorWithAds(_ ids: [String]) -> KontextVideoInspector {
        let stream = KontextVideoEventStream(logLevel: .none)
        let inspector = KontextVideoInspector(events: stream)
        inspector.start()
        for id in ids { stream.record(Emitted.adRequested(id)) }
        return inspector
    }
}
