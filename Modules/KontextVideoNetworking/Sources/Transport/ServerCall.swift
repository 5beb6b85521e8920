import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import KontextVideoModels
import KontextVideoScheduling

/// Runs one HTTP call with the protocol's rules: each attempt bounded by `withDeadline` on
/// the injected clock, network errors and 429 retried by the policy, every attempt, answer
/// and retry recorded in the event stream. Given a `TimeBudget`, the attempts and back-offs
/// live inside it: an attempt gets at most what is left, and a retry is made only when at
/// least `RetryPolicy.minimumUsefulAttempt` is left after its back-off.
package struct ServerCall: Sendable {
    /// Where the call goes.
    package var request: URLRequest
    /// The name in the event stream, such as `POST /init`.
    package var name: KontextVideoEvent.Name
    /// The time-out of each attempt.
    package var timeout: Duration
    /// When to try again.
    package var policy: RetryPolicy

    /// Creates a call.
    package init(request: URLRequest, name: KontextVideoEvent.Name, timeout: Duration, policy: RetryPolicy) {
        self.request = request
        self.name = name
        self.timeout = timeout
        self.policy = policy
    }

    /// A JSON `POST` to the ad server with the protocol's headers; to `host` instead of the ad
    /// server's own when given (an ad request that carries tracking data).
    package static func post(
        _ path: String,
        name: KontextVideoEvent.Name,
        body: Data,
        environment: AdServerIdentity,
        host: TrackingHost? = nil,
        timeout: Duration,
        policy: RetryPolicy
    ) -> ServerCall {
        let url = host.map { AdServerIdentity.url(for: path, on: $0.baseURL) } ?? environment.url(for: path)
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.httpBody = body
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.setValue(environment.publisherToken, forHTTPHeaderField: "Kontextso-Publisher-Token")
        // A backstop only: the deadline on the injected clock is what bounds an attempt.
        request.timeoutInterval = timeout.timeInterval + 30
        return ServerCall(request: request, name: name, timeout: timeout, policy: policy)
    }

    /// Sends the call; returns the first answer that is not retried (any status), or the
    /// last attempt's failure.
    package func run(
        transport: any HTTPTransport,
        clock: any SchedulingClock,
        events: any KontextVideoEventMonitor,
        budget: TimeBudget? = nil
    ) async throws(AdRequestFailure) -> (Data, HTTPURLResponse) {
        var retry = 0
        while true {
            let attempt = retry + 1
            let timeout = budget.map { min(self.timeout, $0.remaining) } ?? self.timeout
            guard timeout > .zero else { throw .timedOut }
            events.record(.debug) {
                KontextVideoEvent(.request, name, attributes: ["attempt": "\(attempt)", "url": request.url?.absoluteString ?? ""])
            }
            let outcome = await attemptOnce(transport: transport, clock: clock, timeout: timeout)
            let retryAfter: Duration?
            let failure: AdRequestFailure
            switch outcome {
            case .success(let (data, response)):
                events.record(.debug) {
                    KontextVideoEvent(.response, name, attributes: [
                        "attempt": "\(attempt)", "status": "\(response.statusCode)", "bytes": "\(data.count)",
                    ])
                }
                guard RetryPolicy.isRetriable(status: response.statusCode), retry < policy.maximumRetries else {
                    return (data, response)
                }
                retryAfter = RetryPolicy.retryAfter(response.value(forHTTPHeaderField: "Retry-After"))
                failure = .http(status: response.statusCode)
            case .failure(let error):
                events.record(KontextVideoEvent(.response, name, level: .info, attributes: [
                    "attempt": "\(attempt)", "error": error.description,
                ]))
                guard Self.isRetriable(error), retry < policy.maximumRetries else { throw error }
                retryAfter = nil
                failure = error
            }
            retry += 1
            let delay = policy.delay(beforeRetry: retry, retryAfter: retryAfter)
            if let budget, !budget.allows(waiting: delay, thenAtLeast: RetryPolicy.minimumUsefulAttempt) {
                // No time left for a useful retry: the caller's answer is this failure, now.
                events.record(KontextVideoEvent(.response, name, level: .info, attributes: [
                    "attempt": "\(attempt)", "budget": "spent", "remaining": "\(budget.remaining.timeInterval)",
                ]))
                if case .success(let answer) = outcome { return answer }
                throw failure
            }
            events.record(KontextVideoEvent(.retry, name, level: .info, attributes: [
                "attempt": "\(retry + 1)", "delay": "\(delay.timeInterval)", "reason": failure.description,
            ]))
            do {
                try await clock.sleep(for: delay)
            } catch {
                throw .cancelled
            }
        }
    }

    /// One attempt, bounded by the time-out on `clock`.
    private func attemptOnce(
        transport: any HTTPTransport,
        clock: any SchedulingClock,
        timeout: Duration
    ) async -> Result<(Data, HTTPURLResponse), AdRequestFailure> {
        let request = self.request
        do {
            let answer = try await withDeadline(timeout, on: clock) {
                let (data, response) = try await transport.send(request)
                return Answer(data: data, response: response)
            }
            return .success((answer.data, answer.response))
        } catch is DeadlineExceeded {
            return .failure(.timedOut)
        } catch is ResponseTooLarge {
            return .failure(.responseTooLarge)
        } catch is CancellationError {
            return .failure(.cancelled)
        } catch let error as URLError {
            if error.code == .cancelled || Task.isCancelled { return .failure(.cancelled) }
            if error.code == .timedOut { return .failure(.timedOut) }
            return .failure(.transport(error))
        } catch {
            if Task.isCancelled { return .failure(.cancelled) }
            return .failure(.transport(URLError(.unknown)))
        }
    }

    /// Whether a failed attempt is tried again: network errors and time-outs.
    static func isRetriable(_ failure: AdRequestFailure) -> Bool {
        switch failure {
        case .timedOut: true
        case .transport(let error): RetryPolicy.isRetriable(error)
        default: false
        }
    }

    /// A transport answer, carried out of the deadline's task.
    private struct Answer: Sendable {
        var data: Data
        var response: HTTPURLResponse
    }
}
