import Yams

/// Composes, straight from the UTF-8 bytes, the shape nearly every front
/// matter has: one block mapping of `key: value` lines whose values are
/// plain, "double-" or 'single-quoted' scalars on one line, `[a, b]` flow
/// sequences on one line, `- item` block sequences of such scalars, and
/// nested block mappings of the same, with blank and `#` comment lines.
/// libyaml's scanner and parser cost several times this for those lines.
/// The nodes are those of `YAMLComposer`'s from libyaml's events: same
/// text, tags, styles and marks (lines, and columns in Unicode scalars).
/// They are built as `YAMLNode`s, without Yams' objects. Anything outside that shape, or that it is not sure of — tabs,
/// CR, byte order marks and other special characters, block scalars,
/// anchors, aliases and tags, flow mappings, multi-line scalars, escapes
/// other than `\"` and `\\`, keys of the same text, `? ` keys, document
/// markers, odd indentation, errors — gives nil, and libyaml reads the text
/// as before, so values and messages stay its own.
/// `YAMLSimpleComposerTests` compares both on every document it can find.
struct YAMLSimpleComposer {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0
    /// The line (from 1) `position` is on, and where that line starts.
    private var line = 1
    private var lineStart = 0

    private struct Unsure: Error {}

    enum Outcome {
        /// The document's root; nil for an empty document.
        case composed(YAMLNode?)
    }

    private init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// The document's root (nil for a document of only blank lines and
    /// comments), or nil when libyaml must read it.
    static func compose(_ bytes: UnsafeBufferPointer<UInt8>) -> Outcome? {
        guard onlyPlainCharacters(bytes) else { return nil }
        var reader = YAMLSimpleComposer(bytes)
        do throws(Unsure) {
            reader.skipToContent()
            guard !reader.atEnd else { return .composed(nil) }
            guard reader.indent == 0 else { return nil }
            let root = try reader.mapping()
            // The root mapping only ends at a line indented less, which cannot be.
            guard reader.atEnd else { return nil }
            return .composed(root)
        } catch {
            return nil
        }
    }

    /// No tab, CR, control character, byte order mark, noncharacter or
    /// Unicode line break (NEL, U+2028, U+2029): libyaml counts lines and
    /// columns, or reads, each of them in its own way.
    private static func onlyPlainCharacters(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte < 0x80 {
                guard byte >= 0x20 && byte != 0x7F || byte == 0x0A else { return false }
            } else if byte == 0xC2 {
                // U+0080–U+009F: C1 controls and NEL.
                guard index + 1 < count, bytes[index + 1] >= 0xA0 else { return false }
            } else if byte == 0xE2 {
                guard index + 2 < count, !(bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9)) else { return false }
            } else if byte == 0xEF {
                // U+FEFF, U+FFFE, U+FFFF.
                guard index + 2 < count, !(bytes[index + 1] == 0xBB && bytes[index + 2] == 0xBF),
                      !(bytes[index + 1] == 0xBF && bytes[index + 2] >= 0xBE) else { return false }
            }
            index += 1
        }
        return true
    }

    // MARK: Lines

    private var atEnd: Bool { position == bytes.count }

    private func byte(at index: Int) -> UInt8? { index < bytes.count ? bytes[index] : nil }

    private var current: UInt8? { byte(at: position) }

    /// Spaces before `position` on its line; only meaningful at a line's first content.
    private var indent: Int { position - lineStart }

    private mutating func skipSpaces() {
        while current == UInt8(ascii: " ") { position += 1 }
    }

    /// From a line's start: past blank and comment lines to the next line's
    /// first character, or the end.
    private mutating func skipToContent() {
        while !atEnd {
            skipSpaces()
            guard current == UInt8(ascii: "#") || current == UInt8(ascii: "\n") || atEnd else { return }
            skipLine()
        }
    }

    private mutating func skipLine() {
        while let byte = current, byte != UInt8(ascii: "\n") { position += 1 }
        if !atEnd {
            position += 1
            line += 1
            lineStart = position
        }
    }

    /// After a value: only spaces and a comment may follow on its line; then
    /// on to the next line's first character.
    private mutating func endLine() throws(Unsure) {
        let before = position
        skipSpaces()
        switch current {
        case nil, UInt8(ascii: "\n"): break
        case UInt8(ascii: "#") where position > before: break
        default: throw Unsure()
        }
        skipLine()
        skipToContent()
    }

    /// The mark of `index` on the current line: columns count Unicode scalars.
    private func mark(at index: Int) -> YAMLNode.Mark {
        var column = 1
        for offset in lineStart..<index where bytes[offset] & 0xC0 != 0x80 { column += 1 }
        return YAMLNode.Mark(line: line, column: column)
    }

    /// What libyaml gives a collection: an implicit tag, and a style Yams reads from its end event, which has none.
    private func collection(at mark: YAMLNode.Mark) -> YAMLNode.Collection {
        YAMLNode.Collection(tag: "", style: .any, mark: mark)
    }

    // MARK: Collections

    /// A block mapping whose first key is at `position`; it ends before the
    /// first line indented less, or at the end.
    private mutating func mapping() throws(Unsure) -> YAMLNode {
        let indent = self.indent
        let start = YAMLNode.Mark(line: line, column: indent + 1)
        var pairs: [YAMLNode.Pair] = []
        while true {
            let key = try self.key()
            // Keys of the same text are duplicates or not by their tags: libyaml and Yams decide.
            guard case let .scalar(scalar) = key,
                  !pairs.contains(where: { if case let .scalar(other) = $0.key { other.text == scalar.text } else { false } })
            else { throw Unsure() }
            pairs.append(YAMLNode.Pair(key: key, value: try value(ofKeyAt: indent)))
            if atEnd || self.indent < indent { break }
            guard self.indent == indent else { throw Unsure() }
        }
        return .mapping(pairs, collection(at: start))
    }

    /// The key at `position` and its `:`, which must be followed by a space or the line's end.
    private mutating func key() throws(Unsure) -> YAMLNode {
        let start = position
        let node: YAMLNode
        switch current {
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            node = try quoted()
        case UInt8(ascii: "-"), UInt8(ascii: "."):
            // Document markers, sequence entries: not keys of this shape.
            throw Unsure()
        default:
            node = try plain(inFlow: false)
        }
        // libyaml takes a key only within 1024 characters of its start.
        guard current == UInt8(ascii: ":"), position - start < 1000 else { throw Unsure() }
        position += 1
        guard current == nil || current == UInt8(ascii: " ") || current == UInt8(ascii: "\n") else { throw Unsure() }
        return node
    }

    /// The value after a key's `:` at `position`; ends at the next line's first content.
    private mutating func value(ofKeyAt keyIndent: Int) throws(Unsure) -> YAMLNode {
        let afterColon = mark(at: position)
        skipSpaces()
        switch current {
        case nil, UInt8(ascii: "\n"), UInt8(ascii: "#"):
            // The key's `:` was followed by a space, so a `#` here starts a comment.
            skipLine()
            skipToContent()
            if !atEnd, indent > keyIndent {
                return current == UInt8(ascii: "-") ? try blockSequence() : try mapping()
            }
            if !atEnd, indent == keyIndent, current == UInt8(ascii: "-") {
                return try blockSequence()
            }
            // Nothing: libyaml gives an empty plain scalar where the `:` ends.
            return .scalar(YAMLNode.Scalar(text: "", tag: "", style: .plain, mark: afterColon))
        case UInt8(ascii: "["):
            let node = try flowSequence()
            try endLine()
            return node
        default:
            let node = try scalar(inFlow: false)
            try endLine()
            return node
        }
    }

    /// `- item` lines at the indent of the `-` at `position`.
    private mutating func blockSequence() throws(Unsure) -> YAMLNode {
        let indent = self.indent
        let start = YAMLNode.Mark(line: line, column: indent + 1)
        var items: [YAMLNode] = []
        while true {
            guard current == UInt8(ascii: "-"), byte(at: position + 1) == UInt8(ascii: " ") else { throw Unsure() }
            position += 1
            skipSpaces()
            items.append(try scalar(inFlow: false))
            try endLine()
            if atEnd || self.indent < indent { break }
            guard self.indent == indent else { throw Unsure() }
            // A key after an indentless sequence ends it.
            if current != UInt8(ascii: "-") { break }
        }
        return .sequence(items, collection(at: start))
    }

    /// `[a, b]` on one line.
    private mutating func flowSequence() throws(Unsure) -> YAMLNode {
        let start = mark(at: position)
        position += 1
        skipSpaces()
        var items: [YAMLNode] = []
        if current == UInt8(ascii: "]") {
            position += 1
        } else {
            while true {
                items.append(try scalar(inFlow: true))
                skipSpaces()
                if current == UInt8(ascii: "]") {
                    position += 1
                    break
                }
                guard current == UInt8(ascii: ",") else { throw Unsure() }
                position += 1
                skipSpaces()
            }
        }
        return .sequence(items, collection(at: start))
    }

    // MARK: Scalars

    private mutating func scalar(inFlow: Bool) throws(Unsure) -> YAMLNode {
        switch current {
        case UInt8(ascii: "\""), UInt8(ascii: "'"): return try quoted()
        default: return try plain(inFlow: inFlow)
        }
    }

    /// A plain scalar on one line. In a flow sequence it ends at `,` or `]`
    /// (any other flow indicator or `:` is left to libyaml); otherwise at a
    /// `:` before a space or the line's end. Both end at a ` #` comment and
    /// drop trailing spaces.
    private mutating func plain(inFlow: Bool) throws(Unsure) -> YAMLNode {
        let start = position
        guard let first = current else { throw Unsure() }
        switch first {
        case UInt8(ascii: "-"):
            // `-3` is text; `- ` is an entry, `-` at a line's end an empty one.
            guard let next = byte(at: position + 1), next != UInt8(ascii: " "), next != UInt8(ascii: "\n") else { throw Unsure() }
            if inFlow, [UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}")].contains(next) { throw Unsure() }
        case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "?"), UInt8(ascii: ":"), UInt8(ascii: ","), UInt8(ascii: "["),
             UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "#"), UInt8(ascii: "&"), UInt8(ascii: "*"),
             UInt8(ascii: "!"), UInt8(ascii: "|"), UInt8(ascii: ">"), UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "%"),
             UInt8(ascii: "@"), UInt8(ascii: "`"):
            throw Unsure()
        default:
            break
        }
        var end = position  // past the last non-space byte
        scan: while let byte = current {
            switch byte {
            case UInt8(ascii: "\n"):
                break scan
            case UInt8(ascii: " "):
                position += 1
                continue scan
            case UInt8(ascii: "#") where position > end:
                break scan
            case UInt8(ascii: ":"):
                if inFlow { throw Unsure() }
                if let next = self.byte(at: position + 1), next != UInt8(ascii: " "), next != UInt8(ascii: "\n") { break }
                break scan
            case UInt8(ascii: ","), UInt8(ascii: "]"):
                if inFlow { break scan }
            case UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: "}"):
                if inFlow { throw Unsure() }
            default:
                break
            }
            position += 1
            end = position
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        position = end
        return .scalar(YAMLNode.Scalar(text: text, tag: "", style: .plain, mark: mark(at: start)))
    }

    /// A quoted scalar that closes on its line; `''` in single quotes, and
    /// `\"` and `\\` in double quotes, are the only escapes read here.
    private mutating func quoted() throws(Unsure) -> YAMLNode {
        let start = position
        let quote = bytes[position]
        position += 1
        var text: [UInt8] = []
        var runStart = position
        while true {
            guard let byte = current, byte != UInt8(ascii: "\n") else { throw Unsure() }
            if byte == quote {
                if quote == UInt8(ascii: "'"), self.byte(at: position + 1) == quote {
                    text += bytes[runStart...position]
                    position += 2
                    runStart = position
                    continue
                }
                break
            }
            if quote == UInt8(ascii: "\""), byte == UInt8(ascii: "\\") {
                guard let escaped = self.byte(at: position + 1), escaped == UInt8(ascii: "\"") || escaped == UInt8(ascii: "\\") else { throw Unsure() }
                text += bytes[runStart..<position]
                text.append(escaped)
                position += 2
                runStart = position
                continue
            }
            position += 1
        }
        let value: String
        if text.isEmpty {
            value = String(decoding: UnsafeBufferPointer(rebasing: bytes[runStart..<position]), as: UTF8.self)
        } else {
            text += bytes[runStart..<position]
            value = String(decoding: text, as: UTF8.self)
        }
        position += 1
        let style: Node.Scalar.Style = quote == UInt8(ascii: "'") ? .singleQuoted : .doubleQuoted
        return .scalar(YAMLNode.Scalar(text: value, tag: Tag.Name.str.rawValue, style: style, mark: mark(at: start)))
    }
}
