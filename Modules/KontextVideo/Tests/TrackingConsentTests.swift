import Foundation
import Testing
import KontextVideo
import KontextVideoModels
import KontextVideoNetworking
import KontextVideoTestSupport

/// App Tracking Transparency fails closed: a status the SDK does not know is no permission, and
/// without the dialog's text in `Info.plist` the SDK does not ask (asking may crash the app).
@Suite("Tracking consent fails closed")
struct TrackingConsentTests {
    static let idfa = UUID(uuidString: "6D92078A-8246-4BA4-AE5B-76104861E7DC")!
    static let idfv = UUID(uuidString: "1E2D3C4B-5A69-4788-9A0B-C1D2E3F4A5B6")!

    @Test("a status the SDK does not know (a future case) is not authorized, and not a question to ask")
    func unknownStatusIsNotPermission() {
        let status = TrackingAuthorizationStatus.unrecognized
        #expect(status != .authorized)
        #expect(!status.canAskUser)
    }

    @Test("on a status the SDK does not know, no advertising id is read into the request")
    func unknownStatusSendsNoAdvertisingId() {
        let identifiers = DeviceIdentifiers(trackingAuthorization: .unrecognized, advertisingIdentifier: Self.idfa, vendorIdentifier: Self.idfv)
        #expect(identifiers.advertisingId == nil)
        #expect(identifiers.trackingAuthorization == .unrecognized, "the wire says a status the sandbox knows, never none")
    }

    @Test("on a status the SDK does not know, tracking data stays home even with a tracking host (unlike a platform without ATT)")
    func unknownStatusCarriesNoTrackingData() throws {
        let host = try TrackingHost(announced: "https://tracking.megabrain.co")
        let unknown = TrackingRoute(hasTrackingData: true, trackingAuthorization: .unrecognized, trackingHost: host)
        #expect(!unknown.carriesTrackingData)
        #expect(unknown.trackingHost == nil)
        #expect(unknown.omission == .notAllowed)
        // What the glue answered before: no status, as on a platform without ATT, where it travels.
        #expect(TrackingRoute(hasTrackingData: true, trackingAuthorization: nil, trackingHost: host).carriesTrackingData)
    }

    @Test("the dialog is asked for only with a usage-description text in Info.plist",
          arguments: [
              (nil, false, "NSUserTrackingUsageDescription missing"),
              ("", false, "NSUserTrackingUsageDescription empty"),
              ("  \n", false, "NSUserTrackingUsageDescription empty"),
              ("Your data is used to show you relevant ads.", true, nil),
          ] as [(String?, Bool, String?)])
    func usageDescription(value: String?, asks: Bool, reason: String?) {
        let events = RecordingEventMonitor()
        #expect(TrackingDialogPolicy.mayShowDialog(usageDescription: value, reportingTo: events) == asks)
        let said = events.events(.error, named: .trackingDialogNotShown)
        #expect(said.map(\.attributes["reason"]) == (reason.map { [$0] } ?? []))
        if let event = said.first {
            #expect(event.level == .error)
            #expect(event.attributes["why"]?.contains("NSUserTrackingUsageDescription") == true, "the log names the key")
        }
    }

    @Test("a value of another type under the key (a number, a dictionary) is no text: no dialog")
    func usageDescriptionOfAnotherType() {
        let events = RecordingEventMonitor()
        #expect(!TrackingDialogPolicy.mayShowDialog(usageDescription: 42, reportingTo: events))
        #expect(!TrackingDialogPolicy.mayShowDialog(usageDescription: ["en": "text"], reportingTo: events))
        #expect(events.events(.error, named: .trackingDialogNotShown).count == 2)
    }

    @Test("the error's why is public in the unified log, so a publisher sees the key without a debugger")
    func theKeyIsPublic() {
        let events = RecordingEventMonitor()
        _ = TrackingDialogPolicy.mayShowDialog(usageDescription: nil, reportingTo: events)
        let line = UnifiedLogLine(events.events[0])
        #expect(line.text(.public).contains("NSUserTrackingUsageDescription"))
    }
}
