import Foundation

/// Whether the SDK runs in an app or in an app extension, read from the main bundle's
/// `Info.plist`: an app extension declares itself there, with the `NSExtension` dictionary
/// (Apple's *Information Property List* › `NSExtension`, "The properties of an app extension"),
/// or, for an ExtensionKit extension, `EXAppExtensionAttributes`.
///
/// An app extension has no `UIApplication` to reach (Apple: "an app extension cannot access a
/// sharedApplication object"), so there the SDK opens no click, shows no tracking dialog and finds
/// no key window; see `HostApplication`.
package enum HostProcessKind: Sendable, Hashable {
    /// An app: the SDK reaches its `UIApplication`.
    case app
    /// An app extension (a widget, a share or iMessage extension, …).
    case appExtension

    /// The `Info.plist` keys that only an app extension's bundle has.
    package static let extensionKeys = ["NSExtension", "EXAppExtensionAttributes"]

    /// The kind of process whose main bundle has `infoDictionary`; no dictionary (a command-line
    /// tool, a test runner) is an app.
    /// - Parameter infoDictionary: The main bundle's `Info.plist`, as `Bundle.infoDictionary` reads it.
    package init(infoDictionary: [String: Any]?) {
        let declaresExtension = Self.extensionKeys.contains { infoDictionary?[$0] is [String: Any] }
        self = declaresExtension ? .appExtension : .app
    }

    /// This process, read once.
    package static let current = HostProcessKind(infoDictionary: Bundle.main.infoDictionary)
}
