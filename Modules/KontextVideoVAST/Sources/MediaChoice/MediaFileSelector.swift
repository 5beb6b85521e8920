import Foundation
import KontextVideoModels

/// Picks the `<MediaFile>` to play on a device (pure).
///
/// Policy:
/// 1. Eligible files: a MIME type in `DeviceProfile.supportedMIMETypes` (compared lower-case,
///    parameters dropped; VPAID scripts such as `application/javascript` never are, while a
///    `video/mp4` marked `apiFramework="VPAID"` is still a video, as prebid plays it); an
///    absolute `http(s)` URL (RTMP and relative URLs are refused) that `urlRule` allows (no local
///    host while the ad server is public). `delivery` does not decide:
///    ad servers often label progressive MP4 as `streaming`, and players play them.
/// 2. None eligible: VAST error 403.
/// 3. `https` is preferred: when any eligible file is `https`, the `http` ones are dropped, since
///    App Transport Security refuses plain HTTP to a public host in an app that did not opt out
///    (the sandbox's loopback and LAN files stay playable: they are all `http`).
/// 4. HLS is preferred when eligible: it adapts to the connection by itself.
/// 5. Bitrate cap: `estimatedBandwidthKbps`, else 1,500 kbps on cellular, else none. Files whose
///    `bitrate` (or `minBitrate`) is over the cap are dropped unless every file is, in which case
///    only the lowest-bitrate ones remain.
/// 6. Size: with both sides compared in landscape, the largest file that fits the screen wins;
///    when none fits, the smallest one. Files without a size rank below sized files that fit.
/// 7. Ties go to the higher bitrate, then document order.
///
/// Every number compared here came from the document through `WireNumber`'s ranges, and the area is
/// computed saturating: no media file, however large it says it is, can make the choice trap.
package struct MediaFileSelector: Sendable {
    /// The device to pick for.
    package var device: DeviceProfile
    /// What a media file's URL may point at (a file on a local host is not eligible while the ad
    /// server is public).
    package var urlRule: AdURLRule

    /// Creates a selector for `device`; by default any host is eligible (the `kontext-vast` tool,
    /// tests), the SDK passes the rule of its ad server.
    package init(device: DeviceProfile, urlRule: AdURLRule = AdURLRule(allowsLocalHosts: true)) {
        self.device = device
        self.urlRule = urlRule
    }

    /// The file to play, or VAST error 403.
    package func select(from files: [VASTMediaFile]) -> Result<VASTMediaFile, VASTError> {
        choose(from: files).map(\.file)
    }

    /// The file to play with the facts that decided it (`MediaFileChoice`), or VAST error 403.
    package func choose(from files: [VASTMediaFile]) -> Result<MediaFileChoice, VASTError> {
        let eligible = files.filter(isEligible)
        guard !eligible.isEmpty else {
            let types = Set(files.compactMap { $0.type?.lowercased() }).sorted().joined(separator: ", ")
            return .failure(VASTError(.noSupportedMedia, "no supported media file among \(files.count) (types: \(types.isEmpty ? "none" : types))"))
        }
        let secure = eligible.filter { Self.isHTTPS($0.url) }
        let allowed = secure.isEmpty ? eligible : secure
        let hls = allowed.filter { Self.isHLS($0.type) }
        var candidates = hls.isEmpty ? allowed : hls
        var cap: MediaFileChoice.BitrateCap?
        if let kbps = device.estimatedBandwidthKbps ?? (device.isOnCellular ? 1500 : nil) {
            let fitting = candidates.filter { (Self.lowBitrate($0) ?? 0) <= kbps }
            let before = candidates.count
            if fitting.isEmpty {
                let lowest = candidates.compactMap(Self.lowBitrate).min() ?? 0
                candidates = candidates.filter { (Self.lowBitrate($0) ?? 0) == lowest }
            } else {
                candidates = fitting
            }
            cap = MediaFileChoice.BitrateCap(
                kbps: kbps, estimated: device.estimatedBandwidthKbps != nil, dropped: before - candidates.count,
                noneUnder: fitting.isEmpty)
        }
        let screenLong = max(device.screenWidth, device.screenHeight)
        let screenShort = min(device.screenWidth, device.screenHeight)
        let ranked = candidates.enumerated().sorted { lhs, rhs in
            let left = rank(lhs.element, screenLong: screenLong, screenShort: screenShort)
            let right = rank(rhs.element, screenLong: screenLong, screenShort: screenShort)
            if left != right { return left.lexicographicallyPrecedes(right) == false }
            return lhs.offset < rhs.offset
        }
        guard let best = ranked.first?.element else {
            return .failure(VASTError(.noSupportedMedia, "no supported media file"))
        }
        let size: MediaFileChoice.Size = switch rank(best, screenLong: screenLong, screenShort: screenShort).first {
        case 2: .largestThatFits
        case 1: .unsized
        default: .smallestOfNoneThatFit
        }
        return .success(MediaFileChoice(
            file: best, fileCount: files.count, playableCount: eligible.count, preferredHLS: !hls.isEmpty && hls.count < allowed.count,
            bitrateCap: cap, size: size, candidateCount: candidates.count, screenWidth: device.screenWidth, screenHeight: device.screenHeight))
    }

    /// Whether the device can play `file` at all.
    package func isEligible(_ file: VASTMediaFile) -> Bool {
        guard let type = Self.mime(file.type), device.supportedMIMETypes.contains(type) else { return false }
        guard let url = URL(string: file.url) else { return false }
        return urlRule.mayFetch(url)
    }

    /// Sort key: fitting sized files by area, then unsized, then oversized by smallness; then bitrate.
    private func rank(_ file: VASTMediaFile, screenLong: Int, screenShort: Int) -> [Int] {
        let bitrate = file.bitrate ?? file.maxBitrate ?? file.minBitrate ?? 0
        guard let width = file.width, let height = file.height, width > 0, height > 0 else {
            return [1, 0, bitrate]
        }
        let long = max(width, height)
        let short = min(width, height)
        let area = WireNumber.saturatingProduct(long, short)
        if long <= screenLong && short <= screenShort {
            return [2, area, bitrate]
        }
        return [0, -area, bitrate]
    }

    private static func lowBitrate(_ file: VASTMediaFile) -> Int? {
        file.bitrate ?? file.minBitrate
    }

    private static func mime(_ type: String?) -> String? {
        guard let type else { return nil }
        let base = type.split(separator: ";", maxSplits: 1).first.map(String.init) ?? type
        let trimmed = base.trimmingCharacters(in: .whitespaces).lowercased()
        return trimmed.isEmpty ? nil : trimmed
    }

    private static func isHTTPS(_ url: String) -> Bool {
        URL(string: url)?.scheme?.lowercased() == "https"
    }

    private static func isHLS(_ type: String?) -> Bool {
        mime(type)?.hasSuffix("mpegurl") ?? false
    }
}
