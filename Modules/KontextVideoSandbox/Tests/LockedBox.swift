import Foundation
@testable import KontextVideoSandbox

/// A value shared between a test and a server handler.
final class LockedBox<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) {
        stored = value
    }

    var value: Value {
        lock.locked { stored }
    }

    func set(_ value: Value) {
        lock.locked { stored = value }
    }

    func update(_ body: (inout Value) -> Void) {
        lock.locked { body(&stored) }
    }
}
