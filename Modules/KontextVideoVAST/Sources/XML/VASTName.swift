/// The element and attribute names the model reader looks up, interned once per name while the
/// document is read: the reader then compares one byte per lookup instead of a string.
///
/// A name matches on its local part (after the last `:`), ignoring ASCII case, as VAST players do
/// (`adSlotID` and `adSlotId`, `IFrameResource` and `iFrameResource`). Elements and attributes share
/// the table (`Duration` and `duration` are one entry). Every other name is `.unknown`.
enum VASTName: UInt8, CaseIterable, Sendable {
    case unknown = 0
    // Elements.
    case vast, videoAdServingTemplate, vmap, ad, inLine, wrapper, vastAdTagURI, vastAdTagURL, url
    case adSystem, adTitle, description, advertiser, adServingId, expires, survey, impression, error
    case viewableImpression, viewable, notViewable, viewUndetermined, pricing, category, blockedAdCategories
    case creatives, creative, extensions, `extension`, adVerifications, verification, universalAdId
    case creativeExtensions, creativeExtension, linear, nonLinearAds, nonLinear, companionAds, companion
    case duration, adParameters, videoClicks, clickThrough, clickTracking, customClick
    case mediaFiles, mediaFile, mezzanine, interactiveCreativeFile, closedCaptionFiles, closedCaptionFile
    case icons, icon, trackingEvents, tracking, staticResource, iFrameResource, htmlResource, altText
    case companionClickThrough, companionClickTracking, nonLinearClickThrough, nonLinearClickTracking
    case iconViewTracking, iconClicks, iconClickThrough, iconClickTracking, iconClickFallbackImages, iconClickFallbackImage
    case javaScriptResource, executableResource, verificationParameters
    // Attributes (those not already above).
    case version, id, sequence, conditionalAd, adType, followAdditionalWrappers, allowMultipleAds, fallbackOnNoAd
    case model, currency, authority, adId, apiFramework, idRegistry, idValue, skipoffset, type, variableDuration
    case language, delivery, width, height, codec, bitrate, minBitrate, maxBitrate, scalable, maintainAspectRatio
    case fileSize, mediaType, assetWidth, assetHeight, expandedWidth, expandedHeight, adSlotID, pxratio
    case renderingMode, required, minSuggestedDuration, creativeType, program, xPosition, yPosition, offset
    case hoverText, vendor, browserOptional, event

    /// The name as written in the schema, up to case (which matching ignores).
    var spelling: String { self == .unknown ? "" : String(describing: self) }
}

/// Finds the `VASTName` of a name's bytes: an open-addressing table keyed by a hash of the
/// lower-cased local name, built once.
struct VASTNameTable: Sendable {
    /// The table every reader shares.
    static let shared = VASTNameTable()

    private static let slotCount = 512
    /// `VASTName` raw values by slot; 0 is an empty slot.
    private let slots: [UInt8]
    /// The lower-cased spelling of each name, by raw value.
    private let lowered: [[UInt8]]

    private init() {
        var slots = [UInt8](repeating: 0, count: Self.slotCount)
        var lowered = [[UInt8]](repeating: [], count: VASTName.allCases.count)
        for name in VASTName.allCases where name != .unknown {
            let bytes = name.spelling.utf8.map(Self.fold)
            lowered[Int(name.rawValue)] = bytes
            var slot = bytes.withUnsafeBufferPointer { Self.hash($0.baseAddress!, $0.count) } & (Self.slotCount - 1)
            while slots[slot] != 0 { slot = (slot + 1) & (Self.slotCount - 1) }
            slots[slot] = name.rawValue
        }
        self.slots = slots
        self.lowered = lowered
    }

    /// The name of the local part of `count` bytes at `start` (the part after the last `:`).
    func name(_ start: UnsafePointer<UInt8>, _ count: Int) -> VASTName {
        var local = start
        var length = count
        for offset in stride(from: count - 1, through: 0, by: -1) where start[offset] == UInt8(ascii: ":") {
            local = start + offset + 1
            length = count - offset - 1
            break
        }
        guard length > 0 else { return .unknown }
        var slot = Self.hash(local, length) & (Self.slotCount - 1)
        while true {
            let raw = slots[slot]
            if raw == 0 { return .unknown }
            let candidate = lowered[Int(raw)]
            if candidate.count == length, candidate.withUnsafeBufferPointer({ Self.equalFolded($0.baseAddress!, local, length) }) {
                return VASTName(rawValue: raw) ?? .unknown
            }
            slot = (slot + 1) & (Self.slotCount - 1)
        }
    }

    private static func fold(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }

    private static func hash(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int {
        var hash: UInt32 = 2_166_136_261
        for index in 0..<count {
            hash = (hash ^ UInt32(fold(bytes[index]))) &* 16_777_619
        }
        return Int(hash)
    }

    private static func equalFolded(_ lowered: UnsafePointer<UInt8>, _ bytes: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        for index in 0..<count where lowered[index] != fold(bytes[index]) {
            return false
        }
        return true
    }
}
