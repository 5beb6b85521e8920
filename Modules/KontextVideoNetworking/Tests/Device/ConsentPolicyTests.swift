import Foundation
import Testing
import KontextVideoModels
@testable import KontextVideoNetworking

/// Writes consent strings bit by bit, as a consent platform does, so each test states the very
/// bits it means (TCF v2.2 core segment; GPP header and US sections).
struct ConsentStringWriter {
    private var bits: [Bool] = []

    mutating func int(_ value: Int, _ length: Int) {
        for shift in stride(from: length - 1, through: 0, by: -1) { bits.append(value >> shift & 1 == 1) }
    }

    mutating func flags(_ values: [Bool]) { bits += values }

    /// Fibonacci (Zeckendorf) code of `value` ≥ 1, ended by an extra 1.
    mutating func fibonacci(_ value: Int) {
        var numbers = [1, 2]
        while numbers.last! <= value { numbers.append(numbers[numbers.count - 1] + numbers[numbers.count - 2]) }
        var rest = value
        var code = [Bool](repeating: false, count: numbers.count)
        for index in stride(from: numbers.count - 1, through: 0, by: -1) where numbers[index] <= rest {
            code[index] = true
            rest -= numbers[index]
        }
        while code.last == false { code.removeLast() }
        bits += code + [true]
    }

    var base64URL: String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        var padded = bits
        while padded.count % 6 != 0 { padded.append(false) }
        return String(stride(from: 0, to: padded.count, by: 6).map { start in
            alphabet[padded[start..<start + 6].reduce(0) { $0 << 1 | ($1 ? 1 : 0) }]
        })
    }

    /// A TCF v2 TC string whose core segment consents to `purposes` (1-based), with
    /// `PurposeOneTreatment` and the `vendors` given (bit field encoding).
    static func tcString(purposes: Set<Int>, purposeOneNotDisclosed: Bool = false, vendors: Set<Int> = [], rangeVendors: Bool = false) -> String {
        var writer = ConsentStringWriter()
        writer.int(2, 6)                       // Version
        writer.int(16_000_000_000, 36)         // Created (deciseconds)
        writer.int(16_000_000_000, 36)         // LastUpdated
        writer.int(7, 12); writer.int(1, 12)   // CmpId, CmpVersion
        writer.int(1, 6); writer.int(4 * 64 + 13, 12)  // ConsentScreen, ConsentLanguage ("EN")
        writer.int(100, 12); writer.int(4, 6)  // VendorListVersion, TcfPolicyVersion
        writer.flags([false, false])           // IsServiceSpecific, UseNonStandardTexts
        writer.int(0, 12)                      // SpecialFeatureOptIns
        writer.flags((1...24).map { purposes.contains($0) })  // PurposesConsent
        writer.int(0, 24)                      // PurposesLITransparency
        writer.flags([purposeOneNotDisclosed]) // PurposeOneTreatment
        writer.int(4 * 64 + 4, 12)             // PublisherCC ("EE")
        let maxVendor = vendors.max() ?? 0
        writer.int(maxVendor, 16)
        writer.flags([rangeVendors])
        if rangeVendors {
            writer.int(vendors.count, 12)
            for vendor in vendors.sorted() { writer.flags([false]); writer.int(vendor, 16) }
        } else {
            writer.flags((0..<maxVendor).map { vendors.contains($0 + 1) })
        }
        return writer.base64URL
    }

    /// A GPP string with one US section `id` whose core segment has `optOut` (1) at `offset`.
    static func gpp(section id: Int, optOutAt offset: Int) -> String {
        var header = ConsentStringWriter()
        header.int(3, 6); header.int(1, 6); header.int(1, 12)
        header.flags([false]); header.fibonacci(id)
        var section = ConsentStringWriter()
        section.int(1, 6)
        section.int(0, offset - 6)
        section.int(1, 2)
        section.int(2, 10)
        return header.base64URL + "~" + section.base64URL
    }
}

@Suite("Consent policy")
struct ConsentPolicyTests {
    static let consented = ConsentStringWriter.tcString(purposes: [1, 2, 3, 4, 7])
    static let refused = ConsentStringWriter.tcString(purposes: [2, 3, 4, 7])

    /// `[install id, IDFV, IDFA, user.id, email, keywords, tracking host, ATT prompt]`.
    static let everything = [true, true, true, true, true, true, true, true]
    static let nothing = [false, false, false, false, false, false, false, false]
    static let child = [true, false, false, false, false, false, false, false]
    static let optedOut = [true, true, false, true, false, true, false, true]

    /// Every input class against every output (the table).
    static let table: [(String, ConsentSignals, [Bool])] = [
        ("no signal", ConsentSignals(), everything),
        ("GDPR does not apply", ConsentSignals(gdprApplies: false, tcString: refused), everything),
        ("GDPR, Purpose 1 consented (TC string)", ConsentSignals(gdprApplies: true, tcString: consented), everything),
        ("GDPR, Purpose 1 consented (the platform's decoded purposes)", ConsentSignals(gdprApplies: true, purposeConsents: "1111"), everything),
        ("GDPR, Purpose 1 refused (TC string)", ConsentSignals(gdprApplies: true, tcString: refused), nothing),
        ("GDPR, Purpose 1 refused (decoded purposes win over the string)", ConsentSignals(gdprApplies: true, tcString: consented, purposeConsents: "0111"), nothing),
        ("GDPR, no TC string", ConsentSignals(gdprApplies: true), nothing),
        ("GDPR, an unreadable TC string", ConsentSignals(gdprApplies: true, tcString: "not a TC string!"), nothing),
        ("GDPR, a TCF v1 string", ConsentSignals(gdprApplies: true, tcString: "BOEFEAyOEFEAyAHABDENAI4AAAB9vABAASA"), nothing),
        ("GDPR, Purpose 1 not disclosed in the publisher's country",
         ConsentSignals(gdprApplies: true, tcString: ConsentStringWriter.tcString(purposes: [2], purposeOneNotDisclosed: true)), everything),
        ("COPPA", ConsentSignals(coppa: true), child),
        ("COPPA and GDPR refused", ConsentSignals(gdprApplies: true, tcString: refused, coppa: true), nothing),
        ("US Privacy opt-out of sale", ConsentSignals(usPrivacy: "1YYN"), optedOut),
        ("US Privacy, no opt-out", ConsentSignals(usPrivacy: "1YNN"), everything),
        ("US Privacy, not applicable", ConsentSignals(usPrivacy: "1---"), everything),
        ("GPP US national: sale opt-out", ConsentSignals(gpp: ConsentStringWriter.gpp(section: 7, optOutAt: 18)), optedOut),
        ("GPP US national: sharing opt-out", ConsentSignals(gpp: ConsentStringWriter.gpp(section: 7, optOutAt: 20)), optedOut),
        ("GPP US national: targeted advertising opt-out", ConsentSignals(gpp: ConsentStringWriter.gpp(section: 7, optOutAt: 22)), optedOut),
        ("GPP California: sharing opt-out", ConsentSignals(gpp: ConsentStringWriter.gpp(section: 8, optOutAt: 14)), optedOut),
        ("GPP Virginia: targeted advertising opt-out", ConsentSignals(gpp: ConsentStringWriter.gpp(section: 9, optOutAt: 14)), optedOut),
        ("GPP Colorado: sale opt-out", ConsentSignals(gpp: ConsentStringWriter.gpp(section: 10, optOutAt: 12)), optedOut),
        ("GPP Utah: targeted advertising opt-out", ConsentSignals(gpp: ConsentStringWriter.gpp(section: 11, optOutAt: 16)), optedOut),
        ("GPP Connecticut: sale opt-out", ConsentSignals(gpp: ConsentStringWriter.gpp(section: 12, optOutAt: 12)), optedOut),
        ("GPP opt-out in a section not in force", ConsentSignals(gpp: ConsentStringWriter.gpp(section: 7, optOutAt: 18), gppSid: [2]), everything),
        ("GPP unreadable", ConsentSignals(gpp: "%%%"), everything),
    ]

    @Test(arguments: table.indices)
    func everyInputClassAgainstEveryOutput(_ index: Int) {
        let (name, signals, expected) = Self.table[index]
        #expect(ConsentPolicy(signals).row == expected, "\(name)")
    }

    @Test func theFacadeTestsStringIsReadAsPurposeOneRefused() throws {
        // The string `ConsentOnTheDeviceTests` sets, written by the same rules as `tcString`.
        let facade = "CO5rKAAO5rKAAAHABBENBkEAAHIAAAAAAAggAAA"
        #expect(facade == ConsentStringWriter.tcString(purposes: [2, 3, 4, 7]))
        #expect(try #require(TCFConsent(facade)).purposeConsents.first == false)
    }

    @Test func aRestrictedPolicySaysWhy() {
        #expect(ConsentPolicy(ConsentSignals()).reasons.isEmpty)
        #expect(ConsentPolicy(ConsentSignals(gdprApplies: true, coppa: true, usPrivacy: "1YYN")).reasons == ["gdpr: no Purpose 1 consent", "coppa", "us opt-out"])
    }

    @Test func theTCStringReaderReadsPurposesAndVendorsBothWays() throws {
        let bitField = try #require(TCFConsent(ConsentStringWriter.tcString(purposes: [1, 24], vendors: [3, 755])))
        #expect(bitField.purposeConsents.enumerated().filter(\.element).map { $0.offset + 1 } == [1, 24])
        #expect(bitField.vendorConsents == [3...3, 755...755])
        #expect(bitField.hasConsent(vendor: 755) && !bitField.hasConsent(vendor: 754))
        let ranges = try #require(TCFConsent(ConsentStringWriter.tcString(purposes: [1], vendors: [9, 10], rangeVendors: true)))
        #expect(ranges.vendorConsents == [9...9, 10...10])
        let run = try #require(TCFConsent(ConsentStringWriter.tcString(purposes: [1], vendors: Set(1...65_535), rangeVendors: false)))
        #expect(run.vendorConsents == [1...65_535], "65,535 vendors in a bit field are one range, never a list")
        let segmented = try #require(TCFConsent(Self.consented + ".YAAAAAAAAAAA"))
        #expect(segmented.purposeConsents.first == true, "later segments do not change the core")
        for broken in ["", "C", String(Self.consented.prefix(20)), Self.consented.replacingOccurrences(of: "A", with: "*")] {
            #expect(TCFConsent(broken) == nil, "\(broken.prefix(24))")
        }
    }

    @Test func theGPPHeaderReadsSectionIdsAndRanges() {
        // The GPP specification's examples: TCF EU (2), then TCF EU and US Privacy (2, 6).
        #expect(USOptOut(gpp: "DBACNY~CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA~1YYN", applicable: nil)?.sale == true)
        #expect(USOptOut(gpp: "DBACNY~CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA~1YNN", applicable: nil)?.any == false)
        #expect(USOptOut(gpp: "DBACNY~CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA~1YYN", applicable: [2])?.any == false)
        #expect(USOptOut(gpp: "DBABMA~CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA", applicable: nil)?.any == false)
        #expect(USOptOut(gpp: "DBACNY~only-one-section", applicable: nil) == nil, "two ids, one section: unreadable")
        // Found by the fuzz target (out of memory): a header whose range states a length of billions.
        #expect(USOptOut(gpp: "DABABCNYAAAOptionalAAAAA0CA", applicable: nil) == nil)
        #expect(ConsentPolicy(ConsentSignals(gpp: "DABABCNYAAAOptionalAAAAA0CA")).row == Self.everything)
    }

    @Test func theSignalsComeFromThePlatformThenTheApp() throws {
        let defaults = try #require(UserDefaults(suiteName: "consent-policy-\(UUID().uuidString)"))
        defaults.set(1, forKey: ConsentResolver.Key.gdprApplies)
        defaults.set(Self.refused, forKey: ConsentResolver.Key.tcString)
        defaults.set("0111", forKey: ConsentResolver.Key.purposeConsents)
        let app = KontextVideoRegulatory(gdpr: false, coppa: true, usPrivacy: "1YYN")
        let signals = ConsentSignals(defaults: defaults, regulatory: app, tracking: .denied)
        #expect(signals.gdprApplies == true, "the platform wins")
        #expect(signals.purposeConsents == "0111")
        #expect(signals.coppa, "COPPA only comes from the app")
        #expect(signals.usPrivacy == "1YYN")
        #expect(signals.trackingAuthorization == .denied)
        #expect(ConsentPolicy(signals).row == Self.nothing)
    }
}

/// `PROTOCOL.md`'s table, *Consent on the device*, is the policy's: each row read from the
/// document against the policy of a signal of that class.
@Suite("Consent policy: the protocol's table")
struct ConsentPolicyDocumentTests {
    /// A signal of each row's class, by the row's first cell.
    static let classes: [String: ConsentSignals] = [
        "no signal, or GDPR not applying": ConsentSignals(),
        "GDPR applies, Purpose 1 consented": ConsentSignals(gdprApplies: true, tcString: ConsentPolicyTests.consented),
        "GDPR applies, Purpose 1 refused or the TC string unreadable": ConsentSignals(gdprApplies: true, tcString: ConsentPolicyTests.refused),
        "COPPA": ConsentSignals(coppa: true),
        "US opt-out of sale, sharing or targeted advertising": ConsentSignals(usPrivacy: "1YYN"),
    ]

    @Test func everyRowOfTheDocumentIsThePolicys() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("PROTOCOL.md")
        let text = try String(contentsOf: path, encoding: .utf8)
        let section = try #require(text.components(separatedBy: "### Consent on the device").dropFirst().first)
        let rows = section.split(separator: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| signal") }
            .prefix { _ in true }
            .map { $0.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) } }
            .filter { Self.classes[$0.first ?? ""] != nil }
        #expect(rows.count == Self.classes.count, "one row per input class")
        for row in rows {
            let policy = ConsentPolicy(try #require(Self.classes[row[0]]))
            // "with ATT" is "allowed by consent" (ATT decides the rest elsewhere).
            let documented = row.dropFirst().map { $0 != "no" }
            #expect(documented == policy.row, "\(row[0])")
        }
    }
}
