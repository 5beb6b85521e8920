/// The media file `MediaFileSelector` chose, and the facts of its policy that decided it: how
/// many files could play, whether HLS was preferred, what the bitrate cap left, which size rule
/// picked the winner. Cheap to make (numbers only); `reason` words it when someone reads it.
package struct MediaFileChoice: Sendable, Equatable {
    /// The bitrate cap applied, and what it left.
    package struct BitrateCap: Sendable, Equatable {
        /// The cap, in kbps.
        package var kbps: Int
        /// Whether it is the device's bandwidth estimate (else the 1,500 kbps cellular cap).
        package var estimated: Bool
        /// How many candidates it dropped.
        package var dropped: Int
        /// Whether every candidate was over it (then only the lowest-bitrate ones remained).
        package var noneUnder: Bool
    }

    /// Which size rule picked the file among the candidates left.
    package enum Size: Sendable, Equatable {
        /// The largest sized file that fits the screen.
        case largestThatFits
        /// No sized file fits, and this one declares no size.
        case unsized
        /// No file fits the screen: the smallest one.
        case smallestOfNoneThatFit
    }

    /// The file to play.
    package var file: VASTMediaFile
    /// How many `<MediaFile>`s the ad has.
    package var fileCount: Int
    /// How many of them the device can play (MIME type, absolute http(s) URL).
    package var playableCount: Int
    /// Whether HLS files were preferred over playable progressive ones.
    package var preferredHLS: Bool
    /// The bitrate cap, when one applied.
    package var bitrateCap: BitrateCap?
    /// The size rule that decided.
    package var size: Size
    /// How many candidates the size rule ranked.
    package var candidateCount: Int
    /// The screen's width in pixels.
    package var screenWidth: Int
    /// The screen's height in pixels.
    package var screenHeight: Int

    /// Why this file, in words: each step of the policy that mattered.
    package var reason: String {
        var steps = ["\(playableCount) of \(fileCount) files playable"]
        if preferredHLS { steps.append("HLS preferred") }
        if let cap = bitrateCap {
            let source = cap.estimated ? "the bandwidth estimate" : "cellular"
            steps.append(cap.noneUnder
                ? "every file over \(cap.kbps) kbps (\(source)): the lowest bitrate"
                : "\(cap.dropped) over \(cap.kbps) kbps (\(source)) left out")
        }
        let screen = "\(max(screenWidth, screenHeight))×\(min(screenWidth, screenHeight))"
        switch size {
        case .largestThatFits: steps.append("the largest of \(candidateCount) that fits the \(screen) screen")
        case .unsized: steps.append("no sized file fits the \(screen) screen; this one declares no size")
        case .smallestOfNoneThatFit: steps.append("none fits the \(screen) screen: the smallest")
        }
        return steps.joined(separator: "; ")
    }
}
