import Foundation
import KontextVideoNetworking

/// Where the SDK keeps its files (the install id and the event queues) and the `UserDefaults`
/// key that mirrors the install id: a directory of the app's own, always.
///
/// Where the platform's Application Support directory is already the app's own (iOS, tvOS, a
/// Mac app in the App Sandbox), that is `<Application Support>/KontextVideo`, as in 0.1.0, so
/// an existing install keeps its install id and its queued events where they are. Where it is
/// shared between apps (a Mac app outside the App Sandbox, Linux), it is
/// `<Application Support>/KontextVideo/apps/<bundle id>`: two apps never share a queue or an
/// install id (the directory 0.1.0 used there, shared by every app, is not read again).
package struct SDKStorage: Sendable, Equatable {
    /// Whose the platform's Application Support directory is.
    package enum Sharing: Sendable, Equatable {
        /// The app's own: its container (iOS, tvOS, a sandboxed Mac app).
        case appOwn
        /// Shared by the user's apps (a Mac app outside the App Sandbox, Linux).
        case sharedBetweenApps
    }

    /// The directory of the install id and the event queues.
    package var directory: URL
    /// The `UserDefaults` key of the install id's mirror.
    package var installIdDefaultsKey: String

    /// The storage of the app `appBundleId` in `applicationSupport`, shared or not.
    package static func location(applicationSupport: URL, appBundleId: String, sharing: Sharing) -> SDKStorage {
        let root = applicationSupport.appendingPathComponent("KontextVideo", isDirectory: true)
        switch sharing {
        case .appOwn:
            return SDKStorage(directory: root, installIdDefaultsKey: InstallIdentifier.defaultsKey)
        case .sharedBetweenApps:
            let folder = folderName(appBundleId: appBundleId)
            return SDKStorage(
                directory: root.appendingPathComponent("apps", isDirectory: true).appendingPathComponent(folder, isDirectory: true),
                installIdDefaultsKey: InstallIdentifier.scopedDefaultsKey(appBundleId: folder))
        }
    }

    /// The bundle id as one directory name: letters, digits, `.`, `-` and `_` kept, anything
    /// else (a `/` of a process name, say) replaced by `_`; no name at all is `unknown-app`.
    static func folderName(appBundleId: String) -> String {
        let kept = String(appBundleId.unicodeScalars.map { scalar -> Character in
            let allowed = scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || "._-".unicodeScalars.contains(scalar))
            return allowed ? Character(scalar) : "_"
        })
        return kept.isEmpty || kept.allSatisfy({ $0 == "." }) ? "unknown-app" : kept
    }

    /// Whose Application Support is on a Mac: a sandboxed app's home directory is its container
    /// (`NSHomeDirectory()`, developer.apple.com/documentation/foundation/nshomedirectory()), an
    /// app outside the sandbox has the user's own home, where Application Support is
    /// `~/Library/Application Support` for every app
    /// (developer.apple.com/documentation/foundation/url/applicationsupportdirectory).
    package static func macSharing(homeDirectory: String, userHomeDirectory: String?) -> Sharing {
        guard let userHomeDirectory else { return .sharedBetweenApps }
        let standardized = { (path: String) in URL(fileURLWithPath: path).standardizedFileURL.path }
        return standardized(homeDirectory) == standardized(userHomeDirectory) ? .sharedBetweenApps : .appOwn
    }

    /// Whose Application Support is on the platform the SDK runs on.
    package static var currentSharing: Sharing {
        #if os(iOS) || os(tvOS) || os(visionOS) || os(watchOS)
        return .appOwn
        #elseif os(macOS)
        let user = getpwuid(getuid()).flatMap { $0.pointee.pw_dir }.map { String(cString: $0) }
        return macSharing(homeDirectory: NSHomeDirectory(), userHomeDirectory: user)
        #else
        return .sharedBetweenApps
        #endif
    }
}
