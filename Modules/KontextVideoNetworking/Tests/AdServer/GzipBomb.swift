import Foundation

/// A tiny gzip body that inflates to `count` spaces: one literal and back-references in a
/// single fixed-Huffman deflate block. It makes a server's `Content-Length` small while the
/// body the client receives is large, so the transport's running byte count is what stops it.
enum GzipBomb {
    static func spaces(_ count: Int) -> Data {
        precondition(count >= 1 + 258)
        var bits = BitWriter()
        bits.write(1, count: 1) // BFINAL
        bits.write(1, count: 2) // BTYPE = fixed Huffman (01, least significant bit first)
        bits.writeCode(0x30 + 0x20, length: 8) // literal ' '
        var remaining = count - 1
        while remaining > 0 {
            let length = min(258, remaining)
            guard length >= 3 else {
                for _ in 0..<length { bits.writeCode(0x30 + 0x20, length: 8) }
                break
            }
            writeLength(length, into: &bits)
            bits.writeCode(0, length: 5) // distance code 0: distance 1
            remaining -= length
        }
        bits.writeCode(0, length: 7) // end of block (256)
        var data = Data([0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 255])
        data.append(contentsOf: bits.finished)
        let crc = crc32(repeating: 0x20, count: count)
        for shift in stride(from: 0, to: 32, by: 8) { data.append(UInt8((crc >> UInt32(shift)) & 0xFF)) }
        for shift in stride(from: 0, to: 32, by: 8) { data.append(UInt8((UInt32(truncatingIfNeeded: count) >> UInt32(shift)) & 0xFF)) }
        return data
    }

    /// Length 258 is code 285 (no extra bits); shorter lengths use codes 257…284.
    private static func writeLength(_ length: Int, into bits: inout BitWriter) {
        let table: [(code: Int, base: Int, extra: Int)] = [
            (257, 3, 0), (258, 4, 0), (259, 5, 0), (260, 6, 0), (261, 7, 0), (262, 8, 0), (263, 9, 0), (264, 10, 0),
            (265, 11, 1), (266, 13, 1), (267, 15, 1), (268, 17, 1), (269, 19, 2), (270, 23, 2), (271, 27, 2), (272, 31, 2),
            (273, 35, 3), (274, 43, 3), (275, 51, 3), (276, 59, 3), (277, 67, 4), (278, 83, 4), (279, 99, 4), (280, 115, 4),
            (281, 131, 5), (282, 163, 5), (283, 195, 5), (284, 227, 5), (285, 258, 0),
        ]
        let entry = table.last { $0.base <= length } ?? table[0]
        let symbol = entry.code
        if symbol <= 279 {
            bits.writeCode(symbol - 256, length: 7)
        } else {
            bits.writeCode(0xC0 + symbol - 280, length: 8)
        }
        if entry.extra > 0 { bits.write(UInt32(length - entry.base), count: entry.extra) }
    }

    private static func crc32(repeating byte: UInt8, count: Int) -> UInt32 {
        var table = [UInt32](repeating: 0, count: 256)
        for n in 0..<256 {
            var c = UInt32(n)
            for _ in 0..<8 { c = (c & 1) != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
            table[n] = c
        }
        var crc: UInt32 = 0xFFFF_FFFF
        for _ in 0..<count { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }

    /// Writes deflate's bit stream: values least significant bit first, Huffman codes most significant first.
    private struct BitWriter {
        var bytes: [UInt8] = []
        private var current: UInt8 = 0
        private var used = 0

        mutating func write(_ value: UInt32, count: Int) {
            for index in 0..<count { append(bit: (value >> UInt32(index)) & 1 == 1) }
        }

        mutating func writeCode(_ code: Int, length: Int) {
            for index in stride(from: length - 1, through: 0, by: -1) { append(bit: (code >> index) & 1 == 1) }
        }

        private mutating func append(bit: Bool) {
            if bit { current |= 1 << UInt8(used) }
            used += 1
            if used == 8 {
                bytes.append(current)
                current = 0
                used = 0
            }
        }

        /// The bytes, the last one padded with zeros.
        var finished: [UInt8] {
            used == 0 ? bytes : bytes + [current]
        }
    }
}
