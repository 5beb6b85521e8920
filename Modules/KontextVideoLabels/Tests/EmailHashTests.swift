import KontextVideoModels
import Testing
@testable import KontextVideoLabels

@Suite("EmailHash")
struct EmailHashTests {
    /// sha256("jane@example.com") from coreutils `sha256sum`.
    static let jane = "8c87b489ce35cf2e2f39f80e282cb2e804932a56a213983eeeb428407d43b52d"

    @Test(arguments: [
        "jane@example.com",
        "Jane@Example.COM",
        "  jane@example.com\n",
        "\tJANE@EXAMPLE.COM \r\n",
    ])
    func normalizesBeforeHashing(email: String) {
        #expect(EmailHash.hash(email) == Self.jane)
        #expect(KontextVideoUser.hashEmail(email) == Self.jane)
    }

    @Test func lowercasesNonASCIIAndHashesUTF8() {
        // sha256("ünï@exämple.com"), the lowercased form of "ÜNÏ@EXÄMPLE.COM".
        #expect(EmailHash.hash("ÜNÏ@EXÄMPLE.COM") == "26e578ddc2464a1f17f156b85c8546c4bd0f8583f09b82feb2973f80c38cb8af")
    }

    @Test(arguments: ["", "   ", "\n\t "])
    func emptyAddressHasNoHash(email: String) {
        #expect(EmailHash.hash(email) == nil)
        #expect(KontextVideoUser.hashEmail(email) == nil)
    }

    @Test func hashOfAnyAddressIsAValidHash() {
        for email in ["a@b.c", "x", "ünï@exämple.com", "🙂@emoji.example"] {
            let hash = EmailHash.hash(email)
            #expect(hash.map(EmailHash.isValidHash) == true, "\(email)")
        }
    }

    static let hashCases: [(String, Bool)] = {
        let cut = String(jane.dropLast())
        var cases: [(String, Bool)] = [(jane, true)]
        cases.append((String(repeating: "0", count: 64), true))
        cases.append((String(repeating: "f", count: 64), true))
        cases.append((jane.uppercased(), false))
        cases.append((cut, false))
        cases.append((jane + "0", false))
        cases.append((cut + "g", false))
        cases.append((cut + " ", false))
        cases.append((cut + "é", false))
        cases.append(("", false))
        cases.append(("jane@example.com", false))
        return cases
    }()

    @Test(arguments: hashCases)
    func validHashes(candidate: String, valid: Bool) {
        #expect(EmailHash.isValidHash(candidate) == valid)
    }
}
