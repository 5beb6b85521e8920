import KontextVideoConcurrency
import Foundation
import KontextVideoModels
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A `VASTFetching` over `URLSession` for the `kontext-vast` tool: `http(s)` GET (plus `file:`
/// URLs when `allowsFileURLs`). A non-2xx status is VAST error 301; a body over `maxBytes`
/// (2 MiB) is VAST error 100, and the download is cancelled as soon as it passes the cap, so a
/// hostile server cannot fill memory.
package struct URLSessionVASTFetcher: VASTFetching {
    /// The largest body accepted.
    package var maxBytes: Int
    /// Whether `file:` URLs are read from disk (the tool inspecting local files).
    package var allowsFileURLs: Bool

    /// Creates a fetcher.
    package init(maxBytes: Int = VASTParser.maxDocumentBytes, allowsFileURLs: Bool = false) {
        self.maxBytes = maxBytes
        self.allowsFileURLs = allowsFileURLs
    }

    /// The body at `url`, within the size cap.
    package func fetch(_ url: URL) async throws -> Data {
        if url.isFileURL {
            guard allowsFileURLs else { throw VASTError(.wrapperTimeout, "file URLs are not fetched: \(url)") }
            // Mapped, not read: the size is checked without loading a huge file, and without
            // the file-metadata API Apple's privacy manifest would ask a reason for.
            let data = try Data(contentsOf: url, options: .mappedIfSafe)
            if data.count > maxBytes {
                throw VASTError(.xmlParsing, "document is \(data.count) bytes, over the \(maxBytes)-byte limit")
            }
            return data
        }
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw VASTError(.wrapperTimeout, "unsupported URL scheme: \(url)")
        }
        var request = URLRequest(url: url)
        request.httpMethod = "GET"
        request.setValue("application/xml, text/xml, */*", forHTTPHeaderField: "Accept")
        let collector = CappedCollector(maxBytes: maxBytes)
        let session = URLSession(configuration: .ephemeral, delegate: collector, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                collector.start(continuation)
                session.dataTask(with: request).resume()
            }
        } onCancel: {
            session.invalidateAndCancel()
        }
    }
}

/// Collects one response body, cancelling the task once it passes the cap.
private final class CappedCollector: NSObject, URLSessionDataDelegate, Sendable {
    private struct State {
        var data = Data()
        var continuation: CheckedContinuation<Data, any Error>?
        var failure: VASTError?
    }

    private let maxBytes: Int
    private let state = LockedState(State())

    init(maxBytes: Int) {
        self.maxBytes = maxBytes
    }

    func start(_ continuation: CheckedContinuation<Data, any Error>) {
        state.withLock { $0.continuation = continuation }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
            state.withLock { $0.failure = VASTError(.wrapperTimeout, "HTTP \(http.statusCode) from \(response.url?.absoluteString ?? "")") }
            completionHandler(.cancel)
        } else if response.expectedContentLength > Int64(maxBytes) {
            state.withLock { $0.failure = VASTError(.xmlParsing, "document is \(response.expectedContentLength) bytes, over the \(maxBytes)-byte limit") }
            completionHandler(.cancel)
        } else {
            completionHandler(.allow)
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let over = state.withLock { state -> Bool in
            state.data.append(data)
            guard state.data.count > maxBytes else { return false }
            state.failure = VASTError(.xmlParsing, "document is over the \(maxBytes)-byte limit")
            state.data = Data()
            return true
        }
        if over { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let (continuation, result): (CheckedContinuation<Data, any Error>?, Result<Data, any Error>) = state.withLock { state in
            let continuation = state.continuation
            state.continuation = nil
            if let failure = state.failure { return (continuation, .failure(failure)) }
            if let error { return (continuation, .failure(error)) }
            return (continuation, .success(state.data))
        }
        continuation?.resume(with: result)
    }
}
