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
