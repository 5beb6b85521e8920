import Foundation
@testable import KontextVideoNetworking
import Testing

@Suite("DeviceFacts")
struct DeviceFactsTests {
    @Test("gathered from the process: the OS, its version, the machine and the locale; the screen stays unknown")
    func gathered() throws {
        let facts = DeviceFacts.gatheredFromProcess()
        #expect(facts.os == DeviceFacts.operatingSystemName)
        let version = try #require(facts.osVersion)
        #expect(version.split(separator: ".").count >= 2)
        #expect(version.split(separator: ".").allSatisfy { Int($0) != nil })
        #expect(facts.model?.isEmpty == false)
        #expect(facts.locale == Locale.current.identifier)
        #if os(Linux)
        #expect(facts.os == "Linux")
        #expect(facts.screenWidth == nil && facts.screenHeight == nil && facts.scale == nil)
        #endif
    }

    @Test("unknown facts are omitted from the wire")
    func omitted() throws {
        #expect(try encoded(DeviceFacts(os: "Linux", model: "x86_64")) == json(#"{"os": "Linux", "model": "x86_64"}"#))
    }
}

@Suite("Operating system family")
struct OperatingSystemFamilyTests {
    @Test("device.os and sdk.platform of every family, as PROTOCOL.md names them", arguments: [
        (OperatingSystemFamily.iOS, "iOS", "ios"),
        (.tvOS, "tvOS", "tvos"),
        (.macOS, "macOS", "macos"),
        (.visionOS, "visionOS", "ios"),
        (.linux, "Linux", "linux"),
        (.other, "unknown", "linux"),
    ])
    func names(family: OperatingSystemFamily, deviceOS: String, sdkPlatform: String) {
        #expect(family.deviceOS == deviceOS)
        #expect(family.sdkPlatform == sdkPlatform)
    }

    @Test("the build's family names the device and the platform; on Linux, Linux")
    func current() {
        #expect(DeviceFacts.operatingSystemName == OperatingSystemFamily.current.deviceOS)
        #expect(AdServerIdentity.currentPlatform == OperatingSystemFamily.current.sdkPlatform)
        #if os(Linux)
        #expect(OperatingSystemFamily.current == .linux)
        #endif
    }

    @Test("every family's names are ones the protocol lists")
    func protocolNames() {
        for family in OperatingSystemFamily.allCases {
            #expect(["ios", "tvos", "macos", "linux"].contains(family.sdkPlatform))
            #expect(["iOS", "tvOS", "macOS", "visionOS", "Linux", "unknown"].contains(family.deviceOS))
        }
    }
}

@Suite("Network kind")
struct NetworkKindTests {
    @Test("a path's kind from the interfaces it uses: Wi-Fi or a wire before cellular; none usable is unknown", arguments: [
        // (satisfied, Wi-Fi, wired, cellular) → kind
        (false, true, false, true, NetworkKind.unknown),
        (true, false, false, true, .cellular),
        (true, true, false, true, .wifi),
        (true, false, true, true, .wired),
        (true, true, true, false, .wifi),
        (true, false, false, false, .other),
    ])
    func kind(satisfied: Bool, wifi: Bool, wired: Bool, cellular: Bool, expected: NetworkKind) {
        let kind = NetworkKind(isSatisfied: satisfied, usesWiFi: wifi, usesWired: wired, usesCellular: cellular)
        #expect(kind == expected)
        #expect(kind.isCellular == (expected == .cellular))
    }

    @Test("a source says what it was told last; the system's says unknown where nothing reports (Linux)")
    func source() {
        let source = NetworkKindSource()
        #expect(source.current == .unknown)
        source.set(.cellular)
        #expect(source.current == .cellular)
        #if !canImport(Network)
        #expect(NetworkKindSource.system.current == .unknown)
        #endif
    }
}
