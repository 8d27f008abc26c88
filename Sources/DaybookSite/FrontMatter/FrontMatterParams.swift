/// A front matter value Daybook does not read itself, kept for templates
/// as Hugo keeps `.Params`: text, a list, or a table of named values.
indirect enum FrontMatterParam: Sendable, Equatable {
    case text(String)
    case list([FrontMatterParam])
    case table([Named])

    struct Named: Sendable, Equatable {
        let key: String
        let value: FrontMatterParam
    }

    init(_ value: YAMLValue) {
        switch value.node {
        case let .sequence(items, _): self = .list(items.map { FrontMatterParam(value.child($0)) })
        case let .mapping(pairs, _):
            self = .table(pairs.map { Named(key: value.child($0.key).scalarText ?? "", value: FrontMatterParam(value.child($0.value))) })
        default: self = .text(value.scalarText ?? "")
        }
    }

    /// The text of a scalar, nil for a list or a table.
    var text: String? {
        if case let .text(text) = self { return text }
        return nil
    }
}

extension YAMLValue {
    /// The keys of front matter: those in `known` to be read by the caller,
    /// the others kept as params. A key one or two letters away from a known
    /// one is probably a typo, so it gets a warning that names the key meant.
    func frontMatterFields(known: [String], into diagnostics: inout Diagnostics) -> YAMLFields? {
        guard let pairs = mapping("front matter", into: &diagnostics) else { return nil }
        var keys: [String] = [], values: [YAMLValue] = []
        var params: [(key: String, value: YAMLValue)] = []
        for pair in pairs {
            if known.contains(pair.key) {
                keys.append(pair.key)
                values.append(pair.value)
                continue
            }
            params.append((pair.key, pair.value))
            let key = Array(pair.key.lowercased())
            guard !FrontMatterKeys.foreign.contains(pair.key.lowercased()),
                  let near = known.map({ ($0, Suggestion.editDistance(key, Array($0))) }).min(by: { $0.1 < $1.1 }), near.1 <= 2
            else { continue }
            // A mistyped `private:` or `draft:` would publish what was meant to be hidden.
            if FrontMatterKeys.hiding.contains(near.0) {
                diagnostics.error(pair.keyLocation, "unknown key '\(pair.key)' in front matter would leave the page published",
                                  hint: "write '\(near.0)' exactly")
            } else {
                diagnostics.warning(pair.keyLocation, "unknown key '\(pair.key)' in front matter is kept for templates only",
                                    hint: "did you mean '\(near.0)'?")
            }
        }
        return YAMLFields(keys: keys, values: values, mapping: self, params: params)
    }
}

/// The front matter of an entry or a page beyond what Daybook shows itself.
struct EntryFrontMatter: Sendable {
    /// `lastmod` / `updated`.
    var lastModified: EntryDate?
    /// Old site paths (`2019/old-post`) that redirect to the page: the `aliases` that begin with `/`.
    var aliases: [String]
    /// The note's other names (Obsidian's `aliases`): links may lead to it by them.
    var names: [NoteName]
    /// Keys Daybook does not read, in file order, for templates.
    var params: [FrontMatterParam.Named]

    init(lastModified: EntryDate? = nil, aliases: [String] = [], names: [NoteName] = [], params: [FrontMatterParam.Named] = []) {
        self.lastModified = lastModified
        self.aliases = aliases
        self.names = names
        self.params = params
    }
}

/// Another name of a note (an Obsidian alias), and where it is written.
struct NoteName: Sendable, Equatable {
    let text: String
    let location: SourceLocation
}
