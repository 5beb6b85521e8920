import Foundation

/// The state and threads behind an ``HTTPServer``: the listening socket, the accept loop,
/// and the open connections. Separate from `HTTPServer` so the threads never keep the
/// public object alive (dropping it stops the server).
final class HTTPServerCore: @unchecked Sendable {
    private enum Phase {
        case idle
        case running(listener: Int32, wakeRead: Int32, wakeWrite: Int32)
        case stopped
    }

    let maximumBodyLength: Int
    private let requestedPort: UInt16
    /// The address to listen on, as given (parsed by `start()`).
    let host: String
    private let handler: HTTPServer.Handler
    private let lock = NSLock()
    private var phase = Phase.idle
    private var boundPort: UInt16 = 0
    private var connections: Set<Int32> = []
    private var parkedGates: [ObjectIdentifier: (gate: ResponseGate, count: Int)] = [:]
    private let threads = DispatchGroup()

    init(host: String, requestedPort: UInt16, maximumBodyLength: Int, handler: @escaping HTTPServer.Handler) {
        self.host = host
        self.requestedPort = requestedPort
        self.maximumBodyLength = maximumBodyLength
        self.handler = handler
    }

    var port: UInt16 {
        lock.locked { boundPort }
    }

    var openConnectionCount: Int {
        lock.locked { connections.count }
    }

    var isRunning: Bool {
        lock.locked {
            if case .running = phase { return true }
            return false
        }
    }

    /// Whether the server is stopping or stopped: parked connections give up.
    var isStopped: Bool {
        lock.locked {
            if case .stopped = phase { return true }
            return false
        }
    }

    func start() throws(HTTPServerError) {
        lock.lock()
        guard case .idle = phase else {
            lock.unlock()
            throw .alreadyStarted
        }
        let listener: (fd: Int32, port: UInt16)
        let wake: (read: Int32, write: Int32)
        do throws(HTTPServerError) {
            guard let address = HTTPServerAddress(host) else { throw .invalidAddress(host) }
            listener = try Socket.listen(address: address, port: requestedPort)
            do throws(HTTPServerError) {
                wake = try Socket.makePipe()
            } catch {
                Socket.close(listener.fd)
                throw error
            }
        } catch {
            lock.unlock()
            throw error
        }
        phase = .running(listener: listener.fd, wakeRead: wake.read, wakeWrite: wake.write)
        boundPort = listener.port
        threads.enter()
        lock.unlock()

        let thread = Thread { [self] in
            acceptLoop(listener: listener.fd, wake: wake.read)
            threads.leave()
        }
        thread.name = "HTTPServer.accept:\(listener.port)"
        thread.start()
    }

    func stop() {
        lock.lock()
        guard case .running(_, _, let wakeWrite) = phase else {
            phase = .stopped
            lock.unlock()
            return
        }
        phase = .stopped
        Socket.poke(wakeWrite)
        for fd in connections { Socket.shutdownBoth(fd) }
        let gates = parkedGates.values.map(\.gate)
        lock.unlock()
        for gate in gates { gate.wake() }
        threads.wait()
        Socket.close(wakeWrite)
    }

    private func acceptLoop(listener: Int32, wake: Int32) {
        while Socket.waitForConnection(listener: listener, wake: wake) {
            guard let fd = Socket.accept(listener) else { continue }
            lock.lock()
            if case .stopped = phase {
                lock.unlock()
                Socket.close(fd)
                break
            }
            connections.insert(fd)
            threads.enter()
            lock.unlock()
            let thread = Thread { [self] in
                HTTPConnection(fd: fd, server: self).serve()
                lock.locked { _ = connections.remove(fd) }
                Socket.close(fd)
                threads.leave()
            }
            thread.name = "HTTPServer.connection:\(fd)"
            thread.start()
        }
        Socket.close(listener)
        Socket.close(wake)
    }

    /// Answers `request` with the handler.
    func answer(_ request: HTTPRequest) -> HTTPResponseAction {
        handler(request)
    }

    /// Blocks until `gate` is released (`true`) or the server stops (`false`).
    func park(at gate: ResponseGate) -> Bool {
        let key = ObjectIdentifier(gate)
        lock.locked { parkedGates[key] = (gate, (parkedGates[key]?.count ?? 0) + 1) }
        let released = gate.block { isStopped }
        lock.locked {
            if let entry = parkedGates[key], entry.count > 1 {
                parkedGates[key] = (gate, entry.count - 1)
            } else {
                parkedGates[key] = nil
            }
        }
        return released
    }
}
