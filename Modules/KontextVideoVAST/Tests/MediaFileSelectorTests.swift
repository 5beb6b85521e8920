import Testing
@testable import KontextVideoVAST

@Suite("MediaFileSelector")
struct MediaFileSelectorTests {
    private func file(_ url: String, type: String = "video/mp4", width: Int? = nil, height: Int? = nil, bitrate: Int? = nil, delivery: String = "progressive") -> VASTMediaFile {
        var file = VASTMediaFile(url: url)
        file.type = type
        file.width = width
        file.height = height
        file.bitrate = bitrate
        file.delivery = delivery
        return file
    }

    private func pick(_ files: [VASTMediaFile], _ device: DeviceProfile) -> String? {
        try? MediaFileSelector(device: device).select(from: files).get().url
    }

    @Test func picksTheLargestFileThatFitsThenTheHighestBitrate() {
        // jonhoo/vast-vmap test-inline-singlead-mediafiles: 800x600 → medias[3]; bitrate cap 500 → medias[2].
        let files = [
            file("https://x/0", type: "video/x-flv", width: 400, height: 300, bitrate: 500),
            file("https://x/1", type: "video/x-flv", width: 400, height: 300, bitrate: 800),
            file("https://x/2", type: "video/x-flv", width: 800, height: 600, bitrate: 500),
            file("https://x/3", type: "video/x-flv", width: 800, height: 600, bitrate: 600),
        ]
        let device = DeviceProfile(supportedMIMETypes: ["video/x-flv"], screenWidth: 800, screenHeight: 600)
        #expect(pick(files, device) == "https://x/3")
        var capped = device
        capped.estimatedBandwidthKbps = 500
        #expect(pick(files, capped) == "https://x/2")
    }

    @Test func comparesInLandscapeSoAPortraitScreenStillFits() {
        let files = [file("https://x/small", width: 640, height: 360), file("https://x/hd", width: 1280, height: 720)]
        #expect(pick(files, DeviceProfile(screenWidth: 750, screenHeight: 1334)) == "https://x/hd")
    }

    @Test func whenNothingFitsTheSmallestWins() {
        let files = [file("https://x/4k", width: 3840, height: 2160), file("https://x/hd", width: 1920, height: 1080)]
        #expect(pick(files, DeviceProfile(screenWidth: 1280, screenHeight: 720)) == "https://x/hd")
    }

    @Test func cellularCapsTheBitrateAndFallsBackToTheLowest() {
        let files = [file("https://x/high", width: 1280, height: 720, bitrate: 4000), file("https://x/low", width: 640, height: 360, bitrate: 800)]
        #expect(pick(files, DeviceProfile(screenWidth: 1920, screenHeight: 1080, isOnCellular: true)) == "https://x/low")
        #expect(pick(files, DeviceProfile(screenWidth: 1920, screenHeight: 1080)) == "https://x/high")
        let allHigh = [file("https://x/a", bitrate: 5000), file("https://x/b", bitrate: 3000)]
        #expect(pick(allHigh, DeviceProfile(screenWidth: 1920, screenHeight: 1080, isOnCellular: true)) == "https://x/b")
    }

    @Test func prefersHLSWhenThePlatformPlaysIt() {
        let files = [file("https://x/a.mp4", width: 1280, height: 720), file("https://x/a.m3u8", type: "application/x-mpegURL", delivery: "streaming")]
        #expect(pick(files, .standard) == "https://x/a.m3u8")
    }

    @Test func refusesUnplayableFilesWith403() {
        var vpaid = file("https://x/vpaid.js", type: "application/javascript")
        vpaid.apiFramework = "VPAID"
        let files = [
            file("https://x/a.flv", type: "video/x-flv"), vpaid,
            file("rtmp://x/a.mp4"), file("/static/relative.mp4"),
        ]
        let result = MediaFileSelector(device: .standard).select(from: files)
        #expect(throws: VASTError.self) { try result.get() }
        if case .failure(let error) = result { #expect(error.code == .noSupportedMedia) }
        #expect(pick([], .standard) == nil)
    }

    @Test func anMP4LabelledStreamingIsStillPlayed() {
        #expect(pick([file("https://x/s.mp4", delivery: "streaming")], .standard) == "https://x/s.mp4")
    }

    @Test func anMP4MarkedVPAIDIsStillAVideo() {
        var mp4 = file("https://x/v.mp4")
        mp4.apiFramework = "VPAID"
        #expect(pick([mp4], .standard) == "https://x/v.mp4")
    }

    @Test func matchesMIMETypesIgnoringCaseAndParameters() {
        #expect(pick([file("https://x/a", type: "Video/MP4; codecs=\"avc1\"")], .standard) == "https://x/a")
    }
}
