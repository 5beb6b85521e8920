import Foundation

/// How every web view that shows a creative is configured — the overlay or pause page and the
/// linear end card alike (issue 32, "hardened web views"). The platform glue only applies it:
///
/// | setting | value | why |
/// |---|---|---|
/// | website data store | a new non-persistent store per creative | an ad never reads or writes the app's cookies, storage or cache, nor another ad's |
/// | camera, microphone | denied | an ad never captures |
/// | device orientation and motion | denied | a fingerprinting and tracking signal |
/// | geolocation | denied where WebKit asks (iOS 27); earlier, no per-web-view control exists | see `geolocation` |
/// | link previews, context menu | off | a long press would offer to open or share the link outside the SDK's click |
/// | data detectors | none | text turned into `tel:` or map links is a way out of the page |
/// | new windows | none (`window.open` without a tap fails; a new web view is never made) | the SDK opens clicks itself |
/// | Picture in Picture, AirPlay | off | creative media stays inside the ad's frame and device |
/// | resources a frame loads | `http`, `https` (and `about:` for blank frames) | the same as `WebNavigationPolicy` |
package struct WebViewHardening: Sendable, Equatable {
    /// Where a web view keeps cookies, storage and caches.
    package enum DataStore: Sendable, Equatable {
        /// A store of its own, in memory only, dropped with the web view.
        case nonPersistent
        /// The app's shared, persistent store.
        case appDefault
    }

    /// A device capability a page can ask for.
    package enum DeviceCapability: Sendable, Equatable, CaseIterable {
        /// Video capture (`getUserMedia`).
        case camera
        /// Audio capture.
        case microphone
        /// Both at once.
        case cameraAndMicrophone
        /// `DeviceOrientationEvent` and `DeviceMotionEvent`.
        case deviceOrientationAndMotion
        /// `navigator.geolocation`. Before iOS 27 WebKit has no `WKUIDelegate` method to answer it
        /// for one web view; from iOS 27 the glue denies it through
        /// `webView(_:requestGeolocationPermissionFor:initiatedByFrame:decisionHandler:)` (its page
        /// lists iOS 27.0+). Before that, a page's location comes from Core Location under the
        /// app's own authorization, which an iOS app gets only with the
        /// `NSLocationWhenInUseUsageDescription` key ("This key is required",
        /// /documentation/BundleResources/Information-Property-List/NSLocationWhenInUseUsageDescription):
        /// an ad cannot add it, so it gets no location in an app that never asked for it; in an app
        /// that did, WebKit asks the viewer (a device confirms the prompt).
        case geolocation
    }

    /// What the web view answers when a page asks for a capability.
    package enum PermissionAnswer: Sendable, Equatable {
        /// Refuse without asking the viewer.
        case deny
        /// Let WebKit ask the viewer.
        case prompt
        /// Grant without asking.
        case grant
    }

    /// The web view's data store.
    package var dataStore: DataStore
    /// The capabilities granted or prompted for; every other one is denied.
    package var permissions: [DeviceCapability: PermissionAnswer]
    /// Whether pressing a link shows a preview of its destination.
    package var allowsLinkPreview: Bool
    /// Whether a long press shows WebKit's context menu.
    package var showsContextMenu: Bool
    /// Whether WebKit turns phone numbers, addresses and the like into links.
    package var detectsData: Bool
    /// Whether a script may open a window without the viewer's gesture.
    package var scriptsOpenWindowsAutomatically: Bool
    /// Whether a page's request for a new window gets a new web view.
    package var opensNewWindows: Bool
    /// Whether the page's video may play Picture in Picture.
    package var allowsPictureInPicture: Bool
    /// Whether the page's media may play over AirPlay.
    package var allowsAirPlay: Bool
    /// The URL schemes a frame of the creative may load.
    package var loadableSchemes: Set<String>

    /// The configuration of every creative web view.
    package static let creative = WebViewHardening(
        dataStore: .nonPersistent,
        permissions: [:],
        allowsLinkPreview: false,
        showsContextMenu: false,
        detectsData: false,
        scriptsOpenWindowsAutomatically: false,
        opensNewWindows: false,
        allowsPictureInPicture: false,
        allowsAirPlay: false,
        loadableSchemes: ["http", "https", "about"])

    /// The answer to a page asking for `capability`: denied unless listed in `permissions`.
    package func answer(to capability: DeviceCapability) -> PermissionAnswer {
        permissions[capability] ?? .deny
    }

    /// Whether a frame may load `url` (a missing URL or scheme is not loadable).
    package func mayLoad(_ url: URL?) -> Bool {
        guard let scheme = url?.scheme?.lowercased() else { return false }
        return loadableSchemes.contains(scheme)
    }

    /// The resource a web view should load among a creative's candidates: `https` first, then
    /// `http`, in the order given within each; `nil` when none is on the web (`file:`, `data:`,
    /// `javascript:`, the app's own scheme, or not a URL at all).
    package static func preferredWebResource(among candidates: [String]) -> URL? {
        let urls = candidates.compactMap { URL(string: $0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            .filter { $0.host?.isEmpty == false }
        return urls.first { $0.scheme?.lowercased() == "https" } ?? urls.first { $0.scheme?.lowercased() == "http" }
    }
}

/// The most bytes and pixels an image creative may have before the SDK decodes it: a decoded
/// image costs about four bytes per pixel, so a small file claiming a huge canvas (a "decompression
/// bomb") could exhaust the app's memory. The pixel count is read from the image's header, never
/// by decoding it; a header that cannot be read is refused like an oversized image.
package struct ImageDecodeCap: Sendable, Equatable {
    /// The most bytes of an encoded image.
    package var maxBytes: Int
    /// The most pixels (width × height) of its canvas.
    package var maxPixels: UInt64

    /// 5 MB and 16,777,216 pixels (4096 × 4096, 64 MiB decoded): far beyond any overlay, pause
    /// or end-card image, and within what a phone decodes comfortably.
    package static let creative = ImageDecodeCap(maxBytes: 5_000_000, maxPixels: 4096 * 4096)

    /// 256 KiB and 1,048,576 pixels (1024 × 1024, 4 MiB decoded) for an industry icon: VAST icons
    /// are drawn at a few dozen points, and an ad may bring several, held while it is loaded.
    package static let icon = ImageDecodeCap(maxBytes: 256 * 1024, maxPixels: 1024 * 1024)

    /// Why an image was refused.
    package enum Refusal: Sendable, Equatable {
        /// More bytes than `maxBytes`.
        case tooManyBytes(Int)
        /// A canvas of more pixels than `maxPixels`.
        case tooManyPixels(width: UInt32, height: UInt32)
        /// Not a PNG, JPEG, GIF or WebP whose header gives a non-empty canvas.
        case unreadableHeader
    }

    /// `nil` when `data` may be decoded; otherwise why not.
    package func refusal(of data: Data) -> Refusal? {
        guard data.count <= maxBytes else { return .tooManyBytes(data.count) }
        guard let size = ImageHeader.canvasSize(of: data) else { return .unreadableHeader }
        guard UInt64(size.width) * UInt64(size.height) <= maxPixels else {
            return .tooManyPixels(width: size.width, height: size.height)
        }
        return nil
    }
}

/// The canvas size an image's header declares, read without decoding: PNG (`IHDR`), JPEG (the
/// first `SOFn` frame header), GIF (the logical screen) and WebP (`VP8`, `VP8L`, `VP8X`). Every
/// read is bounds-checked, so any bytes at all are safe to pass.
package enum ImageHeader {
    /// Width and height in pixels, or `nil` when the bytes are none of the four formats, the
    /// header is cut short or malformed, or either side is zero.
    package static func canvasSize(of data: Data) -> (width: UInt32, height: UInt32)? {
        let bytes = Bytes(data)
        let size = png(bytes) ?? gif(bytes) ?? webp(bytes) ?? jpeg(bytes)
        guard let size, size.width > 0, size.height > 0 else { return nil }
        return size
    }

    private static func png(_ b: Bytes) -> (width: UInt32, height: UInt32)? {
        guard b.matches([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], at: 0), b.matches(Array("IHDR".utf8), at: 12),
              let width = b.uint32BE(at: 16), let height = b.uint32BE(at: 20) else { return nil }
        return (width, height)
    }

    private static func gif(_ b: Bytes) -> (width: UInt32, height: UInt32)? {
        guard b.matches(Array("GIF87a".utf8), at: 0) || b.matches(Array("GIF89a".utf8), at: 0),
              let width = b.uint16LE(at: 6), let height = b.uint16LE(at: 8) else { return nil }
        return (UInt32(width), UInt32(height))
    }

    private static func webp(_ b: Bytes) -> (width: UInt32, height: UInt32)? {
        guard b.matches(Array("RIFF".utf8), at: 0), b.matches(Array("WEBP".utf8), at: 8) else { return nil }
        if b.matches(Array("VP8X".utf8), at: 12) {
            // Extended: 24-bit canvas width − 1 and height − 1 after 4 bytes of flags.
            guard let width = b.uint24LE(at: 24), let height = b.uint24LE(at: 27) else { return nil }
            return (width + 1, height + 1)
        }
        if b.matches(Array("VP8L".utf8), at: 12) {
            // Lossless: signature 0x2F, then 14 bits of width − 1 and 14 of height − 1.
            guard b[20] == 0x2F, let bits = b.uint32LE(at: 21) else { return nil }
            return ((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
        }
        if b.matches(Array("VP8 ".utf8), at: 12) {
            // Lossy: a 3-byte frame tag, the start code 9D 01 2A, then 14-bit width and height.
            guard b.matches([0x9D, 0x01, 0x2A], at: 23), let width = b.uint16LE(at: 26), let height = b.uint16LE(at: 28) else {
                return nil
            }
            return (UInt32(width & 0x3FFF), UInt32(height & 0x3FFF))
        }
        return nil
    }

    private static func jpeg(_ b: Bytes) -> (width: UInt32, height: UInt32)? {
        guard b.matches([0xFF, 0xD8], at: 0) else { return nil }
        var offset = 2
        while offset < b.count {
            guard b[offset] == 0xFF else { return nil }
            // Fill bytes: any number of 0xFF before the marker's code.
            while b[offset] == 0xFF { offset += 1 }
            guard let marker = b[offset] else { return nil }
            offset += 1
            // Markers without a length: TEM and RST0–7; the image ends or its scan starts without a frame header.
            if marker == 0x01 || (0xD0...0xD7).contains(marker) { continue }
            if marker == 0xD9 || marker == 0xDA { return nil }
            guard let length = b.uint16BE(at: offset), length >= 2 else { return nil }
            // SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC): precision, then height and width.
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                guard let height = b.uint16BE(at: offset + 3), let width = b.uint16BE(at: offset + 5) else { return nil }
                return (UInt32(width), UInt32(height))
            }
            offset += Int(length)
        }
        return nil
    }

    /// Bounds-checked reads; out of range is `nil`, never a trap.
    private struct Bytes {
        let storage: [UInt8]
        init(_ data: Data) { storage = [UInt8](data) }
        var count: Int { storage.count }
        subscript(_ index: Int) -> UInt8? { storage.indices.contains(index) ? storage[index] : nil }
        func matches(_ expected: [UInt8], at offset: Int) -> Bool {
            offset >= 0 && offset <= count - expected.count && storage[offset..<offset + expected.count].elementsEqual(expected)
        }
        private func read(_ width: Int, at offset: Int) -> [UInt8]? {
            guard offset >= 0, offset <= count - width else { return nil }
            return Array(storage[offset..<offset + width])
        }
        func uint16BE(at offset: Int) -> UInt16? { read(2, at: offset).map { UInt16($0[0]) << 8 | UInt16($0[1]) } }
        func uint16LE(at offset: Int) -> UInt16? { read(2, at: offset).map { UInt16($0[1]) << 8 | UInt16($0[0]) } }
        func uint24LE(at offset: Int) -> UInt32? { read(3, at: offset).map { UInt32($0[2]) << 16 | UInt32($0[1]) << 8 | UInt32($0[0]) } }
        func uint32BE(at offset: Int) -> UInt32? {
            read(4, at: offset).map { $0.reduce(UInt32(0)) { $0 << 8 | UInt32($1) } }
        }
        func uint32LE(at offset: Int) -> UInt32? {
            read(4, at: offset).map { $0.reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) } }
        }
    }
}
