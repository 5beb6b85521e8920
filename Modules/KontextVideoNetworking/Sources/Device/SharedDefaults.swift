import Foundation

/// A `UserDefaults` handed across isolation domains. `UserDefaults` is documented as
/// thread-safe (and `Sendable` on Apple platforms); swift-corelibs-foundation lacks the
/// annotation, so this box supplies it.
package struct SharedDefaults: @unchecked Sendable {
    /// The wrapped defaults.
    package let defaults: UserDefaults

    /// Wraps `defaults`.
    package init(_ defaults: UserDefaults) {
        self.defaults = defaults
    }
}
