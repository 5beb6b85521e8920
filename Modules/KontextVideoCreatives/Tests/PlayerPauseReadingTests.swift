import Foundation
import Testing
@testable import KontextVideoCreatives

/// How the AVPlayer glue reads a `.paused` status: only a pause after the glue's own play
/// command, still in force when read on the main actor, and away from the media's end is the
/// player pausing by itself.
@Suite("Player pause reading")
struct PlayerPauseReadingTests {
    struct Row: Sendable, CustomStringConvertible {
        let lastCommandWasPlay: Bool
        let stillPaused: Bool
        let position: TimeInterval
        let length: TimeInterval
        let expected: LinearPlaybackInput?
        let why: String
        var description: String { why }
    }

    static let rows: [Row] = [
        Row(lastCommandWasPlay: true, stillPaused: true, position: 4, length: 15, expected: .playerPaused,
            why: "told to play, paused mid-way: the player's own pause"),
        Row(lastCommandWasPlay: false, stillPaused: true, position: 4, length: 15, expected: nil,
            why: "the session's pause coming back"),
        Row(lastCommandWasPlay: true, stillPaused: false, position: 4, length: 15, expected: nil,
            why: "a stale pause, already undone by a later play"),
        Row(lastCommandWasPlay: true, stillPaused: true, position: 15, length: 15, expected: nil,
            why: "at the media's end: its end notification says so"),
        Row(lastCommandWasPlay: true, stillPaused: true, position: 14.95, length: 15, expected: nil,
            why: "within the end tolerance"),
        Row(lastCommandWasPlay: true, stillPaused: true, position: 14.8, length: 15, expected: .playerPaused,
            why: "short of the end"),
        Row(lastCommandWasPlay: true, stillPaused: true, position: 4, length: .nan, expected: .playerPaused,
            why: "length not known yet"),
        Row(lastCommandWasPlay: true, stillPaused: true, position: .nan, length: 15, expected: .playerPaused,
            why: "position not known"),
    ]

    @Test("a reported pause is the player's own only after a play command, still in force, before the end", arguments: rows)
    func reading(_ row: Row) {
        let input = PlayerPauseReading.input(
            lastCommandWasPlay: row.lastCommandWasPlay, stillPaused: row.stillPaused, position: row.position, length: row.length)
        #expect(input == row.expected, "\(row)")
    }
}
