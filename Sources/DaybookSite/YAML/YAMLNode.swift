import Yams

/// A composed YAML node as Daybook reads it: text or children, tag, style
/// and place. Yams' `Node` holds a tag object (with its resolver and
/// constructor) and an anchor in every node, so each copy of one counts
/// several references; a front matter is copied a dozen times on its way to
/// an entry. `YAMLSimpleComposer` builds these directly; what libyaml or
/// TOML composes is turned into them once.
enum YAMLNode: Equatable {
    case scalar(Scalar)
    case sequence([YAMLNode], Collection)
    case mapping([Pair], Collection)

    /// Line and column from 1, the column in Unicode scalars, as Yams' `Mark`.
    struct Mark: Equatable, Sendable {
        let line: Int
        let column: Int
    }

    struct Scalar: Equatable {
        let text: String
        /// Yams' tag name: "" for an implicit tag.
        let tag: String
        let style: Node.Scalar.Style
        let mark: Mark
    }

    struct Collection: Equatable {
        enum Style: Equatable { case any, block, flow }
        let tag: String
        let style: Style
        let mark: Mark
    }

    struct Pair: Equatable {
        let key: YAMLNode
        let value: YAMLNode
    }

    var mark: Mark {
        switch self {
        case let .scalar(scalar): scalar.mark
        case let .sequence(_, collection), let .mapping(_, collection): collection.mark
        }
    }

    /// The same node from Yams' tree. Yams' composer resolves each alias
    /// to the node it names, so an alias node never comes from it; one made
    /// by hand reads as an empty quoted text.
    init(_ node: Node) {
        // Yams' marks are optional; Daybook reports a missing one at 1:1.
        func mark(_ mark: Yams.Mark?) -> Mark { Mark(line: mark?.line ?? 1, column: mark?.column ?? 1) }
        func style(_ raw: UInt32) -> Collection.Style { raw == 1 ? .block : raw == 2 ? .flow : .any }
        switch node {
        case let .scalar(scalar):
            self = .scalar(Scalar(text: scalar.string, tag: scalar.tag.rawValue, style: scalar.style, mark: mark(scalar.mark)))
        case let .sequence(sequence):
            self = .sequence(sequence.map(YAMLNode.init),
                             Collection(tag: sequence.tag.rawValue, style: style(sequence.style.rawValue), mark: mark(sequence.mark)))
        case let .mapping(mapping):
            self = .mapping(mapping.map { Pair(key: YAMLNode($0.key), value: YAMLNode($0.value)) },
                            Collection(tag: mapping.tag.rawValue, style: style(mapping.style.rawValue), mark: mark(mapping.mark)))
        case let .alias(alias):
            self = .scalar(Scalar(text: "", tag: Tag.Name.str.rawValue, style: .doubleQuoted, mark: mark(alias.mark)))
        }
    }
}
