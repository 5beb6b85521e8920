import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import KontextVideoConcurrency
import KontextVideoNetworking

/// The SDK's transport, wrapped: it notes every request (to replay the same bytes with a bare
/// `URLSession`) and whether any was sent from the main thread (the SDK builds and decodes its
/// requests next to where it sends them, so none should be).
final class RecordingTransport: HTTPTransport {
    private let base: any HTTPTransport
    private let state = LockedState<(requests: [URLRequest], onMainThread: Int, isRecording: Bool)>(([], 0, false))

    init(base: any HTTPTransport) {
        self.base = base
    }

    /// Starts noting requests, forgetting earlier ones.
    func startRecording() {
        state.withLock { $0 = ([], $0.onMainThread, true) }
    }

    /// The requests noted since `startRecording()`.
    func stopRecording() -> [URLRequest] {
        state.withLock {
            $0.isRecording = false
            return $0.requests
        }
    }

    /// How many requests were sent from the main thread.
    var sentOnMainThread: Int { state.withLock { $0.onMainThread } }

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let isMain = Thread.isMainThread
        state.withLock {
            if isMain { $0.onMainThread += 1 }
            if $0.isRecording { $0.requests.append(request) }
        }
        return try await base.send(request)
    }
}
