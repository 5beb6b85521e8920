import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import KontextVideoSandbox

/// The linear ads' video (`Resources/sandbox-ad.mp4`, made by `Scripts/make-sandbox-video`): a
/// real MP4 a device plays, as long and as large as the VAST says, served whole and by ranges.
@Suite("Sandbox video")
struct SandboxVideoTests {
    /// The file's tracks, read from its boxes.
    private struct Track {
        var handler: String?
        var seconds: Double
        var size: (width: Int, height: Int)?
        var entry: String?
        var avcProfile: UInt8?
    }

    private func tracks(of moov: MP4Box) throws -> [Track] {
        try moov.children.filter { $0.type == "trak" }.map { trak in
            let mdhd = try #require(trak.descendant(["mdia", "mdhd"])?.timescaleAndDuration)
            let entry = trak.descendant(["mdia", "minf", "stbl", "stsd"])?.sampleEntries.first
            return Track(handler: trak.descendant(["mdia", "hdlr"])?.handlerType,
                         seconds: Double(mdhd.duration) / Double(mdhd.timescale),
                         size: trak.child("tkhd")?.trackSize, entry: entry?.type, avcProfile: entry?.avcProfile)
        }
    }

    @Test func isAnMP4WithAVideoAndAnAudioTrackOfTheStatedLength() throws {
        let data = SandboxVideo.data
        #expect(data.count > 10_000, "the resource is in the build")
        #expect(data.count < 300_000, "small enough to commit and to ship in the test kit")
        let top = try #require(MP4Box.boxes(in: data), "the file is a sequence of whole boxes")
        #expect(top.map(\.type).filter { ["ftyp", "moov", "mdat"].contains($0) } == ["ftyp", "moov", "mdat"],
                "ftyp first, then moov before mdat (faststart: playback starts before the whole file arrived)")
        let ftyp = try #require(top.first { $0.type == "ftyp" })
        #expect(["isom", "mp42", "mp41"].contains(String(decoding: ftyp.payload.prefix(4), as: UTF8.self)))

        let moov = try #require(top.first { $0.type == "moov" })
        let movie = try #require(moov.child("mvhd")?.timescaleAndDuration)
        #expect(abs(Double(movie.duration) / Double(movie.timescale) - Double(SandboxVideo.durationSeconds)) < 0.05)

        let tracks = try tracks(of: moov)
        let video = try #require(tracks.first { $0.handler == "vide" })
        #expect(video.entry == "avc1")
        #expect([66, 77].contains(video.avcProfile ?? 0), "H.264 Baseline or Main: 4:2:0, decoded by every device")
        #expect(video.size?.width == SandboxVideo.width && video.size?.height == SandboxVideo.height)
        #expect(abs(video.seconds - Double(SandboxVideo.durationSeconds)) < 0.1)
        let audio = try #require(tracks.first { $0.handler == "soun" })
        #expect(audio.entry == "mp4a")
        #expect(abs(audio.seconds - Double(SandboxVideo.durationSeconds)) < 0.1)
        #expect(tracks.count == 2)
    }

    @Test func theDefaultAdLastsAsLongAsTheVideo() {
        #expect(SandboxAd().duration == Double(SandboxVideo.durationSeconds))
    }

    @Test func theVASTStatesTheFilesFacts() async throws {
        let server = try SandboxAdServer()
        defer { server.stop() }
        let (answer, _) = try await WireClient.postJSON(server, "/video/preload", WireClient.preloadBody(format: "linear"))
        let (document, _) = try await WireClient.get(try #require(answer?["ad"]?["creative"]?["url"]?.stringValue))
        let file = try #require(VASTTestReader.attributes(of: "MediaFile", in: document))
        #expect(file["type"] == SandboxVideo.contentType && file["delivery"] == "progressive")
        #expect(file["width"] == "\(SandboxVideo.width)" && file["height"] == "\(SandboxVideo.height)")
        let bitrate = Double(SandboxVideo.data.count) * 8 / Double(SandboxVideo.durationSeconds) / 1000
        #expect(abs((Double(file["bitrate"] ?? "") ?? 0) - bitrate) <= 0.5, "kilobits per second, the file's average")
        #expect(VASTTestReader.text(of: "Duration", in: document) == "00:00:15.000")
        #expect(SandboxVideo.durationSeconds == 15)
    }

    @Test func isServedWholeAndByByteRangesOverLoopback() async throws {
        let server = try SandboxAdServer()
        defer { server.stop() }
        let url = try #require(URL(string: "\(server.baseURL)/media/ad-1.mp4"))
        let data = SandboxVideo.data

        let (whole, wholeResponse) = try await LoopbackClient.send(url)
        #expect(wholeResponse.statusCode == 200 && whole == data)
        #expect(wholeResponse.value(forHTTPHeaderField: "Content-Type") == "video/mp4")
        #expect(wholeResponse.value(forHTTPHeaderField: "Accept-Ranges") == "bytes")

        // What AVPlayer asks first (two bytes), then a part from the middle to the end.
        let (probe, probeResponse) = try await LoopbackClient.send(url, headers: ["Range": "bytes=0-1"])
        #expect(probeResponse.statusCode == 206 && probe == data.prefix(2))
        #expect(probeResponse.value(forHTTPHeaderField: "Content-Range") == "bytes 0-1/\(data.count)")
        let (rest, restResponse) = try await LoopbackClient.send(url, headers: ["Range": "bytes=1000-"])
        #expect(restResponse.statusCode == 206 && rest == data.dropFirst(1000))
        #expect(restResponse.value(forHTTPHeaderField: "Content-Range") == "bytes 1000-\(data.count - 1)/\(data.count)")

        let (_, past) = try await LoopbackClient.send(url, headers: ["Range": "bytes=\(data.count)-"])
        #expect(past.statusCode == 416 && past.value(forHTTPHeaderField: "Content-Range") == "bytes */\(data.count)")
        #expect(server.requests.allSatisfy { $0.path == "/media/ad-1.mp4" })
    }

    /// `Range` headers against a body of 100 bytes.
    @Test(arguments: [
        (nil, ByteRange.whole),
        ("bytes=0-1", .part(0...1)),
        ("bytes=0-", .part(0...99)),
        ("bytes=10-19", .part(10...19)),
        ("bytes=90-500", .part(90...99)),
        ("bytes=-10", .part(90...99)),
        ("bytes=-500", .part(0...99)),
        (" bytes=5-6 ", .part(5...6)),
        ("bytes=5-99999999999999999999999", .part(5...99)),
        ("BYTES=5-6", .part(5...6)),
        ("bytes=100-", .unsatisfiable),
        ("bytes=100-200", .unsatisfiable),
        ("bytes=-0", .unsatisfiable),
        ("bytes=99999999999999999999999-", .unsatisfiable),
        ("bytes=0-1,5-6", .whole),
        ("bytes=5-1", .whole),
        ("bytes=-", .whole),
        ("bytes=a-b", .whole),
        ("items=0-1", .whole),
        ("", .whole),
    ] as [(String?, ByteRange)])
    func rangeHeaders(header: String?, expected: ByteRange) {
        #expect(ByteRange(header: header, length: 100) == expected)
    }

    @Test func rangeAnswers() {
        let body = Data((0..<100).map(UInt8.init))
        let part = ByteRange.part(10...19).response(body, contentType: "video/mp4")
        #expect(part.status == 206 && part.body == body[10...19] && part.headers["Content-Range"] == "bytes 10-19/100")
        #expect(ByteRange.whole.response(body, contentType: "video/mp4") ==
                HTTPResponse(status: 200, headers: ["Content-Type": "video/mp4", "Accept-Ranges": "bytes"], body: body))
        let refused = ByteRange.unsatisfiable.response(body, contentType: "video/mp4")
        #expect(refused.status == 416 && refused.body.isEmpty && refused.headers["Content-Range"] == "bytes */100")
        #expect(HTTPResponse.reasonPhrase(206) == "Partial Content" && HTTPResponse.reasonPhrase(416) == "Range Not Satisfiable")
    }
}
