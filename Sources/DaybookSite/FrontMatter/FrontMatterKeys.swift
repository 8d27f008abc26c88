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
struct Audience: Sendable, Equatable {
    var isPrivate = false
    var isDraft = false
    init(isPrivate: Bool = false, isDraft: Bool = false) {
        self.isPrivate = isPrivate
        self.isDraft = isDraft
    }
}

extension YAMLFields {
    /// `private:`, and with `drafts` the draft keys (`isDraft`); kinds without
    /// drafts (decks, workouts) do not know those keys.
    func audience(drafts: Bool, into diagnostics: inout Diagnostics) -> Audience {
        Audience(isPrivate: self["private"]?.bool("private", into: &diagnostics) ?? false, isDraft: drafts && isDraft(into: &diagnostics))
    }

    /// `draft: true`, Jekyll's `published: false`, or Obsidian Publish's `publish: false`.
    /// Any other `published` is Web Clipper's date of the clipped page (`published: 2020-04-28`), no flag.
    func isDraft(into diagnostics: inout Diagnostics) -> Bool {
        let draft = self["draft"]?.bool("draft", into: &diagnostics) ?? false
        let publish = self["publish"]?.bool("publish", into: &diagnostics) ?? true
        return draft || publishedFlag == false || !publish
    }

    /// `published: true` or `false`; nil for none or a date.
    private var publishedFlag: Bool? {
        switch self["published"]?.scalarText?.lowercased() {
        case "true", "yes", "on": true
        case "false", "no", "off": false
        default: nil
        }
    }

    /// The note's date: `date`, else a `published` that is a date (Web Clipper's).
    var dateValue: YAMLValue? {
        if let date = self["date"] { return date }
        guard let published = self["published"], publishedFlag == nil, published.scalarText.flatMap(EntryDate.init(parsing:)) != nil else { return nil }
        return published
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
            // Other tools write dates of their own shape here: the page is published without one.
            diagnostics.warning(value.location, "'\(text)' is no date Daybook reads; the page shows no date of change",
                                hint: "write 2026-11-20, 2026-11-20 21:30 or 2026-11-20T21:30:00+09:00")
            return nil
        }
        return date
    }

    /// `aliases`: Obsidian's other names of the note (`What is New?`), and
    /// Hugo's old URLs, which begin with `/` (`/2019/old-post/`), as site
    /// paths without leading or trailing slashes. None stops a build.
    func aliases(into diagnostics: inout Diagnostics) -> (redirects: [String], names: [NoteName]) {
        var redirects: [String] = [], names: [NoteName] = []
        for item in self["aliases"]?.list("aliases", into: &diagnostics) ?? [] {
            guard let text = item.scalarText?.trimmingCharacters(in: " "), !text.isEmpty else {
                diagnostics.warning(item.location, "an alias must be text; this one is left out", hint: "write each alias as a name or a /path/")
                continue
            }
            guard text.hasPrefix("/") else {
                names.append(NoteName(text: text, location: item.location))
                continue
            }
            let path = text.split(separator: "/").filter { !$0.isEmpty }
            guard !path.isEmpty, !path.contains(where: { $0 == ".." || $0 == "." }), !text.contains("?"), !text.contains("#"),
                  !XMLText.hasForbidden(text) else {
                diagnostics.warning(item.location, "alias '\(text)' begins with / but is no path on this site; no redirect is made",
                                    hint: "write a path like /2019/old-post/, or a name without the leading /")
                continue
            }
            redirects.append(path.joined(separator: "/"))
        }
        return (redirects, names)
    }

    /// The keys Daybook does not read, for templates.
    var paramValues: [FrontMatterParam.Named] {
        params.map { FrontMatterParam.Named(key: $0.key, value: FrontMatterParam($0.value)) }
    }
}
