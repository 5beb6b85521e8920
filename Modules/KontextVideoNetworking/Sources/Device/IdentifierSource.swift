import Foundation

/// Where the SDK's ids come from: each ad request's `requestId`, each queued event's `eventId`
/// and each queued pixel's id. The facade's `SDKEnvironment` carries one, which its ad server
/// client and event pipeline share: the app's makes random ids (`RandomIdentifiers`), a test's
/// may count (the test support's `SequentialIdentifiers`), so a test's ids are the same on every run.
package protocol IdentifierSource: Sendable {
    /// An id this source never returned before (the server drops events whose id it has seen).
    func next() -> UUID
}
