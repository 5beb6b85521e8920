import Foundation
import Testing
@testable import KontextVideoSandbox

@Suite("PNGImage")
struct PNGImageTests {
    /// The width and height in a PNG's IHDR chunk.
    static func size(of png: Data) -> [Int]? {
        let bytes = [UInt8](png)
        guard bytes.count > 24, Array(bytes[12..<16]) == Array("IHDR".utf8) else { return nil }
        func word(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return [word(16), word(20)]
    }

    /// The chunks of a PNG, checking each CRC: `(type, payload)`; `nil` when one is wrong.
    static func chunks(of png: Data) -> [(String, [UInt8])]? {
        let bytes = [UInt8](png)
        guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { return nil }
        var offset = 8
        var result: [(String, [UInt8])] = []
        while offset + 12 <= bytes.count {
            let length = bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
            let typed = Array(bytes[(offset + 4)..<(offset + 8 + length)])
            let crc = bytes[(offset + 8 + length)..<(offset + 12 + length)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            guard PNGImage.crc32(typed) == crc else { return nil }
            result.append((String(decoding: typed[0..<4], as: UTF8.self), Array(typed[4...])))
            offset += 12 + length
        }
        return offset == bytes.count ? result : nil
    }

    @Test func isAValidPNGOfTheRequestedSize() throws {
        let png = PNGImage.make(width: 300, height: 250)
        let chunks = try #require(Self.chunks(of: png))
        #expect(chunks.map(\.0) == ["IHDR", "IDAT", "IEND"])
        #expect(Self.size(of: png) == [300, 250])
        #expect(Array(chunks[0].1[8..<13]) == [8, 2, 0, 0, 0])
    }

    @Test func storesTheScanlinesInAValidZlibStream() throws {
        let png = PNGImage.make(width: 3, height: 2, red: 10, green: 20, blue: 30)
        let zlib = try #require(Self.chunks(of: png)?[1].1)
        #expect(Array(zlib[0..<2]) == [0x78, 0x01])
        #expect(zlib[2] == 1) // one final stored block
        let length = Int(zlib[3]) | Int(zlib[4]) << 8
        #expect(length == 2 * (1 + 3 * 3))
        #expect(Int(zlib[5]) | Int(zlib[6]) << 8 == ~length & 0xFFFF)
        let raw = Array(zlib[7..<(7 + length)])
        #expect(raw[0] == 0)
        #expect(Array(raw[1..<4]) == [5, 10, 15]) // the frame is darker
        let adler = zlib.suffix(4).reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        #expect(adler == PNGImage.adler32(raw))
    }

    @Test func splitsLargeImagesIntoSeveralStoredBlocks() throws {
        let zlib = PNGImage.zlibStored(Data(repeating: 9, count: 150_000))
        #expect(zlib.count == 2 + 3 * 5 + 150_000 + 4)
        #expect(zlib[2] == 0)
        #expect(zlib[2 + 5 + 65_535] == 0)
        #expect(zlib[2 + 2 * (5 + 65_535)] == 1)
    }

    @Test func knowsTheStandardChecksums() {
        #expect(PNGImage.crc32(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(PNGImage.adler32(Array("Wikipedia".utf8)) == 0x11E6_0398)
    }

    @Test func clampsAbsurdSizes() {
        #expect(Self.size(of: PNGImage.make(width: 0, height: -5)) == [1, 1])
    }
}
