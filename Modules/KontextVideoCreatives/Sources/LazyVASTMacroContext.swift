import KontextVideoConcurrency
import KontextVideoVAST

/// The values of one ad's VAST macros (consent and app: `[GDPRCONSENT]`, `[APPBUNDLE]`, …),
/// read once, when first needed. Reading the consent
/// platform's storage costs tens of microseconds on some platforms; a VAST creative needs the
/// values off the main actor (its tag's request, its error pixels), the main actor only after
/// that (its tracking), and an image or HTML creative never.
package final class LazyVASTMacroContext: Sendable {
    private let read: @Sendable () -> VASTMacroContext
    /// Boxed once read: the values are a large struct, and most creatives never read them.
    private let value = LockedState<Read?>(nil)

    /// The values, once read.
    private final class Read: Sendable {
        let context: VASTMacroContext
        init(_ context: VASTMacroContext) { self.context = context }
    }

    /// Values that `read` gives the first time they are asked for.
    package init(_ read: @escaping @Sendable () -> VASTMacroContext) {
        self.read = read
    }

    /// The values, read on first use.
    package var context: VASTMacroContext {
        if let known = value.snapshot { return known.context }
        let fresh = Read(read())
        return value.withLock { stored in
            if let stored { return stored.context }
            stored = fresh
            return fresh.context
        }
    }
}
