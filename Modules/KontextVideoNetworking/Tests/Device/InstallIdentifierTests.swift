import KontextVideoTestSupport
import Foundation
@testable import KontextVideoNetworking
import Testing

@Suite("InstallIdentifier")
struct InstallIdentifierTests {
    @Test("kept across launches: the same id from the same directory, stored lowercase")
    func keptAcrossLaunches() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let first = InstallIdentifier.load(storageDirectory: directory.url, defaults: try freshDefaults())
        // A new launch: new defaults object, same storage directory.
        let second = InstallIdentifier.load(storageDirectory: directory.url, defaults: try freshDefaults())
        #expect(first == second)
        let stored = try String(contentsOf: directory.url.appendingPathComponent("install-id"), encoding: .utf8)
        #expect(stored == first.uuidString.lowercased())
    }

    @Test("the mirror 0.1.0 kept in UserDefaults is migrated into the file and removed; none is written")
    func mirrorMigrates() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let defaults = try freshDefaults()
        let legacy = UUID()
        defaults.set(legacy.lowercasedString, forKey: InstallIdentifier.defaultsKey)
        #expect(InstallIdentifier.load(storageDirectory: directory.url, defaults: defaults) == legacy)
        #expect(defaults.object(forKey: InstallIdentifier.defaultsKey) == nil, "migrated: the mirror goes")
        #expect(try String(contentsOf: directory.url.appendingPathComponent("install-id"), encoding: .utf8) == legacy.lowercasedString)
        let fresh = try TemporaryDirectory()
        defer { fresh.remove() }
        _ = InstallIdentifier.load(storageDirectory: fresh.url, defaults: defaults)
        #expect(defaults.object(forKey: InstallIdentifier.defaultsKey) == nil, "a new id is never mirrored")
    }

    @Test("the stored id is excluded from backups: a restore on another device does not carry it over")
    func excludedFromBackup() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        _ = InstallIdentifier.load(storageDirectory: directory.url, defaults: try freshDefaults())
        #expect(InstallIdentifier.resourceValues.isExcludedFromBackup == true)
        #expect(InstallIdentifier.writingOptions.contains(.completeFileProtectionUntilFirstUserAuthentication),
                "readable by a background launch after the first unlock, not before")
        #if canImport(Darwin)
        let file = directory.url.appendingPathComponent("install-id")
        #expect(try file.resourceValues(forKeys: [.isExcludedFromBackupKey]).isExcludedFromBackup == true)
        #endif
    }

    @Test("different installs get different ids; a malformed file is replaced")
    func freshAndMalformed() throws {
        let a = try TemporaryDirectory(), b = try TemporaryDirectory()
        defer { a.remove(); b.remove() }
        #expect(InstallIdentifier.load(storageDirectory: a.url, defaults: try freshDefaults())
            != InstallIdentifier.load(storageDirectory: b.url, defaults: try freshDefaults()))
        let file = a.url.appendingPathComponent("install-id")
        try Data("garbage".utf8).write(to: file)
        let replaced = InstallIdentifier.load(storageDirectory: a.url, defaults: try freshDefaults())
        #expect(try String(contentsOf: file, encoding: .utf8) == replaced.uuidString.lowercased())
    }

    @Test("where the storage is scoped by app, the id 0.1.0 mirrored under the shared key is not taken up")
    func aScopedStorageDoesNotInheritTheSharedId() throws {
        let shared = try TemporaryDirectory(), scoped = try TemporaryDirectory()
        defer { shared.remove(); scoped.remove() }
        let defaults = try freshDefaults()
        // What 0.1.0 left: the id in the shared storage, mirrored under the shared key.
        let sharedId = InstallIdentifier.load(storageDirectory: shared.url, defaults: defaults)
        defaults.set(sharedId.lowercasedString, forKey: InstallIdentifier.defaultsKey)
        let key = InstallIdentifier.scopedDefaultsKey(appBundleId: "com.acme.drama")
        let own = InstallIdentifier.load(storageDirectory: scoped.url, defaults: defaults, defaultsKey: key)
        #expect(own != sharedId)
        #expect(InstallIdentifier.load(storageDirectory: scoped.url, defaults: defaults, defaultsKey: key) == own)
    }
}
