import Foundation

/// The operating systems the SDK is built for, and how the wire names each: `device.os` and
/// `sdk.platform` (PROTOCOL.md, *Conventions* and `/video/preload`'s `device`). One table, read at
/// compile time: an iPad says `iOS` like an iPhone (the same build and the same ad server answers),
/// and visionOS says `visionOS` in `device.os` while the server serves it as iOS.
///
/// | family | `device.os` | `sdk.platform` |
/// |---|---|---|
/// | iOS (iPhone, iPad, an iPad app on a Mac) | `iOS` | `ios` |
/// | tvOS | `tvOS` | `tvos` |
/// | macOS | `macOS` | `macos` |
/// | visionOS | `visionOS` | `ios` |
/// | Linux | `Linux` | `linux` |
/// | any other | `unknown` | `linux` |
package enum OperatingSystemFamily: Sendable, CaseIterable {
    /// iOS and iPadOS.
    case iOS
    /// tvOS.
    case tvOS
    /// macOS.
    case macOS
    /// visionOS.
    case visionOS
    /// Linux.
    case linux
    /// An operating system the SDK names no family for.
    case other

    /// The family the SDK was compiled for.
    package static var current: OperatingSystemFamily {
        #if os(iOS)
        .iOS
        #elseif os(tvOS)
        .tvOS
        #elseif os(macOS)
        .macOS
        #elseif os(visionOS)
        .visionOS
        #elseif os(Linux)
        .linux
        #else
        .other
        #endif
    }

    /// Its name in `device.os`.
    package var deviceOS: String {
        switch self {
        case .iOS: "iOS"
        case .tvOS: "tvOS"
        case .macOS: "macOS"
        case .visionOS: "visionOS"
        case .linux: "Linux"
        case .other: "unknown"
        }
    }

    /// Its name in `sdk.platform`.
    package var sdkPlatform: String {
        switch self {
        case .iOS, .visionOS: "ios"
        case .tvOS: "tvos"
        case .macOS: "macos"
        case .linux, .other: "linux"
        }
    }
}
