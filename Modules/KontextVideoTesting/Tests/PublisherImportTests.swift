import Testing
import KontextVideoTesting

/// What a publisher's test file sees with `import KontextVideoTesting` alone, compiled as Swift's
/// next default compiles it (`MemberImportVisibility`, on for every target of this package): the
/// test kit's clock and player, by their own names and by the test kit's, with every member. As
/// typealiases of an inner module's classes, the members failed to compile in such a file.
@Suite("The test kit through import KontextVideoTesting alone")
@MainActor
struct PublisherImportTests {
    @Test func thePlayersTimeMovesWithTheClockByEitherName() async {
        let clock: KontextVideoTesting.TestClock = TestClock()
        let player: KontextVideoTesting.HeadlessPlayer = HeadlessPlayer(clock: clock, currentTime: 10)
        await clock.advance(by: .seconds(2))
        #expect(player.currentTime == 12)
        player.pause()
        await clock.advance(by: .seconds(5))
        #expect(player.currentTime == 12)
        #expect(!player.isPlaying)
        player.seek(to: 3)
        #expect(player.currentTime == 3)
        #expect(clock.now == .seconds(7))
    }
}
