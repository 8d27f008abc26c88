
/// Templates compiled once, rendering typed values straight into UTF-8 bytes.
/// Partials come from the same set; a standalone partial's indentation is
/// compiled into its own copy of the partial, so rendering never re-indents.
struct TemplateSet: Sendable {
    private let sources: [String: String]
    /// Keyed by `key(name, indent:)`.
    private let compiled: [String: [TemplateNode]]
    /// Tells this set's renderings apart from another's in `KeptRenderings`.
    fileprivate let identity = Identity()
    /// Kept renderings hold it, so that no later set is given its address.
    final class Identity: Sendable {}

    static func key(_ name: String, indent: String) -> String { indent + "\u{0}" + name }

    /// Throws the template's first syntax error, with its position.
    static func check(_ source: String) throws(TemplateSyntaxError) {
        _ = try TemplateParser.parse(source)
    }

    /// Compiles every template; one that does not parse (see `check`) is left out.
    /// - Parameter compact: drop the markup's indentation (`TemplateCompaction`), as a theme's HTML does.
    init(_ sources: [String: String], compact: Bool = false) {
        self.sources = sources
        var compiled: [String: [TemplateNode]] = [:]
        let endings = compact ? sources.compactMapValues { try? TemplateCompaction.endsInNewline(TemplateParser.parse($0)) } : [:]
        var pending: [(name: String, indent: String)] = sources.keys.sorted().map { ($0, "") }
        while let (name, indent) = pending.popLast() {
            let key = Self.key(name, indent: indent)
            guard compiled[key] == nil, let source = sources[name] else { continue }
            // A partial placed inside `<pre>` is compiled as written.
            let verbatim = indent.hasPrefix(TemplateCompaction.verbatim)
            let indentation = verbatim ? String(indent.dropFirst()) : indent
            guard var nodes = try? TemplateParser.parse(indentation.isEmpty ? source : Self.indent(source, by: indentation)) else { continue }
            if compact, !verbatim { nodes = TemplateCompaction.compact(nodes, partialEndings: endings) }
            compiled[key] = nodes
            // An indented partial inside an indented partial; a deep recursion stops growing.
            Self.references(in: nodes) { reference, referenceIndent in
                if referenceIndent.count <= 64 { pending.append((reference, verbatim ? TemplateCompaction.verbatim + referenceIndent : referenceIndent)) }
            }
        }
        self.compiled = compiled
    }

    func contains(_ name: String) -> Bool { sources[name] != nil }

    /// Whether `render(name, …)` finds the template.
    func canRender(_ name: String) -> Bool { compiled["\u{0}" + name] != nil }

    /// Appends the rendering of `name` to `output`; false if there is no such template.
    func render(_ name: String, _ value: TemplateValue, into output: inout [UInt8]) -> Bool {
        guard let nodes = compiled["\u{0}" + name] else { return false }
        var renderer = Renderer(set: self, stack: [.value(value)])
        renderer.render(nodes, blocks: [:], into: &output)
        return true
    }

    /// Renders as `render(_:_:into:)` and notes in `log` each name looked up, where it is written, and whether anything answered it.
    func render(_ name: String, _ value: TemplateValue, log: TemplateNameLog, into output: inout [UInt8]) -> Bool {
        guard let nodes = compiled["\u{0}" + name] else { return false }
        var renderer = Renderer(set: self, stack: [.value(value)], log: log, template: name)
        renderer.render(nodes, blocks: [:], into: &output)
        return true
    }

    /// Every name a template's own tags read (`page.title`, `empty(page.words)`), not those of its partials.
    func names(in name: String) -> Set<String> {
        var names = Set<String>()
        func visit(_ nodes: [TemplateNode]) {
            for node in nodes {
                switch node {
                case let .variable(path, _): if !path.parts.isEmpty { names.insert(path.written) }
                case let .section(path, children, _):
                    if !path.parts.isEmpty { names.insert(path.written) }
                    visit(children)
                case let .parent(_, _, blocks): blocks.values.forEach { visit($0.nodes) }
                case let .block(_, content, _, _): visit(content.nodes)
                case .text, .partial: break
                }
            }
        }
        visit(compiled["\u{0}" + name] ?? [])
        return names
    }

    func render(_ name: String, _ value: TemplateValue) -> String? {
        var output: [UInt8] = []
        guard render(name, value, into: &output) else { return nil }
        return String(decoding: output, as: UTF8.self)
    }

    fileprivate func nodes(key: String) -> [TemplateNode]? { compiled[key] }


    private static func indent(_ source: String, by indent: String) -> String {
        var result = indent
        var rest = Substring(source)
        while let newline = rest.firstIndex(of: "\n") {
            result += rest[...newline]
            rest = rest[rest.index(after: newline)...]
            if !rest.isEmpty { result += indent }
        }
        return result + rest
    }

    private static func references(in nodes: [TemplateNode], _ found: (String, String) -> Void) {
        for node in nodes {
            switch node {
            case let .partial(name, indent, _): found(name, indent)
            case let .parent(name, indent, blocks):
                found(name, indent)
                for (_, content) in blocks.sorted(by: { $0.key < $1.key }) { references(in: content.nodes, found) }
            case let .section(_, children, _): references(in: children, found)
            case let .block(_, content, _, _): references(in: content.nodes, found)
            case .text, .variable: break
            }
        }
    }
}

/// What a test learns from rendering: for each template file, each name
/// its tags looked up and whether any context answered it at least once.
final class TemplateNameLog {
    private(set) var answered: [String: [String: Bool]] = [:]

    func note(_ name: String, in template: String, answered found: Bool) {
        answered[template, default: [:]][name, default: false] = answered[template]?[name] == true || found
    }
}

/// A level of the context stack: a value, or an element of a list that a
/// section walks, read where it is in its array.
private enum Context {
    case value(TemplateValue)
    case element(any TemplateItems, Int)

    func answer(_ name: TemplateName) -> TemplateValue? {
        switch self {
        case let .value(value): value.answer(name)
        case let .element(items, index): items.answer(name, at: index)
        }
    }

    var keptRenderings: KeptRenderings? {
        switch self {
        case let .value(.boxed(box)): box.object.keptRenderings
        case .value: nil
        case let .element(items, index): items.keptRenderings(at: index)
        }
    }

    var value: TemplateValue {
        switch self {
        case let .value(value): value
        case let .element(items, index): items.value(at: index)
        }
    }
}

private struct Renderer {
    let set: TemplateSet
    var stack: [Context]
    /// Only when a test asks: which template's tags are being rendered, and
    /// which template wrote each block override in effect.
    var log: TemplateNameLog? = nil
    var template = ""
    var overrideOwners: [String: String] = [:]
    /// While a partial renders an object whose renderings are kept: its
    /// level in the stack (what is below belongs to the page), and whether
    /// the rendering read anything there but what every page shares.
    var floor = 0
    var readBelowFloor = false

    mutating func render(_ nodes: [TemplateNode], blocks: [String: BlockContent], into output: inout [UInt8]) {
        for node in nodes {
            switch node {
            case let .text(bytes):
                output.append(contentsOf: bytes)
            case let .variable(path, escaped):
                write(lookup(path), escaped: escaped, into: &output)
            case let .section(path, children, inverted):
                let value = lookup(path)
                if inverted {
                    if !value.isTruthy { render(children, blocks: blocks, into: &output) }
                    continue
                }
                switch value {
                case .null: break
                case let .bool(flag): if flag { render(children, blocks: blocks, into: &output) }
                case let .list(items):
                    for index in 0..<items.count {
                        stack.append(.element(items, index))
                        render(children, blocks: blocks, into: &output)
                        stack.removeLast()
                    }
                default:
                    stack.append(.value(value))
                    render(children, blocks: blocks, into: &output)
                    stack.removeLast()
                }
            case let .partial(name, _, key):
                guard let nodes = set.nodes(key: key) else { continue }
                if log == nil, let kept = stack[stack.count - 1].keptRenderings {
                    renderKept(nodes, key: key, kept, blocks: blocks, into: &output)
                    continue
                }
                if log == nil { render(nodes, blocks: blocks, into: &output); continue }
                let outer = template
                template = name
                render(nodes, blocks: blocks, into: &output)
                template = outer
            case let .parent(name, indent, overrides):
                guard let nodes = set.nodes(key: TemplateSet.key(name, indent: indent)) else { continue }
                // The outermost override of a block wins.
                if log == nil { render(nodes, blocks: blocks.merging(overrides) { outer, _ in outer }, into: &output); continue }
                let (outer, outerOwners) = (template, overrideOwners)
                overrideOwners.merge(overrides.keys.map { ($0, template) }) { outer, _ in outer }
                template = name
                render(nodes, blocks: blocks.merging(overrides) { outer, _ in outer }, into: &output)
                (template, overrideOwners) = (outer, outerOwners)
            case let .block(name, defaultContent, indent, standalone):
                // An override comes from the page's template.
                readBelowFloor = true
                let content = blocks[name] ?? defaultContent
                let outer = template
                if log != nil, blocks[name] != nil, let owner = overrideOwners[name] { template = owner }
                defer { template = outer }
                if content.indent.isEmpty, indent.isEmpty {
                    render(content.nodes, blocks: blocks, into: &output)
                } else {
                    var text: [UInt8] = []
                    render(content.nodes, blocks: blocks, into: &text)
                    output += Self.reindent(text, from: content.indent, to: indent, firstLine: standalone)
                }
            }
        }
    }

    /// A partial showing the object on top of the stack: a copy of its kept
    /// rendering, or rendered and kept if it read nothing of the page.
    mutating func renderKept(_ nodes: [TemplateNode], key: String, _ kept: KeptRenderings, blocks: [String: BlockContent],
                             into output: inout [UInt8]) {
        if let bytes = kept.bytes(set: set.identity, partial: key) {
            output.append(contentsOf: bytes)
            return
        }
        let (outerFloor, outerRead) = (floor, readBelowFloor)
        floor = stack.count - 1
        readBelowFloor = false
        var bytes: [UInt8] = []
        render(nodes, blocks: blocks, into: &bytes)
        if !readBelowFloor { kept.keep(bytes, set: set.identity, partial: key) }
        output.append(contentsOf: bytes)
        // An enclosing kept rendering cannot tell what this one read below its own floor.
        (floor, readBelowFloor) = (outerFloor, outerRead || readBelowFloor)
    }

    /// A block's indentation where it was written is replaced by the
    /// indentation where it is placed.
    static func reindent(_ content: [UInt8], from own: [UInt8], to indent: [UInt8], firstLine: Bool) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(content.count)
        var lineStart = content.startIndex
        var isFirst = true
        while lineStart < content.endIndex {
            let lineEnd = (content[lineStart...].firstIndex(of: 0x0A)).map { $0 + 1 } ?? content.endIndex
            var line = content[lineStart..<lineEnd]
            if line.starts(with: own) { line = line.dropFirst(own.count) }
            if !isFirst || firstLine { result += indent }
            result += line
            isFirst = false
            lineStart = lineEnd
        }
        return result
    }

    /// The first part is looked up from the innermost context out; the rest
    /// inside what it found. A name answered with `.null` stops the lookup.
    mutating func lookup(_ path: TemplatePath) -> TemplateValue {
        var value: TemplateValue
        if path.parts.isEmpty {
            value = stack[stack.count - 1].value
        } else {
            let first = path.parts[0]
            var found: TemplateValue?
            var level = stack.count - 1
            while level >= 0 {
                if let answer = stack[level].answer(first) {
                    found = answer
                    break
                }
                level -= 1
            }
            if level < floor, !found.isSameOnEveryPage { readBelowFloor = true }
            guard var current = found else {
                log?.note(path.written, in: template, answered: false)
                return .null
            }
            for part in path.parts.dropFirst() {
                // Inside something answered but empty (a nil optional): nothing to look up, and nothing missing.
                guard case let .boxed(box) = current else {
                    log?.note(path.written, in: template, answered: true)
                    return .null
                }
                guard let answer = box.object.value(for: part) else {
                    log?.note(path.written, in: template, answered: false)
                    return .null
                }
                current = answer
            }
            log?.note(path.written, in: template, answered: true)
            value = current
        }
        guard path.isEmptyTest else { return value }
        switch value {
        case let .list(items): return .bool(items.count == 0)
        case let .text(text): return .bool(text.isEmpty)
        default: return .null
        }
    }

    func write(_ value: TemplateValue, escaped: Bool, into output: inout [UInt8]) {
        switch value {
        case let .text(text):
            if escaped { HTMLEscape.append(text, to: &output) } else { output.append(contentsOf: text.utf8) }
        case let .int(number): output.append(contentsOf: String(number).utf8)
        case let .double(number): output.append(contentsOf: String(number).utf8)
        case let .bool(flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .null, .list, .boxed: break
        }
    }
}

extension TemplateValue? {
    var isSameOnEveryPage: Bool {
        if case let .boxed(box)? = self { box.object.isSameOnEveryPage } else { false }
    }
}

extension TemplateValue {
    /// What the view model in this value answers for `name`; nil for any other value.
    /// A method, so the stack's value is read where it is, not copied.
    func answer(_ name: TemplateName) -> TemplateValue? {
        if case let .boxed(box) = self { box.object.value(for: name) } else { nil }
    }

    var isTruthy: Bool {
        switch self {
        case .null: false
        case let .bool(flag): flag
        case let .list(items): items.count > 0
        default: true
        }
    }
}

/// `<>&"'` escaped, everything else copied as it is.
enum HTMLEscape {
    static func append(_ text: String, to output: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            var start = 0
            var index = 0
            while index < bytes.count {
                // Eight bytes at once while none of them is one to escape.
                if index + 8 <= bytes.count, !mayNeedEscape(ByteWord.load(bytes, at: index)) {
                    index += 8
                    continue
                }
                defer { index += 1 }
                let replacement: StaticString
                switch bytes[index] {
                case UInt8(ascii: "<"): replacement = "&lt;"
                case UInt8(ascii: ">"): replacement = "&gt;"
                case UInt8(ascii: "&"): replacement = "&amp;"
                case UInt8(ascii: "\""): replacement = "&quot;"
                case UInt8(ascii: "'"): replacement = "&#39;"
                default: continue
                }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
                output.append(contentsOf: UnsafeBufferPointer(start: replacement.utf8Start, count: replacement.utf8CodeUnitCount))
                start = index + 1
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
        }
    }

    /// Whether any of the eight bytes is one of `<>&"'`.
    @inline(__always)
    static func mayNeedEscape(_ word: UInt64) -> Bool {
        ByteWord.has(word, UInt8(ascii: "<")) | ByteWord.has(word, UInt8(ascii: ">")) | ByteWord.has(word, UInt8(ascii: "&"))
            | ByteWord.has(word, UInt8(ascii: "\"")) | ByteWord.has(word, UInt8(ascii: "'")) != 0
    }
}
