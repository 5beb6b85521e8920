// What a publisher's test target gets from `import KontextVideoTesting`: the SDK itself, the
// sandbox ad server, and the test kit's own types. Nothing of the SDK's inner modules but the two
// classes below.
@_exported import KontextVideo
@_exported import KontextVideoSandbox
// The two types of the SDK's own test support a publisher's test uses, exported one by one (not
// the module): re-exported whole, so that their members are visible where only this module is
// imported (SE-0444, `MemberImportVisibility`, Swift's next default); as typealiases, a test that
// set `player.currentTime` failed there ("not available due to missing import of defining module").
@_exported import class KontextVideoTestSupport.TestClock
@_exported import class KontextVideoTestSupport.HeadlessPlayer
