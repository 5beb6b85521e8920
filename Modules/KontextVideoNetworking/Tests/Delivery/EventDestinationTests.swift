import Foundation
@testable import KontextVideoJournal
@testable import KontextVideoNetworking
import Testing
import KontextVideoModels

@Suite("EventDestination: one spelling per server, one directory per server")
struct EventDestinationTests {
    @Test("case, the default port and a trailing slash do not make another server; a port or a path does",
          arguments: [
              ("HTTP://Example.COM:80/", "http://example.com"),
              ("https://ads.kontext.so:443", "https://ads.kontext.so"),
              ("https://ads.kontext.so/v2/", "https://ads.kontext.so/v2"),
              ("http://127.0.0.1:8080", "http://127.0.0.1:8080"),
              ("http://user:secret@127.0.0.1:8080/?q=1#top", "http://127.0.0.1:8080"),
          ])
    func normalizes(url: String, expected: String) throws {
        #expect(EventDestination.normalizedServer(try #require(URL(string: url))) == expected)
    }

    @Test func differentServersAreDifferentDestinations() throws {
        let servers = ["http://127.0.0.1:8080", "http://127.0.0.1:8081", "https://127.0.0.1:8080", "http://127.0.0.1:8080/v2"]
        let normalized = try servers.map { EventDestination.normalizedServer(try #require(URL(string: $0))) }
        #expect(Set(normalized).count == servers.count)
        let names = normalized.map(EventQueueDirectory.directoryName(forServer:))
        #expect(Set(names).count == servers.count)
    }

    @Test("a server's directory name is one path component without a dash (siblings are <name>-2), short enough")
    func directoryNames() {
        let name = EventQueueDirectory.directoryName(forServer: "http://127.0.0.1:8080/a-b/c")
        #expect(name == "http%3A%2F%2F127.0.0.1%3A8080%2Fa%2Db%2Fc")
        let long = "https://ads.example.com/" + String(repeating: "segment/", count: 40)
        let longName = EventQueueDirectory.directoryName(forServer: long)
        #expect(longName.utf8.count <= EventQueueDirectory.longestName)
        #expect(longName != EventQueueDirectory.directoryName(forServer: long + "x"))
        for candidate in [name, longName] {
            #expect(!candidate.contains("-") && !candidate.contains("/"))
        }
    }

    @Test("an entry records its server and token; one of 0.1.0 reads back without them and is bound where it is found")
    func entriesRecordTheirDestination() throws {
        let destination = EventDestination(serverURL: try #require(URL(string: "http://127.0.0.1:9001/")), publisherToken: "acme-dev")
        let entry = QueuedEntry(.event(.impression(adId: "ad-1", format: .overlay)), id: UUID(), sessionId: "s-1", destination: destination, queuedAt: Date())
        var writer = JSONLineWriter()
        entry.write(to: &writer)
        let read = try JSONDecoder().decode(QueuedEntry.self, from: Data(writer.bytes))
        #expect(read == entry)
        #expect(read.server == "http://127.0.0.1:9001")
        #expect(read.publisherToken == "acme-dev")

        let old = try JSONDecoder().decode(QueuedEntry.self, from: Data(#"{"id": "p-1", "kind": "pixel", "url": "https://t.example/i"}"#.utf8))
        #expect(old.server == nil && old.publisherToken == nil)
        let bound = old.bound(to: destination)
        #expect(bound.server == destination.server && bound.publisherToken == "acme-dev")
        #expect(entry.bound(to: EventDestination(serverURL: try #require(URL(string: "http://other")), publisherToken: "x")) == entry,
                "an entry that records its destination keeps it")
    }
}
