// SPDX-License-Identifier: Apache-2.0
import SwitchboardRules

/// The project's one reader of YAML text: `check`, `form`, specs and schemas all read YAML through it, so a value
/// means the same everywhere (YAML 1.2's core schema, merge keys, tags honoured, a byte order mark accepted).
///
/// It composes libyaml's events into `YAMLNode`s that keep their place in the text; `JSONValue(yaml:)` reads a
/// node as the JSON value it stands for.
///
/// Bounds: nesting deeper than `JSONValue.maximumDepth` levels is refused, and so are aliases that expand to more
/// than `aliasLimit` nodes (an alias may repeat a part of a document, not multiply it: ten aliases of ten aliases
/// nine levels deep are 10^9 values from 400 bytes). A key written twice in one mapping is refused, as YAML says.
///
/// ```swift
/// let root = try YAMLReader.document("country: NO\nport: 0x1F\n")
/// try JSONValue(yaml: root)   // {"country": "NO", "port": 31}
/// ```
public enum YAMLReader {
    /// The most nodes aliases may add to a document once expanded (a shared block repeated a few times is far below).
    public static let defaultAliasLimit = 1_000_000

    /// Every document of a YAML stream (`---` starts each), in order; an empty stream has none.
    public static func documents(_ text: String, aliasLimit: Int = defaultAliasLimit) throws(DocumentError) -> [YAMLNode] {
        var composer = YAMLComposer(text: text, aliasLimit: aliasLimit)
        var documents: [YAMLNode] = []
        while let node = try composer.nextDocument() { documents.append(node) }
        return documents
    }

    /// The one document of a YAML text (nil for a text with none: empty, or comments only). A second document is
    /// refused at its `---`.
    public static func document(_ text: String, aliasLimit: Int = defaultAliasLimit) throws(DocumentError) -> YAMLNode? {
        var composer = YAMLComposer(text: text, aliasLimit: aliasLimit)
        guard let node = try composer.nextDocument() else { return nil }
        if let second = try composer.nextDocumentStart() {
            throw DocumentError("a second YAML document starts here; one document was expected (remove the `---` "
                                + "and what follows, or give each document a file of its own)", at: second)
        }
        return node
    }

    /// The text without a leading byte order mark (files saved on Windows often start with one; it is invisible
    /// and takes no column).
    static func droppingByteOrderMark(_ text: String) -> Substring.UTF8View {
        let utf8 = Substring(text).utf8
        return utf8.starts(with: [0xEF, 0xBB, 0xBF]) ? utf8.dropFirst(3) : utf8
    }
}

/// Builds nodes from libyaml's events, one document at a time.
struct YAMLComposer {
    private let parser: YAMLEventParser
    private let aliasLimit: Int
    /// The nodes anchored so far, by name (a later anchor of the same name shadows an earlier one, as YAML says).
    private var anchors: [String: YAMLNode] = [:]
    /// Nodes added by aliases so far in this document.
    private var expanded = 0
    /// The start of each collection being composed, innermost last (where an alias bound is reported).
    private var open: [YAMLMark] = []
    private var finished = false

    init(text: String, aliasLimit: Int) {
        parser = YAMLEventParser(YAMLReader.droppingByteOrderMark(text))
        self.aliasLimit = aliasLimit
    }

    /// The next document's root, or nil at the end of the stream.
    mutating func nextDocument() throws(DocumentError) -> YAMLNode? {
        guard try nextDocumentStart() != nil else { return nil }
        // Anchors name nodes of their own document only.
        anchors = [:]
        expanded = 0
        let root = try node(from: try event(), depth: 0)
        let end = try event()
        guard end.kind == .documentEnd else { throw unexpected(end) }
        return root
    }

    /// Reads up to the next document's start (its place), or nil at the end of the stream.
    mutating func nextDocumentStart() throws(DocumentError) -> YAMLMark? {
        while !finished {
            let next = try event()
            switch next.kind {
            case .streamStart: continue
            case .streamEnd: finished = true
            case .documentStart: return next.start
            default: throw unexpected(next)
            }
        }
        return nil
    }

    private mutating func node(from event: YAMLEvent, depth: Int) throws(DocumentError) -> YAMLNode {
        switch event.kind {
        case .scalar(let value, let style):
            let node = YAMLNode(content: .scalar(value, style), tag: event.tag, anchor: event.anchor,
                                start: event.start, end: event.end, isFlow: false, anchorMark: nil, expandedSize: 1)
            remember(node)
            return node
        case .alias(let name):
            guard var node = anchors[name] else {
                throw DocumentError("the alias *\(displayEscaped(name, limit: 60)) names no anchor "
                                    + "written before it (write &\(displayEscaped(name, limit: 60)) on the value first)", at: event.start)
            }
            expanded += node.expandedSize
            if expanded > aliasLimit {
                let at = open.last ?? event.start
                throw DocumentError("the aliases here expand to more than \(aliasLimit) values "
                                    + "(an alias repeats the part written at line \(node.start.line), column "
                                    + "\(node.start.column), which repeats others); an alias may repeat a part of a "
                                    + "document, not multiply it: write the part out, or repeat it fewer times", at: at)
            }
            node.anchorMark = node.anchorMark ?? node.start
            node.start = event.start
            node.end = event.end
            node.anchor = nil
            return node
        case .sequenceStart(let flow):
            try enter(event, depth: depth)
            var items: [YAMLNode] = []
            var size = 1
            var next = try self.event()
            while next.kind != .sequenceEnd {
                let item = try node(from: next, depth: depth + 1)
                size += item.expandedSize
                items.append(item)
                next = try self.event()
            }
            open.removeLast()
            let node = YAMLNode(content: .sequence(items), tag: event.tag, anchor: event.anchor, start: event.start,
                                end: next.end, isFlow: flow, anchorMark: nil, expandedSize: size)
            remember(node)
            return node
        case .mappingStart(let flow):
            try enter(event, depth: depth)
            var pairs: [YAMLPair] = []
            var firstPlace: [String: YAMLMark] = [:]
            var size = 1
            var next = try self.event()
            while next.kind != .mappingEnd {
                let key = try node(from: next, depth: depth + 1)
                let value = try node(from: try self.event(), depth: depth + 1)
                if let text = key.scalar {
                    if let first = firstPlace[text] {
                        throw DocumentError("the key \(displayQuoted(text, limit: 60)) is written "
                                            + "twice in this mapping (first at line \(first.line), column "
                                            + "\(first.column)); YAML keys must be unique: keep one", at: key.start)
                    }
                    firstPlace[text] = key.start
                }
                size += key.expandedSize + value.expandedSize
                pairs.append(YAMLPair(key: key, value: value))
                next = try self.event()
            }
            open.removeLast()
            let node = YAMLNode(content: .mapping(pairs), tag: event.tag, anchor: event.anchor, start: event.start,
                                end: next.end, isFlow: flow, anchorMark: nil, expandedSize: size)
            remember(node)
            return node
        default:
            throw unexpected(event)
        }
    }

    private mutating func enter(_ event: YAMLEvent, depth: Int) throws(DocumentError) {
        guard depth < JSONValue.maximumDepth else {
            throw DocumentError("nested too deeply: lists and mappings go more than \(JSONValue.maximumDepth) "
                                + "levels deep here", at: event.start)
        }
        open.append(event.start)
    }

    private mutating func remember(_ node: YAMLNode) {
        if let anchor = node.anchor { anchors[anchor] = node }
    }

    private mutating func event() throws(DocumentError) -> YAMLEvent {
        do {
            return try parser.next()
        } catch {
            throw Self.describe(error)
        }
    }

    private func unexpected(_ event: YAMLEvent) -> DocumentError {
        DocumentError("the YAML could not be read here", at: event.start)
    }

    /// libyaml's problem in the reader's words: one line, its place first.
    static func describe(_ error: YAMLSyntaxError) -> DocumentError {
        if error.isEncoding {
            // libyaml's reader: bytes that are not UTF-8, or a control character YAML does not allow in its text.
            return DocumentError("not valid YAML: \(error.problem) (YAML text is UTF-8, and control characters other "
                                 + "than tab and line breaks must be written as escapes in double quotes)", at: error.mark)
        }
        if error.problem.contains("nesting level") || error.problem.contains("max_nest_level") {
            // libyaml's own words name its C function.
            return DocumentError("nested too deeply: lists and mappings go more than 1000 levels deep here",
                                 at: error.mark)
        }
        var message = "not valid YAML: " + (friendlier[error.problem] ?? error.problem)
        if let context = error.context, let mark = error.contextMark, mark != error.mark {
            message += " (\(context) at line \(mark.line), column \(mark.column))"
        }
        return DocumentError(message, at: error.mark)
    }

    /// libyaml's words for the problems met most, and what to do about them.
    private static let friendlier: [String: String] = [
        "mapping values are not allowed in this context":
            "a `key: value` is not allowed here (a value holding `: ` must be quoted, or the line is indented wrongly)",
        "found character that cannot start any token":
            "this character cannot start a value here (a tab used for indentation, or `@`/backquote: quote the value)",
        "did not find expected key": "expected a key here (check this line's indentation)",
        "did not find expected node content": "expected a value here",
        "found undefined tag handle": "the tag's handle is not defined (`!!` and `!` are; `%TAG` defines others)",
        "did not find expected '-' indicator": "expected a `- ` list item here (check this line's indentation)",
        "found unexpected end of stream": "the text ends inside a quoted value or a collection",
        "could not find expected ':'": "expected `:` after the key",
        "block sequence entries are not allowed in this context": "a `- ` list item is not allowed here",
    ]
}

