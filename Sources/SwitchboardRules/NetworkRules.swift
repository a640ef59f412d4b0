// SPDX-License-Identifier: Apache-2.0
// The network rules: JSON Schema's `ipv4`, `ipv6`, `hostname`, `uri`, `uri-reference`, and `ip`, `cidr`, `port`,
// `mac`. Scanners in NetworkScanners.swift, URIScanner.swift and IDNA.swift.

extension Rule {
    /// A dotted-quad IPv4 address, JSON Schema's `ipv4` format: four numbers 0-255 without leading zeros
    /// (`192.168.0.1`; not `192.168.000.1`, `256.1.1.1` or `1.2.3`).
    ///
    /// ```swift
    /// Rule.ipv4.check("10.0.0.256").failure?.message   // "must be an IPv4 address such as 192.168.0.1"
    /// ```
    public static var ipv4: Rule {
        format("ipv4", "be an IPv4 address such as 192.168.0.1", passes: NetScan.ipv4)
    }

    /// An IPv6 address as RFC 4291 section 2.2 writes it, JSON Schema's `ipv6` format: `2001:db8::1`, `::1`,
    /// `::ffff:192.168.0.1`; no zone id (`fe80::1%eth0`), brackets or prefix length.
    ///
    /// ```swift
    /// Rule.ipv6.check("::1").isValid   // true
    /// ```
    public static var ipv6: Rule {
        format("ipv6", "be an IPv6 address such as 2001:db8::1", passes: NetScan.ipv6)
    }

    /// An IPv4 or IPv6 address (as `ipv4` and `ipv6`).
    ///
    /// ```swift
    /// Rule.ip.check("2001:db8::1").isValid   // true
    /// ```
    public static var ip: Rule {
        format("ip", "be an IP address such as 192.168.0.1 or 2001:db8::1", passes: NetScan.ip)
    }

    /// An IPv4 or IPv6 address with a prefix length: `10.0.0.0/8`, `2001:db8::/32`. Host bits may be set
    /// (`192.168.1.7/24`, as `ip addr` shows an interface); the prefix has no leading zeros.
    ///
    /// ```swift
    /// Rule.cidr.check("10.0.0.0/33").isValid   // false
    /// ```
    public static var cidr: Rule {
        format("cidr", "be an address with a prefix length such as 10.0.0.0/8 or 2001:db8::/32", passes: NetScan.cidr)
    }

    /// A TCP or UDP port number, 1 to 65535 (ASCII digits, no sign, no leading zeros).
    ///
    /// ```swift
    /// Rule.port.check("0").failure?.message   // "must be a port number from 1 to 65535"
    /// ```
    public static var port: Rule { port(in: 1...65535) }

    /// A port number within `range` (clamped to 1...65535).
    ///
    /// ```swift
    /// Rule.port(in: 1024...65535).check("80").failure?.message   // "must be a port number from 1024 to 65535"
    /// ```
    public static func port(in range: ClosedRange<Int>) -> Rule {
        let low = Swift.max(1, range.lowerBound), high = Swift.min(65535, range.upperBound)
        let source = low == 1 && high == 65535 ? "port" : "port:\(low)..\(high)"
        let requirement = low == high ? "be the port number \(low)" : "be a port number from \(low) to \(high)"
        return format("port", requirement, source: source,
                      FormatMatcher { NetScan.port($0, min: low, max: high) })
    }

    /// A host name as RFC 1123 writes it, JSON Schema's `hostname` format: dot-separated labels of letters,
    /// digits and hyphens (1 to 63 each, no hyphen first or last), at most 253 characters, no trailing dot;
    /// internationalised labels as IDNA2008 A-labels (`xn--...`), checked without regard to case, as DNS
    /// compares names (`xn--BCHER-kva.de` is `xn--bcher-kva.de`).
    ///
    /// ```swift
    /// Rule.hostname.check("host_name").failure?.message   // "must be a host name such as example.com"
    /// ```
    public static var hostname: Rule {
        format("hostname", "be a host name such as example.com", passes: NetScan.hostname)
    }

    /// An absolute URI as RFC 3986 defines it, JSON Schema's `uri` format: a scheme, `:`, and the rest in
    /// RFC 3986's characters (`https://example.com/a?b#c`, `mailto:ada@example.com`, `urn:isbn:0451450523`).
    /// For a web address a browser opens, `url` is stricter (http or https, a host).
    ///
    /// ```swift
    /// Rule.uri.check("/relative").isValid   // false
    /// ```
    public static var uri: Rule {
        format("uri", "be a URI with a scheme such as https://example.com/path") { URIScan.uri($0, absolute: true) }
    }

    /// A URI or a relative reference as RFC 3986 defines them, JSON Schema's `uri-reference` format (`../a`,
    /// `#top`, `//host/path`, the empty string).
    ///
    /// ```swift
    /// Rule.uriReference.check("../a?b").isValid   // true
    /// ```
    public static var uriReference: Rule {
        format("uri-reference", "be a URI or relative reference such as ../path?query") {
            URIScan.uri($0, absolute: false)
        }
    }

    /// A MAC address (EUI-48): six pairs of hex digits separated by `:` or `-` (`00:1a:2b:3c:4d:5e`).
    ///
    /// ```swift
    /// Rule.mac.check("00:1a:2b:3c:4d:5e").isValid   // true
    /// ```
    public static var mac: Rule {
        format("mac", "be a MAC address such as 00:1a:2b:3c:4d:5e", passes: NetScan.mac)
    }
}
