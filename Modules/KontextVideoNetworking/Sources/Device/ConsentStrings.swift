import Foundation

/// The bits of a base64url string (the TCF v2 and GPP encodings), read most significant first.
/// Reading past the end gives `nil`: a short or damaged string is unreadable, never a trap.
struct ConsentBits {
    private var bits: [Bool] = []

    /// The bits of `text` (`A`–`Z`, `a`–`z`, `0`–`9`, `-`, `_`; padding `=` ignored); `nil` for any
    /// other character, or for more than 64 KiB of text.
    init?(base64URL text: Substring) {
        guard text.utf8.count <= 65_536 else { return nil }
        bits.reserveCapacity(text.utf8.count * 6)
        for byte in text.utf8 where byte != UInt8(ascii: "=") {
            let value: UInt8
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = byte - UInt8(ascii: "A")
            case UInt8(ascii: "a")...UInt8(ascii: "z"): value = byte - UInt8(ascii: "a") + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = byte - UInt8(ascii: "0") + 52
            case UInt8(ascii: "-"), UInt8(ascii: "+"): value = 62
            case UInt8(ascii: "_"), UInt8(ascii: "/"): value = 63
            default: return nil
            }
            for shift in stride(from: 5, through: 0, by: -1) { bits.append(value >> UInt8(shift) & 1 == 1) }
        }
    }

    /// The number of bits.
    var count: Int { bits.count }

    /// The bit at `offset`.
    func bit(_ offset: Int) -> Bool? {
        offset >= 0 && offset < bits.count ? bits[offset] : nil
    }

    /// The unsigned integer of `length` bits (at most 36) at `offset`.
    func int(_ offset: Int, _ length: Int) -> Int? {
        guard length > 0, length <= 36, offset >= 0, offset + length <= bits.count else { return nil }
        return bits[offset..<offset + length].reduce(0) { $0 << 1 | ($1 ? 1 : 0) }
    }

    /// A Fibonacci-coded integer (Zeckendorf, ended by two 1s) at `offset`, and the offset after it.
    func fibonacci(_ offset: Int) -> (value: Int, next: Int)? {
        var value = 0
        var (previous, current) = (1, 1)
        var position = offset
        var lastWasOne = false
        while let bit = bit(position) {
            position += 1
            if bit && lastWasOne { return (value, position) }
            if bit { value += current }
            lastWasOne = bit
            (previous, current) = (current, previous + current)
            guard current < 1 << 40 else { return nil }
        }
        return nil
    }
}

/// What the SDK reads of a TCF v2 TC string (`IABTCF_TCString`): the core segment's purpose
/// consents, whether Purpose 1 was disclosed at all, and its vendor consents (IAB Tech Lab, *TCF v2.2:
/// Consent string and vendor list formats*, "Core String").
struct TCFConsent: Equatable {
    /// Consent for each of purposes 1–24, in order.
    let purposeConsents: [Bool]
    /// `PurposeOneTreatment`: Purpose 1 was not disclosed (a publisher country where it need not be).
    let purposeOneNotDisclosed: Bool
    /// The vendors with consent, as ranges of ids (a range entry can name 65,535 vendors: they are
    /// never listed one by one).
    let vendorConsents: [ClosedRange<Int>]

    /// Whether `vendor` has consent.
    func hasConsent(vendor: Int) -> Bool {
        vendorConsents.contains { $0.contains(vendor) }
    }

    /// The core segment of `text`; `nil` when it is not a readable TCF v2 string.
    init?(_ text: String) {
        let core = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        guard let bits = ConsentBits(base64URL: core), bits.int(0, 6) == 2 else { return nil }
        // Version 6, Created 36, LastUpdated 36, CmpId 12, CmpVersion 12, ConsentScreen 6,
        // ConsentLanguage 12, VendorListVersion 12, TcfPolicyVersion 6, IsServiceSpecific 1,
        // UseNonStandardTexts 1, SpecialFeatureOptIns 12: PurposesConsent starts at bit 152.
        guard let purposes = bits.int(152, 24).map({ value in (0..<24).map { value >> (23 - $0) & 1 == 1 } }),
              let treatment = bits.bit(200) else { return nil }
        // PurposesLITransparency 24, PurposeOneTreatment 1, PublisherCC 12; then the vendor
        // consent section: MaxVendorId 16, IsRangeEncoding 1.
        guard let maxVendor = bits.int(213, 16), let isRange = bits.bit(229) else { return nil }
        var vendors: [ClosedRange<Int>] = []
        if isRange {
            guard let entries = bits.int(230, 12) else { return nil }
            var offset = 242
            for _ in 0..<entries {
                guard let rangeFlag = bits.bit(offset), let start = bits.int(offset + 1, 16) else { return nil }
                offset += 17
                var end = start
                if rangeFlag {
                    guard let last = bits.int(offset, 16), last >= start else { return nil }
                    end = last
                    offset += 16
                }
                guard end <= maxVendor else { return nil }
                vendors.append(start...end)
            }
        } else {
            guard bits.count >= 230 + maxVendor else { return nil }
            var runStart: Int?
            for vendor in stride(from: 1, through: maxVendor + 1, by: 1) {
                let consented = vendor <= maxVendor && bits.bit(229 + vendor) == true
                if consented, runStart == nil { runStart = vendor }
                if !consented, let start = runStart {
                    vendors.append(start...(vendor - 1))
                    runStart = nil
                }
            }
        }
        purposeConsents = purposes
        purposeOneNotDisclosed = treatment
        vendorConsents = vendors
    }
}

/// A US opt-out read from the IAB US Privacy string (`1YYN`) or a GPP US section: the viewer
/// opted out of the sale or sharing of their data, or of targeted advertising.
struct USOptOut: Equatable {
    /// Opted out of sale (or, under CCPA, of sale and sharing).
    var sale = false
    /// Opted out of sharing for cross-context behavioural advertising.
    var sharing = false
    /// Opted out of targeted advertising.
    var targetedAdvertising = false

    /// Whether any opt-out applies.
    var any: Bool { sale || sharing || targetedAdvertising }

    /// From a US Privacy string (`1YYN`: version, notice, opt-out of sale, LSPA); `nil` when it is
    /// not one (`1---` says nothing applies).
    init?(usPrivacy text: String) {
        let characters = Array(text.trimmingCharacters(in: .whitespaces).uppercased())
        guard characters.count == 4, characters[0] == "1" else { return nil }
        sale = characters[2] == "Y"
    }

    /// From a GPP string (`IABGPP_HDR_GppString`): the opt-outs of its US national and state
    /// sections that are in force (`applicable`, from `IABGPP_GppSID`, or every section when
    /// unknown); `nil` when the string is unreadable.
    init?(gpp text: String, applicable: [Int]?) {
        let parts = text.split(separator: "~", omittingEmptySubsequences: false)
        guard let headerText = parts.first, let header = ConsentBits(base64URL: headerText),
              header.int(0, 6) == 3, let count = header.int(12, 12) else { return nil }
        var ids: [Int] = []
        var offset = 24
        var last = 0
        for _ in 0..<count {
            guard let isRange = header.bit(offset), let (start, next) = header.fibonacci(offset + 1) else { return nil }
            offset = next
            let first = last + start
            if isRange {
                // A range is counted before it is listed: a header may state any length.
                guard let (length, after) = header.fibonacci(offset), ids.count + length < 64 else { return nil }
                offset = after
                ids += Array(first...(first + length))
                last = first + length
            } else {
                ids.append(first)
                last = first
            }
            guard ids.count <= 64 else { return nil }
        }
        guard ids.count == parts.count - 1 else { return nil }
        for (id, section) in zip(ids, parts.dropFirst()) where applicable?.contains(id) ?? true {
            if id == 6, let usp = USOptOut(usPrivacy: String(section)) {
                sale = sale || usp.sale
                continue
            }
            guard let layout = Self.layouts[id] else { continue }
            let core = section.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            guard let bits = ConsentBits(base64URL: core) else { return nil }
            // 1 = opted out, 2 = did not opt out, 0 = not applicable.
            if let at = layout.sale, bits.int(at, 2) == 1 { sale = true }
            if let at = layout.sharing, bits.int(at, 2) == 1 { sharing = true }
            if let at = layout.targeted, bits.int(at, 2) == 1 { targetedAdvertising = true }
        }
    }

    /// Where each US section keeps its opt-outs (bit offsets in its core segment), from the IAB
    /// Tech Lab's GPP section specifications (US National, California, Virginia, Colorado, Utah,
    /// Connecticut, version 1).
    private static let layouts: [Int: (sale: Int?, sharing: Int?, targeted: Int?)] = [
        7: (18, 20, 22),    // usnat: Version 6, six notices of 2 bits, then SaleOptOut, SharingOptOut, TargetedAdvertisingOptOut
        8: (12, 14, nil),   // usca: Version, three notices, SaleOptOut, SharingOptOut
        9: (12, nil, 14),   // usva: Version, three notices, SaleOptOut, TargetedAdvertisingOptOut
        10: (12, nil, 14),  // usco: as usva
        11: (14, nil, 16),  // usut: Version, four notices, SaleOptOut, TargetedAdvertisingOptOut
        12: (12, nil, 14),  // usct: as usva
    ]
}
