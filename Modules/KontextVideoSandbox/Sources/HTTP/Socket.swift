#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Thin wrappers over the POSIX socket calls the server needs, so the rest of the module
/// reads the same on Linux and Apple platforms.
enum Socket {
    /// The error of the last failed call.
    static var lastError: Int32 { errno }

    /// A TCP listening socket bound to `address`:`port` (0: an ephemeral port).
    static func listen(address: HTTPServerAddress, port: UInt16, backlog: Int32 = 128) throws(HTTPServerError) -> (fd: Int32, port: UInt16) {
        let domain = address.family == .ipv4 ? AF_INET : AF_INET6
        #if canImport(Darwin)
        let fd = socket(domain, SOCK_STREAM, 0)
        #else
        let fd = socket(domain, Int32(SOCK_STREAM.rawValue), 0)
        #endif
        guard fd >= 0 else { throw .socket(errno: errno) }
        var yes: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        if address.family == .ipv6 {
            // `::` means IPv6 only, as `0.0.0.0` means IPv4 only.
            _ = setsockopt(fd, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &yes, socklen_t(MemoryLayout<Int32>.size))
        }
        setCloseOnExec(fd)

        var storage = sockaddr_storage()
        let length: socklen_t
        switch address.family {
        case .ipv4:
            length = socklen_t(MemoryLayout<sockaddr_in>.size)
            withUnsafeMutableBytes(of: &storage) { raw in
                let pointer = raw.baseAddress!.assumingMemoryBound(to: sockaddr_in.self)
                #if canImport(Darwin)
                pointer.pointee.sin_len = UInt8(length)
                #endif
                pointer.pointee.sin_family = sa_family_t(AF_INET)
                pointer.pointee.sin_port = port.bigEndian
                withUnsafeMutableBytes(of: &pointer.pointee.sin_addr) { $0.copyBytes(from: address.bytes) }
            }
        case .ipv6:
            length = socklen_t(MemoryLayout<sockaddr_in6>.size)
            withUnsafeMutableBytes(of: &storage) { raw in
                let pointer = raw.baseAddress!.assumingMemoryBound(to: sockaddr_in6.self)
                #if canImport(Darwin)
                pointer.pointee.sin6_len = UInt8(length)
                #endif
                pointer.pointee.sin6_family = sa_family_t(AF_INET6)
                pointer.pointee.sin6_port = port.bigEndian
                withUnsafeMutableBytes(of: &pointer.pointee.sin6_addr) { $0.copyBytes(from: address.bytes) }
            }
        }
        let bound = withUnsafePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        guard bound == 0 else {
            let code = errno
            close(fd)
            throw .bind(host: address.description, port: port, errno: code)
        }
        guard systemListen(fd, backlog) == 0 else {
            let code = errno
            close(fd)
            throw .socket(errno: code)
        }
        var actual = sockaddr_storage()
        var actualLength = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let named = withUnsafeMutablePointer(to: &actual) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &actualLength) }
        }
        guard named == 0 else {
            let code = errno
            close(fd)
            throw .socket(errno: code)
        }
        // The port sits at the same offset in `sockaddr_in` and `sockaddr_in6`.
        let boundPort = withUnsafeBytes(of: &actual) { raw in
            raw.load(fromByteOffset: MemoryLayout<sockaddr_in>.offset(of: \.sin_port)!, as: UInt16.self)
        }
        return (fd, UInt16(bigEndian: boundPort))
    }

    /// A pipe used to wake the accept loop: `(read, write)`.
    static func makePipe() throws(HTTPServerError) -> (read: Int32, write: Int32) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw .socket(errno: errno) }
        setCloseOnExec(fds[0])
        setCloseOnExec(fds[1])
        return (fds[0], fds[1])
    }

    /// Waits until `listener` has a connection or `wake` became readable.
    /// Returns `true` when a connection is ready, `false` when woken (or on error).
    static func waitForConnection(listener: Int32, wake: Int32) -> Bool {
        var fds = [
            pollfd(fd: listener, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            let ready = poll(&fds, 2, -1)
            if ready < 0 {
                if errno == EINTR { continue }
                return false
            }
            if fds[1].revents != 0 { return false }
            return fds[0].revents & Int16(POLLIN) != 0
        }
    }

    /// Accepts one connection; `nil` when none was ready or the call failed.
    static func accept(_ listener: Int32) -> Int32? {
        #if canImport(Darwin)
        let fd = Darwin.accept(listener, nil, nil)
        #elseif canImport(Musl)
        let fd = Musl.accept(listener, nil, nil)
        #else
        let fd = Glibc.accept(listener, nil, nil)
        #endif
        guard fd >= 0 else { return nil }
        setCloseOnExec(fd)
        #if canImport(Darwin)
        var yes: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        #endif
        return fd
    }

    /// Reads up to `capacity` bytes; 0 at end of stream, -1 on error.
    static func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        while true {
            let count = recv(fd, buffer.baseAddress, buffer.count, 0)
            if count < 0 && errno == EINTR { continue }
            return count
        }
    }

    /// Writes all of `bytes`; `false` when the peer went away.
    @discardableResult
    static func write(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
        guard var pointer = bytes.baseAddress else { return true }
        var remaining = bytes.count
        while remaining > 0 {
            #if canImport(Darwin)
            let sent = send(fd, pointer, remaining, 0)
            #else
            let sent = send(fd, pointer, remaining, Int32(MSG_NOSIGNAL))
            #endif
            if sent < 0 {
                if errno == EINTR { continue }
                return false
            }
            remaining -= sent
            pointer += sent
        }
        return true
    }

    /// Writes all of `data`; `false` when the peer went away.
    @discardableResult
    static func write(_ fd: Int32, _ data: Data) -> Bool {
        data.withUnsafeBytes { write(fd, $0) }
    }

    /// Shuts down both directions: unblocks a thread reading or writing `fd`.
    static func shutdownBoth(_ fd: Int32) {
        #if canImport(Darwin)
        _ = Darwin.shutdown(fd, SHUT_RDWR)
        #else
        _ = shutdown(fd, Int32(SHUT_RDWR))
        #endif
    }

    /// Shuts down the sending direction: the peer reads end of stream.
    static func shutdownWrite(_ fd: Int32) {
        #if canImport(Darwin)
        _ = Darwin.shutdown(fd, SHUT_WR)
        #else
        _ = shutdown(fd, Int32(SHUT_WR))
        #endif
    }

    /// Makes the next `close` send a TCP reset instead of an orderly end of stream.
    static func setResetOnClose(_ fd: Int32) {
        var option = linger(l_onoff: 1, l_linger: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
    }

    /// Bounds how long a blocking read waits (a safety net for the lingering close).
    static func setReadTimeout(_ fd: Int32, seconds: Int) {
        var value = timeval(tv_sec: seconds, tv_usec: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &value, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Closes a descriptor.
    static func close(_ fd: Int32) {
        #if canImport(Darwin)
        _ = Darwin.close(fd)
        #elseif canImport(Musl)
        _ = Musl.close(fd)
        #else
        _ = Glibc.close(fd)
        #endif
    }

    /// Writes one byte to a pipe.
    static func poke(_ fd: Int32) {
        var byte: UInt8 = 1
        _ = withUnsafeBytes(of: &byte) { pointer in
            #if canImport(Darwin)
            Darwin.write(fd, pointer.baseAddress, 1)
            #elseif canImport(Musl)
            Musl.write(fd, pointer.baseAddress, 1)
            #else
            Glibc.write(fd, pointer.baseAddress, 1)
            #endif
        }
    }

    private static func setCloseOnExec(_ fd: Int32) {
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    }
}

/// `listen(2)`, under a name that does not clash with `Socket.listen`.
private func systemListen(_ fd: Int32, _ backlog: Int32) -> Int32 {
    #if canImport(Darwin)
    Darwin.listen(fd, backlog)
    #elseif canImport(Musl)
    Musl.listen(fd, backlog)
    #else
    Glibc.listen(fd, backlog)
    #endif
}
