import Foundation

/// What a URL an ad names may lead to: one rule for every place a tap opens something (the
/// server's click URL and fallback, VAST and companion click-throughs, the end card, a page's own
/// `click-iframe` URL). Issue 32: an ad answer could dial (`tel:`), message, run a Shortcut,
/// install an enterprise app (`itms-services:`) or drive the host app through its own scheme.
///
/// | a URL | what a tap does |
/// |---|---|
/// | `https:` / `http:` with a host | opens as a web page |
/// | `https://apps.apple.com/…/id<N>` (or `itunes.apple.com`) | the App Store product sheet for `N`, the page as its fallback |
/// | `itms-apps://…/id<N>` | the product sheet for `N`, `https://apps.apple.com/app/id<N>` as its fallback |
/// | any other scheme (`tel:`, `sms:`, `mailto:`, `shortcuts:`, `itms-services:`, the app's own, `file:`, `data:`, `javascript:`) | refused |
/// | a host on this device, a private network or `.local`, while the ad server is not such a host | refused |
///
/// A refused URL opens nothing; the next destination is judged by the same rule.
package struct AdURLRule: Sendable, Equatable {
    /// Whether ad URLs may point at this device, a private network or a `.local` name: only while
    /// the ad server is itself such a host (the sandbox on loopback or a LAN, tests).
    package let allowsLocalHosts: Bool

    /// The rule for ads from `serverURL`: local hosts allowed only when the server is one.
    package init(serverURL: URL) {
        allowsLocalHosts = HostScope(host: serverURL.host) != .public
    }

    /// A rule that allows local hosts or not, whatever the server.
    package init(allowsLocalHosts: Bool) {
        self.allowsLocalHosts = allowsLocalHosts
    }

    /// Why a URL was refused.
    package enum Refusal: String, Sendable, Equatable, CaseIterable {
        /// Its scheme is not `http`, `https` or the App Store's.
        case scheme = "scheme not allowed"
        /// It names no host.
        case noHost = "no host"
        /// Its host is this device, a private network or a `.local` name.
        case localHost = "local host"
        /// An App Store URL without a product id.
        case noAppStoreProduct = "no App Store product id"
    }

    /// What a tap on a URL may open.
    package enum TapTarget: Sendable, Equatable {
        /// A web page.
        case web(URL)
        /// The App Store product `id`, through the product sheet; `page` opens where no sheet can.
        case appStore(id: String, page: URL)
        /// Nothing: the URL is refused.
        case refused(Refusal)
    }

    /// What a tap on `url` may open.
    package func tapTarget(_ url: URL) -> TapTarget {
        let scheme = url.scheme?.lowercased() ?? ""
        switch scheme {
        case "http", "https":
            guard let host = url.host?.lowercased(), !host.isEmpty else { return .refused(.noHost) }
            if !allowsLocalHosts, HostScope(host: host) != .public { return .refused(.localHost) }
            if Self.appStoreHosts.contains(host), let id = Self.productID(in: url) {
                return .appStore(id: id, page: url)
            }
            return .web(url)
        case "itms-apps", "itms-appss":
            guard let id = Self.productID(in: url), let page = URL(string: "https://apps.apple.com/app/id\(id)") else {
                return .refused(.noAppStoreProduct)
            }
            return .appStore(id: id, page: page)
        default:
            return .refused(.scheme)
        }
    }

    /// Whether the SDK may fetch `url` for an ad (a page, an image, a VAST document, a media file,
    /// a pixel): `http(s)` with a host, and a local host only where the rule allows one.
    package func mayFetch(_ url: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = url.host, !host.isEmpty else { return false }
        return allowsLocalHosts || HostScope(host: host) == .public
    }

    /// The App Store's web hosts, whose product pages open the product sheet.
    private static let appStoreHosts: Set<String> = ["apps.apple.com", "itunes.apple.com"]

    /// The product id of an App Store URL: a path component `id<digits>` (`/us/app/name/id123`), or
    /// an `id` query item of digits.
    private static func productID(in url: URL) -> String? {
        func digits(_ text: Substring) -> String? {
            guard !text.isEmpty, text.count <= 20, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
            return String(text)
        }
        for component in url.path.split(separator: "/").reversed() where component.lowercased().hasPrefix("id") {
            if let id = digits(component.dropFirst(2)) { return id }
        }
        let query = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems
        return query?.first { $0.name == "id" }?.value.flatMap { digits(Substring($0)) }
    }
}

/// Where a host is, as far as an ad may point at it.
package enum HostScope: Sendable, Equatable {
    /// This device: `localhost`, `127.0.0.0/8`, `::1`, `0.0.0.0`.
    case loopback
    /// A private or link-local network: `10/8`, `172.16/12`, `192.168/16`, `169.254/16`,
    /// `100.64/10`, `fc00::/7`, `fe80::/10`.
    case privateNetwork
    /// A name only the local network resolves: `.local`, `.localhost`, `.internal`, a name without a dot.
    case localName
    /// A numeric host in a form browsers read as an address but no person writes
    /// (`2130706433`, `0x7f.1`, `127.1`): treated as local, since it may be one.
    case obscureAddress
    /// Anywhere else.
    case `public`

    /// The scope of `host` (a URL's host: IPv6 in brackets or not).
    package init(host: String?) {
        guard var host = host?.lowercased(), !host.isEmpty else {
            self = .localName
            return
        }
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        if host.hasSuffix(".") { host.removeLast() }
        if host.contains(":") {
            self = Self.ipv6(host)
        } else if let octets = Self.dottedQuad(host) {
            self = Self.ipv4(octets)
        } else if host.allSatisfy({ $0.isHexDigit || $0 == "." || $0 == "x" }), host.first?.isNumber == true {
            self = .obscureAddress
        } else if host == "localhost" || host.hasSuffix(".localhost") {
            self = .loopback
        } else if !host.contains(".") || host.hasSuffix(".local") || host.hasSuffix(".internal") || host.hasSuffix(".lan")
                    || host.hasSuffix(".home.arpa") {
            self = .localName
        } else {
            self = .public
        }
    }

    private static func dottedQuad(_ host: String) -> [Int]? {
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var octets: [Int] = []
        for part in parts {
            guard (1...3).contains(part.count), part.allSatisfy(\.isASCII), part.allSatisfy(\.isNumber),
                  part.count == 1 || part.first != "0", let value = Int(part), value <= 255 else { return nil }
            octets.append(value)
        }
        return octets
    }

    private static func ipv4(_ octets: [Int]) -> HostScope {
        switch (octets[0], octets[1]) {
        case (127, _), (0, _): .loopback
        case (10, _), (192, 168), (169, 254): .privateNetwork
        case (172, 16...31), (100, 64...127): .privateNetwork
        default: .public
        }
    }

    private static func ipv6(_ host: String) -> HostScope {
        // A zone (`fe80::1%en0`) is local by nature.
        if host.contains("%") { return .privateNetwork }
        if host == "::1" || host == "::" || host == "0:0:0:0:0:0:0:1" { return .loopback }
        if let mapped = host.split(separator: ":").last, host.hasPrefix("::ffff:"), let octets = dottedQuad(String(mapped)) {
            return ipv4(octets)
        }
        let first = host.split(separator: ":", omittingEmptySubsequences: false).first ?? ""
        guard let group = UInt16(first, radix: 16) else { return host.hasPrefix("::") ? .obscureAddress : .public }
        if group & 0xFE00 == 0xFC00 || group & 0xFFC0 == 0xFE80 { return .privateNetwork }
        return .public
    }
}
