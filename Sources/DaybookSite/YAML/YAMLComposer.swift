import CYaml
import Yams

/// Builds the same nodes as `Yams.compose` from libyaml's events, for the
/// YAML every file is made of. Yams checks each mapping for duplicate keys by
/// hashing every key with its resolved tag, which runs the resolver's regular
/// expressions on each key: a third of reading a diary entry. Keys that are
/// all different text cannot be duplicates whatever their tags, so only
/// a mapping with two keys of the same text, or a key that is not text, needs
/// Yams' check. Whatever this composer does not handle exactly as Yams does
/// — those mappings, anchors and aliases, more than one document, any syntax
/// error — it leaves to Yams (`.leftToYams`), so values and messages stay
/// Yams' own. One difference nothing reads: Yams' check resolves each key's
/// tag in place (`title` becomes `!!str`), here keys keep the implicit tag,
/// which `Node`'s `==` resolves the same. `YAMLComposerTests` compares both
/// on many documents.
enum YAMLComposer {
    enum Outcome {
        /// The document's root; nil for an empty document.
        case composed(Node?)
        /// Yams must compose this text.
        case leftToYams
    }

    // Read once: each use of a global costs a `swift_once`, and
    // `Constructor.default` builds a new constructor at every use. Nothing
    // changes a constructor after it is made, so threads may share it.
    private static let resolver = Resolver.default
    nonisolated(unsafe) private static let constructor = Constructor.default

    static func compose(_ yaml: String) -> Outcome {
        var yaml = yaml
        return yaml.withUTF8 { bytes in
            let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
            defer { parser.deallocate() }
            guard yaml_parser_initialize(parser) == 1 else { return .leftToYams }
            defer { yaml_parser_delete(parser) }
            yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
            yaml_parser_set_input_string(parser, bytes.baseAddress, bytes.count)
            var events = Events(parser: parser)
            return events.document()
        }
    }

    /// libyaml's events, one at a time; `next` fails on a syntax error.
    private struct Events {
        let parser: UnsafeMutablePointer<yaml_parser_t>
        var event = yaml_event_t()

        struct Unsure: Error {}

        mutating func next() throws(Unsure) {
            yaml_event_delete(&event)
            guard yaml_parser_parse(parser, &event) == 1 else { throw Unsure() }
        }

        mutating func document() -> Outcome {
            defer { yaml_event_delete(&event) }
            do throws(Unsure) {
                try next()  // stream start
                try next()
                if event.type == YAML_STREAM_END_EVENT { return .composed(nil) }
                try next()  // document start
                let root = try node()
                try next()  // document end
                try next()
                // A second document is Yams' error to report.
                guard event.type == YAML_STREAM_END_EVENT else { return .leftToYams }
                return .composed(root)
            } catch {
                return .leftToYams
            }
        }

        /// The node whose first event is the current one, as Yams' `Parser` builds it.
        mutating func node() throws(Unsure) -> Node {
            let mark = Mark(line: Int(event.start_mark.line) + 1, column: Int(event.start_mark.column) + 1)
            switch event.type {
            case YAML_SCALAR_EVENT:
                let scalar = event.data.scalar
                guard scalar.anchor == nil else { throw Unsure() }
                let tagName = scalar.quoted_implicit == 1 ? Tag.Name.str.rawValue : text(scalar.tag)
                var bytes = UnsafeBufferPointer(start: scalar.value, count: scalar.length)[...]
                // Yams decodes with Foundation, which drops a byte order mark that opens the text.
                if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
                let value = String(decoding: bytes, as: UTF8.self)
                return .scalar(.init(value, tag(tagName), Node.Scalar.Style(rawValue: scalar.style.rawValue) ?? .any, mark))
            case YAML_SEQUENCE_START_EVENT:
                let start = event.data.sequence_start
                guard start.anchor == nil else { throw Unsure() }
                let tagName = start.implicit != 0 ? nil : text(start.tag)
                var nodes: [Node] = []
                try next()
                while event.type != YAML_SEQUENCE_END_EVENT {
                    nodes.append(try node())
                    try next()
                }
                // Yams reads the style from the end event, as here.
                let style = Node.Sequence.Style(rawValue: event.data.sequence_start.style.rawValue) ?? .any
                return .sequence(.init(nodes, tag(tagName), style, mark))
            case YAML_MAPPING_START_EVENT:
                let start = event.data.mapping_start
                guard start.anchor == nil else { throw Unsure() }
                let tagName = start.implicit != 0 ? nil : text(start.tag)
                var pairs: [(Node, Node)] = []
                var keys: Set<String> = []
                try next()
                while event.type != YAML_MAPPING_END_EVENT {
                    let key = try node()
                    // Keys of the same text may or may not be duplicates, by their tags: Yams decides.
                    guard case let .scalar(scalar) = key, keys.insert(scalar.string).inserted else { throw Unsure() }
                    try next()
                    pairs.append((key, try node()))
                    try next()
                }
                let style = Node.Mapping.Style(rawValue: event.data.mapping_start.style.rawValue) ?? .any
                return .mapping(.init(pairs, tag(tagName), style, mark))
            default:
                // An alias: Yams resolves it against its anchors.
                throw Unsure()
            }
        }

        private func text(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
            pointer.map { String(cString: $0) }
        }

        private func tag(_ name: String?) -> Tag { YAMLComposer.tag(name) }
    }

    /// A node's tag as Yams' `Parser` makes it: nil for an implicit one.
    static func tag(_ name: String?) -> Tag {
        Tag(name.map(Tag.Name.init(rawValue:)) ?? .implicit, resolver, constructor)
    }
}

extension Mark {
    /// Yams makes its marks only while parsing and gives them no public
    /// initializer; a mark is its line and column (`YAMLComposerTests`
    /// checks that this layout holds).
    init(line: Int, column: Int) {
        self = unsafeBitCast((line, column), to: Mark.self)
    }
}
