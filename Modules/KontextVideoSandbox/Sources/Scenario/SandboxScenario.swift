import Foundation

/// What the sandbox answers, endpoint by endpoint: a queue of scripted answers for each,
/// used in order, then a default answer once the queue is empty.
///
/// Build one in code, or load a scenario file (its JSON format is in the module's README):
///
/// ```swift
/// var scenario = SandboxScenario()
/// scenario.preloadAnswers[.overlay] = [.noFill(skipCode: "frequency_cap"), .ad()]
/// let server = try SandboxAdServer(scenario: scenario)
/// ```
public struct SandboxScenario: Sendable {
    /// Answers to `/init`, in order.
    public var initAnswers: [SandboxAnswer]
    /// The answer to `/init` once ``initAnswers`` is used up (default `.enabled()`).
    public var defaultInitAnswer: SandboxAnswer
    /// Answers to `/video/preload` per requested format, in order.
    public var preloadAnswers: [SandboxFormat: [SandboxAnswer]]
    /// The answer per format once its queue is used up (a missing format: `.ad()`).
    public var defaultPreloadAnswers: [SandboxFormat: SandboxAnswer]
    /// Answers to `/video/events`, in order.
    public var eventsAnswers: [SandboxAnswer]
    /// The answer to `/video/events` once ``eventsAnswers`` is used up (default `.accepted`).
    public var defaultEventsAnswer: SandboxAnswer
    /// Whether an enabled `/init` answer announces the sandbox's tracking host
    /// (``SandboxAdServer/trackingBaseURL``) as `trackingUrl` (default `true`; always `false` for a
    /// sandbox listening on a LAN address, which the SDK would refuse). Without it the SDK sends
    /// no tracking data at all.
    public var announcesTrackingHost = true

    /// A scenario; by default an enabled SDK, an ad for every format, all events accepted.
    /// - Parameters:
    ///   - initAnswers: Answers to `/init`, in order.
    ///   - defaultInitAnswer: The answer to `/init` once they are used up.
    ///   - preloadAnswers: Answers to `/video/preload` per format, in order.
    ///   - defaultPreloadAnswers: The answer per format once its queue is used up.
    ///   - eventsAnswers: Answers to `/video/events`, in order.
    ///   - defaultEventsAnswer: The answer to `/video/events` once they are used up.
    public init(
        initAnswers: [SandboxAnswer] = [],
        defaultInitAnswer: SandboxAnswer = .enabled(),
        preloadAnswers: [SandboxFormat: [SandboxAnswer]] = [:],
        defaultPreloadAnswers: [SandboxFormat: SandboxAnswer] = [:],
        eventsAnswers: [SandboxAnswer] = [],
        defaultEventsAnswer: SandboxAnswer = .accepted
    ) {
        self.initAnswers = initAnswers
        self.defaultInitAnswer = defaultInitAnswer
        self.preloadAnswers = preloadAnswers
        self.defaultPreloadAnswers = defaultPreloadAnswers
        self.eventsAnswers = eventsAnswers
        self.defaultEventsAnswer = defaultEventsAnswer
    }

    /// Loads a scenario file.
    /// - Parameter url: The file's location.
    /// - Throws: ``SandboxScenarioError/unreadable(path:reason:)`` when the file cannot be read,
    ///   ``SandboxScenarioError/invalid(location:message:)`` when it is not a valid scenario.
    public init(contentsOf url: URL) throws(SandboxScenarioError) {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .unreadable(path: url.path, reason: error.localizedDescription)
        }
        try self.init(json: data)
    }

    /// Reads a scenario from the JSON text of a scenario file.
    /// - Parameter data: The file's JSON text.
    /// - Throws: ``SandboxScenarioError/invalid(location:message:)`` when it is not a valid scenario.
    public init(json data: Data) throws(SandboxScenarioError) {
        guard let root = JSONValue(data: data) else { throw .invalid(location: "$", message: "not JSON") }
        self = try SandboxScenarioReader.scenario(from: root)
    }
}
