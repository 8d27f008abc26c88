/// A compiled template: text already encoded as UTF-8, names already split.
indirect enum TemplateNode: Sendable {
    case text([UInt8])
    case variable(TemplatePath, escaped: Bool)
    case section(TemplatePath, [TemplateNode], inverted: Bool)
    /// `{{> name}}`; `indent` is the whitespace before a standalone tag;
    /// `key` names its compiled copy (`TemplateSet.key`).
    case partial(String, indent: String, key: String)
    /// `{{< name}}…{{/name}}` with the blocks it overrides.
    case parent(String, indent: String, blocks: [String: BlockContent])
    /// `{{$ name}}default{{/name}}`. Its content, overridden or not, is
    /// re-indented to `indent`: every line when the tag stands alone on its
    /// line, the lines after the first when whitespace precedes it inline.
    case block(String, BlockContent, indent: [UInt8], standalone: Bool)
}

/// A block's content and the indentation it was written with (that of its
/// first line when the block tag stands alone), which re-indenting removes.
struct BlockContent: Sendable {
    let nodes: [TemplateNode]
    let indent: [UInt8]
}

/// `a.b.c` split once; empty for `.`. `empty(list)` is the one transform the
/// theme uses (true for an empty list or text). A class: rendering passes it
/// to every lookup.
final class TemplatePath: Sendable {
    let parts: [TemplateName]
    let isEmptyTest: Bool
    /// As written in the tag, for `TemplateNameLog`.
    let written: String

    init(_ name: String) {
        written = name
        var name = Substring(name)
        if name.hasPrefix("empty("), name.hasSuffix(")") {
            isEmptyTest = true
            name = name.dropFirst("empty(".count).dropLast()
        } else {
            isEmptyTest = false
        }
        parts = name == "." ? [] : name.split(separator: ".", omittingEmptySubsequences: false).map { TemplateName(String($0)) }
    }
}

/// A template that does not parse, with its position (from 1).
struct TemplateSyntaxError: Error, Sendable, CustomStringConvertible {
    let message: String
    let line: Int
    let column: Int
    var description: String { message }
}

/// Mustache text → nodes, following the spec's whitespace rules: a line
/// holding only tags that print nothing (sections, comments, partials,
/// delimiters) and whitespace disappears whole.
enum TemplateParser {
    private enum Kind: Equatable {
        case text, variable, raw, section, inverted, close, comment, partial, parent, block, delimiters
        var isStandaloneCapable: Bool { self != .text && self != .variable && self != .raw }
    }

    private struct Token {
        var kind: Kind
        var bytes: ArraySlice<UInt8>
        var name: String = ""
        var offset: Int
        var indent: String = ""
        var standalone = false
    }

    static func parse(_ source: String) throws(TemplateSyntaxError) -> [TemplateNode] {
        let bytes = Array(source.utf8)
        let tokens = standalone(try tokenize(bytes), in: bytes)
        var index = 0
        let nodes = try build(tokens, &index, until: nil, in: bytes)
        return nodes
    }

    /// Line and UTF-8 byte column (from 1, as every message counts) of a byte offset.
    static func position(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1, lineStart = 0
        for i in 0..<min(offset, bytes.count) where bytes[i] == UInt8(ascii: "\n") {
            line += 1
            lineStart = i + 1
        }
        return (line, min(offset, bytes.count) - lineStart + 1)
    }

    private static func error(_ message: String, at offset: Int, in bytes: [UInt8]) -> TemplateSyntaxError {
        let (line, column) = position(of: offset, in: bytes)
        return TemplateSyntaxError(message: message, line: line, column: column)
    }

    static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, bytes.count >= needle.count else { return nil }
        var i = start
        let first = needle[0]
        while i <= bytes.count - needle.count {
            if bytes[i] == first {
                var j = 1
                while j < needle.count, bytes[i + j] == needle[j] { j += 1 }
                if j == needle.count { return i }
            }
            i += 1
        }
        return nil
    }

    private static func trimmed(_ slice: ArraySlice<UInt8>) -> String {
        var slice = slice
        while let b = slice.first, isSpace(b) { slice = slice.dropFirst() }
        while let b = slice.last, isSpace(b) { slice = slice.dropLast() }
        return String(decoding: slice, as: UTF8.self)
    }

    private static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

    private static func tokenize(_ bytes: [UInt8]) throws(TemplateSyntaxError) -> [Token] {
        var open: [UInt8] = Array("{{".utf8), close: [UInt8] = Array("}}".utf8)
        var tokens: [Token] = []
        var position = 0
        func text(upTo end: Int) {
            var start = position
            while start < end {
                var lineEnd = start
                while lineEnd < end, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
                if lineEnd < end { lineEnd += 1 }
                tokens.append(Token(kind: .text, bytes: bytes[start..<lineEnd], offset: start))
                start = lineEnd
            }
        }
        while position < bytes.count {
            guard let tagStart = find(open, in: bytes, from: position) else {
                text(upTo: bytes.count)
                break
            }
            text(upTo: tagStart)
            var contentStart = tagStart + open.count
            var kind = Kind.variable
            var closer = close
            if contentStart < bytes.count {
                switch bytes[contentStart] {
                case UInt8(ascii: "{"): kind = .raw; closer = Array("}".utf8) + close
                case UInt8(ascii: "&"): kind = .raw
                case UInt8(ascii: "#"): kind = .section
                case UInt8(ascii: "^"): kind = .inverted
                case UInt8(ascii: "/"): kind = .close
                case UInt8(ascii: "!"): kind = .comment
                case UInt8(ascii: ">"): kind = .partial
                case UInt8(ascii: "<"): kind = .parent
                case UInt8(ascii: "$"): kind = .block
                case UInt8(ascii: "="): kind = .delimiters; closer = Array("=".utf8) + close
                default: break
                }
                if kind != .variable { contentStart += 1 }
            }
            guard let contentEnd = find(closer, in: bytes, from: contentStart) else {
                throw error("unclosed tag: expected '\(String(decoding: closer, as: UTF8.self))'", at: tagStart, in: bytes)
            }
            let tagEnd = contentEnd + closer.count
            let name = trimmed(bytes[contentStart..<contentEnd])
            if kind == .delimiters {
                let parts = name.split(whereSeparator: { $0 == " " || $0 == "\t" })
                guard parts.count == 2 else { throw error("delimiters must be two words: '\(name)'", at: tagStart, in: bytes) }
                open = Array(parts[0].utf8)
                close = Array(parts[1].utf8)
            } else if kind != .comment, name.isEmpty {
                throw error("empty tag", at: tagStart, in: bytes)
            }
            tokens.append(Token(kind: kind, bytes: bytes[tagStart..<tagEnd], name: name, offset: tagStart))
            position = tagEnd
        }
        return tokens
    }

    /// Drops standalone lines' whitespace and newline; a standalone partial or
    /// parent keeps the line's leading whitespace as its indentation.
    private static func standalone(_ tokens: [Token], in bytes: [UInt8]) -> [Token] {
        var result: [Token] = []
        var lineStart = 0
        var index = 0
        while index < tokens.count {
            var lineEnd = index
            while lineEnd < tokens.count {
                let token = tokens[lineEnd]
                lineEnd += 1
                if token.kind == .text, token.bytes.last == UInt8(ascii: "\n") { break }
            }
            let line = tokens[index..<lineEnd]
            let tags = line.filter { $0.kind != .text }
            let blank = line.allSatisfy { token in
                token.kind != .text || token.bytes.allSatisfy(isSpace)
            }
            // Several tags may share a standalone line (`{{<parent}}{{$block}}`),
            // but not a block or section opened and closed on it.
            let blocks = Set(tags.filter { $0.kind == .block }.map(\.name))
            let capable = !tags.isEmpty && tags.allSatisfy(\.kind.isStandaloneCapable)
                && (tags.count == 1 || !tags.contains { $0.kind == .partial || $0.kind == .close && blocks.contains($0.name) })
            // A line that starts mid-line (after earlier text) is not standalone.
            let startsLine = lineStart == 0 || tokens[lineStart - 1].kind == .text && tokens[lineStart - 1].bytes.last == UInt8(ascii: "\n")
            if blank, capable, startsLine {
                var indent = ""
                for token in line {
                    if token.kind != .text { break }
                    indent += String(decoding: token.bytes, as: UTF8.self)
                }
                for (offset, var tag) in tags.enumerated() {
                    if offset == 0 || tag.kind == .block { tag.indent = indent }
                    tag.standalone = true
                    result.append(tag)
                }
            } else {
                var prefix: String? = ""
                for var token in line {
                    if token.kind == .text {
                        prefix = prefix.flatMap { token.bytes.allSatisfy(isSpace) ? $0 + String(decoding: token.bytes, as: UTF8.self) : nil }
                    } else if token.kind == .block, let prefix {
                        token.indent = prefix
                    }
                    result.append(token)
                }
            }
            index = lineEnd
            lineStart = lineEnd
        }
        return result
    }

    private static func build(_ tokens: [Token], _ index: inout Int, until closing: Token?, in bytes: [UInt8]) throws(TemplateSyntaxError) -> [TemplateNode] {
        var nodes: [TemplateNode] = []
        var pendingText: [UInt8] = []
        func flush() {
            if !pendingText.isEmpty { nodes.append(.text(pendingText)); pendingText = [] }
        }
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            switch token.kind {
            case .text:
                pendingText += token.bytes
                continue
            case .comment, .delimiters:
                continue
            default:
                break
            }
            flush()
            switch token.kind {
            case .variable: nodes.append(.variable(TemplatePath(token.name), escaped: true))
            case .raw: nodes.append(.variable(TemplatePath(token.name), escaped: false))
            case .partial: nodes.append(.partial(token.name, indent: token.indent, key: TemplateSet.key(token.name, indent: token.indent)))
            case .section, .inverted:
                let children = try build(tokens, &index, until: token, in: bytes)
                nodes.append(.section(TemplatePath(token.name), children, inverted: token.kind == .inverted))
            case .block:
                let children = try build(tokens, &index, until: token, in: bytes)
                var own: [UInt8] = []
                if token.standalone, case let .text(text)? = children.first { own = Array(text.prefix { $0 == 0x20 || $0 == 0x09 }) }
                // A standalone block takes the indentation of its default content.
                let indent = own.isEmpty ? Array(token.indent.utf8) : own
                nodes.append(.block(token.name, BlockContent(nodes: children, indent: own), indent: indent, standalone: token.standalone))
            case .parent:
                var blocks: [String: BlockContent] = [:]
                for case let .block(name, content, _, _) in try build(tokens, &index, until: token, in: bytes) where blocks[name] == nil {
                    blocks[name] = content
                }
                nodes.append(.parent(token.name, indent: token.indent, blocks: blocks))
            case .close:
                guard let closing, closing.name == token.name else {
                    throw error(closing.map { "'{{/\(token.name)}}' closes '\($0.name)'" } ?? "'{{/\(token.name)}}' closes nothing",
                                at: token.offset, in: bytes)
                }
                return nodes
            case .text, .comment, .delimiters:
                break
            }
        }
        if let closing {
            throw error("'\(closing.name)' is never closed", at: closing.offset, in: bytes)
        }
        flush()
        return nodes
    }
}
