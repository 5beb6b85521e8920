// fuzz-modules: KontextVideoNetworking, KontextVideoModels
// fuzz-seeds: Fuzz/seeds/networking-decoders
// fuzz-max-len: 65536
//
// What the ad server (or a damaged disk) can hand the SDK: the first byte picks the decoder, the
// rest is its input. Besides "no crash, no sanitizer report, no hang", it checks what each promises:
// - an ad answer is an ad, a no-fill or a typed failure; an ad's numbers that become timers are
//   bounded (duration a day, expiry a year), its price finite, its creative on the web;
// - an init answer is a state or a thrown error;
// - a queue directory holding these bytes as its journal (or snapshot) opens, keeps only
//   well-formed entries within its capacity, and reads back the same when opened again.
import Foundation
import KontextVideoModels
import KontextVideoNetworking

@_cdecl("LLVMFuzzerTestOneInput")
public func networkingDecodersFuzzTarget(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    guard let start, count >= 2 else { return 0 }
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    let selector = bytes[0], parameter = bytes[1]
    let body = Data(bytes[2...])
    switch selector % 4 {
    case 0: adAnswer(body, status: 200, parameter: parameter)
    case 1: adAnswer(body, status: [200, 204, 400, 401, 404, 429, 500, 503][Int(parameter % 8)], parameter: parameter)
    case 2: _ = try? InitAnswer.decode(body).state
    default: queueReplay(body, asSnapshot: parameter & 1 == 1)
    }
    return 0
}

private func adAnswer(_ body: Data, status: Int, parameter: UInt8) {
    let format = AdFormat.allCases[Int(parameter) % AdFormat.allCases.count]
    let answer = PreloadAnswer(status: status, body: body, requestedFormat: format)
    guard case .success(.ad(let ad)) = answer.result else { return }
    precondition(ad.format == format, "an ad of another format was accepted")
    precondition(ad.price.value.isFinite && ad.price.value >= 0, "price \(ad.price.value)")
    precondition((ad.duration ?? 0) <= PreloadAnswer.longestDuration, "duration \(String(describing: ad.duration))")
    precondition(ad.expiresIn <= .seconds(Int64(PreloadAnswer.longestExpiry)), "expiry \(ad.expiresIn)")
    if let url = ad.creative.url {
        precondition(["http", "https"].contains(url.scheme?.lowercased() ?? ""), "creative at \(url)")
    }
    for link in [ad.creative.clickURL, ad.creative.fallbackURL].compactMap({ $0 }) {
        precondition(!["javascript", "file", "data", "vbscript"].contains(link.scheme?.lowercased() ?? ""), "click to \(link)")
    }
}

private func queueReplay(_ bytes: Data, asSnapshot: Bool) {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("kontext-fuzz-queue-\(getpid())", isDirectory: true)
    try? FileManager.default.removeItem(at: directory)
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let name = asSnapshot ? EventQueueStore.fileName : EventQueueStore.journalName
    try? bytes.write(to: directory.appendingPathComponent(name))
    let monitor = SilentMonitor()
    let store = EventQueueStore(directory: directory, capacity: 8, events: monitor)
    let entries = store.entries
    precondition(entries.count <= 8, "over capacity: \(entries.count)")
    precondition(entries.allSatisfy(\.isWellFormed), "an ill-formed entry was kept")
    precondition(Set(entries.map(\.id)).count == entries.count, "an entry was kept twice")
    store.waitForScheduledFolds()
    let reopened = EventQueueStore(directory: directory, capacity: 8, events: monitor).entries
    precondition(reopened == entries, "the queue reads back differently")
}

private struct SilentMonitor: KontextVideoEventMonitor {
    func record(_ event: KontextVideoEvent) {}
}
