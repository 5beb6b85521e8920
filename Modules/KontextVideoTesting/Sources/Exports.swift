// What a publisher's test target gets from `import KontextVideoTesting`: the SDK itself, the
// sandbox ad server, and the test kit's own types. Nothing of the SDK's inner modules.
@_exported import KontextVideo
@_exported import KontextVideoSandbox
import KontextVideoTestSupport

/// A clock that stands still until the test advances it; every SDK timer runs on the harness's.
public typealias TestClock = KontextVideoTestSupport.TestClock

/// A content player whose time moves with a `TestClock`.
public typealias HeadlessPlayer = KontextVideoTestSupport.HeadlessPlayer
