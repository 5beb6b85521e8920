import Foundation
import KontextVideoTesting

/// `--inspect`: the ad inspector listens to the episode, and its model is printed as text at the
/// end — the same model the inspector's screen shows on a device and its JSON exports.
@MainActor
enum DemoInspection {
    /// Starts the inspector, when asked.
    static func start(if enabled: Bool) {
        if enabled { KontextVideo.shared.inspector.start() }
    }

    /// Prints what the inspector learned, when asked.
    static func print(if enabled: Bool) {
        guard enabled else { return }
        let line = "\n── Ad inspector " + String(repeating: "─", count: 45)
        emit(line)
        emit(KontextVideo.shared.inspector.snapshot().text)
    }
}
