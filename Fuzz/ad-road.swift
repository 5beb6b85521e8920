// fuzz-modules: KontextVideoCreatives, KontextVideoPresentation, KontextVideoNetworking, KontextVideoVAST, KontextVideoModels, KontextVideoScheduling
// fuzz-seeds: Fuzz/seeds/ad-road
// fuzz-shared-seeds: vast-corpus *.xml
// fuzz-max-len: 81920
// fuzz-dict: Fuzz/ad-road.dict
// fuzz-timeout: 2
//
// The whole road an ad's bytes take, where the arithmetic is (issue 32: one extreme number in a
// media file killed every app that loaded it). The first byte picks the device (the standard
// screen, the largest and smallest a profile takes, a portrait phone, cellular), its low bit the
// road:
// - even: the bytes as a VAST document: read, resolved (merge, media selection for that device),
//   then for each ad the skip rule, the playback session driven through its inputs with extreme
//   positions and lengths, the tracker through every moment, the end card's choice;
// - odd: the bytes as an ad answer: decoded, and an ad's size laid out in hosts of every shape.
// Besides "no crash, no sanitizer report, no hang", it checks the bounds `WireNumber` promises:
// every size, bitrate and time that comes out is within its kind's range.
import Foundation
import KontextVideoModels
import KontextVideoScheduling
import KontextVideoNetworking
import KontextVideoVAST
import KontextVideoPresentation
import KontextVideoCreatives

/// A fetcher with nothing to fetch: a wrapper's tag fails as an unreachable one does.
private struct NoFetcher: VASTFetching {
    func fetch(_ url: URL) async throws -> Data { throw URLError(.cannotConnectToHost) }
}

/// A clock that never sleeps: the walk's per-hop time-out is not what is fuzzed.
private struct StillClock: SchedulingClock {
    var now: Duration { .zero }
    func sleep(until deadline: Duration) async throws { try Task.checkCancellation() }
}

/// The extreme numbers a device or player may report.
private let extremes: [Double] = [0, 0.5, 3, 1e9, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .infinity, .nan, -1, 4_294_967_296]

@_cdecl("LLVMFuzzerTestOneInput")
public func adRoadFuzzTarget(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    guard let start, count >= 1 else { return 0 }
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    let devices = [
        DeviceProfile.standard, DeviceProfile(screenWidth: .max, screenHeight: .max, estimatedBandwidthKbps: .max),
        DeviceProfile(screenWidth: .min, screenHeight: 0), DeviceProfile(screenWidth: 1170, screenHeight: 2532, isOnCellular: true),
    ]
    let device = devices[Int(bytes[0] >> 1) % devices.count]
    let body = Data(bytes[1...])
    if bytes[0] & 1 == 0 { vastRoad(body, device: device) } else { answerRoad(body) }
    return 0
}

private func vastRoad(_ data: Data, device: DeviceProfile) {
    let resolution = runBlocking {
        await VASTResolver(fetcher: NoFetcher(), clock: StillClock(), device: device).resolve(.document(data))
    }
    for ad in resolution.ads {
        for file in ad.mediaFiles {
            check(file.width, .pixels)
            check(file.height, .pixels)
            check(file.bitrate, .kilobitsPerSecond)
            check(file.fileSize, .bytes)
        }
        precondition(ad.duration.isFinite && ad.duration >= 0 && ad.duration <= 86_400, "duration \(ad.duration)")
        if let skip = ad.skipOffset { precondition(skip.isFinite && skip >= 0, "skip offset \(skip)") }
        _ = MediaFileSelector(device: device).choose(from: ad.mediaFiles)
        _ = EndCardContent.choose(ad.endCard, showsPages: true)
        for icon in ad.icons { check(icon.width, .pixels); check(icon.height, .pixels) }
        var session = LinearPlaybackSession(configuration: .init(ad: ad, hasEndCard: ad.endCard != nil))
        var tracker = LinearTracker(ad: ad)
        var now = Duration.zero
        _ = session.handle(.start(outputVolume: 1, appPublishesNowPlayingInfo: true), now: now)
        _ = session.handle(.firstFrameRendered, now: now)
        _ = tracker.pixels(for: .firstFrame)
        for value in extremes {
            now += .seconds(1)
            _ = session.handle(.mediaLength(value), now: now)
            _ = session.handle(.position(value), now: now)
            _ = tracker.pixels(for: .progress(position: value, duration: value))
        }
        _ = session.handle(.skipPressed, now: now)
        _ = session.handle(.reachedEnd, now: now)
        for moment in [LinearPlaybackMoment.pause, .resume, .mute, .unmute, .click, .skip, .complete, .endCardShown, .endCardClick, .closeEndCard] {
            _ = tracker.pixels(for: moment)
        }
    }
}

private func answerRoad(_ data: Data) {
    for format in AdFormat.allCases {
        guard case .success(.ad(let ad)) = PreloadAnswer(status: 200, body: data, requestedFormat: format, urlRule: AdURLRule(allowsLocalHosts: false)).result else { continue }
        if let width = ad.creative.width { precondition(WireNumber.Kind.points.range.contains(width), "width \(width)") }
        if let height = ad.creative.height { precondition(WireNumber.Kind.points.range.contains(height), "height \(height)") }
        let kind: CreativeSizeNeeds.Kind = format == .overlay ? .overlayStrip : ad.creative.fullScreen ? .fullScreenPause : .pauseCard
        guard let needs = CreativeSizeNeeds(width: CGFloat(ad.creative.width ?? 320), height: CGFloat(ad.creative.height ?? 50), kind: kind) else { continue }
        for size in [CGSize(width: 390, height: 844), CGSize(width: 1, height: 1), CGSize(width: 1e308, height: 1e308), .zero] {
            if case .failure(.containerTooSmall(let minimum)) = AdLayout.place(needs, in: HostSnapshot(size: size), insets: .zero) {
                _ = VideoAdError.containerTooSmall(minimum: minimum).localizedDescription
            }
        }
    }
}

private func check(_ value: Int?, _ kind: WireNumber.Kind) {
    guard let value else { return }
    precondition(kind.range.contains(Double(value)), "\(kind) \(value)")
}

/// Runs `work` to its end from a synchronous caller (libFuzzer's), and returns only once the task
/// has freed what it held: libFuzzer counts an input's allocations against its frees when the
/// callback returns, and a task still releasing its closure would read as a leak.
private func runBlocking<Value: Sendable>(_ work: @escaping @Sendable () async -> Value) -> Value {
    let done = DispatchSemaphore(value: 0)
    let box = ResultBox<Value>()
    weak var held: ResultBox<Value>?
    do {
        let sentinel = ResultBox<Value>()
        held = sentinel
        Task.detached {
            withExtendedLifetime(sentinel) {}
            box.value = await work()
            done.signal()
        }
    }
    done.wait()
    while held != nil { sched_yield() }
    return box.value!
}

/// The result of `runBlocking`'s task, handed over once through the semaphore.
private final class ResultBox<Value>: @unchecked Sendable {
    var value: Value?
}
