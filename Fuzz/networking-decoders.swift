// fuzz-modules: KontextVideoNetworking, KontextVideoJournal, KontextVideoModels
// fuzz-seeds: Fuzz/seeds/networking-decoders
// fuzz-max-len: 65536
//
// What the ad server (or a damaged disk) can hand the SDK: the first byte picks the decoder, the
// rest is its input. Besides "no crash, no sanitizer report, no hang", it checks what each promises:
// - an ad answer is an ad, a no-fill or a typed failure; an ad's numbers that become timers are
//   bounded (duration a day, expiry a year), its price finite, its creative on the web, its
//   attribution (if any) an app-install ad's, for its own app, its numbers in range;
// - an init answer is a state or a thrown error;
// - a queue directory holding these bytes as its journal (or snapshot) opens, keeps only
//   well-formed entries within its capacity, and reads back the same when opened again;
// - a queue directory's destination.json holding these bytes is a record whose times are all in
//   range (retention arithmetic on them is defined whatever the wall clock says), or it is moved aside;
// - an install-id file holding these bytes gives that id when they are one, else it is moved aside
//   and a new id is written in its place;
// - consent strings (TCF, GPP, US Privacy) of these bytes: the policy never traps; GDPR with a
//   string that refuses (or cannot be read) allows nothing; a US signal never takes the install id.
import Foundation
import KontextVideoJournal
import KontextVideoModels
import KontextVideoNetworking

@_cdecl("LLVMFuzzerTestOneInput")
public func networkingDecodersFuzzTarget(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    guard let start, count >= 2 else { return 0 }
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    let selector = bytes[0], parameter = bytes[1]
    let body = Data(bytes[2...])
    switch selector % 7 {
    case 0: adAnswer(body, status: 200, parameter: parameter)
    case 1: adAnswer(body, status: [200, 204, 400, 401, 404, 429, 500, 503][Int(parameter % 8)], parameter: parameter)
    case 2: _ = try? InitAnswer.decode(body).state
    case 3: queueReplay(body, asSnapshot: parameter & 1 == 1)
    case 4: destinationRecord(body, parameter: parameter)
    case 5: installIdentifier(body)
    default: consentSignals(body, parameter: parameter)
    }
    return 0
}

private func adAnswer(_ body: Data, status: Int, parameter: UInt8) {
    let format = AdFormat.allCases[Int(parameter) % AdFormat.allCases.count]
    let answer = PreloadAnswer(status: status, body: body, requestedFormat: format, urlRule: AdURLRule(allowsLocalHosts: false))
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
    // Attribution is only ever an app-install ad's, for its own app, with numbers in their ranges.
    if let attribution = ad.creative.attribution {
        precondition(ad.creative.appStoreID != nil, "attribution without an App Store id")
        if let skan = attribution.skAdNetwork {
            precondition((0...9_999).contains(skan.sourceIdentifier), "source identifier \(skan.sourceIdentifier)")
            precondition(String(skan.itemId) == ad.creative.appStoreID, "item \(skan.itemId) for \(ad.creative.appStoreID ?? "")")
            precondition(!skan.fidelities.isEmpty && Set(skan.fidelities.map(\.kind)).count == skan.fidelities.count, "fidelities")
        }
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

private func scratchDirectory(_ name: String) -> URL {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("kontext-fuzz-\(name)-\(getpid())", isDirectory: true)
    try? FileManager.default.removeItem(at: directory)
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
}

/// Wall clocks a device can report, sane and not.
private let wallClocks: [Date] = [
    Date(timeIntervalSince1970: 1_800_000_000), .distantFuture, .distantPast,
    Date(timeIntervalSince1970: .infinity), Date(timeIntervalSince1970: -.infinity), Date(timeIntervalSince1970: .nan),
    Date(timeIntervalSince1970: 1e300), Date(timeIntervalSince1970: 0),
]

private func destinationRecord(_ bytes: Data, parameter: UInt8) {
    let directory = scratchDirectory("destination")
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent(DestinationRecord.fileName)
    try? bytes.write(to: file)
    let now = wallClocks[Int(parameter) % wallClocks.count]
    guard let record = DestinationRecord.read(in: directory, events: SilentMonitor()) else {
        precondition(!FileManager.default.fileExists(atPath: file.path), "an unread record was left in place")
        precondition(StoredFileQuarantine.copies(of: file).count == 1, "the record was not moved aside")
        return
    }
    precondition(record.configured.values.allSatisfy(DestinationRecord.timeRange.contains), "a time out of range")
    for time in record.configured.values { _ = QueueRetention.isPast(time, now: now) }
    _ = QueueRetention.expiredTokens(record, now: now)
    var noted = record.notAfter(now)
    noted.note("acme-dev", at: now)
    precondition(noted.configured.values.allSatisfy { $0 <= DestinationRecord.milliseconds(now) }, "a time after now was kept")
    noted.write(in: directory)
    precondition(DestinationRecord.read(in: directory) == noted, "the record reads back differently")
}

private func installIdentifier(_ bytes: Data) {
    // One suite, its key removed for each input (a suite per input would leave files behind).
    let fuzzDefaults = UserDefaults(suiteName: "kontext-fuzz-install-id") ?? .standard
    let directory = scratchDirectory("install-id")
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent(InstallIdentifier.fileName)
    try? bytes.write(to: file)
    fuzzDefaults.removeObject(forKey: InstallIdentifier.defaultsKey)
    let stored = UUID(uuidString: String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    let id = InstallIdentifier.load(storageDirectory: directory, defaults: fuzzDefaults, events: SilentMonitor())
    if let stored, bytes.count <= InstallIdentifier.sizeLimit {
        precondition(id == stored, "a stored id was not kept")
    } else {
        precondition(StoredFileQuarantine.copies(of: file).count == 1, "the damaged id was not moved aside")
    }
    let written = (try? FileContents.read(file)).map { String(decoding: $0, as: UTF8.self) }
    precondition(written.flatMap { UUID(uuidString: $0.trimmingCharacters(in: .whitespacesAndNewlines)) } == id, "the id on disk is another")
    precondition(InstallIdentifier.load(storageDirectory: directory, defaults: fuzzDefaults) == id, "the id changed on the next launch")
}

private struct SilentMonitor: KontextVideoEventMonitor {
    func record(_ event: KontextVideoEvent) {}
}

/// The consent platform's strings as `ConsentPolicy` reads them: a TC string, a GPP string or a US
/// Privacy string of any bytes. The policy never traps, and GDPR applying with a string that grants
/// nothing (or that cannot be read) is always the policy that allows nothing.
private func consentSignals(_ body: Data, parameter: UInt8) {
    let text = String(decoding: body, as: UTF8.self)
    let gdpr = ConsentPolicy(ConsentSignals(gdprApplies: true, tcString: text, gppSid: parameter & 1 == 1 ? [7, 8] : nil))
    if !gdpr.installId { precondition(gdpr.row.allSatisfy { !$0 }, "a refused Purpose 1 allows nothing: \(gdpr.row)") }
    let us = ConsentPolicy(ConsentSignals(usPrivacy: text, gpp: text, gppSid: parameter & 2 == 2 ? [Int(parameter)] : nil))
    precondition(us.installId && us.vendorId, "a US signal never takes the install id or the vendor id")
}
