import Foundation

/// What the ad request says about the device (`device` on the wire). Values the SDK does
/// not know are `nil` and omitted from the request.
package struct DeviceFacts: Sendable, Hashable, Codable {
    /// The operating system's name, such as `iOS` or `Linux`.
    package var os: String
    /// The operating system's version, such as `18.1`.
    package var osVersion: String?
    /// The hardware model, such as `iPhone16,2`.
    package var model: String?
    /// The device's locale identifier, such as `en_US`.
    package var locale: String?
    /// The screen's width in points.
    package var screenWidth: Double?
    /// The screen's height in points.
    package var screenHeight: Double?
    /// Pixels per point.
    package var scale: Double?

    /// Creates device facts; only `os` is required.
    package init(
        os: String,
        osVersion: String? = nil,
        model: String? = nil,
        locale: String? = nil,
        screenWidth: Double? = nil,
        screenHeight: Double? = nil,
        scale: Double? = nil
    ) {
        self.os = os
        self.osVersion = osVersion
        self.model = model
        self.locale = locale
        self.screenWidth = screenWidth
        self.screenHeight = screenHeight
        self.scale = scale
    }

    /// What `ProcessInfo`, `Locale` and `uname` tell on any platform; the screen stays unknown.
    package static func gatheredFromProcess() -> DeviceFacts {
        let version = ProcessInfo.processInfo.operatingSystemVersion
        var osVersion = "\(version.majorVersion).\(version.minorVersion)"
        if version.patchVersion != 0 { osVersion += ".\(version.patchVersion)" }
        return DeviceFacts(
            os: operatingSystemName,
            osVersion: osVersion,
            model: machineName(),
            locale: Locale.current.identifier
        )
    }

    /// The name of the operating system the SDK was built for, as `device.os` carries it
    /// (`OperatingSystemFamily.deviceOS`): decided at compile time, never by `UIDevice.systemName`,
    /// which says "iPadOS" on some iPads and "iOS" on others and is not visionOS's name.
    package static var operatingSystemName: String {
        OperatingSystemFamily.current.deviceOS
    }

    /// The hardware identifier from `uname` (`iPhone16,2` on a device, `x86_64` on Linux).
    private static func machineName() -> String? {
        var info = utsname()
        guard uname(&info) == 0 else { return nil }
        let name = withUnsafeBytes(of: &info.machine) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
        return name.isEmpty ? nil : name
    }
}
