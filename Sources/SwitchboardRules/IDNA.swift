// SPDX-License-Identifier: Apache-2.0
// IDNA2008 A-labels for the `hostname` rule: a label starting `xn--` must decode as Punycode (RFC 3492) to a
// U-label whose code points IDNA2008 allows (RFC 5892's derived property, from the Unicode properties Swift
// carries) in the contexts RFC 5892 appendix A requires, with no `--` in the 3rd and 4th positions and no
// combining mark first (RFC 5891 section 4.2.3). Not checked: NFC and the bidi rule (RFC 5893); joining types
// for ZERO WIDTH NON-JOINER are known for Arabic and Syriac letters only.

enum IDNA {
    /// Whether `bytes[start..<end]` (the label after `xn--`) is a valid A-label's Punycode part.
    static func isValidALabel(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ end: Int) -> Bool {
        guard let label = punycodeDecode(bytes, start, end), label.contains(where: { $0 >= 0x80 }) else { return false }
        return isValidULabel(label)
    }

    /// RFC 3492 decoding; nil for malformed input.
    static func punycodeDecode(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ end: Int) -> [UInt32]? {
        let base = 36, tMin = 1, tMax = 26
        var output: [UInt32] = []
        var delimiter = end - 1
        while delimiter >= start, bytes[delimiter] != UInt8(ascii: "-") { delimiter -= 1 }
        var position = start
        if delimiter >= start {
            // DNS ignores case: `xn--BCHER-kva` is `xn--bcher-kva`, bücher (RFC 3492's mixed-case annotation
            // only suggests a case for display; IDNA2008 compares A-labels without regard to case).
            for k in start..<delimiter {
                let byte = bytes[k]
                output.append(UInt32(byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte))
            }
            position = delimiter + 1
        }
        var n = 128, i = 0, bias = 72
        while position < end {
            let oldI = i
            var w = 1
            var k = base
            while true {
                guard position < end else { return nil }
                let b = bytes[position] | 0x20
                position += 1
                let digit: Int
                if b >= UInt8(ascii: "a"), b <= UInt8(ascii: "z") {
                    digit = Int(b - UInt8(ascii: "a"))
                } else if b >= UInt8(ascii: "0"), b <= UInt8(ascii: "9") {  // digits are unchanged by | 0x20
                    digit = Int(b - UInt8(ascii: "0")) + 26
                } else {
                    return nil
                }
                let (product, o1) = digit.multipliedReportingOverflow(by: w)
                let (sum, o2) = i.addingReportingOverflow(product)
                guard !o1, !o2, sum <= 0x10FFFF * 64 else { return nil }
                i = sum
                let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                if digit < t { break }
                w *= base - t
                guard w <= 0x10FFFF * 64 else { return nil }
                k += base
            }
            bias = adapt(i - oldI, output.count + 1, oldI == 0)
            n += i / (output.count + 1)
            i %= output.count + 1
            guard n >= 0x80, n <= 0x10FFFF, !(0xD800...0xDFFF).contains(n), output.count < 64 else { return nil }
            output.insert(UInt32(n), at: i)
            i += 1
        }
        return output
    }

    private static func adapt(_ delta: Int, _ points: Int, _ first: Bool) -> Int {
        var delta = first ? delta / 700 : delta / 2
        delta += delta / points
        var k = 0
        while delta > ((36 - 1) * 26) / 2 {
            delta /= 35
            k += 36
        }
        return k + (36 * delta) / (delta + 38)
    }

    enum Status { case pvalid, contextJ, contextO, disallowed }

    /// RFC 5892 section 3's derived property of one code point.
    static func status(_ value: UInt32) -> Status {
        switch value {
        case 0x00DF, 0x03C2, 0x06FD, 0x06FE, 0x0F0B, 0x3007: return .pvalid
        case 0x00B7, 0x0375, 0x05F3, 0x05F4, 0x30FB, 0x0660...0x0669, 0x06F0...0x06F9: return .contextO
        case 0x0640, 0x07FA, 0x302E, 0x302F, 0x3031...0x3035, 0x303B: return .disallowed
        case 0x200C, 0x200D: return .contextJ
        case 0x61...0x7A, 0x30...0x39, 0x2D: return .pvalid
        case 0x20D0...0x20FF, 0x1D100...0x1D24F: return .disallowed  // ignorable blocks
        case 0x1100...0x11FF, 0xA960...0xA97F, 0xD7B0...0xD7FF: return .disallowed  // old Hangul jamo
        default: break
        }
        guard let scalar = Unicode.Scalar(value) else { return .disallowed }
        let properties = scalar.properties
        if properties.generalCategory == .unassigned { return .disallowed }
        if properties.changesWhenNFKCCaseFolded { return .disallowed }
        if properties.isDefaultIgnorableCodePoint || properties.isWhitespace || properties.isNoncharacterCodePoint {
            return .disallowed
        }
        switch properties.generalCategory {
        case .lowercaseLetter, .uppercaseLetter, .otherLetter, .decimalNumber, .modifierLetter, .nonspacingMark,
             .spacingMark:
            return .pvalid
        default:
            return .disallowed
        }
    }

    static func isValidULabel(_ label: [UInt32]) -> Bool {
        guard let first = label.first, let last = label.last, first != 0x2D, last != 0x2D else { return false }
        if label.count >= 4, label[2] == 0x2D, label[3] == 0x2D { return false }
        if let scalar = Unicode.Scalar(first) {
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark: return false
            default: break
            }
        }
        for (index, value) in label.enumerated() {
            switch status(value) {
            case .pvalid: continue
            case .disallowed: return false
            case .contextJ: guard contextJ(label, index) else { return false }
            case .contextO: guard contextO(label, index) else { return false }
            }
        }
        return true
    }

    private static func isVirama(_ value: UInt32) -> Bool {
        guard let scalar = Unicode.Scalar(value) else { return false }
        return scalar.properties.canonicalCombiningClass == .virama
    }

    /// RFC 5892 appendix A.1 and A.2.
    private static func contextJ(_ label: [UInt32], _ index: Int) -> Bool {
        if index > 0, isVirama(label[index - 1]) { return true }
        guard label[index] == 0x200C else { return false }
        // (Joining_Type:{L,D})(Joining_Type:T)* ZWNJ (Joining_Type:T)*(Joining_Type:{R,D})
        var k = index - 1
        while k >= 0, joiningType(label[k]) == .transparent { k -= 1 }
        guard k >= 0, [.left, .dual].contains(joiningType(label[k])) else { return false }
        k = index + 1
        while k < label.count, joiningType(label[k]) == .transparent { k += 1 }
        return k < label.count && [.right, .dual].contains(joiningType(label[k]))
    }

    /// RFC 5892 appendix A.3 to A.9.
    private static func contextO(_ label: [UInt32], _ index: Int) -> Bool {
        let value = label[index]
        switch value {
        case 0x00B7:  // MIDDLE DOT: between two 'l'
            return index > 0 && index + 1 < label.count && label[index - 1] == 0x6C && label[index + 1] == 0x6C
        case 0x0375:  // GREEK LOWER NUMERAL SIGN (KERAIA): before a Greek character
            return index + 1 < label.count && isGreek(label[index + 1])
        case 0x05F3, 0x05F4:  // HEBREW GERESH, GERSHAYIM: after a Hebrew character
            return index > 0 && isHebrew(label[index - 1])
        case 0x30FB:  // KATAKANA MIDDLE DOT: with Hiragana, Katakana or Han in the label
            return label.contains { $0 != 0x30FB && (isKana($0) || isHan($0)) }
        case 0x0660...0x0669:  // ARABIC-INDIC DIGITS: not with extended ones
            return !label.contains { (0x06F0...0x06F9).contains($0) }
        default:  // EXTENDED ARABIC-INDIC DIGITS: not with Arabic-Indic ones
            return !label.contains { (0x0660...0x0669).contains($0) }
        }
    }

    private static func isGreek(_ v: UInt32) -> Bool {
        ((0x0370...0x03FF).contains(v) && ![0x0374, 0x037E, 0x0385, 0x0387].contains(v)) || (0x1F00...0x1FFF).contains(v)
    }
    private static func isHebrew(_ v: UInt32) -> Bool { (0x0591...0x05F4).contains(v) || (0xFB1D...0xFB4F).contains(v) }
    private static func isKana(_ v: UInt32) -> Bool {
        (0x3041...0x309F).contains(v) || (0x30A0...0x30FF).contains(v) || (0x31F0...0x31FF).contains(v)
            || (0x1B000...0x1B16F).contains(v)
    }
    private static func isHan(_ v: UInt32) -> Bool {
        (0x2E80...0x2FDF).contains(v) || v == 0x3005 || v == 0x3007 || (0x3021...0x3029).contains(v)
            || (0x3038...0x303B).contains(v) || (0x3400...0x4DBF).contains(v) || (0x4E00...0x9FFF).contains(v)
            || (0xF900...0xFAFF).contains(v) || (0x20000...0x3FFFF).contains(v)
    }

    enum JoiningType { case dual, right, left, transparent, none }

    /// Unicode's Joining_Type for the Arabic and Syriac letters; transparent for marks and format characters.
    private static func joiningType(_ v: UInt32) -> JoiningType {
        switch v {
        case 0x0622...0x0625, 0x0627, 0x0629, 0x062F...0x0632, 0x0648, 0x0671...0x0673, 0x0675...0x0677,
             0x0688...0x0699, 0x06C0, 0x06C3...0x06CB, 0x06CD, 0x06CF, 0x06D2, 0x06D3, 0x06D5, 0x06EE, 0x06EF,
             0x0710, 0x0715...0x0719, 0x071E, 0x0728, 0x072A, 0x072C, 0x072F, 0x074D:
            return .right
        case 0x0620, 0x0626, 0x0628, 0x062A...0x062E, 0x0633...0x063F, 0x0641...0x0647, 0x0649, 0x064A, 0x066E,
             0x066F, 0x0678...0x0687, 0x069A...0x06BF, 0x06C1, 0x06C2, 0x06CC, 0x06CE, 0x06D0, 0x06D1,
             0x06FA...0x06FC, 0x06FF, 0x0712...0x0714, 0x071A...0x071D, 0x071F...0x0727, 0x0729, 0x072B,
             0x072D, 0x072E, 0x074E...0x077F, 0x0640:
            return .dual
        default:
            guard v != 0x200C, v != 0x200D, let scalar = Unicode.Scalar(v) else { return .none }
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .format: return .transparent
            default: return .none
            }
        }
    }
}
