import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import KontextVideo
import KontextVideoCreatives
import KontextVideoNetworking
import KontextVideoScheduling
import KontextVideoTesting

/// `kontext-video-bench sdk [--iterations N] [--objects N] [--figures FILE] [--no-launch]`: the SDK's
/// own cost against the sandbox ad server on loopback (in a child process), on the real clock and
/// URLSession, release build. `--figures` writes the ratios CI holds (`SDKFigures`, checked by
/// `Scripts/bench-check` against `thresholds.json`); `--no-launch` skips the launch rounds.
///
/// - `format()` + `load()` of a pause ad against a bare `URLSession` sending the same requests the
///   SDK sent (recorded by its transport) to the same server, alternating: the ratio of medians,
///   and the median of each load's ratio to the bare requests sent beside it (the figure CI holds).
/// - Main-actor time per public call, median and p99: wall time for the synchronous calls (each
///   beside one bare `write(2)`, taken before it and after it in turn: its ratio is the geometric
///   mean of the two places' ratios of medians, on the monotonic clock); main-thread
///   CPU time between the call and its return for `format` and `load`, which suspend (the main
///   thread runs the main actor and nothing else here), each beside its own floor: the main-thread
///   CPU of the same request (the ad request; the creative's fetch) on a bare `URLSession`, awaited
///   from the main actor. The main thread's read and write system
///   calls over the whole run, and the thread each request was sent from, show where I/O happens.
/// - Memory per `VideoAds` holding a loaded pause ad, over `--objects` of them (glibc heap in use),
///   then after `destroy()`, then after the objects are released (checked through weak references).
@MainActor
enum SDKBenchmark {
    static func run(arguments: [String]) async -> Int32 {
        let iterations = value("--iterations", in: arguments) ?? 500
        let objects = value("--objects", in: arguments) ?? 10_000
        let figuresFile = string("--figures", in: arguments)
        var figures = SDKFigures()
        let server: SandboxChild
        do {
            server = try SandboxChild()
        } catch {
            FileHandle.standardError.write(Data("sdk: the sandbox server did not start: \(error)\n".utf8))
            return 1
        }
        defer { server.stop() }
        let transport = RecordingTransport(base: URLSessionTransport())
        let storage = FileManager.default.temporaryDirectory.appendingPathComponent("kontext-bench-sdk-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: storage) }
        try? FileManager.default.createDirectory(at: storage, withIntermediateDirectories: true)
        let suite = "kontext-bench-sdk-\(UUID().uuidString)"
        defer { UserDefaults.standard.removePersistentDomain(forName: suite) }
        let presenter = HeadlessPresenter()
        KontextVideo.shared.launch.beginSession(on: SDKEnvironment(
            clock: SystemClock(), transport: transport, storageDirectory: storage,
            defaults: UserDefaults(suiteName: suite) ?? .standard,
            rendererFactory: PlatformCreativeRendererFactory(),
            platform: HeadlessPlatform(defaultPresenter: { presenter }, clickOpener: HeadlessClickOpener()),
            identifiers: RandomIdentifiers(),
            appBundleId: "so.kontext.bench", appVersion: "1.0"
        ))
        // The default log level, `.warning`, as a publisher's app runs: what a call does only for
        // a warning it might report (its state, taken before it runs) is part of its cost.
        let configuration = KontextVideoConfiguration(publisherToken: "acme-dev", serverURL: server.baseURL)
        let state = await KontextVideo.shared.initialize(with: configuration)
        print("SDK benchmark (release build; sandbox server on loopback in a child process; real clock and URLSession)")
        print("  initialize: \(state); log level: .\(configuration.logLevel) (the default); \(iterations) iterations, \(objects) objects; main actor on the main thread: \(Thread.isMainThread)")
        guard case .enabled = state else { return 1 }

        let floor: BareWriteFloor
        do {
            floor = try BareWriteFloor()
        } catch {
            print("  the bare write(2) floor could not open its file: \(error)")
            return 1
        }
        let ioBefore = MainThreadProbe.ioCalls()
        var timings: [String: [Double]] = [:]
        // Each call's floor, measured beside it: where a call comes in the loop (right after an
        // await, or right after another call) changes what its first system call costs. Kept by
        // place, the call's as well as the floor's: the first place (right after what came before)
        // and the second (right after the first), each call divided by the floor in its own place.
        var floorsBefore: [String: [Double]] = [:]
        var floorsAfter: [String: [Double]] = [:]
        var callsFirst: [String: [Double]] = [:]
        var callsSecond: [String: [Double]] = [:]
        var sdkRoundTrips: [Double] = []
        var rawRoundTrips: [Double] = []
        var requestsPerLoad: [String] = []
        let session = URLSession(configuration: .ephemeral)
        var previousRequests: [URLRequest] = []
        var sdkCPU: [Double] = []
        var rawCPU: [Double] = []
        var rawMainCPU: [Double] = []
        // The main-thread CPU of each bare request alone, by its place in the load: the floor of
        // `format()` (the ad request) and of `load()` (the creative's fetch).
        var rawMainCPUByRequest: [[Double]] = []
        for iteration in 0..<(iterations + 20) {
            let warmingUp = iteration < 20
            func note(_ name: String, _ seconds: Double) {
                if !warmingUp { timings[name, default: []].append(seconds) }
            }
            // A synchronous call and its floor, one bare write(2) of an event's journal line, in
            // turn first and second: the first system call after the main thread woke from an await
            // costs several times the one right after it (a C loop of two writes to two files, 2 ms
            // apart: 10 µs, then 2.6 µs), so a floor always measured second would be always warm.
            func timeCall(_ name: String, _ call: () throws -> Void) rethrows {
                let floorFirst = iteration.isMultiple(of: 2)
                if floorFirst {
                    let write = floor.measure()
                    if !warmingUp { floorsBefore[name, default: []].append(write) }
                }
                let start = MonotonicTime.now()
                try call()
                let seconds = MonotonicTime.now() - start
                note(name, seconds)
                if !warmingUp {
                    if floorFirst { callsSecond[name, default: []].append(seconds) } else { callsFirst[name, default: []].append(seconds) }
                }
                if !floorFirst {
                    let write = floor.measure()
                    if !warmingUp { floorsAfter[name, default: []].append(write) }
                }
            }
            do {
                // One ad shown and dismissed.
                var ads: VideoAds!
                timeCall("VideoAds.init") { ads = VideoAds(content: .init(id: "episode-\(iteration)", language: "en")) }
                // The same requests on a bare URLSession, before the SDK's on odd iterations (the
                // previous iteration's requests) and after on even ones, so neither always goes first.
                func bare(_ requests: [URLRequest]) async throws -> Double {
                    let start = MonotonicTime.now()
                    let cpu = CPUTime.now()
                    let mainCPU = MainThreadProbe.cpuSeconds()
                    var requestCPU = mainCPU
                    for (index, request) in requests.enumerated() {
                        try await roundTrip(request, on: session)
                        let now = MainThreadProbe.cpuSeconds()
                        // Only loads of the usual two requests (an event batch the delivery loop
                        // sent meanwhile is recorded too, now and then).
                        if !warmingUp, requests.count == 2 {
                            if rawMainCPUByRequest.count <= index { rawMainCPUByRequest.append([]) }
                            rawMainCPUByRequest[index].append(now - requestCPU)
                        }
                        requestCPU = now
                    }
                    if !warmingUp {
                        rawCPU.append(CPUTime.now() - cpu)
                        rawMainCPU.append(MainThreadProbe.cpuSeconds() - mainCPU)
                    }
                    return MonotonicTime.now() - start
                }
                var rawSeconds = iteration.isMultiple(of: 2) || previousRequests.isEmpty ? nil : try await bare(previousRequests)
                transport.startRecording()
                let wall = MonotonicTime.now()
                let processCPU = CPUTime.now()
                var cpu = MainThreadProbe.cpuSeconds()
                let ad = try await ads.format(.pause)
                note("format", MainThreadProbe.cpuSeconds() - cpu)
                cpu = MainThreadProbe.cpuSeconds()
                try await ad.load()
                note("load", MainThreadProbe.cpuSeconds() - cpu)
                let sdkSeconds = MonotonicTime.now() - wall
                if !warmingUp { sdkCPU.append(CPUTime.now() - processCPU) }
                previousRequests = transport.stopRecording()
                if iteration == 0 { requestsPerLoad = previousRequests.map { "\($0.httpMethod ?? "GET") \($0.url?.path ?? "?")" } }
                if rawSeconds == nil { rawSeconds = try await bare(previousRequests) }
                if !warmingUp, let rawSeconds {
                    sdkRoundTrips.append(sdkSeconds)
                    rawRoundTrips.append(rawSeconds)
                }
                try timeCall("show") { try ad.show(in: HeadlessView()) }
                try timeCall("dismiss") { try ad.dismiss() }
                timeCall("destroy") { ads.destroy() }

                // One ad rejected.
                let other = VideoAds(content: .init(id: "episode-\(iteration)-b", language: "en"))
                let unused = try await other.format(.pause)
                try timeCall("reject") { try unused.reject() }
                other.destroy()

                // One VideoAds destroyed while it holds an ad (its "not used" event).
                let holder = VideoAds(content: .init(id: "episode-\(iteration)-c", language: "en"))
                _ = try await holder.format(.pause)
                timeCall("destroy (held ad)") { holder.destroy() }
            } catch {
                print("  iteration \(iteration) failed: \(error)")
                return 1
            }
        }
        let ioAfter = MainThreadProbe.ioCalls()
        let hop = await mainThreadCPUPerHop(count: iterations)

        print("")
        print("  format() + load() of a pause ad vs the same requests on a bare URLSession (\(requestsPerLoad.joined(separator: ", "))):")
        let sdkMedian = percentile(sdkRoundTrips, 0.5)
        let rawMedian = percentile(rawRoundTrips, 0.5)
        print(String(format: "    SDK  median %7.1f µs  p99 %7.1f µs", sdkMedian * 1e6, percentile(sdkRoundTrips, 0.99) * 1e6))
        print(String(format: "    bare median %7.1f µs  p99 %7.1f µs", rawMedian * 1e6, percentile(rawRoundTrips, 0.99) * 1e6))
        print(String(format: "    ratio SDK / bare: %.2f (goal ≤ 1.0: two raw round trips); the SDK adds %.1f µs a load", sdkMedian / rawMedian, (sdkMedian - rawMedian) * 1e6))
        // Each load beside the bare requests sent right next to it (before it or after it, in turn):
        // what the machine did meanwhile weighs on both alike, so the median of these ratios moves
        // less from run to run than the ratio of the two medians (one run: 0.64 against 1.18 and
        // 1.18, its bare median taken in a slow stretch). The held figure.
        let paired = zip(sdkRoundTrips, rawRoundTrips)
        let pairedRatio = percentile(paired.map { $0 / $1 }, 0.5)
        print(String(format: "    each load beside its own bare requests, median: ratio %.2f (the figure CI holds), the SDK adds %.1f µs",
                     pairedRatio, percentile(paired.map { $0 - $1 }, 0.5) * 1e6))
        figures.ratios["format+load wall"] = pairedRatio
        let sdkCPUMedian = percentile(sdkCPU, 0.5)
        let rawCPUMedian = percentile(rawCPU, 0.5)
        print(String(format: "    CPU time of this process (all threads; the server is another process): SDK %.1f µs, bare %.1f µs, ratio %.2f",
                     sdkCPUMedian * 1e6, rawCPUMedian * 1e6, sdkCPUMedian / rawCPUMedian))
        print("")
        let allBefore = floorsBefore.values.flatMap { $0 }
        let allAfter = floorsAfter.values.flatMap { $0 }
        print("  main-actor time per public call (µs; sync calls: wall; format and load: main-thread CPU while they ran):")
        print(String(format: "    floor: one bare write(2) of an event's %d-byte journal line, beside each synchronous call: right before it on even iterations, right after it on odd ones;",
                     floor.lineLength))
        print(String(format: "      over all calls, median %.2f µs before a call and %.2f µs after one, p99 %.2f µs; each call's ratio is to its own floor:",
                     percentile(allBefore, 0.5) * 1e6, percentile(allAfter, 0.5) * 1e6, percentile(allBefore + allAfter, 0.99) * 1e6))
        print("      the geometric mean of two ratios of medians, each place's: the call first ÷ the floor first, the call second ÷ the floor second")
        print("      (the first write after an await costs several times a warm one, so one median over both places lands on either)")
        print("    call                 median       p99     floor   ÷ floor   first: call ÷ floor       second: call ÷ floor")
        for name in ["VideoAds.init", "show", "dismiss", "reject", "destroy", "destroy (held ad)", "format", "load"] {
            let values = timings[name] ?? []
            let median = percentile(values, 0.5) * 1e6
            let p99 = percentile(values, 0.99) * 1e6
            let isSynchronous = name != "format" && name != "load"
            let ownFloor = percentile((floorsBefore[name] ?? []) + (floorsAfter[name] ?? []), 0.5) * 1e6
            let first = (call: percentile(callsFirst[name] ?? [], 0.5) * 1e6, floor: percentile(floorsBefore[name] ?? [], 0.5) * 1e6)
            let second = (call: percentile(callsSecond[name] ?? [], 0.5) * 1e6, floor: percentile(floorsAfter[name] ?? [], 0.5) * 1e6)
            let placed = ((first.call / first.floor) * (second.call / second.floor)).squareRoot()
            let ratio = isSynchronous
                ? String(format: "%8.2f  %7.1f×   %6.1f ÷ %5.2f = %5.1f×   %6.1f ÷ %5.2f = %5.1f×%@", ownFloor, placed,
                         first.call, first.floor, first.call / first.floor, second.call, second.floor, second.call / second.floor,
                         placed > 10 || p99 >= 1000 ? "  misses" : "")
                : "                  (see below)"
            if isSynchronous { figures.ratios[name] = placed }
            print("    " + name.padding(toLength: 19, withPad: " ", startingAt: 0) + String(format: "%8.1f  %8.1f", median, p99) + ratio)
        }
        let formatAndLoad = percentile(timings["format"] ?? [], 0.5) + percentile(timings["load"] ?? [], 0.5)
        print(String(format: "    floors in the same run (main-thread CPU, median): one hop off the main actor and back at once %.1f µs;", hop * 1e6))
        print(String(format: "      the bare URLSession requests above, awaited from the main actor, %.1f µs; format + load %.1f µs, %.2f× the bare requests (goal ≤ 1.5)",
                     percentile(rawMainCPU, 0.5) * 1e6, formatAndLoad * 1e6, formatAndLoad / percentile(rawMainCPU, 0.5)))
        figures.ratios["format+load"] = formatAndLoad / percentile(rawMainCPU, 0.5)
        // Each call beside the one bare request it makes: the ad request, then the creative's fetch.
        if rawMainCPUByRequest.count == 2 {
            for (index, name) in ["format", "load"].enumerated() {
                let call = percentile(timings[name] ?? [], 0.5)
                let floor = percentile(rawMainCPUByRequest[index], 0.5)
                figures.ratios[name] = call / floor
                print(String(format: "      %@ %.1f µs beside its own request on a bare URLSession (%@), %.1f µs: %.2f×",
                             name, call * 1e6, requestsPerLoad.indices.contains(index) ? requestsPerLoad[index] : "?", floor * 1e6, call / floor))
            }
        } else {
            print("      (no load sent exactly its 2 requests: no floor of its own for format and load)")
        }
        if let ioBefore, let ioAfter {
            let reads = ioAfter.reads - ioBefore.reads
            let writes = ioAfter.writes - ioBefore.writes
            print("    main thread's read/write system calls: \(reads) reads, \(writes) writes over \(iterations + 20) iterations"
                + String(format: " (%.1f and %.1f each; `strace -f -k` tells which files)", Double(reads) / Double(iterations + 20), Double(writes) / Double(iterations + 20)))
        }
        print("    requests sent from the main thread: \(transport.sentOnMainThread) (requests are encoded, sent and decoded together, on AdServerClient's actor)")
        print("")
        let memory = await measureMemory(objects: objects, bareRequests: previousRequests)
        figures.bytes["held ad"] = memory.held
        figures.bytes["loaded ad"] = memory.loaded
        if let figuresFile {
            do {
                try figures.write(to: figuresFile)
            } catch {
                print("  the figures could not be written to \(figuresFile): \(error)")
                return 1
            }
        }
        if !arguments.contains("--no-launch") {
            print("")
            await LaunchBenchmark.run(server: server, rounds: max(10, iterations / 10))
        }
        await KontextVideo.shared.launch.beginSession(on: SDKEnvironment(
            clock: SystemClock(), transport: transport, storageDirectory: storage, defaults: .standard,
            rendererFactory: PlatformCreativeRendererFactory(), platform: HeadlessPlatform(), identifiers: RandomIdentifiers(),
            appBundleId: "so.kontext.bench", appVersion: "1.0"
        )).waitForPredecessor()
        return 0
    }

    /// Heap per `VideoAds` holding a loaded pause ad, after `destroy()`, and after release; then
    /// what the same requests on a bare `URLSession` leave behind, the floor of what remains.
    /// Returns the bytes per object holding its ad, and once it is loaded (`.nan`: not measured).
    private static func measureMemory(objects: Int, bareRequests: [URLRequest]) async -> (held: Double, loaded: Double) {
        var held: [(ads: VideoAds, ad: VideoAd)] = []
        held.reserveCapacity(objects)
        var weakReferences: [WeakReference] = []
        weakReferences.reserveCapacity(objects * 2)
        await settle()
        let before = HeapProbe.inUse()
        for index in 0..<objects {
            let ads = VideoAds(content: .init(id: "memory-\(index)", language: "en"))
            guard let ad = try? await ads.format(.pause) else {
                print("  memory: object \(index) got no ad")
                return (.nan, .nan)
            }
            held.append((ads, ad))
        }
        await settle()
        let formatted = HeapProbe.inUse()
        for (index, entry) in held.enumerated() where (try? await entry.ad.load()) == nil {
            print("  memory: object \(index) did not load")
            return (.nan, .nan)
        }
        await settle()
        let loaded = HeapProbe.inUse()
        // Weak references only now: each gives its object a side table, which is not the SDK's.
        for entry in held {
            weakReferences.append(WeakReference(object: entry.ads))
            weakReferences.append(WeakReference(object: entry.ad))
        }
        for entry in held { entry.ads.destroy() }
        await settle()
        let destroyed = HeapProbe.inUse()
        held.removeAll(keepingCapacity: true)
        await settle()
        let alive = weakReferences.filter { $0.object != nil }.count
        weakReferences.removeAll(keepingCapacity: true)
        await settle()
        let released = HeapProbe.inUse()
        // What is left is the SDK's, not the objects': the durable event queue (the "not used" events
        // destroy() sends, up to its capacity) among it. Deliver the queue and look again.
        if let runtime = KontextVideo.shared.session.runtime {
            // The pipeline's own loop delivers them (its batch window, then a pass); wait for it.
            for _ in 0..<100 where await runtime.client.pipeline.pendingCount > 0 {
                try? await Task.sleep(for: .milliseconds(50))
            }
        }
        await settle()
        let delivered = HeapProbe.inUse()
        func perObject(_ bytes: Int) -> String { String(format: "%6.0f B", Double(bytes) / Double(objects)) }
        print("  memory: \(objects) VideoAds, each holding a loaded pause ad (glibc heap in use, mallinfo2):")
        print("    held, not loaded:  \(perObject(formatted - before)) per object (a VideoAds and the VideoAd format() returned)")
        print("    held, loaded:      \(perObject(loaded - before)) per object (goal ≤ 2 KB; the headless creative keeps no bytes of the image)")
        print("    after destroy():   \(perObject(destroyed - before)) per object (the app still holds its VideoAds and VideoAd; 2 weak-reference side tables each)")
        print("    after release:     \(perObject(released - before)) per object; \(alive) of \(objects * 2) VideoAds and VideoAd objects still alive")
        print("    after the queued events were delivered: \(perObject(delivered - before)) per object")
        // The floor: URLSession on Linux (FoundationNetworking over libcurl) keeps a little of every
        // request it ever made; the SDK's requests pay it too.
        let session = URLSession(configuration: .ephemeral)
        for request in bareRequests { try? await roundTrip(request, on: session) }
        await settle()
        let bareBefore = HeapProbe.inUse()
        for _ in 0..<objects {
            for request in bareRequests { try? await roundTrip(request, on: session) }
        }
        session.finishTasksAndInvalidate()
        await settle()
        let bareAfter = HeapProbe.inUse()
        print("    floor: the same \(bareRequests.count) requests per object on a bare URLSession leave \(perObject(bareAfter - bareBefore)) per object behind;"
            + String(format: " the SDK's residue beyond it: %.0f B per object", Double((delivered - before) - (bareAfter - bareBefore)) / Double(objects)))
        return (Double(formatted - before) / Double(objects), Double(loaded - before) / Double(objects))
    }

    /// Main-thread CPU of one call from the main actor to another actor and back, median: the least
    /// an async call made from the main actor pays on this platform's run loop (the answer comes at
    /// once, so the main thread barely sleeps; waiting for the network costs more, see the bare
    /// requests).
    private static func mainThreadCPUPerHop(count: Int) async -> Double {
        let counter = HopCounter()
        var samples: [Double] = []
        samples.reserveCapacity(count)
        for _ in 0..<count {
            let cpu = MainThreadProbe.cpuSeconds()
            _ = await counter.increment()
            samples.append(MainThreadProbe.cpuSeconds() - cpu)
        }
        return percentile(samples, 0.5)
    }

    /// An actor with one counter: a call to it from the main actor is a real hop and back.
    private actor HopCounter {
        private var count = 0
        func increment() -> Int {
            count += 1
            return count
        }
    }

    /// One request on a bare `URLSession` data task (the same kind of call the SDK's transport makes),
    /// body read whole.
    private nonisolated static func roundTrip(_ request: URLRequest, on session: URLSession) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            session.dataTask(with: request) { data, _, error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume() }
                _ = data
            }.resume()
        }
    }

    /// Lets queued main-actor work (the deinit tasks of released objects) finish.
    private static func settle() async {
        for _ in 0..<5 { await Task.yield() }
        try? await Task.sleep(for: .milliseconds(200))
        for _ in 0..<5 { await Task.yield() }
    }

    private static func percentile(_ values: [Double], _ fraction: Double) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * fraction + 0.5))]
    }

    private static func value(_ name: String, in arguments: [String]) -> Int? {
        string(name, in: arguments).flatMap { Int($0) }
    }

    private static func string(_ name: String, in arguments: [String]) -> String? {
        guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
        return arguments[index + 1]
    }

    /// Holds an object weakly, to check that it was freed.
    private struct WeakReference {
        weak var object: AnyObject?
    }
}
