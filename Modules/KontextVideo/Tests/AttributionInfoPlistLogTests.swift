import Foundation
import Testing
import KontextVideo
import KontextVideoModels
import KontextVideoTesting

/// At `initialize(with:)` the SDK reads the app's Info.plist and says, at `.debug`, which of
/// Kontext's ad network ids it lacks, with the XML to paste; nothing when it lists them.
@Suite("Info.plist check at initialize")
@MainActor
struct AttributionInfoPlistLogTests {
    final class Lines: KontextVideoEventMonitor, @unchecked Sendable {
        private let lock = NSLock()
        private var kept: [KontextVideoEvent] = []
        func record(_ event: KontextVideoEvent) { lock.withLock { kept.append(event) } }
        var named: [KontextVideoEvent] { lock.withLock { kept.filter { $0.name == "SKAdNetworkItems incomplete" } } }
    }

    @Test("a plist without Kontext's ids gets one debug line with the XML; a complete one none", arguments: [false, true])
    func debugLine(listsTheIds: Bool) async throws {
        try await KontextVideoHarness.run { harness in
            let info: [String: Any] = listsTheIds ? [
                "SKAdNetworkItems": [["SKAdNetworkIdentifier": "kontext.skadnetwork"]],
                "AdNetworkIdentifiers": ["kontext.adattributionkit"],
            ] : ["CFBundleShortVersionString": "1.0"]
            nonisolated(unsafe) let given = info
            KontextVideo.shared.beginSession { $0.appInfoDictionary = { given } }
            let lines = Lines()
            KontextVideo.shared.events.add(lines)
            await harness.initialize(logLevel: .debug)
            if listsTheIds {
                #expect(lines.named.isEmpty)
            } else {
                let line = try #require(lines.named.only)
                #expect(line.level == .debug)
                #expect(line.attributes["missing"] == "kontext.skadnetwork, kontext.adattributionkit")
                #expect(line.attributes["xml"]?.contains("<key>SKAdNetworkItems</key>") == true)
            }
        }
    }
}

extension Array {
    /// The one element, or `nil` when there are none or several.
    fileprivate var only: Element? { count == 1 ? first : nil }
}
