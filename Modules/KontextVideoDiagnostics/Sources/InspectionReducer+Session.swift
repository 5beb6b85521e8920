import Foundation
import KontextVideoModels

extension InspectionReducer {
    /// The session's events: `initialize` and its outcome, `/init`'s attempts and retries, an ad
    /// request's retries, `VideoAds` destroyed, the event queue taken over from an earlier version
    /// or its entries for another destination dropped, the Info.plist lacking Kontext's ad network ids. Returns whether `event` was one.
    mutating func applySession(_ event: KontextVideoEvent, at date: Date) -> Bool {
        let attributes = event.attributes
        switch event.name {
        case KontextVideoEvent.Name.initialize.rawValue:
            inspection.session.initialization = .initializing
            inspection.session.disabledReason = nil
            inspection.session.initializeCalledAt = date
            inspection.session.server = attributes["server"] ?? inspection.session.server
            inspection.session.sdkVersion = attributes["version"] ?? inspection.session.sdkVersion
            appendSessionMoment(event, at: date)
        case KontextVideoEvent.Name.initialized.rawValue:
            let (state, reason) = Self.initialization(attributes)
            inspection.session.initialization = state
            inspection.session.disabledReason = reason
            inspection.session.initializedAt = date
            // The wire's view (debug) comes just before the SDK's (info): one moment for both.
            if event.level != .debug { appendSessionMoment(event, at: date) }
        case KontextVideoEvent.Name.initRequest.rawValue, KontextVideoEvent.Name.videoAdsDestroyed.rawValue,
             KontextVideoEvent.Name.queueMigrated.rawValue, KontextVideoEvent.Name.queuedEntriesExpired.rawValue:
            appendSessionMoment(event, at: date)
        case KontextVideoEvent.Name.preloadRequest.rawValue where event.kind == .retry:
            appendSessionMoment(event, at: date)
        case KontextVideoEvent.Name.attributionInfoPlist.rawValue:
            // A debug line, kept all the same: the app's Info.plist lacks Kontext's ad network ids
            // (`AttributionInfoPlistCheck`), with the XML to paste.
            appendSessionMoment(event, at: date)
        default:
            return false
        }
        return true
    }

    /// The state an `initialized` event reports (`enabled`, `failed`, `disabled(reason: …)`) and
    /// the reason of a `disabled` one.
    static func initialization(_ attributes: [String: String]) -> (KontextVideoInspection.Session.Initialization, String?) {
        let state = attributes["state"] ?? ""
        if state.hasPrefix("enabled") { return (.enabled, nil) }
        if state.hasPrefix("disabled") {
            let reason = attributes["reason"].flatMap { $0.isEmpty ? nil : $0 }
            return (.disabled, reason)
        }
        return (.failed, nil)
    }
}
