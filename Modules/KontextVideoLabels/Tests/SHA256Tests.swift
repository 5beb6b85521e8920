import Testing
@testable import KontextVideoLabels

@Suite("SHA256")
struct SHA256Tests {
    /// NIST FIPS 180-4 example messages and their digests.
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
        (
            "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
            "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
        ),
    ])
    func nistVectors(message: String, digest: String) {
        #expect(SHA256.hexDigest(message.utf8) == digest)
    }

    @Test func oneMillionA() {
        let message = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        #expect(SHA256.hexDigest(message) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// Padding boundaries: 55 bytes fit one block with the length, 56 need a second one,
    /// 63/64/65 straddle the block size. Digests from coreutils `sha256sum`.
    @Test(arguments: [
        (55, "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318"),
        (56, "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a"),
        (63, "7d3e74a05d7db15bce4ad9ec0658ea98e3f06eeecf16b4c6fff2da457ddc2f34"),
        (64, "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb"),
        (65, "635361c48bb9eab14198e76ea8ab7f1a41685d6ad62aa9146d301d4f17eb0ae0"),
        (119, "31eba51c313a5c08226adf18d4a359cfdfd8d2e816b13f4af952f7ea6584dcfb"),
        (120, "2f3d335432c70b580af0e8e1b3674a7c020d683aa5f73aaaedfdc55af904c21c"),
    ])
    func boundaryLengths(length: Int, digest: String) {
        #expect(SHA256.hexDigest([UInt8](repeating: UInt8(ascii: "a"), count: length)) == digest)
    }

    @Test func binaryBytesAndNonArrayCollections() {
        #expect(SHA256.hexDigest([0xFF, 0x00, 0x80]) == "ef192b7af54e943f206ab27075ec1805384c972c9959fc5820f1fa7d5268fcef")
        // An ArraySlice and a String.UTF8View hash the same bytes the same way.
        let bytes = Array("xxabcxx".utf8)
        #expect(SHA256.hash(bytes[2..<5]) == SHA256.hash("abc".utf8))
    }

    @Test func digestShape() {
        let digest = SHA256.hash("abc".utf8)
        #expect(digest.count == SHA256.digestByteCount)
        #expect(digest.first == 0xBA && digest.last == 0xAD)
        #expect(SHA256.hex([0x00, 0x0F, 0xF0, 0xFF]) == "000ff0ff")
    }
}
