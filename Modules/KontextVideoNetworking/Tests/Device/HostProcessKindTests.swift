import Foundation
@testable import KontextVideoNetworking
import Testing

/// Whether the SDK runs in an app or an app extension, read from real `Info.plist` files as
/// Xcode writes them: the example app's, and an extension's.
@Suite("HostProcessKind")
struct HostProcessKindTests {
    /// The example app's `Info.plist`, as committed.
    static let exampleAppPlist = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("Examples/KontextVideoExampleApp/Info.plist")

    /// An app extension's `Info.plist` (a notification content extension, as Xcode's template
    /// writes it).
    static let extensionPlist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        	<key>CFBundleIdentifier</key>
        	<string>com.acme.drama.notification-content</string>
        	<key>NSExtension</key>
        	<dict>
        		<key>NSExtensionAttributes</key>
        		<dict>
        			<key>UNNotificationExtensionCategory</key>
        			<string>episode</string>
        		</dict>
        		<key>NSExtensionMainStoryboard</key>
        		<string>MainInterface</string>
        		<key>NSExtensionPointIdentifier</key>
        		<string>com.apple.usernotifications.content-extension</string>
        	</dict>
        </dict>
        </plist>
        """

    static func dictionary(_ data: Data) throws -> [String: Any] {
        try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
    }

    @Test("an app's Info.plist (the example app's) is an app")
    func app() throws {
        let info = try Self.dictionary(try Data(contentsOf: Self.exampleAppPlist))
        #expect(info["UIApplicationSceneManifest"] != nil, "read the real file")
        #expect(HostProcessKind(infoDictionary: info) == .app)
    }

    @Test("an Info.plist with the NSExtension dictionary is an app extension")
    func appExtension() throws {
        let info = try Self.dictionary(Data(Self.extensionPlist.utf8))
        #expect(HostProcessKind(infoDictionary: info) == .appExtension)
    }

    @Test("an ExtensionKit extension (EXAppExtensionAttributes) is an app extension too")
    func extensionKit() {
        let info: [String: Any] = ["EXAppExtensionAttributes": ["EXExtensionPointIdentifier": "com.apple.Home.HomeExtension"]]
        #expect(HostProcessKind(infoDictionary: info) == .appExtension)
    }

    @Test("no Info.plist (a command-line tool, this test runner), or a key of the wrong type, is an app")
    func noPlist() {
        #expect(HostProcessKind(infoDictionary: nil) == .app)
        #expect(HostProcessKind(infoDictionary: ["NSExtension": "not a dictionary"]) == .app)
        #expect(HostProcessKind.current == .app)
    }
}
