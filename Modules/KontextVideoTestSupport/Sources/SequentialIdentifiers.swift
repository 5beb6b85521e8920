import Foundation
import KontextVideoConcurrency
import KontextVideoNetworking

/// Ids that count from 1, the same on every run: `00000000-0000-4000-8000-000000000001`, then
/// `…0002`, … (with the version-4 and RFC 4122 variant bits the app's random ids have, so they
/// pass for them on the wire). Give one source to a whole test: ids from two sources repeat.
package final class SequentialIdentifiers: IdentifierSource {
    private let issued = LockedState<UInt64>(0)

    /// A source whose first id ends in `1`.
    package init() {}

    /// The next id.
    package func next() -> UUID {
        let number = issued.withLock { count -> UInt64 in
            count += 1
            return count
        }
        return UUID(version4Bits: 0, number)
    }
}
