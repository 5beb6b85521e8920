import Foundation
import Testing
import KontextVideoModels
import KontextVideoTestSupport
@testable import KontextVideoVAST

/// Numbers an ad's VAST may state, however extreme, never trap anywhere on the road: the reader,
/// the wrapper merge, media selection, offsets and the tracker (issue 32: `kontext-vast inspect`
/// died with signal 4 on documents with one extreme number, and so did every linear `load()`).
@Suite("VAST: hostile numbers")
struct VASTHostileNumbersTests {
    /// The whole road of one document: read, resolved (merge and media selection) for a device at
    /// the largest screen and bandwidth it could report, then played through the tracker.
    static func drive(_ xml: String) async -> VASTResolution {
        let device = DeviceProfile(screenWidth: .max, screenHeight: .max, estimatedBandwidthKbps: .max)
        let resolver = VASTResolver(fetcher: InMemoryVASTFetcher(), clock: TestClock(), device: device)
        let resolution = await resolver.resolve(.document(Data(xml.utf8)))
        for ad in resolution.ads {
            var tracker = LinearTracker(ad: ad)
            _ = tracker.handle(.firstFrame)
            for position in [0.5, 3, 5, 10, 1e9, .greatestFiniteMagnitude] {
                _ = tracker.handle(.progress(position: position, duration: ad.duration))
            }
            _ = tracker.handle(.complete)
            _ = ad.skipOffset.map { $0 <= ad.duration }
        }
        return resolution
    }

    @Test(arguments: HostileNumbers.vastFields)
    func everyFieldAtEveryExtremeResolvesWithinRange(_ field: String) async throws {
        for value in HostileNumbers.extremes {
            // Clock times take digits only: the extremes that are not are refused by the time
            // policy, which this covers too.
            let resolution = await Self.drive(HostileNumbers.vastDocument(field, value))
            let ad = try #require(resolution.ads.first, "\(field)=\(value.prefix(24)): \(String(describing: resolution.error))")
            for file in ad.mediaFiles {
                #expect(file.width.map { WireNumber.Kind.pixels.range.contains(Double($0)) } ?? true)
                #expect(file.height.map { WireNumber.Kind.pixels.range.contains(Double($0)) } ?? true)
                #expect(file.bitrate.map { WireNumber.Kind.kilobitsPerSecond.range.contains(Double($0)) } ?? true)
            }
            #expect(ad.duration <= 86_400)
            #expect((ad.skipOffset ?? 0) <= 86_400)
        }
    }

    /// The documents that crashed before, each a regression test.
    @Test(arguments: [("4294967296", "4294967296"), ("3037000500", "3037000500"), ("9223372036854775807", "1")])
    func theSizesThatTrappedMediaSelectionNowChooseAFile(_ width: String, _ height: String) async throws {
        let xml = HostileNumbers.vastDocument("MEDIA_WIDTH", width).replacingOccurrences(of: "height=\"320\" bitrate", with: "height=\"\(height)\" bitrate")
        let resolution = await Self.drive(xml)
        let ad = try #require(resolution.ads.first)
        #expect(ad.mediaFile.url == "https://cdn.example/hd.mp4", "the absurd size reads as no size; the sized file that fits wins")
        // The same on a selector given the numbers directly, as a reader of another version might.
        var big = VASTMediaFile(url: "https://cdn.example/big.mp4")
        big.type = "video/mp4"
        big.width = Int(width)
        big.height = Int(height)
        let device = DeviceProfile(screenWidth: .max, screenHeight: .max)
        #expect(device.screenWidth == 100_000, "the device's numbers are bounded too")
        let chosen = MediaFileSelector(device: device).select(from: [big])
        #expect((try? chosen.get().url) == "https://cdn.example/big.mp4")
    }

    @Test func aMediaFileOnALocalHostIsNotChosenWhileTheServerIsPublic() throws {
        var local = VASTMediaFile(url: "http://192.168.1.20/ad.mp4")
        local.type = "video/mp4"
        var lan = local
        lan.url = "http://nas.local/ad.mp4"
        var cdn = local
        cdn.url = "https://cdn.example/ad.mp4"
        let production = MediaFileSelector(device: .standard, urlRule: AdURLRule(serverURL: try #require(URL(string: "https://server.megabrain.co"))))
        #expect((try? production.select(from: [local, lan, cdn]).get().url) == cdn.url)
        if case .failure(let error) = production.select(from: [local, lan]) { #expect(error.code == .noSupportedMedia) } else {
            Issue.record("only local files: VAST 403")
        }
        let sandbox = MediaFileSelector(device: .standard, urlRule: AdURLRule(serverURL: try #require(URL(string: "http://127.0.0.1:8080"))))
        #expect((try? sandbox.select(from: [local]).get().url) == local.url)
    }

    @Test func httpsIsPreferredOverPlainHTTPWhicheverIsLarger() throws {
        func file(_ url: String, _ width: Int, type: String = "video/mp4") -> VASTMediaFile {
            var file = VASTMediaFile(url: url)
            file.type = type
            file.width = width
            file.height = width * 9 / 16
            return file
        }
        let selector = MediaFileSelector(device: .standard)
        let http = file("http://cdn.example/1080.mp4", 1920)
        let https = file("https://cdn.example/360.mp4", 640)
        #expect((try? selector.select(from: [http, https]).get().url) == https.url, "transport security would refuse the http file")
        #expect((try? selector.select(from: [http]).get().url) == http.url, "with no https file, http still plays (the sandbox is http)")
        let httpHLS = file("http://cdn.example/a.m3u8", 0, type: "application/x-mpegURL")
        #expect((try? selector.select(from: [httpHLS, https]).get().url) == https.url, "https wins over an http HLS stream")
    }
}
