/// Where `initialize(with:)` stands.
package enum InitializationPhase {
    /// `initialize(with:)` was never called.
    case notInitialized
    /// Under way: every caller of `initialize(with:)` awaits this one task.
    case initializing(Task<KontextVideoState, Never>)
    /// Done, with the state it ended in (`.failed` is retried by the next ads request).
    case finished(KontextVideoState)
}
