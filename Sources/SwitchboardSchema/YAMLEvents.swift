// SPDX-License-Identifier: Apache-2.0
// The C edge of the YAML reader: libyaml's parser (the copy inside Yams, MIT), its events turned into Swift values.
// The only pointers of the reader live here; everything above reads `YAMLEvent`s.
import CYaml

/// A place in YAML text: 1-based line and column (a column counts Unicode scalars, as libyaml does), and the
/// 0-based index of the scalar in the text (after a byte order mark, which takes no place).
public struct YAMLMark: Sendable, Hashable, CustomStringConvertible {
    /// The line, from 1.
    public var line: Int
    /// The column, from 1, in Unicode scalars (characters of most text; a tab is one column).
    public var column: Int
    /// The Unicode scalar's index in the text, from 0.
    public var index: Int

    public init(line: Int, column: Int, index: Int) {
        self.line = line
        self.column = column
        self.index = index
    }

    init(_ mark: yaml_mark_t) {
        self.init(line: Int(mark.line) + 1, column: Int(mark.column) + 1, index: Int(mark.index))
    }

    /// `LINE:COLUMN`.
    public var description: String { "\(line):\(column)" }
}

/// One event of libyaml's parser.
struct YAMLEvent {
    enum Kind: Equatable {
        case streamStart, streamEnd, documentStart, documentEnd
        case alias(anchor: String)
        case scalar(value: String, style: YAMLScalarStyle)
        case sequenceStart(flow: Bool)
        case sequenceEnd
        case mappingStart(flow: Bool)
        case mappingEnd
    }

    var kind: Kind
    var start: YAMLMark
    var end: YAMLMark
    /// The anchor (`&name`) of a scalar or collection.
    var anchor: String?
    /// The tag as libyaml resolved its handle (`!!str` is `tag:yaml.org,2002:str`; `!` alone is `!`); nil when
    /// none is written.
    var tag: String?
}

/// How a scalar is written.
public enum YAMLScalarStyle: Sendable, Hashable {
    case plain, singleQuoted, doubleQuoted, literal, folded

    /// Whether it is written in quotes or as a block: only a plain scalar is resolved by its text.
    public var isPlain: Bool { self == .plain }
}

/// libyaml's parser over a copy of the text's bytes, handing out one event at a time.
final class YAMLEventParser {
    private var parser = yaml_parser_t()
    /// The input, owned here for the parser's whole life (libyaml reads it in place).
    private let input: UnsafeMutableBufferPointer<UInt8>

    init(_ bytes: some Collection<UInt8>) {
        input = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(bytes.count, 1))
        _ = input.initialize(from: bytes)
        yaml_parser_initialize(&parser)
        yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
        yaml_parser_set_input_string(&parser, input.baseAddress, bytes.count)
    }

    deinit {
        yaml_parser_delete(&parser)
        input.deallocate()
    }

    /// The next event, or the parser's problem at its place.
    func next() throws(YAMLSyntaxError) -> YAMLEvent {
        var event = yaml_event_t()
        guard yaml_parser_parse(&parser, &event) == 1 else { throw syntaxError() }
        defer { yaml_event_delete(&event) }
        let start = YAMLMark(event.start_mark), end = YAMLMark(event.end_mark)
        switch event.type {
        case YAML_STREAM_START_EVENT: return YAMLEvent(kind: .streamStart, start: start, end: end)
        case YAML_STREAM_END_EVENT: return YAMLEvent(kind: .streamEnd, start: start, end: end)
        case YAML_DOCUMENT_START_EVENT: return YAMLEvent(kind: .documentStart, start: start, end: end)
        case YAML_DOCUMENT_END_EVENT: return YAMLEvent(kind: .documentEnd, start: start, end: end)
        case YAML_ALIAS_EVENT:
            return YAMLEvent(kind: .alias(anchor: Self.text(event.data.alias.anchor) ?? ""), start: start, end: end)
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let value = scalar.value.map {
                String(decoding: UnsafeBufferPointer(start: $0, count: scalar.length), as: UTF8.self)
            } ?? ""
            let style: YAMLScalarStyle = switch scalar.style {
            case YAML_SINGLE_QUOTED_SCALAR_STYLE: .singleQuoted
            case YAML_DOUBLE_QUOTED_SCALAR_STYLE: .doubleQuoted
            case YAML_LITERAL_SCALAR_STYLE: .literal
            case YAML_FOLDED_SCALAR_STYLE: .folded
            default: .plain
            }
            return YAMLEvent(kind: .scalar(value: value, style: style), start: start, end: end,
                             anchor: Self.text(scalar.anchor), tag: Self.text(scalar.tag))
        case YAML_SEQUENCE_START_EVENT:
            let sequence = event.data.sequence_start
            return YAMLEvent(kind: .sequenceStart(flow: sequence.style == YAML_FLOW_SEQUENCE_STYLE), start: start,
                             end: end, anchor: Self.text(sequence.anchor), tag: Self.text(sequence.tag))
        case YAML_SEQUENCE_END_EVENT: return YAMLEvent(kind: .sequenceEnd, start: start, end: end)
        case YAML_MAPPING_START_EVENT:
            let mapping = event.data.mapping_start
            return YAMLEvent(kind: .mappingStart(flow: mapping.style == YAML_FLOW_MAPPING_STYLE), start: start,
                             end: end, anchor: Self.text(mapping.anchor), tag: Self.text(mapping.tag))
        default: return YAMLEvent(kind: .mappingEnd, start: start, end: end)
        }
    }

    private static func text(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: $0) }
    }

    /// The parser's problem in one line, at its place (libyaml's context, when it has one, follows).
    private func syntaxError() -> YAMLSyntaxError {
        let problem = parser.problem.map { String(cString: $0) } ?? "the YAML could not be read"
        let context = parser.context.map { String(cString: $0) }
        var mark = YAMLMark(parser.problem_mark)
        if parser.error == YAML_READER_ERROR {
            // A reader error (a byte that is not UTF-8, a control character) has a byte offset, not a mark: its line
            // and column are counted here, in the text before it, which libyaml has read.
            let offset = min(Int(parser.problem_offset), input.count)
            var line = 1, column = 1, index = 0
            for byte in input[..<offset] where byte & 0xC0 != 0x80 {
                index += 1
                if byte == 0x0A {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
            }
            mark = YAMLMark(line: line, column: column, index: index)
        }
        return YAMLSyntaxError(problem: problem, context: context, contextMark: context == nil ? nil : YAMLMark(parser.context_mark),
                               mark: mark, isEncoding: parser.error == YAML_READER_ERROR)
    }
}

/// A problem libyaml found, before it is put in the reader's words.
struct YAMLSyntaxError: Error {
    var problem: String
    var context: String?
    var contextMark: YAMLMark?
    var mark: YAMLMark
    /// The bytes are not text libyaml reads (the mark has only a byte offset).
    var isEncoding: Bool
}
