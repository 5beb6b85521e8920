import Foundation
import Testing
import KontextVideoTestSupport

@Suite("HeadlessPlayer")
@MainActor
struct HeadlessPlayerTests {
    @Test func timeMovesWithTheClockOnlyWhilePlaying() async {
        let clock = TestClock()
        let player = HeadlessPlayer(clock: clock, currentTime: 10)
        await clock.advance(by: .seconds(3))
        #expect(player.currentTime == 13)
        player.pause()
        await clock.advance(by: .seconds(5))
        #expect(player.currentTime == 13)
        player.play()
        player.rate = 2
        await clock.advance(by: .seconds(1))
        #expect(player.currentTime == 15)
    }

    @Test func seekEndAndItemChanges() async {
        let clock = TestClock()
        let player = HeadlessPlayer(clock: clock)
        player.seek(to: 120)
        #expect(player.currentTime == 120)
        let item = player.currentItemIdentifier
        player.changeItem()
        #expect(player.currentItemIdentifier != item)
        #expect(player.currentTime == 0)
        player.end()
        #expect(!player.isPlaying)
    }

    @Test func everyReadOfTheUpdatesIsANewStreamThatHearsEveryChange() async {
        let clock = TestClock()
        let player = HeadlessPlayer(clock: clock, reportsChanges: true)
        let first = player.isPlayingUpdates
        let second = player.isPlayingUpdates
        player.pause()
        player.play()
        var heard: [[Bool]] = []
        for stream in [first, second].compactMap({ $0 }) {
            var values: [Bool] = []
            for await value in stream {
                values.append(value)
                if values.count == 2 { break }
            }
            heard.append(values)
        }
        #expect(heard == [[false, true], [false, true]])
        #expect(HeadlessPlayer(clock: clock).isPlayingUpdates == nil, "a player that does not report changes is polled")
    }
}
