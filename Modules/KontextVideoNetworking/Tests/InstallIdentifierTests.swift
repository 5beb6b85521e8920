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

    @Test("the defaults' mirror restores the id when the file is gone")
    func mirrorRestores() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let defaults = try freshDefaults()
        let first = InstallIdentifier.load(storageDirectory: directory.url, defaults: defaults)
        try FileManager.default.removeItem(at: directory.url.appendingPathComponent("install-id"))
        #expect(InstallIdentifier.load(storageDirectory: directory.url, defaults: defaults) == first)
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
        let sharedId = InstallIdentifier.load(storageDirectory: shared.url, defaults: defaults)
        #expect(defaults.string(forKey: InstallIdentifier.defaultsKey) == sharedId.lowercasedString)
        let key = InstallIdentifier.scopedDefaultsKey(appBundleId: "com.acme.drama")
        let own = InstallIdentifier.load(storageDirectory: scoped.url, defaults: defaults, defaultsKey: key)
        #expect(own != sharedId)
        #expect(defaults.string(forKey: key) == own.lowercasedString)
        #expect(InstallIdentifier.load(storageDirectory: scoped.url, defaults: defaults, defaultsKey: key) == own)
    }
}
