// SPDX-License-Identifier: Apache-2.0
// The text-format rules: JSON Schema's `uuid`, and `semver`, `json`, `hex-color`, `base64`. Scanners in
// TextFormatScanners.swift.

extension Rule {
    /// A UUID as RFC 9562 writes it, JSON Schema's `uuid` format: 8-4-4-4-12 hex digits in either case, any
    /// version (`123e4567-e89b-12d3-a456-426614174000`; no braces, no `urn:uuid:`).
    ///
    /// ```swift
    /// Rule.uuid.check("123e4567e89b12d3a456426614174000").failure?.message
    /// // "must be a UUID such as 123e4567-e89b-12d3-a456-426614174000"
    /// ```
    public static var uuid: Rule {
        format("uuid", "be a UUID such as 123e4567-e89b-12d3-a456-426614174000", passes: TextScan.uuid)
    }

    /// A semantic version as semver.org 2.0.0 defines it: `1.4.2`, `2.0.0-rc.1`, `1.0.0+build.5` (no `v`, no
    /// leading zeros).
    ///
    /// ```swift
    /// Rule.semver.check("v1.2.3").failure?.message   // "must be a semantic version such as 1.4.2 or 2.0.0-rc.1"
    /// ```
    public static var semver: Rule {
        format("semver", "be a semantic version such as 1.4.2 or 2.0.0-rc.1", passes: TextScan.semver)
    }

    /// A JSON text (RFC 8259): one value, an object, array, string, number, `true`, `false` or `null`, with
    /// optional white space around it.
    ///
    /// ```swift
    /// Rule.json.check(#"{"a": [1, 2]}"#).isValid   // true
    /// ```
    public static var json: Rule {
        format("json", "be valid JSON such as {\"name\": \"Ada\"}", passes: TextScan.json)
    }

    /// A CSS hex colour: `#` and 3, 4, 6 or 8 hex digits (`#1e90ff`, `#fff`, `#1e90ff80`).
    ///
    /// ```swift
    /// Rule.hexColor.check("1e90ff").isValid   // false
    /// ```
    public static var hexColor: Rule {
        format("hex-color", "be a hex colour such as #1e90ff", passes: TextScan.hexColor)
    }

    /// Base64 as RFC 4648 section 4 defines it: the standard alphabet, padded with `=` to a multiple of four.
    /// The empty text is valid: it is the encoding of nothing (add `required` to refuse it).
    ///
    /// ```swift
    /// Rule.base64.check("aGVsbG8=").isValid   // true
    /// Rule.base64.check("").isValid           // true
    /// ```
    public static var base64: Rule {
        format("base64", "be Base64 text such as aGVsbG8=", passes: TextScan.base64)
    }
}
