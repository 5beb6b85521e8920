import Foundation

extension KontextVideoInspection {
    /// The inspection as plain text, as `kontext-video-demo --inspect` prints it: the session,
    /// then each ad with its request, answer, VAST chain, media file, timeline and deliveries —
    /// what the inspector's screen lists, in the same words. Times are seconds since the inspector
    /// started listening.
    public var text: String {
        let outline = InspectionOutline(self)
        var lines = [outline.heading]
        for section in outline.sections {
            lines += ["", section.title]
            for entry in section.entries {
                let label = entry.label.map { entry.value.isEmpty ? "\($0):" : "\($0): " } ?? ""
                lines.append("  " + label + entry.value)
                lines += entry.items.map { "    " + $0 }
            }
        }
        if let footer = outline.footer { lines += ["", footer] }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension KontextVideoInspection.Ad {
    /// How far the ad got, in a few words: `no fill (frequencyCap)`, `ended (skipped)`, …
    public var summary: String {
        switch stage {
        case .requested: "requested"
        case .noFill: "no fill (\(noFillReason ?? "no reason"))"
        case .requestFailed: "request failed"
        case .received: "received"
        case .loading: "loading"
        case .loaded: "loaded"
        case .invalidated: "invalidated (\(invalidation ?? "no reason"))"
        case .onScreen: "on screen"
        case .ended: "ended (\(endReason ?? "no reason"))"
        }
    }
}
