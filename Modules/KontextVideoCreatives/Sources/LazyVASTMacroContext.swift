import Foundation
import KontextVideoVAST

/// The values of one ad's VAST macros (consent and app: `[GDPRCONSENT]`, `[APPBUNDLE]`, …),
/// read once, when first needed. Reading the consent
/// platform's storage costs tens of microseconds on some platforms; a VAST creative needs the
/// values off the main actor (its tag's request, its error pixels), the main actor only after
/// that (its tracking), and an image or HTML creative never (it gets none: `CreativeContext`).
package final class LazyVASTMacroContext: @unchecked Sendable {
    // `@unchecked`: `value` is read and written only under `Self.lock`.
    private let read: @Sendable () -> VASTMacroContext
    /// Boxed once read: the values are a large struct, and most creatives never read them.
    private var value: Read?
    /// One lock for every ad's values: each is read once, so the lock is almost never contended,
    /// and a lock of its own is one more allocation made and freed with every VAST ad (when this
    /// was written, `LockedState` was two objects and a mutex: a tenth of `dismiss()`'s
    /// main-thread time, under `perf`, went to freeing them with the creative).
    private static let lock = NSLock()

    /// The values, once read.
    private final class Read: Sendable {
        let context: VASTMacroContext
        init(_ context: VASTMacroContext) { self.context = context }
    }

    /// Values that `read` gives the first time they are asked for.
    package init(_ read: @escaping @Sendable () -> VASTMacroContext) {
        self.read = read
    }

    /// The values, read on first use (outside the lock: reading them may take a while; should
    /// two threads race, the first to finish is the one every reader sees).
    package var context: VASTMacroContext {
        if let known = Self.withLock({ value }) { return known.context }
        let fresh = Read(read())
        return Self.withLock {
            if let value { return value.context }
            value = fresh
            return fresh.context
        }
    }

    private static func withLock<Result>(_ body: () -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}

extension Optional where Wrapped == LazyVASTMacroContext {
    /// The reader's values, read now (the first read reads the storage); none without a reader,
    /// as for an image or a page, which have no VAST macros.
    package var values: VASTMacroContext { self?.context ?? VASTMacroContext() }
}
