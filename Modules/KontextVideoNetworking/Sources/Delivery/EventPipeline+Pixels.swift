import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import KontextVideoJournal
import KontextVideoModels
import KontextVideoScheduling

/// Delivering pixels: one tracking host's pixels in order, each fired at most once when it may
/// have reached the tracker, and the host's trouble noted for its back-off.
extension EventPipeline {
    /// One host's pixels, in order, until one fails: the rest wait for the host's back-off.
    func deliverPixels(_ lane: [QueuedEntry]) async -> Bool {
        for pixel in lane where await deliverPixel(pixel) == .hostFailing {
            return false
        }
        return true
    }

    /// How firing one pixel went, for its host's back-off.
    enum PixelOutcome {
        /// The host answered (or the pixel could never be fetched and was dropped).
        case done
        /// The host is unreachable, timed out or answered 5xx: its other pixels wait.
        case hostFailing
    }

    /// Fires one pixel. A pixel is sent again only when it certainly never left the device
    /// (`RetryPolicy.certainlyNotSent`): any answer, a time-out or a connection lost mid-request
    /// counts it as fired, since the tracker may have counted it, and a second hit with the same
    /// cache buster is counted twice. One lost is the lesser harm. A refused connection, a time-out,
    /// a dropped connection or a 5xx also says the host is in trouble: its next pixels wait.
    func deliverPixel(_ entry: QueuedEntry) async -> PixelOutcome {
        guard let string = entry.url, let url = URL(string: string), ["http", "https"].contains(url.scheme?.lowercased() ?? "") else {
            // Not a URL a GET can ever reach (`file:`, `javascript:`, a custom scheme): drop it.
            store.remove(ids: [entry.id])
            events.record(KontextVideoEvent(.beacon, .dropped, level: .warning, attributes: Self.describe(entry)))
            return .done
        }
        var request = URLRequest(url: url)
        request.httpMethod = "GET"
        request.timeoutInterval = Self.timeout.timeInterval + 30
        let call = ServerCall(request: request, name: .pixelRequest, timeout: Self.timeout, policy: .none)
        do {
            let (_, response) = try await call.run(transport: transport, clock: clock, events: events)
            store.remove(ids: [entry.id])
            var attributes = Self.describe(entry)
            attributes["status"] = "\(response.statusCode)"
            events.record(KontextVideoEvent(.beacon, .delivered, attributes: attributes))
            return (500..<600).contains(response.statusCode) ? .hostFailing : .done
        } catch AdRequestFailure.transport(let error) where RetryPolicy.certainlyNotSent(error) {
            return .hostFailing
        } catch .cancelled {
            return .hostFailing
        } catch {
            store.remove(ids: [entry.id])
            var attributes = Self.describe(entry)
            attributes["reason"] = "may have reached the tracker (\(error)); not sent twice"
            events.record(KontextVideoEvent(.beacon, .givenUp, level: .warning, attributes: attributes))
            switch error {
            case .timedOut: return .hostFailing
            case .transport(let error) where RetryPolicy.isRetriable(error): return .hostFailing
            default: return .done
            }
        }
    }

}
