import Foundation

/// One cue of a WebVTT file: text shown from `start` to `end`, seconds of the ad.
package struct WebVTTCue: Sendable, Hashable {
    /// When it shows, in seconds.
    package var start: TimeInterval
    /// When it goes, in seconds (after `start`).
    package var end: TimeInterval
    /// The text as a viewer reads it: markup tags dropped, character references decoded, lines
    /// joined with `\n`.
    package var text: String

    /// A cue from its parts.
    package init(start: TimeInterval, end: TimeInterval, text: String) {
        self.start = start
        self.end = end
        self.text = text
    }
}

/// A WebVTT file read: its cues in file order.
package struct WebVTTDocument: Sendable, Hashable {
    /// The cues kept, in file order.
    package var cues: [WebVTTCue]
    /// Cues read past: a timing line that does not read, an end not after the start, or past `WebVTTReader.maxCues`.
    package var droppedCues: Int

    /// A document from its cues.
    package init(cues: [WebVTTCue], droppedCues: Int = 0) {
        self.cues = cues
        self.droppedCues = droppedCues
    }

    /// The text on screen at `time` seconds of the ad: every cue showing then, in file order,
    /// one per line; `nil` when none shows. Cues are half-open: `start ≤ time < end`.
    package func text(at time: TimeInterval) -> String? {
        guard time.isFinite else { return nil }
        let showing = cues.lazy.filter { $0.start <= time && time < $0.end }.map(\.text)
        let text = showing.joined(separator: "\n")
        return text.isEmpty ? nil : text
    }
}

/// Why a WebVTT file was refused as a whole. A malformed cue is no error: it is dropped
/// (`WebVTTDocument.droppedCues`) and the rest is read, as the W3C parser does.
package enum WebVTTError: Error, Sendable, Hashable {
    /// The file does not start with the `WEBVTT` signature (after an optional byte order mark).
    case missingSignature
    /// The file is larger than `WebVTTReader.maxBytes`.
    case tooLarge(bytes: Int)
}

/// Reads WebVTT files (W3C WebVTT, "6. Parsing"): the signature, then blocks separated by blank
/// lines; a block whose first or second line holds `-->` is a cue, every other block (`NOTE`,
/// `STYLE`, `REGION`, anything unknown) is read past. Hostile input is bounded: at most `maxBytes`
/// bytes, `maxCues` cues and `maxCueTextLength` characters a cue; every character is looked at a
/// bounded number of times, so the work is linear in the input's size (`read(_:work:)` counts it).
/// Invalid UTF-8 is read as U+FFFD, as the W3C parser's UTF-8 decode does.
package enum WebVTTReader {
    /// The largest file read, in bytes.
    package static let maxBytes = 1 << 20
    /// The most cues kept; more are dropped.
    package static let maxCues = 5_000
    /// The most characters of one cue's text kept; the rest is cut.
    package static let maxCueTextLength = 1_000

    /// Reads `data` as a WebVTT file.
    package static func read(_ data: Data) -> Result<WebVTTDocument, WebVTTError> {
        var work = 0
        return read(data, work: &work)
    }

    /// Reads `data`, adding to `work` one unit for each character examined (how tests prove the
    /// reader linear on hostile input, without a wall clock).
    static func read(_ data: Data, work: inout Int) -> Result<WebVTTDocument, WebVTTError> {
        guard data.count <= maxBytes else { return .failure(.tooLarge(bytes: data.count)) }
        var scalars = Array(String(decoding: data, as: UTF8.self).unicodeScalars)
        work += scalars.count
        if scalars.first == "\u{FEFF}" { scalars.removeFirst() }
        let lines = splitLines(scalars, work: &work)
        guard let first = lines.first, hasSignature(scalars[first]) else { return .failure(.missingSignature) }

        var cues: [WebVTTCue] = []
        var dropped = 0
        var index = 1
        // The header: lines up to the first blank one (a line holding "-->" starts a cue at once).
        while index < lines.count, !lines[index].isEmpty, !containsArrow(scalars[lines[index]], work: &work) { index += 1 }
        while index < lines.count {
            if lines[index].isEmpty { index += 1; continue }
            // A block: its first line may be an identifier when the second holds the timing.
            // (An identifier is read past: nothing the SDK does refers to a cue by it.)
            var timingLine = index
            if !containsArrow(scalars[lines[index]], work: &work) {
                let next = index + 1
                guard next < lines.count, !lines[next].isEmpty, containsArrow(scalars[lines[next]], work: &work) else {
                    // Not a cue (NOTE, STYLE, REGION or junk): read past the block.
                    while index < lines.count, !lines[index].isEmpty { index += 1 }
                    continue
                }
                timingLine = next
            }
            index = timingLine + 1
            var textLines: [Range<Int>] = []
            // The cue's text: up to a blank line, or a line holding "-->" (the next cue's timing).
            while index < lines.count, !lines[index].isEmpty, !containsArrow(scalars[lines[index]], work: &work) {
                textLines.append(lines[index])
                index += 1
            }
            guard let timing = readTiming(scalars[lines[timingLine]], work: &work), timing.end > timing.start, cues.count < maxCues else {
                dropped += 1
                continue
            }
            let text = cueText(textLines, in: scalars, work: &work)
            cues.append(WebVTTCue(start: timing.start, end: timing.end, text: text))
        }
        return .success(WebVTTDocument(cues: cues, droppedCues: dropped))
    }

    // MARK: Lines

    /// The lines, split at CR LF, CR or LF; each a range of `scalars` without its end.
    private static func splitLines(_ scalars: [Unicode.Scalar], work: inout Int) -> [Range<Int>] {
        var lines: [Range<Int>] = []
        var start = 0
        var index = 0
        while index < scalars.count {
            work += 1
            let scalar = scalars[index]
            if scalar == "\r" || scalar == "\n" {
                lines.append(start..<index)
                if scalar == "\r", index + 1 < scalars.count, scalars[index + 1] == "\n" { index += 1 }
                start = index + 1
            }
            index += 1
        }
        lines.append(start..<scalars.count)
        return lines
    }

    /// `WEBVTT`, then the line's end, a space or a tab.
    private static func hasSignature(_ line: ArraySlice<Unicode.Scalar>) -> Bool {
        let signature = Array("WEBVTT".unicodeScalars)
        guard line.count >= signature.count, line.prefix(signature.count).elementsEqual(signature) else { return false }
        guard line.count > signature.count else { return true }
        let after = line[line.startIndex + signature.count]
        return after == " " || after == "\t"
    }

    private static func containsArrow(_ line: ArraySlice<Unicode.Scalar>, work: inout Int) -> Bool {
        var run = 0
        for scalar in line {
            work += 1
            if scalar == "-" {
                run += 1
            } else if scalar == ">", run >= 2 {
                return true
            } else {
                run = 0
            }
        }
        return false
    }

    // MARK: Timing

    /// `start --> end [settings]`; `nil` when it does not read. The cue settings (`vertical`,
    /// `line`, `position`, `size`, `region`, `align`) are read past, as a user agent may ignore
    /// them: the SDK draws every caption at one place, centered above its controls
    /// (`CaptionLayout`), where a setting could put it under them or off the safe area.
    private static func readTiming(_ line: ArraySlice<Unicode.Scalar>, work: inout Int) -> (start: TimeInterval, end: TimeInterval)? {
        var cursor = line.startIndex
        skipSpaces(line, &cursor, work: &work)
        guard let start = timestamp(line, &cursor, work: &work) else { return nil }
        skipSpaces(line, &cursor, work: &work)
        for expected in "-->".unicodeScalars {
            guard cursor < line.endIndex, line[cursor] == expected else { return nil }
            cursor += 1
        }
        skipSpaces(line, &cursor, work: &work)
        guard let end = timestamp(line, &cursor, work: &work) else { return nil }
        // Settings follow after white space; anything glued to the timestamp makes the line bad.
        guard cursor == line.endIndex || line[cursor] == " " || line[cursor] == "\t" else { return nil }
        work += line.endIndex - cursor
        return (start, end)
    }

    private static func skipSpaces(_ line: ArraySlice<Unicode.Scalar>, _ cursor: inout Int, work: inout Int) {
        while cursor < line.endIndex, line[cursor] == " " || line[cursor] == "\t" {
            work += 1
            cursor += 1
        }
    }

    /// `[hh:]mm:ss.ttt` (hours two digits or more, minutes and seconds 0–59, three digits of
    /// milliseconds); `nil` when it does not read.
    private static func timestamp(_ line: ArraySlice<Unicode.Scalar>, _ cursor: inout Int, work: inout Int) -> TimeInterval? {
        func number(_ cursor: inout Int) -> (value: Double, digits: Int)? {
            var value = 0.0
            var digits = 0
            while cursor < line.endIndex, let digit = asciiDigit(line[cursor]) {
                work += 1
                // More than 10 digits of hours is no real time; stop counting, keep reading.
                if digits < 10 { value = value * 10 + Double(digit) }
                digits += 1
                cursor += 1
            }
            return digits == 0 ? nil : (value, digits)
        }
        guard let first = number(&cursor), first.digits <= 10 else { return nil }
        guard cursor < line.endIndex, line[cursor] == ":" else { return nil }
        cursor += 1
        guard let second = number(&cursor), second.digits == 2 else { return nil }
        var hours = 0.0, minutes = first.value, seconds = second.value
        if first.digits != 2 {
            // Only hours may have other than two digits: a third field must follow.
            guard cursor < line.endIndex, line[cursor] == ":" else { return nil }
        }
        if cursor < line.endIndex, line[cursor] == ":" {
            cursor += 1
            guard let third = number(&cursor), third.digits == 2 else { return nil }
            hours = first.value
            minutes = second.value
            seconds = third.value
        }
        guard minutes <= 59, seconds <= 59, cursor < line.endIndex, line[cursor] == "." else { return nil }
        cursor += 1
        guard let fraction = number(&cursor), fraction.digits == 3 else { return nil }
        return hours * 3600 + minutes * 60 + seconds + fraction.value / 1000
    }

    private static let namedReferences: [String: Unicode.Scalar] = [
        "amp": "&", "lt": "<", "gt": ">", "lrm": "\u{200E}", "rlm": "\u{200F}", "nbsp": "\u{00A0}", "quot": "\"", "apos": "'",
    ]

    /// A letter, digit or `#` (what a reference's name is made of: anything else ends the look-ahead).
    private static func isReferenceCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && (scalar.properties.isAlphabetic || asciiDigit(scalar) != nil || scalar == "#")
    }

    private static func asciiDigit(_ scalar: Unicode.Scalar) -> Int? {
        scalar.value >= 48 && scalar.value <= 57 ? Int(scalar.value - 48) : nil
    }

    // MARK: Text

    /// The cue's lines as a viewer reads them: tags (`<i>`, `<v Name>`, `<00:01.000>`) dropped,
    /// character references decoded, at most `maxCueTextLength` characters.
    private static func cueText(_ lines: [Range<Int>], in scalars: [Unicode.Scalar], work: inout Int) -> String {
        var text = String.UnicodeScalarView()
        var kept = 0
        for (number, range) in lines.enumerated() {
            if number > 0 { text.append("\n") }
            var cursor = range.lowerBound
            while cursor < range.upperBound, kept < maxCueTextLength {
                work += 1
                let scalar = scalars[cursor]
                switch scalar {
                case "<":
                    // A tag runs to ">" or the line's end; nothing of it is text.
                    cursor += 1
                    while cursor < range.upperBound, scalars[cursor] != ">" {
                        work += 1
                        cursor += 1
                    }
                    cursor += 1
                case "&":
                    if let (decoded, length) = reference(scalars, at: cursor, end: range.upperBound, work: &work) {
                        text.append(decoded)
                        cursor += length
                    } else {
                        text.append(scalar)
                        cursor += 1
                    }
                    kept += 1
                default:
                    text.append(scalar)
                    kept += 1
                    cursor += 1
                }
            }
        }
        return String(text).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The references WebVTT text uses: `&amp;` `&lt;` `&gt;` `&lrm;` `&rlm;` `&nbsp;` `&quot;`
    /// `&apos;`, and numeric ones; the character and how many scalars it took, or `nil` (the `&`
    /// is then text). Looks at most 12 characters ahead.
    private static func reference(_ scalars: [Unicode.Scalar], at start: Int, end: Int, work: inout Int) -> (Unicode.Scalar, Int)? {
        var cursor = start + 1
        var name = ""
        while cursor < end, cursor - start <= 12, isReferenceCharacter(scalars[cursor]) {
            work += 1
            name.unicodeScalars.append(scalars[cursor])
            cursor += 1
        }
        guard cursor < end, scalars[cursor] == ";" else { return nil }
        let length = cursor - start + 1
        if let scalar = namedReferences[name] { return (scalar, length) }
        guard name.hasPrefix("#") else { return nil }
        let digits = name.dropFirst()
        let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
        guard let value, value != 0, let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, length)
    }
}
