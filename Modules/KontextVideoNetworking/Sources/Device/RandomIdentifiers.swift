import Foundation
import KontextVideoConcurrency

/// The app's ids: random version-4 UUIDs from a generator of its own, seeded once from the
/// system's secure source. `UUID()` opens and reads `/dev/urandom` on every call on Linux (file
/// I/O on the main actor, for every event and every `format()`); ids need to be unique, not secret.
package final class RandomIdentifiers: IdentifierSource {
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

    private let generator = LockedState(Generator())

    /// A source seeded now.
    package init() {}

    /// A new random UUID (version 4, RFC 4122 variant).
    package func next() -> UUID {
        let (high, low) = generator.withLock { ($0.next(), $0.next()) }
        return UUID(version4Bits: high, low)
    }
}

extension UUID {
    /// The UUID of these 128 bits with its version set to 4 and its variant to RFC 4122's.
    package init(version4Bits high: UInt64, _ low: UInt64) {
        var bytes = (high.bigEndian, low.bigEndian)
        self = withUnsafeMutableBytes(of: &bytes) { raw in
            raw[6] = (raw[6] & 0x0F) | 0x40
            raw[8] = (raw[8] & 0x3F) | 0x80
            return UUID(uuid: raw.load(as: uuid_t.self))
        }
    }
}
