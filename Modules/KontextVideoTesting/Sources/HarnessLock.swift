/// One harness at a time in a process: `KontextVideo.shared` is a single instance, and test
/// runners (Swift Testing, XCTest) run suites in parallel. Waiters are served in order.
actor HarnessLock {
    static let shared = HarnessLock()

    private var isHeld = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func acquire() async {
        if !isHeld {
            isHeld = true
            return
        }
        await withCheckedContinuation { waiters.append($0) }
    }

    func release() {
        if waiters.isEmpty {
            isHeld = false
        } else {
            waiters.removeFirst().resume()
        }
    }
}
