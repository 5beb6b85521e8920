import Foundation
import Testing
import KontextVideo
import KontextVideoTesting

/// The network the device is on reaches the media selector: through the test kit, a linear ad
/// loaded on cellular has its file chosen under the cellular bitrate cap.
@Suite("Media choice on the device's network, through the test kit", .serialized)
@MainActor
struct CellularMediaChoiceTests {
    let inspector = KontextVideo.shared.inspector

    @Test("on cellular the cap applies to the choice; on Wi-Fi it does not", arguments: [true, false])
    func cap(onCellular: Bool) async throws {
        try await KontextVideoHarness.run { harness in
            harness.isOnCellular = onCellular
            inspector.clear()
            inspector.start()
            defer { inspector.stop() }
            await harness.initialize()
            let ads = VideoAds(content: .init(id: "e1", language: "en"))
            let linear = try await ads.format(.linear)
            try await linear.load()
            let file = try #require(inspector.snapshot().ads.first { $0.answer?.adId == linear.id }?.mediaFile)
            let reason = try #require(file.reason)
            // The sandbox's one 800 kbps file is under the cap: the cap applied and dropped nothing.
            #expect(reason.contains("0 over 1500 kbps (cellular) left out") == onCellular, "\(reason)")
            #expect(file.url.hasSuffix("/media/\(linear.id).mp4"))
        }
    }
}
