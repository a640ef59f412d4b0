// SPDX-License-Identifier: GPL-3.0-or-later
/// The options of a list question and what the typed filter leaves of them: the matches, the highlighted one,
/// the window of rows shown, and (several choices) the chosen ones.
///
/// Built for a million options: the options live in one byte buffer (each followed by a newline), with a
/// second, case-folded copy that the filter scans byte by byte. A keystroke costs one pass over the bytes of the
/// options still in question (a longer filter only looks at what the shorter one matched) and allocates nothing
/// per option; only the rows in the window become `String`s, when they are drawn.
///
/// ```swift
/// var list = OptionList(["red", "green", "Grey"])
/// list.setFilter("GR")
/// list.matches.map { list.option(Int($0)) }   // ["green", "Grey"]
/// ```
public struct OptionList: Sendable {
    /// Every option's bytes, each followed by a newline (0x0A never occurs in an option).
    private var bytes: [UInt8] = []
    /// Where option `i` starts in `bytes`; one more entry at the end (the end of the buffer).
    private var starts: [Int] = [0]
    /// The same options case-folded (`lowercased()`), and where each starts there.
    private var folded: [UInt8] = []
    private var foldedStarts: [Int] = [0]
    /// Whether `folded` is `bytes` (no option has a capital or a non-ASCII letter).
    private var foldedIsBytes = true

    /// The indices of the options the filter matches, in list order (`list.option(Int(list.matches[0]))`).
    public private(set) var matches: [Int32] = []
    /// The folded filter the matches are for.
    private var query: [UInt8] = []
    /// The filter as typed (`list.filter == "gr"` after `list.setFilter("gr")`).
    public private(set) var filter = ""
    /// The position in `matches` of the highlighted option.
    private(set) var highlighted = 0
    /// The position in `matches` of the first row in the window.
    private(set) var top = 0
    /// The chosen options (several choices), by index.
    private(set) var chosen: Set<Int32> = []

    /// The number of options (`OptionList(["a", "b"]).count == 2`).
    public var count: Int { starts.count - 1 }

    /// No options yet: `append` them, then `matchAll()`.
    public init() {}

    /// A list of `options`, in this order; every one matches until a filter is set.
    ///
    /// ```swift
    /// let list = OptionList(["red", "green"])   // list.matches == [0, 1]
    /// ```
    public init(_ options: [String]) {
        for option in options { append(Array(option.utf8)[...]) }
        matchAll()
    }

    /// Adds one option (its bytes, valid UTF-8 without a line break). Call `matchAll()` after the last one.
    ///
    /// ```swift
    /// var list = OptionList()
    /// for line in ["main", "dev"] { list.append(Array(line.utf8)[...]) }
    /// list.matchAll()
    /// ```
    public mutating func append(_ option: ArraySlice<UInt8>) {
        bytes.append(contentsOf: option)
        bytes.append(0x0A)
        starts.append(bytes.count)
        var plain = true
        for byte in option where byte >= 0x80 || (byte >= 0x41 && byte <= 0x5A) {
            plain = false
            break
        }
        if plain && foldedIsBytes { return }
        if foldedIsBytes {
            // The first option that folds differently: the folded copy starts as a copy of what came before.
            foldedIsBytes = false
            folded = Array(bytes[..<(starts[starts.count - 2])])
            foldedStarts = Array(starts.dropLast())
        }
        if plain {
            folded.append(contentsOf: option)
        } else {
            folded.append(contentsOf: String(decoding: option, as: UTF8.self).lowercased().utf8)
        }
        folded.append(0x0A)
        foldedStarts.append(folded.count)
    }

    /// Every option matches (the empty filter): `list.matchAll()` after the last `append`.
    public mutating func matchAll() {
        matches.removeAll(keepingCapacity: true)
        matches.reserveCapacity(count)
        for index in 0..<count { matches.append(Int32(index)) }
        highlighted = 0
        top = 0
    }

    /// Options appended since the list had `first` options (they stream in while the question shows): those the
    /// filter matches join the matches, after the others; the highlight stays where it is.
    ///
    /// ```swift
    /// var list = OptionList(["red"])
    /// list.setFilter("e")
    /// list.append(Array("green".utf8)[...]); list.append(Array("blue".utf8)[...])
    /// list.matchAppended(from: 1)   // list.matches == [0, 1, 2]
    /// ```
    public mutating func matchAppended(from first: Int) {
        guard first < count, !query.contains(0x0A) else { return }
        if query.isEmpty {
            for index in first..<count { matches.append(Int32(index)) }
            return
        }
        let haystack = foldedIsBytes ? bytes : folded
        let bounds = foldedIsBytes ? starts : foldedStarts
        for index in first..<count where Self.find(query, in: haystack, from: bounds[index], to: bounds[index + 1] - 1) {
            matches.append(Int32(index))
        }
    }

    /// Option `index` as text (`OptionList(["a", "b"]).option(1) == "b"`).
    public func option(_ index: Int) -> String {
        String(decoding: bytes[starts[index]..<(starts[index + 1] - 1)], as: UTF8.self)
    }

    /// The option at `position` among the matches.
    func match(_ position: Int) -> String { option(Int(matches[position])) }

    /// The highlighted option's index, or nil when nothing matches.
    var highlightedIndex: Int? { matches.isEmpty ? nil : Int(matches[highlighted]) }

    /// The index of the option equal to `text`, if any (a linear scan): `OptionList(["a", "b"]).index(of: "b") == 1`.
    public func index(of text: String) -> Int? {
        let wanted = Array(text.utf8)
        for index in 0..<count where option(index, is: wanted) { return index }
        return nil
    }

    /// Whether option `index`'s bytes are `wanted`.
    private func option(_ index: Int, is wanted: [UInt8]) -> Bool {
        starts[index + 1] - 1 - starts[index] == wanted.count
            && bytes[starts[index]..<(starts[index + 1] - 1)].elementsEqual(wanted)
    }

    /// Filters by `text` (case-insensitive, anywhere in an option). The highlight goes back to the first match.
    ///
    /// ```swift
    /// var list = OptionList(["red", "Grey"])
    /// list.setFilter("GR")   // list.matches == [1]
    /// ```
    public mutating func setFilter(_ text: String) {
        guard text != filter else { return }
        let newQuery = Array(text.lowercased().utf8)
        // A filter that contains the previous one can only match fewer: look at the previous matches only.
        let narrowing = !query.isEmpty && Self.find(query, in: newQuery, from: 0, to: newQuery.count)
        filter = text
        query = newQuery
        highlighted = 0
        top = 0
        if newQuery.contains(0x0A) {
            matches.removeAll(keepingCapacity: true)
            return
        }
        if newQuery.isEmpty {
            matchAll()
            return
        }
        let haystack = foldedIsBytes ? bytes : folded
        let bounds = foldedIsBytes ? starts : foldedStarts
        if narrowing {
            var kept = 0
            for position in 0..<matches.count {
                let index = Int(matches[position])
                if Self.find(newQuery, in: haystack, from: bounds[index], to: bounds[index + 1] - 1) {
                    matches[kept] = Int32(index)
                    kept += 1
                }
            }
            matches.removeLast(matches.count - kept)
        } else {
            matches.removeAll(keepingCapacity: true)
            for index in 0..<count
            where Self.find(newQuery, in: haystack, from: bounds[index], to: bounds[index + 1] - 1) {
                matches.append(Int32(index))
            }
        }
    }

    /// Highlights the match equal to `text` (case and all), if there is one: typing an option in full picks it
    /// even when others contain it (typing "red" among "bored" and "red").
    mutating func highlightExactMatch(_ text: String) {
        let wanted = Array(text.utf8)
        for position in 0..<matches.count where option(Int(matches[position]), is: wanted) {
            highlighted = position
            return
        }
    }

    /// Whether `needle` occurs in `haystack[from..<to]`.
    private static func find(_ needle: [UInt8], in haystack: [UInt8], from: Int, to: Int) -> Bool {
        let first = needle[0]
        let last = to - needle.count
        var position = from
        while position <= last {
            if haystack[position] == first {
                var offset = 1
                while offset < needle.count && haystack[position + offset] == needle[offset] { offset += 1 }
                if offset == needle.count { return true }
            }
            position += 1
        }
        return false
    }

    /// Highlights option `index` (it must be among the matches).
    mutating func highlight(option index: Int) {
        if let position = matches.firstIndex(of: Int32(index)) { highlighted = position }
    }

    /// Moves the highlight by `rows` (negative: up), stopping at either end.
    mutating func move(by rows: Int) {
        guard !matches.isEmpty else { return }
        highlighted = min(max(0, highlighted + rows), matches.count - 1)
    }

    /// Keeps the highlighted option inside a window of `rows` rows.
    mutating func scroll(toShow rows: Int) {
        let rows = max(1, rows)
        if highlighted < top { top = highlighted }
        if highlighted >= top + rows { top = highlighted - rows + 1 }
        top = max(0, min(top, max(0, matches.count - rows)))
    }

    /// Chooses the highlighted option, or un-chooses it.
    mutating func toggleHighlighted() {
        guard let index = highlightedIndex else { return }
        let key = Int32(index)
        if chosen.contains(key) { chosen.remove(key) } else { chosen.insert(key) }
    }

    /// Chooses the options at `indices`.
    mutating func choose(_ indices: [Int]) {
        for index in indices where index >= 0 && index < count { chosen.insert(Int32(index)) }
    }

    /// The chosen options, in list order.
    var chosenOptions: [String] { chosen.sorted().map { option(Int($0)) } }
}
