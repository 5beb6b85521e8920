import Foundation
import KontextVideoConcurrency

/// Event and request ids: random version-4 UUIDs from a generator seeded once from the system's
/// secure source. `UUID()` opens and reads `/dev/urandom` on every call on Linux (file I/O on the
/// main actor, for every event and every `format()`); ids need to be unique, not secret.
package enum RandomIdentifier {
    /// xoshiro256**, seeded from `SystemRandomNumberGenerator`.
    private struct Generator {
        var state: (UInt64, UInt64, UInt64, UInt64)

        init() {
            var system = SystemRandomNumberGenerator()
            state = (system.next(), system.next(), system.next(), system.next())
            if state == (0, 0, 0, 0) { state.0 = 0x9E37_79B9_7F4A_7C15 }
        }

        mutating func next() -> UInt64 {
            let result = rotate(state.1 &* 5, 7) &* 9
            let t = state.1 << 17
            state.2 ^= state.0
            state.3 ^= state.1
            state.1 ^= state.2
            state.0 ^= state.3
            state.2 ^= t
            state.3 = rotate(state.3, 45)
            return result
        }

        private func rotate(_ x: UInt64, _ k: UInt64) -> UInt64 {
            (x << k) | (x >> (64 - k))
        }
    }

    private static let generator = LockedState(Generator())

    /// A new random UUID (version 4, RFC 4122 variant).
    package static func next() -> UUID {
        let (high, low) = generator.withLock { ($0.next(), $0.next()) }
        var bytes = (high.bigEndian, low.bigEndian)
        return withUnsafeMutableBytes(of: &bytes) { raw in
            raw[6] = (raw[6] & 0x0F) | 0x40
            raw[8] = (raw[8] & 0x3F) | 0x80
            return UUID(uuid: raw.load(as: uuid_t.self))
        }
    }
}
