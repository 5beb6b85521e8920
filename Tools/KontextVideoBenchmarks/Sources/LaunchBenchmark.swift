import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import KontextVideo
import KontextVideoConcurrency
import KontextVideoCreatives
import KontextVideoNetworking
import KontextVideoScheduling
import KontextVideoTesting

/// What `initialize(with:)` costs at app launch, the moment publishers watch most closely, each
/// figure beside a floor measured in the same round: what any SDK that asks a server at launch
/// pays on the main thread — reading the same `UserDefaults` keys (the consent platform's IAB keys
/// and the install id's mirror) and creating and resuming one `URLSession` task with the SDK's own
/// `/init` request. Every round starts from a fresh storage directory and defaults suite (a first
/// launch), on the real clock and URLSession, against the sandbox in another process.
@MainActor
enum LaunchBenchmark {
    /// One round's figures, in seconds.
    private struct Round {
        var callReturned: Double
        var untilRequestLeft: Double
        var untilReady: Double
        var mainThreadCPU: Double
        var mainThreadIO: Int
        var floorCallReturned: Double
        var floorUntilAnswer: Double
        var floorMainThreadCPU: Double
    }

    static func run(server: SandboxChild, rounds: Int) async {
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let keys = [
            ConsentResolver.Key.tcString, ConsentResolver.Key.gdprApplies, ConsentResolver.Key.gppString,
            ConsentResolver.Key.gppSid, ConsentResolver.Key.usPrivacy, InstallIdentifier.defaultsKey,
        ]
        var measured: [Round] = []
        for round in 0..<(rounds + 3) {
            let storage = FileManager.default.temporaryDirectory.appendingPathComponent("kontext-bench-launch-\(UUID().uuidString)")
            let suite = "kontext-bench-launch-\(UUID().uuidString)"
            defer {
                try? FileManager.default.removeItem(at: storage)
                UserDefaults.standard.removePersistentDomain(forName: suite)
            }
            let defaults = UserDefaults(suiteName: suite) ?? .standard
            let transport = FirstRequestTransport(base: URLSessionTransport())
            // A new launch; the last one's shutdown is over before the clock starts.
            await KontextVideo.shared.launch.beginSession(on: SDKEnvironment(
                clock: SystemClock(), transport: transport, storageDirectory: storage, defaults: defaults,
                rendererFactory: PlatformCreativeRendererFactory(),
                platform: HeadlessPlatform(defaultPresenter: { HeadlessPresenter() }, clickOpener: HeadlessClickOpener()),
                identifiers: RandomIdentifiers(),
                appBundleId: "so.kontext.bench", appVersion: "1.0"
            )).waitForPredecessor()
            let configuration = KontextVideo.Configuration(publisherToken: "acme-dev", logLevel: .none, serverURL: server.baseURL)

            // The SDK: the call as an app delegate makes it, then the state it reports.
            let io = MainThreadProbe.ioCalls()
            let cpu = MainThreadProbe.cpuSeconds()
            let start = Date()
            var callReturned = 0.0
            let state: KontextVideo.State = await withCheckedContinuation { continuation in
                KontextVideo.shared.initialize(with: configuration) { continuation.resume(returning: $0) }
                callReturned = -start.timeIntervalSinceNow
            }
            let untilReady = -start.timeIntervalSinceNow
            let mainThreadCPU = MainThreadProbe.cpuSeconds() - cpu
            let mainThreadIO = zip(io.map { [$0.reads, $0.writes] } ?? [], MainThreadProbe.ioCalls().map { [$0.reads, $0.writes] } ?? [])
                .reduce(0) { $0 + $1.1 - $1.0 }
            guard case .enabled = state, let sent = transport.first else {
                print("  launch: round \(round) did not initialize (\(state))")
                return
            }

            // The floor: the same keys read, one task made and resumed with the same request.
            let floorCPU = MainThreadProbe.cpuSeconds()
            let floorStart = Date()
            var floorCallReturned = 0.0
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                for key in keys { _ = defaults.object(forKey: key) }
                session.dataTask(with: sent.request) { _, _, _ in continuation.resume() }.resume()
                floorCallReturned = -floorStart.timeIntervalSinceNow
            }
            let floorUntilAnswer = -floorStart.timeIntervalSinceNow
            let floorMainThreadCPU = MainThreadProbe.cpuSeconds() - floorCPU
            guard round >= 3 else { continue }
            measured.append(Round(
                callReturned: callReturned, untilRequestLeft: sent.at.timeIntervalSince(start), untilReady: untilReady,
                mainThreadCPU: mainThreadCPU, mainThreadIO: mainThreadIO, floorCallReturned: floorCallReturned,
                floorUntilAnswer: floorUntilAnswer, floorMainThreadCPU: floorMainThreadCPU))
        }
        func median(_ figure: (Round) -> Double) -> Double {
            let sorted = measured.map(figure).sorted()
            return sorted.isEmpty ? .nan : sorted[sorted.count / 2]
        }
        let floorCall = median { $0.floorCallReturned }
        print("  launch: initialize(with:) from a first launch, \(measured.count) rounds (median, µs); floor: the same \(keys.count) UserDefaults keys read")
        print("    and one URLSession task created and resumed with the SDK's own /init request, on the main thread, in the same round")
        print(String(format: "    initialize(with:) returns             %8.1f   floor %8.1f   %6.1f×", median { $0.callReturned } * 1e6, floorCall * 1e6, median { $0.callReturned } / floorCall))
        print(String(format: "    the /init request leaves              %8.1f   floor %8.1f   %6.1f×", median { $0.untilRequestLeft } * 1e6, floorCall * 1e6, median { $0.untilRequestLeft } / floorCall))
        print(String(format: "    the state arrives (the /init answer)  %8.1f   floor %8.1f   %6.1f× (floor: until the bare task's answer)",
                     median { $0.untilReady } * 1e6, median { $0.floorUntilAnswer } * 1e6, median { $0.untilReady } / median { $0.floorUntilAnswer }))
        print(String(format: "    main-thread CPU until then            %8.1f   floor %8.1f   %6.1f×",
                     median { $0.mainThreadCPU } * 1e6, median { $0.floorMainThreadCPU } * 1e6, median { $0.mainThreadCPU } / median { $0.floorMainThreadCPU }))
        print("    main thread's read/write system calls during initialize: \(measured.map(\.mainThreadIO).max() ?? 0) at most in a round"
            + " (the install id and the event queue are read and opened off the main thread)")
    }
}

/// The SDK's transport, wrapped: it notes the first request it is handed and when.
final class FirstRequestTransport: HTTPTransport {
    private let base: any HTTPTransport
    private let state = LockedState<(request: URLRequest, at: Date)?>(nil)

    init(base: any HTTPTransport) {
        self.base = base
    }

    /// The first request and the moment it reached the transport.
    var first: (request: URLRequest, at: Date)? { state.withLock { $0 } }

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let now = Date()
        state.withLock { if $0 == nil { $0 = (request, now) } }
        return try await base.send(request)
    }
}
