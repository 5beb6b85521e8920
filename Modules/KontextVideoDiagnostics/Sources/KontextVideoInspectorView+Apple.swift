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

    /// Share the JSON (where a share sheet exists) and start afresh.
    @ViewBuilder private var actions: some View {
        #if !os(tvOS)
        ShareLink(item: screen.json, subject: Text(verbatim: "Kontext ad inspector"))
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

/// What the screen shows, following the inspector while it is on screen.
@MainActor
final class InspectorScreenModel: ObservableObject {
    @Published private(set) var inspection: KontextVideoInspection
    private let inspector: KontextVideoInspector
    private var following: Task<Void, Never>?

    init(inspector: KontextVideoInspector) {
        self.inspector = inspector
        self.inspection = inspector.snapshot()
    }

    /// Follows the inspector's snapshots until `stopFollowing()`.
    func follow() {
        guard following == nil else { return }
        let snapshots = inspector.snapshots()
        following = Task { [weak self] in
            for await inspection in snapshots {
                self?.inspection = inspection
            }
        }
    }

    func stopFollowing() {
        following?.cancel()
        following = nil
    }

    func clear() {
        inspector.clear()
    }

    /// The inspection as JSON text, for the share sheet.
    var json: String {
        (try? inspection.jsonData()).flatMap { String(data: $0, encoding: .utf8) } ?? "{}"
    }

    var sessionRows: [InspectorRow] {
        InspectorRows.session(inspection)
    }

    var adSections: [InspectorSection] {
        InspectorRows.adSections(inspection)
    }
}
#endif
