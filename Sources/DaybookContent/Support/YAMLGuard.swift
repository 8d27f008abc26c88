import CYaml

/// Checks a YAML text's aliases before Yams builds its nodes. Yams compares
/// mapping keys by their whole structure, so an alias used as a key, or
/// inside one, that refers to nested aliases costs time exponential in the
/// nesting (a 541-byte "alias bomb"). Daybook's files never need that: an
/// alias in a key, or more than `aliasBudget` aliases, is an error.
enum YAMLGuard {
    static let aliasBudget = 100

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
                    advance()
                case YAML_SCALAR_EVENT:
                    advance()
                case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                    let isKey = nodeIsKey() || insideKey()
                    stack.append((event.type == YAML_MAPPING_START_EVENT, true, isKey))
                case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                    stack.removeLast()
                    advance()
                default:
                    break
                }
            }
        }
    }
}
