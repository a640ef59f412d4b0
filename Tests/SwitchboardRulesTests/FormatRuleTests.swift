// SPDX-License-Identifier: Apache-2.0
import SwitchboardRules
import Testing

/// The format, network and text rules: tables beyond the JSON-Schema-Test-Suite (friendly forms, ranges, the
/// issue's bad-input edges), messages, the syntax, and agreement of the byte fast path with `check`.
let formatRows: [Row] = [
    // date: RFC 3339 full-date, leap years, ranges.
    Row("date", "2024-02-29", true), Row("date", "2023-02-29", false), Row("date", "1900-02-29", false),
    Row("date", "2000-02-29", true), Row("date", "2026-04-31", false), Row("date", "0000-01-01", true),
    Row("date", "2026-3-14", false), Row("date", "26-03-14", false), Row("date", "2026/03/14", false),
    Row("date", "2026-03-14T00:00:00Z", false), Row("date", "+2026-03-14", false),
    Row("date:2020-01-01..2030-12-31", "2020-01-01", true), Row("date:2020-01-01..2030-12-31", "2030-12-31", true),
    Row("date:2020-01-01..2030-12-31", "2019-12-31", false), Row("date:2020-01-01..2030-12-31", "2031-01-01", false),
    Row("date:2020-01-01..2030-12-31", "2024-02-30", false), Row("date:..2000-01-01", "1999-12-31", true),
    Row("date:2026-03-14", "2026-03-14", true), Row("date:2026-03-14", "2026-03-15", false),
    // time-of-day: the friendly time.
    Row("time-of-day", "9:30", true), Row("time-of-day", "09:30", true), Row("time-of-day", "23:59:59", true),
    Row("time-of-day", "24:00", false), Row("time-of-day", "12:60", false), Row("time-of-day", "12:30:60", false),
    Row("time-of-day", "12:3", false), Row("time-of-day", "123:30", false), Row("time-of-day", "12:30Z", false),
    Row("time-of-day", "12:30:", false), Row("time", "12:30", false), Row("time", "12:30:00Z", true),
    Row("date-time", "2026-03-14T09:30:00Z", true), Row("date-time", "2026-03-14 09:30:00Z", false),
    Row("duration", "P1Y2M3DT4H5M6S", true), Row("duration", "p1d", false),
    // ip, cidr, port, mac.
    Row("ip", "192.168.0.1", true), Row("ip", "::1", true), Row("ip", "192.168.0.01", false), Row("ip", "::1%eth0", false),
    Row("cidr", "10.0.0.0/8", true), Row("cidr", "192.168.1.7/24", true), Row("cidr", "2001:db8::/32", true),
    Row("cidr", "10.0.0.0/33", false), Row("cidr", "::/129", false), Row("cidr", "10.0.0.0", false),
    Row("cidr", "10.0.0.0/08", false), Row("cidr", "10.0.0.0/", false), Row("cidr", "/8", false),
    Row("port", "1", true), Row("port", "65535", true), Row("port", "0", false), Row("port", "65536", false),
    Row("port", "080", false), Row("port", "+80", false), Row("port", "8080 ", false),
    Row("port:1024..65535", "1024", true), Row("port:1024..65535", "1023", false), Row("port:..1023", "22", true),
    Row("mac", "00:1a:2B:3c:4d:5e", true), Row("mac", "00-1a-2b-3c-4d-5e", true), Row("mac", "00:1a-2b:3c:4d:5e", false),
    Row("mac", "001a.2b3c.4d5e", false),
    // hostname beyond the suite.
    Row("hostname", "localhost", true), Row("hostname", "EXAMPLE.COM", true),
    Row("hostname", String(repeating: "a.", count: 126) + "a", true),
    Row("hostname", String(repeating: "a.", count: 126) + "ab", false), Row("hostname", "a..b", false),
    Row("hostname", "bücher.example", false), Row("hostname", "xn--bcher-kva.example", true),
    // DNS ignores case, in A-labels too (issue 28): the Punycode's basic letters are compared lowercased.
    Row("hostname", "xn--BCHER-kva.de", true), Row("hostname", "XN--BCHER-KVA.DE", true),
    Row("hostname", "xn--Bcher-kva.example", true), Row("hostname", "XN--BCHER.DE", false),
    // uri, uri-reference.
    Row("uri", "urn:isbn:0451450523", true), Row("uri", "https://[v1.fe80::a+en1]/", true),
    Row("uri", "https://example.com:/", true), Row("uri", "https://exa mple.com", false),
    Row("uri-reference", "../a/b?c#d", true), Row("uri-reference", "%41", true), Row("uri-reference", "a b", false),
    // uuid, semver, json, hex-color, base64.
    Row("uuid", "123E4567-E89B-12D3-A456-426614174000", true), Row("uuid", "{123e4567-e89b-12d3-a456-426614174000}", false),
    Row("semver", "1.4.2", true), Row("semver", "2.0.0-rc.1+build.5", true), Row("semver", "1.0.0-0A.is.legal", true),
    Row("semver", "1.0.0-alpha..1", false), Row("semver", "1.0.0-01", false), Row("semver", "01.0.0", false),
    Row("semver", "v1.2.3", false), Row("semver", "1.2", false), Row("semver", "1.2.3+", false),
    Row("semver", "1.2.3-+b", false), Row("semver", "1.2.3+0001", true),
    Row("json", "{}", true), Row("json", " [1, \"é\", {\"a\": null}] ", true), Row("json", "\"\\u00e9\"", true),
    Row("json", "[1,]", false), Row("json", "{'a': 1}", false), Row("json", "NaN", false), Row("json", "", false),
    Row("json", "1 2", false), Row("json", "\"a\tb\"", false), Row("json", "-", false), Row("json", "[", false),
    Row("hex-color", "#1e90ff", true), Row("hex-color", "#FFF", true), Row("hex-color", "#1e90ff80", true),
    Row("hex-color", "#12345", false), Row("hex-color", "1e90ff", false), Row("hex-color", "#ggg", false),
    Row("base64", "aGVsbG8=", true), Row("base64", "aGVsbG8h", true), Row("base64", "aGVsbA==", true),
    Row("base64", "aGVsbG8", false), Row("base64", "aGV=bG8=", false),
    // RFC 4648 section 10's test vectors: BASE64("") = "" (the encoding of nothing, issue 28), "f", "fo", ...
    Row("base64", "", true), Row("base64", "Zg==", true), Row("base64", "Zm8=", true), Row("base64", "Zm9v", true),
    Row("base64", "Zm9vYg==", true), Row("base64", "Zm9vYmE=", true), Row("base64", "Zm9vYmFy", true),
    Row("base64", "=", false), Row("base64", "====", false), Row("base64", "Zg=", false),
    // ext: (a name's ending, not the filesystem).
    Row("ext:.yaml,.yml", "spec.yaml", true), Row("ext:.yaml,.yml", "dir/spec.YML", true),
    Row("ext:.yaml,.yml", ".yaml", false), Row("ext:.yaml,.yml", "spec.yaml/", false),
    Row("ext:.yaml,.yml", "spec.json", false), Row("ext:yaml", "a b.yaml", true),
]

/// Every format rule, for the bad-input edges.
let formatRuleTexts = [
    "date", "date:2020-01-01..today", "time", "date-time", "duration", "time-of-day", "ipv4", "ipv6", "ip", "cidr",
    "port", "port:1024..65535", "hostname", "uri", "uri-reference", "uuid", "semver", "json", "hex-color", "base64",
    "mac", "path", "file", "dir", "exists", "new-path", "readable", "writable", "executable", "ext:.txt",
]

@Suite("Format rules")
struct FormatRuleTests {
    @Test("every row: check decides as the table says, and every path agrees", arguments: formatRows)
    func rows(_ row: Row) throws {
        let rule = try Rule.parse(row.rule)
        #expect(rule.check(row.text).isValid == row.passes)
        #expect(accepts(rule, row.value) == row.passes)
        #expect(rule.accepts(row.text) == row.passes)
    }

    @Test("bad input never passes and never crashes: empty, spaces, non-ASCII digits, NUL, invalid UTF-8, 10 MB",
          arguments: formatRuleTexts)
    func badInput(_ text: String) throws {
        let rule = try Rule.parse(text)
        let tenMegabytes = [UInt8](repeating: UInt8(ascii: "1"), count: 10 * megabyte)
        var bad: [[UInt8]] = [
            [], Array(" 192.168.0.1".utf8), Array("192.168.0.1 ".utf8), Array(" 2026-03-14".utf8),
            Array("٢٠٢٦-٠٣-١٤".utf8), Array("２０２６-０３-１４".utf8), Array("１２:３０".utf8), Array("١٢".utf8),
            Array("80\u{0}".utf8), [0x00], Array("2026-03-14".utf8) + [0xFF], [0xFF, 0xFE], tenMegabytes,
            Array(repeating: UInt8(ascii: "["), count: 10 * megabyte), Array("/tmp".utf8) + [0x00] + Array("x".utf8),
        ]
        if text == "path" || text == "exists" || text == "dir" || text == "readable" || text == "writable"
            || text == "executable" {
            bad.removeAll { $0 == [0xFF, 0xFE] || $0 == Array("2026-03-14".utf8) + [0xFF] }  // names, checked below
        }
        for value in bad {
            let shown = value.count > 40 ? "\(value.count) bytes" : String(decoding: value, as: UTF8.self).debugDescription
            let fast = value.withUnsafeBytes { rule.accepts(utf8: $0, invalidUTF8: .reject) }
            if text == "path" && !value.contains(0) && !value.isEmpty && value.count < 4096 && !value.contains(0xFF) {
                continue  // any other bytes name a path
            }
            // Values that are legitimately valid: the empty relative reference, the empty Base64 text (the
            // encoding of nothing), and ten million 1s as a relative path, a JSON number and Base64 text.
            if ((text == "uri-reference" || text == "base64") && (value.isEmpty || value == tenMegabytes))
                || (text == "json" && value == tenMegabytes) {
                #expect(fast, "\(text) \(shown)")
                continue
            }
            if text == "new-path" { continue }  // a name that does not exist in a writable directory: PathRuleTests
            if ["exists", "dir", "readable", "writable", "executable", "file"].contains(text) {
                // Only a name that exists (or, for new-path, could be made) passes; none of these does, except a
                // repaired U+FFFD name or "/tmp" for dir and the like, which is not among them.
                #expect(!fast || value == [], "\(text) \(shown)")
                continue
            }
            #expect(!fast, "\(text) \(shown)")
            #expect(!rule.check(String(decoding: value, as: UTF8.self)).isValid, "\(text) \(shown)")
        }
    }

    @Test("the byte fast path agrees with check on invalid UTF-8, NUL, BOMs and controls", arguments: formatRuleTexts)
    func nastyBytes(_ text: String) throws {
        let rule = try Rule.parse(text)
        for value in nastyValues {
            #expect(accepts(rule, value) == checks(rule, value), "\(text) on \(value)")
        }
    }

    @Test("uuid (eight bytes at a time): every byte value at every position of a UUID, against a plain model")
    func uuidEveryByte() {
        let valid = Array("123e4567-E89B-12d3-a456-426614174000".utf8)
        func model(_ bytes: [UInt8]) -> Bool {
            bytes.count == 36 && bytes.enumerated().allSatisfy { index, b in
                [8, 13, 18, 23].contains(index) ? b == UInt8(ascii: "-")
                    : ("0"..."9").contains(Character(Unicode.Scalar(b))) || ("a"..."f").contains(Character(Unicode.Scalar(b)))
                        || ("A"..."F").contains(Character(Unicode.Scalar(b)))
            }
        }
        var disagreements = 0
        for position in 0..<36 {
            for byte in 0...255 {
                var value = valid
                value[position] = UInt8(byte)
                let fast = value.withUnsafeBytes { Rule.uuid.accepts(utf8: $0, invalidUTF8: .reject) }
                if fast != model(value) { disagreements += 1 }
            }
        }
        #expect(disagreements == 0)
        #expect(!Rule.uuid.check(String(decoding: valid.dropLast(), as: UTF8.self)).isValid)
        #expect(!Rule.uuid.check(String(decoding: valid + [0x30], as: UTF8.self)).isValid)
    }

    @Test("JSON nested ten million deep is decided without recursion; a 10 MB array of numbers passes")
    func deepJSON() {
        let deep = String(repeating: "[", count: 10 * megabyte) + String(repeating: "]", count: 10 * megabyte)
        #expect(Rule.json.check(deep).isValid)
        #expect(!Rule.json.check(String(deep.dropLast())).isValid)
        let wide = "[" + Array(repeating: "12345", count: 2 * megabyte).joined(separator: ",") + "]"
        #expect(Rule.json.check(wide).isValid)
    }

    @Test("a failing value gets a message that reads naturally")
    func messages() throws {
        let table: [(Rule, String, String)] = [
            (Rule.date, "2023-02-29", "date: must be a date such as 2026-03-14"),
            (try Rule.parse("date:2020-01-01..2030-12-31"), "2031-01-01",
             "date: must be a date from 2020-01-01 to 2030-12-31 (such as 2026-03-14)"),
            (try Rule.parse("date:today.."), "2001-01-01", "date: must be a date no earlier than today (such as 2026-03-14)"),
            (try Rule.parse("date:..today"), "9999-01-01", "date: must be a date no later than today (such as 2026-03-14)"),
            (Rule.time, "12:00", "time: must be an RFC 3339 time with seconds and an offset, such as 08:30:00Z"),
            (Rule.timeOfDay, "25:00", "time-of-day: must be a time of day such as 09:30 or 17:45:10"),
            (Rule.dateTime, "x", "date-time: must be an RFC 3339 date and time such as 2026-03-14T09:30:00Z"),
            (Rule.duration, "x", "duration: must be an ISO 8601 duration such as P1DT12H or PT30M"),
            (Rule.ipv4, "1.2.3", "ipv4: must be an IPv4 address such as 192.168.0.1"),
            (Rule.ipv6, "1", "ipv6: must be an IPv6 address such as 2001:db8::1"),
            (Rule.ip, "x", "ip: must be an IP address such as 192.168.0.1 or 2001:db8::1"),
            (Rule.cidr, "x", "cidr: must be an address with a prefix length such as 10.0.0.0/8 or 2001:db8::/32"),
            (Rule.port, "0", "port: must be a port number from 1 to 65535"),
            (Rule.port(in: 1024...65535), "80", "port: must be a port number from 1024 to 65535"),
            (Rule.hostname, "a_b", "hostname: must be a host name such as example.com"),
            (Rule.uri, "a", "uri: must be a URI with a scheme such as https://example.com/path"),
            (Rule.uriReference, "a b", "uri-reference: must be a URI or relative reference such as ../path?query"),
            (Rule.uuid, "x", "uuid: must be a UUID such as 123e4567-e89b-12d3-a456-426614174000"),
            (Rule.semver, "1.2", "semver: must be a semantic version such as 1.4.2 or 2.0.0-rc.1"),
            (Rule.json, "{", #"json: must be valid JSON such as {"name": "Ada"}"#),
            (Rule.hexColor, "red", "hex-color: must be a hex colour such as #1e90ff"),
            (Rule.base64, "!", "base64: must be Base64 text such as aGVsbG8="),
            (Rule.mac, "x", "mac: must be a MAC address such as 00:1a:2b:3c:4d:5e"),
            (Rule.path, "", "path: must be a path (not empty, no NUL byte)"),
            (Rule.file, "/nonexistent/x", "file: must name an existing file"),
            (Rule.directory, "/nonexistent/x", "dir: must name an existing directory"),
            (Rule.pathExtension([".yaml", "yml"]), "a.json", "ext: must be a file name ending in .yaml or .yml"),
            (!Rule.ipv4, "1.2.3.4", "not ipv4: must not be an IPv4 address such as 192.168.0.1"),
        ]
        for (rule, value, expected) in table {
            #expect(rule.check(value).description == expected)
        }
    }

    @Test("date ranges with today follow the local date")
    func today() throws {
        let today = CalendarDate.today
        let day = today.dayNumberForTests
        let yesterday = CalendarDate.fromDayNumberForTests(day - 1), tomorrow = CalendarDate.fromDayNumberForTests(day + 1)
        let future = try Rule.parse("date:today..")
        let past = try Rule.parse("date:..today")
        #expect(future.check(today.description).isValid && past.check(today.description).isValid)
        #expect(future.check(tomorrow.description).isValid && !future.check(yesterday.description).isValid)
        #expect(past.check(yesterday.description).isValid && !past.check(tomorrow.description).isValid)
        #expect(Rule.date(from: .today, through: .today).check(today.description).isValid)
        let lastYear = CalendarDate(year: today.year - 1, month: 1, day: 1)!
        #expect(try Rule.parse("date:\(lastYear)..today").check(lastYear.description).isValid)
    }

    @Test("the Swift API builds the same rules as the syntax")
    func swiftAPI() throws {
        let range = CalendarDate("2020-01-01")!...CalendarDate("2030-12-31")!
        #expect(Rule.date(in: range).source == "date:2020-01-01..2030-12-31")
        #expect(Rule.port(in: 1024...65535).source == "port:1024..65535")
        #expect(Rule.pathExtension(["yaml", ".YML"]).source == "ext:.yaml,.yml")
        for text in ["date:2020-01-01..2030-12-31", "date:today..", "date:..today", "port:1024..65535", "ext:.yaml,.yml"] {
            #expect(try Rule.parse(text).source == text)
        }
        #expect(CalendarDate("2023-02-29") == nil && CalendarDate("2024-02-29") != nil)
        #expect(CalendarDate(year: 2026, month: 3, day: 14)!.description == "2026-03-14")
        #expect(try Rule.parse("DATE").check("2026-03-14").isValid)
        #expect(try Rule.parse("datetime").name == "date-time")
        #expect(try Rule.parse("not:ipv4").check("x").isValid)
        #expect(try Rule.parse("ipv4 \"Use an IPv4 address\"").check("x").failure?.message == "Use an IPv4 address")
    }

    @Test("bad rule texts say where and what was expected")
    func syntaxErrors() {
        let table: [(String, String)] = [
            ("date:2023-02-29..", #"rule "date:2023-02-29..": at column 6: expected a real date written YYYY-MM-DD, such as "2026-03-14", got "2023-02-29""#),
            ("date:2030-01-01..2020-01-01", #"rule "date:2030-01-01..2020-01-01": at column 6: the range 2030-01-01..2020-01-01 is empty; write the earlier date first"#),
            ("date:tomorrow", #"rule "date:tomorrow": at column 6: expected a date such as "2020-01-01", "today" or "..", got "tomorrow""#),
            ("date:", #"rule "date:": at column 6: expected a range such as "2020-01-01..2030-12-31" or "today.." after "date:", got the end of the rule"#),
            ("port:0..80", #"rule "port:0..80": at column 6: a port is from 1 to 65535, got 0"#),
            ("port:90..80", #"rule "port:90..80": at column 6: the range 90..80 is empty; write the smaller bound first, as in "80..90""#),
            ("ipv4:x", #"rule "ipv4:x": at column 5: "ipv4" takes no argument, got ":x""#),
            ("ext", #"rule "ext": at column 4: expected ":" and extensions separated by commas, such as ".yaml,.yml" after "ext", got the end of the rule"#),
            ("ext:a/b", #"rule "ext:a/b": at column 5: an extension is a name's ending such as ".yaml", got "a/b""#),
            ("ipv5", #"rule "ipv5": at column 1: unknown rule "ipv5"; did you mean "ipv4"?"#),
        ]
        for (text, expected) in table {
            do {
                _ = try Rule.parse(text)
                Issue.record("\(text) parsed")
            } catch {
                #expect(error.description.hasPrefix(expected), "\(error.description)")
            }
        }
    }

    @Test("every rule name is known to the parser and listed once")
    func ruleNames() throws {
        #expect(Set(Rule.ruleNames).count == Rule.ruleNames.count)
        for name in ["date", "time", "date-time", "duration", "ipv4", "ipv6", "hostname", "uuid", "uri", "uri-reference",
                     "ip", "cidr", "port", "semver", "json", "path", "file", "dir", "exists", "new-path", "readable",
                     "writable", "executable", "ext", "time-of-day", "hex-color", "base64", "mac"] {
            #expect(Rule.ruleNames.contains(name), "\(name)")
        }
        for name in Rule.ruleNames where !["length", "one-of", "one-of-ci", "equals", "contains", "prefix", "suffix",
                                           "regex", "pattern", "ext"].contains(name) {
            #expect(try Rule.parse(name).name == name || name == "integer" || name == "decimal", "\(name)")
        }
    }

    @Test("path rules ask for path completion: directories for dir, files for the others")
    func pathCompletion() throws {
        #expect(try Rule.parse("dir").pathCompletion == .directories)
        #expect(try Rule.parse("file").pathCompletion == .files)
        #expect(try Rule.parseList(["file", "ext:.yaml"]).pathCompletion == .files)
        #expect(try Rule.parse("new-path").pathCompletion == .files)
        #expect((Rule.required && Rule.directory).pathCompletion == .directories)
        #expect((Rule.file || Rule.directory).pathCompletion == .directories)
        #expect(Rule.email.pathCompletion == nil && Rule.ipv4.pathCompletion == nil)
    }
}

extension CalendarDate {
    /// Days since 1970-01-01, counted the slow way (an oracle for the range checks).
    var dayNumberForTests: Int {
        var days = 0
        var year = 1970, month = 1
        while (year, month) < (self.year, self.month) {
            days += CalendarDate(year: year, month: month, day: 29) != nil
                ? (CalendarDate(year: year, month: month, day: 31) != nil ? 31
                    : CalendarDate(year: year, month: month, day: 30) != nil ? 30 : 29) : 28
            month += 1
            if month == 13 { month = 1; year += 1 }
        }
        return days + day - 1
    }

    static func fromDayNumberForTests(_ number: Int) -> CalendarDate {
        var date = CalendarDate(year: 1970, month: 1, day: 1)!
        var count = 0
        while count < number {
            let next = CalendarDate(year: date.year, month: date.month, day: date.day + 1)
                ?? CalendarDate(year: date.year, month: date.month + 1, day: 1)
                ?? CalendarDate(year: date.year + 1, month: 1, day: 1)!
            date = next
            count += 1
        }
        return date
    }
}
