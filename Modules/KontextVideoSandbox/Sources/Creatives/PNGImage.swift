import Foundation

/// A real, valid PNG generated in code: an RGB image with a solid background and a darker
/// frame, compressed with stored (uncompressed) deflate blocks.
enum PNGImage {
    /// The PNG bytes of a `width` × `height` image (each clamped to 1…2048).
    static func make(width: Int, height: Int, red: UInt8 = 0x2E, green: UInt8 = 0x86, blue: UInt8 = 0xDE) -> Data {
        let width = min(max(width, 1), 2048)
        let height = min(max(height, 1), 2048)
        var pixels = Data(capacity: height * (1 + width * 3))
        for y in 0..<height {
            pixels.append(0) // filter: none
            for x in 0..<width {
                let border = x == 0 || y == 0 || x == width - 1 || y == height - 1
                pixels.append(contentsOf: border ? [red / 2, green / 2, blue / 2] : [red, green, blue])
            }
        }
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var header = Data()
        header.appendBigEndian(UInt32(width))
        header.appendBigEndian(UInt32(height))
        header.append(contentsOf: [8, 2, 0, 0, 0]) // 8-bit, RGB, deflate, no filter, no interlace
        png.appendChunk("IHDR", header)
        png.appendChunk("IDAT", zlibStored(pixels))
        png.appendChunk("IEND", Data())
        return png
    }

    /// `data` in a zlib stream of stored deflate blocks.
    static func zlibStored(_ data: Data) -> Data {
        var out = Data([0x78, 0x01])
        var offset = 0
        let bytes = [UInt8](data)
        repeat {
            let length = min(65_535, bytes.count - offset)
            let final: UInt8 = offset + length >= bytes.count ? 1 : 0
            out.append(final)
            out.append(UInt8(length & 0xFF))
            out.append(UInt8(length >> 8))
            out.append(UInt8(~length & 0xFF))
            out.append(UInt8((~length >> 8) & 0xFF))
            out.append(contentsOf: bytes[offset..<(offset + length)])
            offset += length
        } while offset < bytes.count
        out.appendBigEndian(adler32(bytes))
        return out
    }

    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return (b << 16) | a
    }

    static func crc32<Bytes: Sequence>(_ bytes: Bytes) -> UInt32 where Bytes.Element == UInt8 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 {
                crc = (crc & 1) != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1
            }
        }
        return ~crc
    }
}

private extension Data {
    mutating func appendBigEndian(_ value: UInt32) {
        append(contentsOf: [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)])
    }

    mutating func appendChunk(_ type: String, _ payload: Data) {
        appendBigEndian(UInt32(payload.count))
        let typed = Data(type.utf8) + payload
        append(typed)
        appendBigEndian(PNGImage.crc32(typed))
    }
}
