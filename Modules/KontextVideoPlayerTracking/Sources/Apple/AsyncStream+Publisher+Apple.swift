// A Combine publisher as an async stream, for `VideoAdsPlayer.isPlayingPublisher`. Combine
// exists on Apple platforms only.
#if canImport(Combine)
import Combine
import Foundation

extension AsyncStream where Element: Sendable {
    /// The values of `publisher`, as they come (the newest 8 kept when the reader falls behind);
    /// the stream ends when the publisher completes, and cancels its subscription when the reader stops.
    init(values publisher: AnyPublisher<Element, Never>) {
        self.init(bufferingPolicy: .bufferingNewest(8)) { continuation in
            let subscription = SubscriptionBox(
                // `@Sendable`: a publisher may emit on any thread; yielding is thread-safe.
                publisher.sink(
                    receiveCompletion: { @Sendable _ in continuation.finish() },
                    receiveValue: { @Sendable value in continuation.yield(value) }
                )
            )
            continuation.onTermination = { _ in subscription.cancel() }
        }
    }
}

/// Holds a Combine subscription so the stream's `@Sendable` termination handler can cancel it.
/// `AnyCancellable.cancel()` is thread-safe.
private final class SubscriptionBox: @unchecked Sendable {
    private let cancellable: AnyCancellable

    init(_ cancellable: AnyCancellable) {
        self.cancellable = cancellable
    }

    func cancel() {
        cancellable.cancel()
    }
}
#endif
