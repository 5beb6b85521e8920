/// Runs third-party verification for the ads the SDK shows: the seam an Open Measurement SDK
/// integration plugs into (see <doc:open-measurement>). Set one on
/// ``KontextVideo/verificationProvider``.
///
/// For every ad that goes on screen, the provider hears the ad's measurement session: a
/// ``VideoAdVerificationSession`` (the ad's verifications, the view its creative is drawn in, the
/// SDK's controls over it) and its events in the order the OM SDK expects, from `.sessionStart`
/// to `.sessionFinish`. A verification the provider will not run, it reports with
/// ``VideoAdVerificationSession/reportNotExecuted(_:reason:)`` before the video starts; the SDK
/// then sends that vendor's `verificationNotExecuted` tracking with the reason.
///
/// ```swift
/// @MainActor
/// final class MeasurementLog: VideoAdVerificationProvider {
///     func verificationSession(_ session: VideoAdVerificationSession,
///                              didReceive event: VideoAdVerificationEvent) {
///         if event == .sessionStart {
///             for verification in session.verifications where verification.vendor == nil {
///                 session.reportNotExecuted(verification, reason: .rejected)
///             }
///         }
///         print(session.adId, event)
///     }
/// }
/// ```
///
/// Without a provider, the SDK sends every verification's `verificationNotExecuted` tracking with
/// `[REASON]` 2 (not supported) when the video starts.
@MainActor
public protocol VideoAdVerificationProvider: AnyObject {
    /// One event of an ad's measurement session. `.sessionStart` comes first, once the ad is on
    /// screen; `.sessionFinish` comes last, once it leaves. Called on the main thread, in order;
    /// a call into the SDK from here (ending the ad) is safe, and its events follow this one.
    /// - Parameters:
    ///   - session: The ad's session: its verifications, its view, the controls over it.
    ///   - event: What happened, named after the OM SDK call it stands for.
    func verificationSession(_ session: VideoAdVerificationSession, didReceive event: VideoAdVerificationEvent)
}
