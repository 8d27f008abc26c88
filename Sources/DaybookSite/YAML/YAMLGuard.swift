import CYaml

/// Checks a YAML text's aliases before Yams builds its nodes. Yams compares
/// mapping keys by their whole structure, so an alias used as a key, or
/// inside one, that refers to nested aliases costs time exponential in the
/// nesting (a 541-byte "alias bomb"). Daybook's files never need that: an
/// alias in a key, or more than `aliasBudget` aliases, is an error.
///
/// Aliases of aliases multiply even as values ("billion laughs": nine
/// levels of nine make 387 million nodes), so the nodes the aliases expand
/// to are counted too, and more than `expansionBudget` is an error.
enum YAMLGuard {
    static let aliasBudget = 100
    static let expansionBudget = 100_000

    /// The first problem: its line and column (from 1, columns in Unicode
    /// scalars like Yams' marks) and the message. Nil when the text has no
    /// aliases worth checking or passes; syntax errors are left to Yams.
    static func aliasProblem(in yaml: String) -> (line: Int, scalarColumn: Int, message: String)? {
        // Cheap filter: an alias needs an anchor `&` and a `*`.
        guard yaml.utf8.contains(UInt8(ascii: "*")), yaml.utf8.contains(UInt8(ascii: "&")) else { return nil }
        var bytes = Array(yaml.utf8)
        return bytes.withUnsafeMutableBufferPointer { buffer in
            var parser = yaml_parser_t()
            guard yaml_parser_initialize(&parser) == 1 else { return nil }
            defer { yaml_parser_delete(&parser) }
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)

            // For each open collection: is it a mapping, is its next node a key,
            // and is the collection itself (part of) a key.
            var stack: [(isMapping: Bool, atKey: Bool, isKey: Bool)] = []
            var aliases = 0
            // Nodes of each open collection (with aliases expanded), its anchor, and each anchor's node count.
            var sizes: [(nodes: Int, anchor: String?)] = [(0, nil)]
            var anchored: [String: Int] = [:]
            func anchor(_ name: UnsafeMutablePointer<yaml_char_t>?) -> String? { name.map { String(cString: $0) } }
            func add(_ nodes: Int) { sizes[sizes.count - 1].nodes += nodes }
            func nodeIsKey() -> Bool { stack.last.map { $0.isMapping && $0.atKey } ?? false }
            func insideKey() -> Bool { stack.last?.isKey ?? false }
            func advance() { if let top = stack.last, top.isMapping { stack[stack.count - 1].atKey.toggle() } }

            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else { return nil }
                defer { yaml_event_delete(&event) }
                let mark = (line: Int(event.start_mark.line) + 1, scalarColumn: Int(event.start_mark.column) + 1)
                switch event.type {
                case YAML_STREAM_END_EVENT:
                    return nil
                case YAML_ALIAS_EVENT:
                    if nodeIsKey() || insideKey() {
                        return (mark.line, mark.scalarColumn, "an alias cannot be used as a mapping key")
                    }
                    aliases += 1
                    if aliases > aliasBudget {
                        return (mark.line, mark.scalarColumn, "more than \(aliasBudget) aliases in one file")
                    }
                    add(anchor(event.data.alias.anchor).flatMap { anchored[$0] } ?? 1)
                    if sizes.reduce(0, { $0 + $1.nodes }) > expansionBudget {
                        return (mark.line, mark.scalarColumn, "aliases here expand to more than \(expansionBudget) values")
                    }
                    advance()
                case YAML_SCALAR_EVENT:
                    add(1)
                    if let name = anchor(event.data.scalar.anchor) { anchored[name] = 1 }
                    advance()
                case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                    let isKey = nodeIsKey() || insideKey()
                    stack.append((event.type == YAML_MAPPING_START_EVENT, true, isKey))
                    let name = event.type == YAML_MAPPING_START_EVENT ? anchor(event.data.mapping_start.anchor) : anchor(event.data.sequence_start.anchor)
                    sizes.append((1, name))
                case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                    stack.removeLast()
                    let closed = sizes.removeLast()
                    if let name = closed.anchor { anchored[name] = closed.nodes }
                    add(closed.nodes)
                    advance()
                default:
                    break
                }
            }
        }
    }
}
