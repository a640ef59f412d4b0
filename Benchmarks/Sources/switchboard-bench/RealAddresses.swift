// SPDX-License-Identifier: GPL-3.0-or-later
// A corpus of real-looking e-mail addresses for the `check` rows: the shapes people actually paste into a form or
// export from a CRM (names with dots, plus tags, capitals, country domains, sub-domains), about a quarter of them
// wrong in the ways such lists are wrong (a display name, a trailing space or dot, a comma list, non-ASCII, a
// quoted local part, an IP literal, a bad label). The generated corpus beside it is short and regular; this one
// has the length and mix that decide how far a scanner runs before it answers.

/// Writes `lines` real-looking addresses to `path`, the same ones on every run.
func writeRealLookingAddresses(to path: String, lines: Int) {
    var random = BenchRandom(seed: 2026)
    let first = ["ada", "grace", "alan", "Linus", "nguyen", "Tran", "mai", "olga", "pierre", "jose", "chen", "fatima",
                 "john", "MARY", "oluwaseun", "ingrid", "raj", "yuki", "sofia", "ahmed", "li", "anne-marie", "o'neil"]
    let last = ["lovelace", "hopper", "turing", "torvalds", "van.an", "thi.mai", "ivanova", "dupont", "garcia",
                "wei", "al-sayed", "smith", "JOHNSON", "adeyemi", "berg", "patel", "tanaka", "rossi", "hassan", "x"]
    let domains = ["gmail.com", "yahoo.co.uk", "outlook.com", "company.com.vn", "mail.university.edu",
                   "eu.corp.example.org", "t-online.de", "xn--bcher-kva.de", "post.example.museum", "gov.uk",
                   "very-long-department-name.international-holdings.example.net", "me.io", "a.b"]
    let tags = ["", "", "", "+news", "+2024", "+shop.receipts", "_work", ".old"]
    let wrong: [(String) -> String] = [
        { "\"Ada Lovelace\" <\($0)>" },     // a display name
        { $0 + " " },                        // a trailing space
        { $0 + "." },                        // a trailing dot
        { $0 + ", grace@example.com" },      // a list in one cell
        { "mailto:" + $0 },                  // ":" is not allowed
        { $0.replacingFirst("@", with: "@@") },
        { $0.replacingFirst("@", with: " at ") },
        { _ in "\"john doe\"@example.com" },      // quoted local part: RFC 5322 yes, WHATWG no
        { _ in "admin@[192.168.0.1]" },           // IP literal
        { $0.replacingFirst("@", with: "@-") },   // a label starting with a hyphen
        { _ in "josé.garcía@example.es" },        // non-ASCII local part
        { _ in "info@bücher.de" },                // a non-ASCII (not punycode) domain
        { $0.replacingFirst("@", with: "@under_score.") },
        { _ in "" },
    ]
    var text: [UInt8] = []
    text.reserveCapacity(lines * 32)
    for _ in 0..<lines {
        let name = first[random.below(first.count)] + (random.below(3) == 0 ? "" : "." + last[random.below(last.count)])
        let number = random.below(4) == 0 ? String(random.below(100)) : ""
        let address = name + number + tags[random.below(tags.count)] + "@" + domains[random.below(domains.count)]
        let line = random.below(4) == 0 ? wrong[random.below(wrong.count)](address) : address
        text.append(contentsOf: line.utf8)
        text.append(0x0A)
    }
    writeFile(path, text)
}

private extension String {
    func replacingFirst(_ target: Character, with replacement: String) -> String {
        guard let index = firstIndex(of: target) else { return self }
        return String(self[..<index]) + replacement + String(self[self.index(after: index)...])
    }
}
