import KontextVideo

extension KontextVideo {
    /// Begins a session on the current session's world with `change` made to it: how a test swaps
    /// one part of the harness's world (the platform, the renderer factory) before `initialize`.
    func beginSession(changing change: (inout SDKEnvironment) -> Void) {
        var environment = session.environment
        change(&environment)
        launch.beginSession(on: environment)
    }
}
