/// Keys of front matter as Hugo, Jekyll and Obsidian users write them.
enum FrontMatterKeys {
    /// Keys of other tools that Daybook keeps for templates without a word,
    /// though they are near one of its own (`time` is not a typo of `title`).
    static let foreign: Set<String> = [
        "time", "type", "slug", "url", "layout", "lang", "toc", "tag", "category", "author", "authors", "cover", "image",
        "images", "summary", "description", "keywords", "series", "weight", "created", "modified", "alias", "date_created",
    ]
    /// Keys that hide a file: a near miss of one is an error, not a warning.
    static let hiding: Set<String> = ["private", "draft"]
    /// Keys every page-like file understands besides its own.
    static let synonyms = ["published", "publish", "categories", "lastmod", "updated", "aliases"]
}

/// Who may see a file, from its front matter: every kind reads `private:`
/// and the draft keys here (`YAMLFields.audience`), and the published view
/// of the site (`PublishedContent`) is the one place that acts on it.
public struct Audience: Sendable, Equatable {
    public var isPrivate = false
    public var isDraft = false
    public init(isPrivate: Bool = false, isDraft: Bool = false) {
        self.isPrivate = isPrivate
        self.isDraft = isDraft
    }
}

extension YAMLFields {
    /// `private:`, and with `drafts` the draft keys (`isDraft`); kinds without
    /// drafts (decks, workouts) do not know those keys.
    public func audience(drafts: Bool, into diagnostics: inout Diagnostics) -> Audience {
        Audience(isPrivate: self["private"]?.bool("private", into: &diagnostics) ?? false, isDraft: drafts && isDraft(into: &diagnostics))
    }

    /// `draft: true`, Jekyll's `published: false`, or Obsidian Publish's `publish: false`.
    func isDraft(into diagnostics: inout Diagnostics) -> Bool {
        let draft = self["draft"]?.bool("draft", into: &diagnostics) ?? false
        let published = self["published"]?.bool("published", into: &diagnostics) ?? true
        let publish = self["publish"]?.bool("publish", into: &diagnostics) ?? true
        return draft || !published || !publish
    }

    /// `tags` and `categories`, each a list or a comma-separated text.
    func tags(into diagnostics: inout Diagnostics) -> [String] {
        var tags: [String] = []
        var seen = Set<String>()
        for key in ["tags", "categories"] {
            for item in self[key]?.stringList(key, into: &diagnostics) ?? [] {
                // Most tags are one word: no comma to split at, no space to trim.
                if !item.containsByte(UInt8(ascii: ",")), item.utf8.first != UInt8(ascii: " "), item.utf8.last != UInt8(ascii: " ") {
                    if !item.isEmpty, seen.insert(item).inserted { tags.append(item) }
                    continue
                }
                for tag in item.split(separator: ",") {
                    let name = String(tag).trimmingCharacters(in: " ")
                    if !name.isEmpty, seen.insert(name).inserted { tags.append(name) }
                }
            }
        }
        return tags
    }

    /// `lastmod` (Hugo) or `updated` (Jekyll themes, Zola).
    func lastModified(into diagnostics: inout Diagnostics) -> EntryDate? {
        guard let value = self["lastmod"] ?? self["updated"], let text = value.string("lastmod", into: &diagnostics) else { return nil }
        guard let date = EntryDate(parsing: text) else {
            diagnostics.error(value.location, "invalid date '\(text)'", hint: "write 2026-11-20, 2026-11-20 21:30 or 2026-11-20T21:30:00+09:00")
            return nil
        }
        return date
    }

    /// Old URLs of the page (Hugo's `aliases`), as site paths without leading or trailing slashes.
    func aliases(into diagnostics: inout Diagnostics) -> [String] {
        guard let items = self["aliases"]?.list("aliases", into: &diagnostics) else { return [] }
        return items.compactMap { item -> String? in
            guard let text = item.string("each alias", into: &diagnostics) else { return nil }
            let path = text.trimmingCharacters(in: " ").split(separator: "/").filter { !$0.isEmpty }
            guard !path.isEmpty, !path.contains(where: { $0 == ".." || $0 == "." }), !text.contains("://"), !text.contains("?"), !text.contains("#") else {
                diagnostics.error(item.location, "alias '\(text)' must be a path on this site, like /2019/old-post/")
                return nil
            }
            return path.joined(separator: "/")
        }
    }

    /// The keys Daybook does not read, for templates.
    var paramValues: [FrontMatterParam.Named] {
        params.map { FrontMatterParam.Named(key: $0.key, value: FrontMatterParam($0.value)) }
    }
}
