import Foundation

extension UUID {
    /// The UUID as the wire writes it: 36 lowercase characters. Formatted directly from the bytes;
    /// `uuidString.lowercased()` builds the string twice on every event.
    package var lowercasedString: String {
        let hex: [UInt8] = Array("0123456789abcdef".utf8)
        var bytes = [UInt8](repeating: 0x2D, count: 36)
        var position = 0
        withUnsafeBytes(of: uuid) { raw in
            for (index, byte) in raw.enumerated() {
                if index == 4 || index == 6 || index == 8 || index == 10 { position += 1 }
                bytes[position] = hex[Int(byte >> 4)]
                bytes[position + 1] = hex[Int(byte & 0x0F)]
                position += 2
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
