import KontextVideoConcurrency
import KontextVideoVAST

/// The consent and app macros of one ad, read once, when first needed. Reading the consent
/// platform's storage costs tens of microseconds on some platforms; a VAST creative needs the
/// values off the main actor (its tag's request, its error pixels), the main actor only after
/// that (its tracking), and an image or HTML creative never.
package final class LazyMacros: Sendable {
    private let read: @Sendable () -> VASTMacroContext
    private let value = LockedState<VASTMacroContext?>(nil)

    /// Values that `read` gives the first time they are asked for.
    package init(_ read: @escaping @Sendable () -> VASTMacroContext) {
        self.read = read
    }

    /// Values known now.
    package convenience init(_ value: VASTMacroContext) {
        self.init { value }
    }

    /// The values, read on first use.
    package var context: VASTMacroContext {
        if let known = value.snapshot { return known }
        let fresh = read()
        return value.withLock { stored in
            if let stored { return stored }
            stored = fresh
            return fresh
        }
    }
}
