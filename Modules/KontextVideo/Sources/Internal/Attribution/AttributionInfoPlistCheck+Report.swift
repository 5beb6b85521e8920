import Foundation
import KontextVideoDiagnostics

extension AttributionInfoPlistCheck {
    /// Checks `infoDictionary` and, when Kontext's ad network ids are missing, says so at `.debug`
    /// on `events` with the XML to paste: the console prints it, the inspector keeps it.
    @MainActor
    static func report(_ infoDictionary: [String: Any], to events: KontextVideoEventStream) {
        let check = AttributionInfoPlistCheck(infoDictionary: infoDictionary)
        guard !check.isComplete else { return }
        events.record(.debug) {
            KontextVideoEvent(.state, .attributionInfoPlist, level: .debug, attributes: [
                "missing": check.missingSummary, "xml": check.xmlToPaste,
            ])
        }
    }
}
