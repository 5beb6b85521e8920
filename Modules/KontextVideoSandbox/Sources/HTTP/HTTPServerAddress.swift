#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A numeric IP address an ``HTTPServer`` listens on: IPv4 (`127.0.0.1`, `192.168.1.20`) or IPv6
/// (`::1`, also written `[::1]`). `localhost` means `127.0.0.1`. Host names are not resolved.
package struct HTTPServerAddress: Sendable, Equatable, CustomStringConvertible {
    /// The address family.
    package enum Family: Sendable, Equatable {
        /// IPv4: four bytes.
        case ipv4
        /// IPv6: sixteen bytes.
        case ipv6
    }

    /// The family of ``bytes``.
    package let family: Family
    /// The address in network order: 4 bytes for IPv4, 16 for IPv6.
    package let bytes: [UInt8]

    /// `127.0.0.1`, the default: reachable from this machine only (and from the iOS Simulator).
    package static let loopback = HTTPServerAddress(family: .ipv4, bytes: [127, 0, 0, 1])

    private init(family: Family, bytes: [UInt8]) {
        self.family = family
        self.bytes = bytes
    }

    /// Parses a numeric address; `nil` for anything else (a host name, a zone id, a typo).
    package init?(_ text: String) {
        var text = text
        if text == "localhost" { text = "127.0.0.1" }
        if text.hasPrefix("["), text.hasSuffix("]") { text = String(text.dropFirst().dropLast()) }
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            self.init(family: .ipv4, bytes: withUnsafeBytes(of: &v4) { Array($0) })
            return
        }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, text, &v6) == 1 {
            self.init(family: .ipv6, bytes: withUnsafeBytes(of: &v6) { Array($0) })
            return
        }
        return nil
    }

    /// Whether only this machine can reach the address: `127.0.0.0/8`, `::1`, or an IPv4-mapped
    /// loopback address (`::ffff:127.0.0.1`).
    package var isLoopback: Bool {
        switch family {
        case .ipv4: bytes[0] == 127
        case .ipv6: bytes == Array(repeating: 0, count: 15) + [1] || (isIPv4Mapped && bytes[12] == 127)
        }
    }

    /// Whether it is the unspecified address (`0.0.0.0`, `::`): every interface, and no address
    /// a client can be given.
    package var isUnspecified: Bool {
        bytes.allSatisfy { $0 == 0 }
    }

    /// The address as a URL host: `192.168.1.20`, `[::1]`.
    package var urlHost: String {
        family == .ipv6 ? "[\(description)]" : description
    }

    /// The address in its canonical text form (`::1`, `192.168.1.20`).
    package var description: String {
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        var bytes = bytes
        let written = bytes.withUnsafeMutableBytes { raw in
            inet_ntop(family == .ipv4 ? AF_INET : AF_INET6, raw.baseAddress, &buffer, socklen_t(buffer.count))
        }
        guard written != nil else { return "?" }
        return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    private var isIPv4Mapped: Bool {
        bytes.prefix(10).allSatisfy { $0 == 0 } && bytes[10] == 0xFF && bytes[11] == 0xFF
    }
}
