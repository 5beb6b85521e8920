/// Where `initialize(with:)` stands.
package enum InitializationPhase {
    case notInitialized
    case initializing(Task<KontextVideoState, Never>)
    case finished(KontextVideoState)
}
