import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import KontextVideoJournal
import KontextVideoModels

/// Delivering events: the queue's events cut into batches of one token and one session, each sent
/// as one `POST /video/events`, and the server's answer applied to the queue (accepted, refused for
/// now, refused for good).
extension EventPipeline {
    /// Every event batch, the token configured now first; returns whether all went through.
    func deliverEvents(_ entries: [QueuedEntry]) async -> Bool {
        var allDelivered = true
        let current = destination.publisherToken
        // The token configured now first; earlier tokens after it, each in the order queued.
        var byToken: [String: [QueuedEntry]] = [:]
        var tokens = [current]
        for entry in entries {
            let token = entry.publisherToken ?? current
            if byToken[token] == nil, token != current { tokens.append(token) }
            byToken[token, default: []].append(entry)
        }
        var failedTokens: Set<String> = []
        for batch in Self.batches(tokens.flatMap { byToken[$0] ?? [] }, token: current) {
            guard !failedTokens.contains(batch.token) else { continue }
            switch await deliver(batch.entries, sessionId: batch.sessionId, token: batch.token) {
            case .delivered: continue
            case .partly: allDelivered = false
            case .failed:
                allDelivered = false
                failedTokens.insert(batch.token)
            }
        }
        return allDelivered
    }

    /// One `POST /video/events`: events of one token and one session.
    struct Batch {
        var token: String
        var sessionId: String?
        var entries: [QueuedEntry]
    }

    /// `events` cut into batches of at most `batchSize` consecutive events of the same token and
    /// session; an entry without a token (queued by 0.1.0 and never bound) goes under `token`.
    static func batches(_ events: [QueuedEntry], token: String) -> [Batch] {
        var batches: [Batch] = []
        for entry in events {
            let entryToken = entry.publisherToken ?? token
            if var last = batches.last, last.token == entryToken, last.sessionId == entry.sessionId, last.entries.count < batchSize {
                last.entries.append(entry)
                batches[batches.count - 1] = last
            } else {
                batches.append(Batch(token: entryToken, sessionId: entry.sessionId, entries: [entry]))
            }
        }
        return batches
    }

    /// How a batch went.
    enum BatchOutcome {
        /// Every event left the queue.
        case delivered
        /// The server answered but did not accept every event; the rest wait.
        case partly
        /// No usable answer; the whole batch waits.
        case failed
    }

    /// Sends one batch. A 2xx accepts the events its `accepted` list names, or all of them
    /// without a list; a 400, 413, 422 or a 4xx carrying `errCode` refuses the batch for good.
    /// The batch goes under `token`, the one its events were queued with: an event is never
    /// sent under another publisher's token, nor to another server.
    func deliver(_ batch: [QueuedEntry], sessionId: String?, token: String) async -> BatchOutcome {
        var environment = self.environment
        environment.publisherToken = token
        let body = EventBatchBody(
            environment: environment, installId: installId()?.lowercasedString, sessionId: sessionId,
            events: batch.compactMap(\.event)
        )
        guard let data = try? body.json() else { return .failed }
        let call = ServerCall.post("/video/events", name: .eventsRequest, body: data, environment: environment, timeout: Self.timeout, policy: .none)
        let ids = Set(batch.map(\.id))
        let answerData: Data
        let status: Int
        let retryAfterHeader: String?
        do {
            let (received, response) = try await call.run(transport: transport, clock: clock, events: events)
            answerData = received
            status = response.statusCode
            retryAfterHeader = response.value(forHTTPHeaderField: "Retry-After")
        } catch {
            return .failed
        }
        if Self.isPermanentRefusal(status, body: answerData) {
            store.remove(ids: ids)
            events.record(KontextVideoEvent(.error, .eventsRefused, level: .error, attributes: [
                "status": "\(status)", "count": "\(batch.count)", "ids": batch.map(\.id).joined(separator: ","),
            ]))
            return .delivered
        }
        guard (200..<300).contains(status) else {
            if status == 429 { retryAfter = RetryPolicy.retryAfter(retryAfterHeader) }
            return .failed
        }
        let accepted = Self.acceptedIds(answerData) ?? ids
        let delivered = batch.filter { accepted.contains($0.id) }
        store.remove(ids: Set(delivered.map(\.id)))
        for entry in delivered { events.record(.debug) { KontextVideoEvent(.beacon, .delivered, attributes: Self.describe(entry)) } }
        let refused = ids.subtracting(accepted)
        guard !refused.isEmpty else { return .delivered }
        let givenUp = store.recordRefusal(ids: refused, limit: Self.refusalLimit)
        for entry in givenUp {
            events.record(KontextVideoEvent(.beacon, .givenUp, level: .error, attributes: Self.describe(entry)))
        }
        return givenUp.count == refused.count ? .delivered : .partly
    }

    /// The `accepted` ids of an events answer; `nil` when the answer has no such list
    /// (then every event of the batch is accepted).
    static func acceptedIds(_ data: Data) -> Set<String>? {
        struct Answer: Decodable { var accepted: [String]? }
        guard let answer = try? JSONDecoder().decode(Answer.self, from: data), let accepted = answer.accepted else { return nil }
        return Set(accepted.map { $0.lowercased() })
    }
    /// Whether the server refused a batch for good: 400, 413 or 422, or another 4xx that carries
    /// the protocol's `errCode`. A bare 401/403/404/407 may come from a proxy or captive portal,
    /// not the ad server, so the batch waits instead of being dropped.
    static func isPermanentRefusal(_ status: Int, body: Data) -> Bool {
        guard (400..<500).contains(status), status != 408, status != 429 else { return false }
        if [400, 413, 422].contains(status) { return true }
        struct ErrorAnswer: Decodable { var errCode: String? }
        return (try? JSONDecoder().decode(ErrorAnswer.self, from: body))?.errCode != nil
    }

}
