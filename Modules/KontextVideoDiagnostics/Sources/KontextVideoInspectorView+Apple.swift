// The ad inspector's screen: SwiftUI, so compiled only where SwiftUI exists (iOS, tvOS, macOS),
// and type-checked on Linux against Tools/AppleSDKStubs by Scripts/apple-typecheck.
#if canImport(SwiftUI)
import SwiftUI

/// The ad inspector's screen: the session, then each ad — newest first — with its request, its
/// answer or no-fill reason, its VAST chain and media file, its timeline and every event and pixel
/// with its delivery, and a share button that exports the inspection as JSON for Kontext's support.
///
/// Show it from a debug menu or a gesture of your choosing; it follows the inspector live while it
/// is on screen. Start the inspector early (at launch) so it has something to show:
///
/// ```swift
/// struct DebugMenu: View {
///     @State private var showsInspector = false
///
///     var body: some View {
///         Button("Ad inspector") { showsInspector = true }
///             .sheet(isPresented: $showsInspector) {
///                 KontextVideoInspectorView(inspector: KontextVideo.shared.inspector)
///             }
///     }
/// }
/// ```
///
/// On tvOS, which has no share sheet, the screen has no share button: send
/// ``KontextVideoInspector/jsonData()`` from your app instead.
public struct KontextVideoInspectorView: View {
    @StateObject private var screen: InspectorScreenModel

    /// A screen following `inspector` (`KontextVideo.shared.inspector`).
    /// - Parameter inspector: The inspector to show; it keeps collecting when the screen closes.
    public init(inspector: KontextVideoInspector) {
        _screen = StateObject(wrappedValue: InspectorScreenModel(inspector: inspector))
    }

    /// The screen: a list of the session and each ad, in a navigation stack.
    public var body: some View {
        NavigationStack {
            List {
                Section {
                    ForEach(screen.sessionRows) { row in InspectorRowView(row: row) }
                    actions
                } header: {
                    Text(verbatim: "Session")
                }
                ForEach(screen.adSections) { section in
                    Section {
                        ForEach(section.rows) { row in InspectorRowView(row: row) }
                    } header: {
                        Text(verbatim: section.title)
                    }
                }
            }
            .navigationTitle("Ad inspector")
        }
        .onAppear { screen.follow() }
        .onDisappear { screen.stopFollowing() }
    }

    /// Export the JSON and share it (where a share sheet exists), and start afresh. The JSON is
    /// made when the viewer exports, not on every update of the screen (`InspectorExport`).
    @ViewBuilder private var actions: some View {
        #if !os(tvOS)
        Button("Export JSON") { screen.makeExport() }
        if let export = screen.exported {
            ShareLink(item: export.json, subject: Text(verbatim: "Kontext ad inspector"))
        }
        #endif
        Button("Clear") { screen.clear() }
    }
}

/// One line of the screen: what it is, and its details.
private struct InspectorRowView: View {
    let row: InspectorRow

    var body: some View {
        VStack(alignment: .leading, spacing: 2) {
            Text(verbatim: row.title)
            if !row.detail.isEmpty {
                Text(verbatim: row.detail)
            }
        }
    }
}

/// What the screen shows, following the inspector while it is on screen: each snapshot's rows are
/// made once, when it arrives, and only the changed ads' again (`InspectorScreenContent`); the JSON
/// only when the viewer exports.
@MainActor
final class InspectorScreenModel: ObservableObject {
    @Published private(set) var content: InspectorScreenContent
    /// The JSON the viewer exported last, shared as it was then.
    @Published private(set) var exported: InspectorExport?
    private let inspector: KontextVideoInspector
    private var following: Task<Void, Never>?

    init(inspector: KontextVideoInspector) {
        self.inspector = inspector
        self.content = InspectorScreenContent(inspector.snapshot())
    }

    /// Follows the inspector's snapshots until `stopFollowing()`; a burst of events reaches the
    /// screen as its newest snapshot (`snapshots()` keeps only the newest for a slow reader).
    func follow() {
        guard following == nil else { return }
        let snapshots = inspector.snapshots()
        following = Task { [weak self] in
            for await inspection in snapshots {
                guard let self else { return }
                self.content = InspectorScreenContent(inspection, reusing: self.content)
            }
        }
    }

    func stopFollowing() {
        following?.cancel()
        following = nil
    }

    func clear() {
        exported = nil
        inspector.clear()
    }

    /// Encodes what the screen shows now, for the share sheet.
    func makeExport() {
        exported = InspectorExport(content.inspection)
    }

    var sessionRows: [InspectorRow] {
        content.sessionRows
    }

    var adSections: [InspectorSection] {
        content.adSections
    }
}
#endif
