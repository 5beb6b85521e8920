import KontextVideoConcurrency
import Foundation
import KontextVideoModels
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The real transport: an ephemeral `URLSession` whose data-task delegate collects the body
/// chunk by chunk and cancels the task as soon as it passes `maximumBodySize`, so an
/// oversized answer is never buffered whole.
package final class URLSessionTransport: HTTPTransport {
    /// Answer bodies are limited to 2 MiB (`PROTOCOL.md`).
    package static let defaultMaximumBodySize = 2 * 1024 * 1024

    private let session: URLSession
    private let delegate: SessionDelegate
    private let configuration: URLSessionConfiguration
    private let maximumBodySize: Int

    /// Creates a transport with its own session. `maximumBodySize` is in bytes.
    package init(maximumBodySize: Int = URLSessionTransport.defaultMaximumBodySize) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        let delegate = SessionDelegate(maximumBodySize: maximumBodySize)
        self.configuration = configuration
        self.maximumBodySize = maximumBodySize
        self.delegate = delegate
        self.session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    }

    deinit {
        session.invalidateAndCancel()
    }

    /// Sends `request` on the session; cancelling the task cancels the data task.
    package func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        try Task.checkCancellation()
        #if canImport(FoundationNetworking)
        if request.httpBody != nil {
            // Linux's URLSession (libcurl) re-sends only the headers, not the body, when a reused
            // keep-alive connection turns out to have been closed, then waits for an answer that
            // cannot come (the whole attempt's time-out). A request with a body gets a connection
            // of its own there, so a closed one fails, and is retried, at once. Apple's URLSession
            // does not have this flaw and keeps reusing connections.
            let delegate = SessionDelegate(maximumBodySize: maximumBodySize)
            let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
            defer { session.finishTasksAndInvalidate() }
            return try await send(request, on: session, delegate: delegate)
        }
        #endif
        return try await send(request, on: session, delegate: delegate)
    }

    private func send(_ request: URLRequest, on session: URLSession, delegate: SessionDelegate) async throws -> (Data, HTTPURLResponse) {
        let task = session.dataTask(with: request)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                delegate.register(task, continuation: continuation)
                task.resume()
            }
        } onCancel: {
            task.cancel()
        }
    }
}

/// Collects each task's answer; one instance serves every task of the session.
private final class SessionDelegate: NSObject, URLSessionDataDelegate, URLSessionTaskDelegate, Sendable {
    /// A POST to the ad server is never redirected: URLSession would turn it into a GET, and a
    /// captive portal's page would read as an answer. GETs (pixels, VAST tags) follow redirects.
    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(task.originalRequest?.httpMethod == "POST" ? nil : request)
    }

    private struct Pending {
        var continuation: CheckedContinuation<(Data, HTTPURLResponse), any Error>
        var response: HTTPURLResponse?
        var body = Data()
    }

    private let maximumBodySize: Int
    private let pending = LockedState<[Int: Pending]>([:])

    init(maximumBodySize: Int) {
        self.maximumBodySize = maximumBodySize
    }

    func register(_ task: URLSessionTask, continuation: CheckedContinuation<(Data, HTTPURLResponse), any Error>) {
        pending.withLock { $0[task.taskIdentifier] = Pending(continuation: continuation) }
    }

    /// Removes the task's entry and resumes its waiter, once.
    private func finish(_ task: URLSessionTask, with result: Result<(Data, HTTPURLResponse), any Error>) {
        let entry = pending.withLock { $0.removeValue(forKey: task.taskIdentifier) }
        entry?.continuation.resume(with: result)
    }

    func urlSession(
        _ session: URLSession,
        dataTask: URLSessionDataTask,
        didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        guard let http = response as? HTTPURLResponse else {
            finish(dataTask, with: .failure(URLError(.badServerResponse)))
            completionHandler(.cancel)
            return
        }
        if http.expectedContentLength > Int64(maximumBodySize) {
            finish(dataTask, with: .failure(ResponseTooLarge(limit: maximumBodySize)))
            completionHandler(.cancel)
            return
        }
        pending.withLock { $0[dataTask.taskIdentifier]?.response = http }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let tooLarge: Bool = pending.withLock { all in
            guard let count = all[dataTask.taskIdentifier]?.body.count else { return false }
            if count + data.count > maximumBodySize { return true }
            all[dataTask.taskIdentifier]?.body.append(data)  // in place: no copy of the body per chunk
            return false
        }
        if tooLarge {
            finish(dataTask, with: .failure(ResponseTooLarge(limit: maximumBodySize)))
            dataTask.cancel()
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        if let error {
            let urlError = (error as? URLError) ?? URLError(.unknown, userInfo: [NSUnderlyingErrorKey: error])
            finish(task, with: .failure(urlError))
            return
        }
        let entry = pending.withLock { $0[task.taskIdentifier] }
        // The response callback may be skipped on some platforms; fall back to the task's own.
        guard let response = entry?.response ?? (task.response as? HTTPURLResponse) else {
            finish(task, with: .failure(URLError(.badServerResponse)))
            return
        }
        finish(task, with: .success((entry?.body ?? Data(), response)))
    }
}
