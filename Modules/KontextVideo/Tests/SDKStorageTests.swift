import Foundation
@testable import KontextVideo
import KontextVideoNetworking
import Testing

/// Where the SDK keeps its files: the app's own directory on every platform; unchanged where
/// Application Support is already the app's own, scoped by bundle id where apps share it.
@Suite("SDKStorage")
struct SDKStorageTests {
    let support = URL(fileURLWithPath: "/home/user/.local/share", isDirectory: true)

    @Test("iOS, tvOS and a sandboxed Mac app: <Application Support>/KontextVideo and the 0.1.0 key, as before")
    func appOwnStorageDoesNotMove() {
        let storage = SDKStorage.location(applicationSupport: support, appBundleId: "com.acme.drama", sharing: .appOwn)
        #expect(storage.directory.path == "/home/user/.local/share/KontextVideo")
        #expect(storage.installIdDefaultsKey == "so.kontext.video.installId")
    }

    @Test("a Mac app outside the sandbox, Linux: a directory and a defaults key of the app's own")
    func sharedStorageIsScopedByBundleId() {
        let drama = SDKStorage.location(applicationSupport: support, appBundleId: "com.acme.drama", sharing: .sharedBetweenApps)
        let news = SDKStorage.location(applicationSupport: support, appBundleId: "com.acme.news", sharing: .sharedBetweenApps)
        #expect(drama.directory.path == "/home/user/.local/share/KontextVideo/apps/com.acme.drama")
        #expect(drama.installIdDefaultsKey == "so.kontext.video.installId.com.acme.drama")
        #expect(drama.directory != news.directory)
        #expect(drama.installIdDefaultsKey != news.installIdDefaultsKey)
    }

    @Test("a bundle id becomes one directory name", arguments: [
        ("com.acme.drama", "com.acme.drama"), ("kontext-video-probe", "kontext-video-probe"), ("my app/2", "my_app_2"),
        ("", "unknown-app"), ("..", "unknown-app"), ("é", "_"),
    ])
    func folderNames(bundleId: String, expected: String) {
        #expect(SDKStorage.folderName(appBundleId: bundleId) == expected)
    }

    @Test("on a Mac, a home directory that is not the user's is the App Sandbox's container")
    func macSandboxIsRecognizedByItsHome() {
        #expect(SDKStorage.macSharing(homeDirectory: "/Users/ann", userHomeDirectory: "/Users/ann/") == .sharedBetweenApps)
        #expect(SDKStorage.macSharing(homeDirectory: "/Users/ann/Library/Containers/com.acme.drama/Data",
                                      userHomeDirectory: "/Users/ann") == .appOwn)
        #expect(SDKStorage.macSharing(homeDirectory: "/Users/ann", userHomeDirectory: nil) == .sharedBetweenApps)
    }

    @Test("Linux shares Application Support between apps")
    func linuxIsShared() {
        #if os(Linux)
        #expect(SDKStorage.currentSharing == .sharedBetweenApps)
        #endif
    }

    @MainActor
    @Test("the platform default puts the storage in the process's own directory")
    func platformDefault() {
        let environment = SDKEnvironment.platformDefault()
        #if os(Linux)
        #expect(environment.storageDirectory.lastPathComponent == SDKStorage.folderName(appBundleId: environment.appBundleId))
        #expect(environment.storageDirectory.deletingLastPathComponent().lastPathComponent == "apps")
        #expect(environment.installIdDefaultsKey == InstallIdentifier.scopedDefaultsKey(appBundleId: SDKStorage.folderName(appBundleId: environment.appBundleId)))
        #endif
    }
}
