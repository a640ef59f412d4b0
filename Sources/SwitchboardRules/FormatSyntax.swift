// SPDX-License-Identifier: Apache-2.0
// The textual forms of the format, network and path rules (`date:2020-01-01..today`, `port:1024..65535`,
// `ext:.yaml,.yml`, `ipv4`...): RuleParser's `build` asks here before its own rules.

extension Rule {
    /// The format, network and path rule names, in the order the documentation lists them.
    static let formatRuleNames = [
        "date", "time", "date-time", "duration", "time-of-day", "ipv4", "ipv6", "ip", "cidr", "port", "hostname",
        "uri", "uri-reference", "uuid", "semver", "json", "hex-color", "base64", "mac",
        "path", "file", "dir", "exists", "new-path", "readable", "writable", "executable", "ext",
    ]

    /// Aliases of the format rules: other validators' spellings.
    static let formatAliases = [
        "datetime": "date-time", "ip-address": "ip", "host": "hostname", "directory": "dir", "hexcolor": "hex-color",
        "uri-ref": "uri-reference",
    ]

    /// The other spellings the textual syntax accepts for rule names (`int`, `number`, `re`, `datetime`...),
    /// sorted: what shell completion offers besides `ruleNames`.
    ///
    /// ```swift
    /// Rule.aliasNames.contains("int")   // true
    /// ```
    public static var aliasNames: [String] { aliases.keys.sorted() }

    /// A format rule with no argument, by name.
    static func plainFormat(_ name: String) -> Rule? {
        switch name {
        case "date": return .date
        case "time": return .time
        case "date-time", "datetime": return .dateTime
        case "duration": return .duration
        case "time-of-day": return .timeOfDay
        case "ipv4": return .ipv4
        case "ipv6": return .ipv6
        case "ip", "ip-address": return .ip
        case "cidr": return .cidr
        case "port": return .port
        case "hostname", "host": return .hostname
        case "uri": return .uri
        case "uri-reference", "uri-ref": return .uriReference
        case "uuid": return .uuid
        case "semver": return .semver
        case "json": return .json
        case "hex-color", "hexcolor": return .hexColor
        case "base64": return .base64
        case "mac": return .mac
        case "path": return .path
        case "file": return .file
        case "dir", "directory": return .directory
        case "exists": return .exists
        case "new-path": return .newPath
        case "readable": return .readable
        case "writable": return .writable
        case "executable": return .executable
        default: return nil
        }
    }
}

extension RuleParser {
    /// The rule for a format, network or path rule `name` (canonical), or nil for another rule.
    func buildFormat(_ name: String, written: String, argumentStart: Int?, end: Int) throws(RuleSyntaxError) -> Rule? {
        switch name {
        case "date":
            let example = "a range such as \"2020-01-01..2030-12-31\" or \"today..\""
            guard let at = try optionalArgument(written, argumentStart, end: end, example: example) else { return .date }
            return try dateRange(from: at, end: end)
        case "port":
            guard let at = try optionalArgument(written, argumentStart, end: end, example: "a range such as \"1024..65535\"") else {
                return .port
            }
            let (min, max) = try parseRange(from: at, end: end, signed: false, allowExact: true)
            for bound in [min, max] {
                if let bound, !(1...65535).contains(bound) {
                    throw error(at: at, "a port is from 1 to 65535, got \(bound)")
                }
            }
            let low = min ?? 1, high = max ?? 65535
            guard low <= high else {
                throw error(at: at, "the range \(low)..\(high) is empty; write the smaller bound first, as in \"\(high)..\(low)\"")
            }
            return .port(in: low...high)
        case "ext":
            let at = try requireArgument(written, argumentStart, end: end, example: "extensions separated by commas, such as \".yaml,.yml\"")
            let items = try splitList(from: at, end: end)
            for item in items where item.contains("/") || item == "." {
                throw error(at: at, "an extension is a name's ending such as \".yaml\", got \(displayQuoted(item))")
            }
            return .pathExtension(items)
        default:
            guard let rule = Rule.plainFormat(name) else { return nil }
            try requireNoArgument(written, argumentStart, end: end)
            return rule
        }
    }

    /// `LOW..HIGH`, `LOW..`, `..HIGH` or one date, each a `YYYY-MM-DD` date or `today`.
    private func dateRange(from start: Int, end: Int) throws(RuleSyntaxError) -> Rule {
        var i = start
        let low = try dateBound(at: &i, end: end)
        if i == end, let low { return .date(from: low, through: low) }
        guard i + 2 <= end, scalars[i] == ".", scalars[i + 1] == "." else {
            throw error(at: i, "expected a date such as \"2020-01-01\", \"today\" or \"..\", got \(found(i, end: end))")
        }
        i += 2
        let high = try dateBound(at: &i, end: end)
        guard i == end else {
            throw error(at: i, "expected a date such as \"2030-12-31\", \"today\" or the end of the range, got \(found(i, end: end))")
        }
        if case .date(let a)? = low, case .date(let b)? = high, b < a {
            throw error(at: start, "the range \(a)..\(b) is empty; write the earlier date first")
        }
        return .date(from: low, through: high)
    }

    private func dateBound(at i: inout Int, end: Int) throws(RuleSyntaxError) -> DateBound? {
        if let next = matchWord("today", at: i, end: end) {
            i = next
            return .today
        }
        var k = i
        while k < end, ("0"..."9").contains(scalars[k]) || scalars[k] == "-" { k += 1 }
        guard k > i else { return nil }
        let text = string(i..<k)
        guard let day = CalendarDate(text) else {
            throw error(at: i, "expected a real date written YYYY-MM-DD, such as \"2026-03-14\", got \(displayQuoted(text))")
        }
        i = k
        return .date(day)
    }
}
