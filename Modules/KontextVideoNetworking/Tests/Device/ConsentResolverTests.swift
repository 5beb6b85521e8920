import Foundation
import KontextVideoModels
@testable import KontextVideoNetworking
import Testing

@Suite("ConsentResolver")
struct ConsentResolverTests {
    @Test("nothing written and nothing set: no regulatory object")
    func nothing() throws {
        #expect(ConsentResolver.resolve(defaults: try freshDefaults(), appRegulatory: nil) == nil)
        #expect(ConsentResolver.resolve(defaults: try freshDefaults(), appRegulatory: KontextVideoRegulatory()) == nil)
    }

    @Test("the consent platform's keys are read")
    func platformValues() throws {
        let defaults = try freshDefaults()
        defaults.set("CPtc", forKey: "IABTCF_TCString")
        defaults.set(1, forKey: "IABTCF_gdprApplies")
        defaults.set("DBABMA~CP", forKey: "IABGPP_HDR_GppString")
        defaults.set("2_3", forKey: "IABGPP_GppSID")
        defaults.set("1YNN", forKey: "IABUSPrivacy_String")
        let resolved = ConsentResolver.resolve(defaults: defaults, appRegulatory: nil)
        #expect(resolved == WireRegulatory(gdpr: 1, gdprConsent: "CPtc", gpp: "DBABMA~CP", gppSid: [2, 3], usPrivacy: "1YNN"))
    }

    /// A value as the consent platform may store it.
    enum Stored: Sendable, CustomStringConvertible {
        case number(Int), text(String), flag(Bool)

        var description: String {
            switch self {
            case .number(let value): "number \(value)"
            case .text(let value): "string \"\(value)\""
            case .flag(let value): "bool \(value)"
            }
        }
    }

    @Test("gdprApplies as a number or a string", arguments: [
        (Stored.number(0), 0 as Int?), (.number(1), 1), (.text("0"), 0), (.text("1"), 1), (.flag(true), 1),
        (.number(2), nil), (.text("yes"), nil),
    ])
    func gdprApplies(stored: Stored, expected: Int?) throws {
        let defaults = try freshDefaults()
        switch stored {
        case .number(let value): defaults.set(value, forKey: "IABTCF_gdprApplies")
        case .text(let value): defaults.set(value, forKey: "IABTCF_gdprApplies")
        case .flag(let value): defaults.set(value, forKey: "IABTCF_gdprApplies")
        }
        #expect(ConsentResolver.resolve(defaults: defaults, appRegulatory: nil)?.gdpr == expected)
    }

    @Test("GppSID strings", arguments: [
        ("2_3", [2, 3] as [Int]?), ("7", [7]), ("", nil), ("2_x", nil), ("_", nil),
    ])
    func gppSid(stored: String, expected: [Int]?) throws {
        let defaults = try freshDefaults()
        defaults.set(stored, forKey: "IABGPP_GppSID")
        #expect(ConsentResolver.resolve(defaults: defaults, appRegulatory: nil)?.gppSid == expected)
    }

    @Test("the app's values fill only what the platform did not write; COPPA only from the app")
    func appFillsGaps() throws {
        let defaults = try freshDefaults()
        defaults.set("platform-tc", forKey: "IABTCF_TCString")
        defaults.set("0", forKey: "IABTCF_gdprApplies")
        defaults.set("", forKey: "IABUSPrivacy_String")
        defaults.set(1, forKey: "IABCOPPA_whatever")
        let app = KontextVideoRegulatory(
            gdpr: true, gdprConsent: "app-tc", coppa: true, gpp: "app-gpp", gppSid: [8], usPrivacy: "1YYY"
        )
        let resolved = ConsentResolver.resolve(defaults: defaults, appRegulatory: app)
        #expect(resolved == WireRegulatory(gdpr: 0, gdprConsent: "platform-tc", coppa: 1, gpp: "app-gpp", gppSid: [8], usPrivacy: "1YYY"))
    }

    @Test("consent booleans go on the wire as 0/1")
    func wireNumbers() throws {
        let resolved = ConsentResolver.resolve(defaults: try freshDefaults(), appRegulatory: KontextVideoRegulatory(gdpr: false, coppa: false))
        #expect(try encoded(resolved) == json(#"{"gdpr": 0, "coppa": 0}"#))
    }
}
