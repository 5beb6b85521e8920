/// `KontextVideoHarness.init` found another harness running in the process: they would share
/// `KontextVideo.shared`, each resetting it under the other. `KontextVideoHarness.run` waits for
/// its turn instead; a harness made with `init` holds the turn until ``KontextVideoHarness/tearDown()``
/// or ``KontextVideoHarness/finish()``.
public struct AnotherHarnessRunning: Error, CustomStringConvertible {
    /// Says what happened and what to do.
    public var description: String {
        "Another KontextVideoHarness is running in this process: tear it down first, or use KontextVideoHarness.run, which waits for its turn"
    }
}
