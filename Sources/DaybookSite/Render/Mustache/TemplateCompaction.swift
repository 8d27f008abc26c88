/// A theme's templates without their markup indentation (issue 8: about
/// 1.8 MB of spaces on a 10,000-entry site). After a newline in the
/// template's own text, spaces and tabs are dropped; the newline stays, so
/// the page renders the same (whitespace in HTML text collapses to one
/// space). Never touched: interpolated values, attribute values in quotes,
/// comments, and everything inside `<pre>`, `<textarea>`, `<script>` and
/// `<style>`, where whitespace is kept as written.
struct TemplateCompaction {
    private enum State: Equatable {
        case data, tag, quote(UInt8), comment, raw([UInt8])
    }

    private var state = State.data
    /// Whether the output is known to end in a newline here, whatever the
    /// sections before rendered.
    private var afterNewline = false
    /// The name of the tag being read after `<`, to notice raw-text elements.
    private var tagName: [UInt8]? = nil
    private var rawTag: [UInt8]? = nil

    /// Elements whose content keeps its whitespace.
    private static let rawElements: [[UInt8]] = ["pre", "textarea", "script", "style"].map { Array($0.utf8) }
    /// Marks a partial placed inside a raw element: it is compiled as written.
    static let verbatim = "\u{1}"

    /// Whether each partial's output always ends in a newline (`endsInNewline`).
    private var partialEndings: [String: Bool] = [:]

    static func compact(_ nodes: [TemplateNode], partialEndings: [String: Bool] = [:]) -> [TemplateNode] {
        var compaction = TemplateCompaction()
        compaction.partialEndings = partialEndings
        return compaction.nodes(nodes)
    }

    /// Whether a template's output ends in a newline whatever its values.
    static func endsInNewline(_ nodes: [TemplateNode]) -> Bool {
        var compaction = TemplateCompaction()
        _ = compaction.nodes(nodes)
        return compaction.afterNewline
    }

    private var stripsHere: Bool { state == .data || state == .tag }

    private mutating func nodes(_ nodes: [TemplateNode]) -> [TemplateNode] {
        nodes.map { node in
            switch node {
            case let .text(bytes):
                return .text(text(bytes))
            case .variable:
                afterNewline = false
                return node
            case let .section(path, children, inverted):
                let before = afterNewline
                let compacted = self.nodes(children)
                // After the section the output ends in a newline only if it does whether or not the section rendered.
                afterNewline = before && afterNewline
                return .section(path, compacted, inverted: inverted)
            case let .partial(name, indent, _):
                guard stripsHere else {
                    afterNewline = false
                    return .partial(name, indent: Self.verbatim + indent, key: TemplateSet.key(name, indent: Self.verbatim + indent))
                }
                afterNewline = partialEndings[name] ?? false
                return .partial(name, indent: "", key: TemplateSet.key(name, indent: ""))
            case let .parent(name, indent, blocks):
                afterNewline = false
                guard stripsHere else { return .parent(name, indent: Self.verbatim + indent, blocks: blocks) }
                return .parent(name, indent: "", blocks: blocks.mapValues { block($0) })
            case let .block(name, content, _, standalone):
                afterNewline = false
                guard stripsHere else { return node }
                return .block(name, block(content), indent: [], standalone: standalone)
            }
        }
    }

    /// A block's content, compacted on its own since it is rendered wherever
    /// the block is placed; the indentation it was written with is dropped
    /// from its first line, as re-indenting it would.
    private func block(_ content: BlockContent) -> BlockContent {
        var nodes = content.nodes
        if !content.indent.isEmpty, case let .text(first)? = nodes.first, first.starts(with: content.indent) {
            nodes[0] = .text(Array(first.dropFirst(content.indent.count)))
        }
        return BlockContent(nodes: Self.compact(nodes, partialEndings: partialEndings), indent: [])
    }

    private mutating func text(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if afterNewline, stripsHere, byte == 0x20 || byte == 0x09 {
                index += 1
                continue
            }
            result.append(byte)
            afterNewline = byte == 0x0A
            read(byte, at: index, in: bytes)
            index += 1
        }
        return result
    }

    /// Follows the markup one byte at a time.
    private mutating func read(_ byte: UInt8, at index: Int, in bytes: [UInt8]) {
        switch state {
        case .data:
            guard byte == UInt8(ascii: "<") else { return }
            if bytes[index...].starts(with: "<!--".utf8) { state = .comment; return }
            // `a < b` in text is not a tag.
            guard index + 1 < bytes.count, Self.isNameByte(bytes[index + 1]) || bytes[index + 1] == UInt8(ascii: "/")
                || bytes[index + 1] == UInt8(ascii: "!") else { return }
            state = .tag
            tagName = []
        case .tag:
            if var name = tagName {
                if Self.isNameByte(byte) {
                    name.append(byte | 0x20)
                    tagName = name
                    return
                }
                rawTag = Self.rawElements.contains(name) ? name : nil
                tagName = nil
            }
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                state = .quote(byte)
            } else if byte == UInt8(ascii: ">") {
                state = rawTag.map { .raw($0) } ?? .data
                rawTag = nil
            }
        case let .quote(quote):
            if byte == quote { state = .tag }
        case .comment:
            if byte == UInt8(ascii: ">"), index >= 2, bytes[index - 2] == UInt8(ascii: "-"), bytes[index - 1] == UInt8(ascii: "-") {
                state = .data
            }
        case let .raw(name):
            // `</pre` ends it; the closing tag itself is read as a tag.
            guard byte == UInt8(ascii: "<"), index + 2 + name.count <= bytes.count, bytes[index + 1] == UInt8(ascii: "/") else { return }
            let candidate = bytes[(index + 2)..<(index + 2 + name.count)].map { $0 | 0x20 }
            if candidate == name {
                state = .tag
                tagName = nil
            }
        }
    }

    /// ASCII letters and digits: what an element's name is made of.
    private static func isNameByte(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte)
    }
}
