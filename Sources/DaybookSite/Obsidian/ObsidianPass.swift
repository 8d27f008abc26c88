import Foundation

/// One Markdown file's Obsidian syntax, turned into links, images, players,
/// notes shown inside it, asides and a field list while it is rendered; what
/// it finds (tags, fields, links that lead nowhere, embeds of nothing) is
/// kept for the page and the build's warnings and errors.
final class ObsidianPass: MarkdownPass {
    struct Field: TemplateData, Sendable, Equatable {
        let key, value: String
    }

    /// The notes shown inside one page so far, and those being shown: each
    /// at most once a page, and none inside itself.
    final class Shown {
        var done: Set<String> = []
        var open: [String] = []
    }

    private let file: SourceFile
    /// The file line the Markdown text starts on.
    private let firstLine: Int
    private let from: SitePath
    /// The note's own page, when it is shown inside another (`from`): where its `[[#Heading]]` links lead.
    private let home: SitePath?
    private let targets: WikiTargets
    /// Publishes the photos of a note shown inside this one; nil renders them as written.
    private let library: PhotoLibrary?
    /// Entries have tag pages to link to; free pages show a tag as text.
    private let linksTags: Bool
    /// Free pages give their headings ids, for `[[Page#Heading]]`; entries do not, as lists show several at once.
    let namesHeadings: Bool
    private let shown: Shown
    private(set) var tags: [String] = []
    private(set) var fields: [Field] = []
    private(set) var warnings: [Diagnostic] = []
    private(set) var errors: [Diagnostic] = []
    /// Where each `[[link]]` of the text led (nil: nowhere), so that a kept rendering can be checked.
    private(set) var links: [String: SitePath?] = [:]
    /// Whether another note's text is shown inside this one.
    private(set) var showsNotes = false
    /// The text `inlines` is reading: where a link's label stands.
    private var text = ""

    init(file: SourceFile, firstLine: Int = 1, page: SitePath, home: SitePath? = nil, targets: WikiTargets, library: PhotoLibrary? = nil,
         linksTags: Bool, namesHeadings: Bool = false, shown: Shown = Shown()) {
        self.file = file
        self.firstLine = firstLine
        self.from = page
        self.home = home
        self.targets = targets
        self.library = library
        self.linksTags = linksTags
        self.namesHeadings = namesHeadings
        self.shown = shown
    }

    /// What Obsidian embeds as an image, a player or a document; anything else embedded is a link to it.
    static let imageExtensions: Set<String> = ["avif", "bmp", "gif", "jpeg", "jpg", "png", "svg", "webp", "heic", "heif", "tif", "tiff"]
    static let audioExtensions: Set<String> = ["flac", "m4a", "mp3", "ogg", "wav", "3gp"]
    static let videoExtensions: Set<String> = ["mkv", "mov", "mp4", "ogv", "webm"]

    func mayChange(_ markdown: String) -> Bool {
        ObsidianText.mayHoldSyntax(markdown)
    }

    func verbatim(_ markdown: String) -> [Range<Int>] {
        ObsidianText.wikilinksHoldingMarkdown(markdown)
    }

    func headingID(_ text: String) -> String? {
        namesHeadings ? Feeds.escape(ObsidianText.anchor(text)) : nil
    }

    func inlines(_ text: String, at place: MarkdownTextPlace) -> [MarkdownInline]? {
        guard let pieces = ObsidianText.pieces(text) else { return nil }
        self.text = text
        // A note is shown inside this one only where its embed is all its paragraph holds.
        let alone = place.standsAlone && pieces.filter { if case let .text(text) = $0 { !text.allSatisfy(\.isWhitespace) } else { true } }.count == 1
        return pieces.map { piece in
            switch piece {
            case let .text(text):
                return .text(text)
            case let .link(link, offset):
                return self.link(link, offset: offset, at: place)
            case let .embed(link, offset):
                return embed(link, offset: offset, alone: alone, at: place)
            case let .blockID(id):
                // Free pages name blocks, for `[[Page#^id]]`.
                return namesHeadings ? .html("<span id=\"^\(Feeds.escape(id))\"></span>") : .text("")
            case let .highlight(opens):
                return .html(opens ? "<mark>" : "</mark>")
            case let .tag(name):
                if !tags.contains(name) { tags.append(name) }
                guard linksTags else { return .text("#" + name) }
                return .link(href: from.link(to: Routes.tag(Slug.make(name))), text: "#" + name)
            }
        }
    }

    /// `[[Note]]`, `[[Note#Heading]]`, `[[#Heading]]`, `[[file.pdf]]`: a link, or
    /// an unresolved link (its text, marked as Obsidian marks one) and a warning.
    private func link(_ link: ObsidianText.Wikilink, offset: Int, at place: MarkdownTextPlace) -> MarkdownInline {
        // `^` written `%5E`, as a URL's fragment has it; the browser finds the id `^37066d` by it.
        let fragment = link.heading.map(ObsidianText.anchor) ?? link.block.map { "%5E" + ($0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? $0) }
        guard !link.target.isEmpty else {
            // A heading or block of this note: on the page it is shown inside, or on its own page when shown inside another.
            guard let fragment else { return .text(link.shown) }
            if let heading = link.heading, namesHeadingsOf(file), !ObsidianText.headingAnchors(ownText).contains(fragment) {
                return unresolved(link, offset: offset, at: place, "no heading '\(heading)' in this note to link to",
                                  hint: "a heading is named by its text, as in [[#\(heading)]]")
            }
            guard let home, home != from else { return labelled(link, offset: offset, href: "#" + fragment) }
            return labelled(link, offset: offset, href: from.link(to: home, fragment: namesHeadingsOf(file) ? fragment : nil))
        }
        if let note = targets.note(link.target, from: file.relativePath) {
            links[link.target] = note.path
            // Entries name no headings: their links lead to the entry. A heading the note has not: to the note, and a warning.
            var anchor = namesHeadingsOf(note.source) ? fragment : nil
            if let heading = link.heading, let wanted = anchor, !ObsidianText.headingAnchors(note.body).contains(wanted) {
                anchor = nil
                warnings.append(Diagnostic(location(place, offset), "'\(link.target)' has no heading '\(heading)'; the link leads to the note",
                                           severity: .warning))
            }
            return labelled(link, offset: offset, href: from.link(to: note.path, fragment: anchor))
        }
        if let file = targets.file(link.target, from: file.relativePath), library?.isShown(file) ?? true {
            links[link.target] = SitePath(file)
            return labelled(link, offset: offset, href: from.link(to: SitePath(file)))
        }
        // A name no note or file has, but a word of a deck: the word on its deck's page.
        if let word = targets.word(link.target) {
            links[link.target] = word.path
            return labelled(link, offset: offset, href: from.link(to: Routes.deck(word.deck), fragment: word.fragment))
        }
        links[link.target] = .some(nil)
        return unresolved(link, offset: offset, at: place, "no entry or page '\(link.target)' to link to; shown as an unresolved link",
                          hint: LocalDate(iso: link.target) != nil ? "there is no published entry on that day" : targets.hint(for: link.target))
    }

    /// A Markdown link to a note or file of the vault, as Obsidian follows
    /// one: from this note's folder, then by name as `[[…]]` does; a note
    /// with or without `.md`, `%20` or not. Addresses of the site's own pages
    /// (`../2026-11-19/`) and files it makes are kept as written; a note that
    /// is not there is an unresolved link and a warning; a path that climbs
    /// out of `content/` an error, and nothing outside is read.
    func relativeLink(_ url: String, line: Int, column: Int) -> MarkdownLinkChange? {
        let path = PhotoPaths.written(url)
        guard !path.isEmpty, !path.hasSuffix("/") else { return nil }
        let at = file.location(line: firstLine + max(line, 1) - 1, byteColumn: max(column, 1))
        guard let resolved = PhotoPaths.resolve(url, from: file.relativePath) else {
            // An address of the site from the page (`../../search/index.html`) is the writer's to make; one that leaves the site is not.
            guard PhotoPaths.resolve(url, from: from.value + "index.html") == nil else { return nil }
            errors.append(Diagnostic(at, "'\(url)' leads outside content/; nothing outside it is read or published",
                                     hint: "copy the file into content/ and link to it from there"))
            return .unresolved(open: "<span class=\"unresolved-link\">", close: "</span>")
        }
        let name = String(path.split(separator: "/").last ?? "")
        let fragment = url.firstIndex(of: "#").map { String(url[url.index(after: $0)...]) }.map { $0.removingPercentEncoding ?? $0 }
        if ObsidianText.namesFile(name) {
            guard let found = library.map({ $0.hasFile(resolved) }) == true ? resolved : targets.file(name, from: file.relativePath),
                  library?.isShown(found) ?? true else { return nil }
            return .url(from.link(to: SitePath(found)))
        }
        let rooted = resolved.lowercased().hasSuffix(".md") ? String(resolved.dropLast(3)) : resolved
        guard let note = targets.note("/" + rooted, from: "") ?? targets.note(path, from: file.relativePath) ?? targets.note(name, from: file.relativePath) else {
            warnings.append(Diagnostic(at, "no entry or page '\(path)' to link to; shown as an unresolved link", hint: targets.hint(for: name),
                                       severity: .warning))
            return .unresolved(open: "<span class=\"unresolved-link\">", close: "</span>")
        }
        let anchor = namesHeadingsOf(note.source) ? fragment.map { $0.hasPrefix("^") ? "%5E" + $0.dropFirst() : ObsidianText.anchor($0) } : nil
        return .url(from.link(to: note.path, fragment: anchor))
    }

    /// A link that leads nowhere: its text, marked as unresolved (no address), and a warning.
    private func unresolved(_ link: ObsidianText.Wikilink, offset: Int, at place: MarkdownTextPlace, _ message: String, hint: String?) -> MarkdownInline {
        warnings.append(Diagnostic(location(place, offset), message, hint: hint, severity: .warning))
        let (open, close) = ("<span class=\"unresolved-link\">", "</span>")
        guard let label = link.markdownLabel, let at = ObsidianText.labelOffset(in: text, link: offset) else { return .span(open: open, text: link.shown, close: close) }
        return .markdownSpan(open: open, label: label, offset: at, close: close)
    }

    /// A link to `href` showing the wikilink's text; a label holding Markdown rendered.
    private func labelled(_ link: ObsidianText.Wikilink, offset: Int, href: String) -> MarkdownInline {
        guard let label = link.markdownLabel, let at = ObsidianText.labelOffset(in: text, link: offset) else { return .link(href: href, text: link.shown) }
        return .markdownLink(href: href, label: label, offset: at)
    }

    /// This note's own text from its body's first line: where its `[[#Heading]]` links look.
    private var ownText: Substring {
        let lines = file.text.split(separator: "\n", maxSplits: max(firstLine - 1, 0), omittingEmptySubsequences: false)
        return firstLine > 1 ? lines.last ?? "" : Substring(file.text)
    }

    /// Free pages give their headings ids; entries do not.
    private func namesHeadingsOf(_ source: SourceFile) -> Bool { source.relativePath.hasPrefix("pages/") }

    /// `![[…]]`: an image, a player, a link to a document, or a note's text; an embed of nothing is an error.
    private func embed(_ link: ObsidianText.Wikilink, offset: Int, alone: Bool, at place: MarkdownTextPlace) -> MarkdownInline {
        guard !link.target.isEmpty else { return self.link(link, offset: offset, at: place) }
        let suffix = link.target.split(separator: ".").last.map { $0.lowercased() } ?? ""
        if let found = targets.file(link.target, from: file.relativePath) {
            guard library?.isShown(found) ?? true else {
                errors.append(Diagnostic(location(place, offset), "'\(link.target)' belongs to an entry or page this build leaves out (private or draft)",
                                         hint: "keep files a public note shows apart from a private note's, or build with --include-private"))
                return .text(link.shown)
            }
            let url = from.link(to: SitePath(found))
            let label = Feeds.escape(link.size == nil ? link.label ?? (found as NSString).lastPathComponent : (found as NSString).lastPathComponent)
            if Self.imageExtensions.contains(suffix) {
                return .image(src: documentLink(to: found), alt: link.size == nil ? link.label ?? "" : "", offset: offset,
                              size: link.size.map { MarkdownSize(width: $0.width, height: $0.height) })
            }
            if Self.audioExtensions.contains(suffix) {
                return .html("<audio controls src=\"\(Feeds.escape(url))\"><a href=\"\(Feeds.escape(url))\">\(label)</a></audio>")
            }
            if Self.videoExtensions.contains(suffix) {
                let width = link.size.map { " width=\"\($0.width)\"" + ($0.height.map { " height=\"\($0)\"" } ?? "") } ?? ""
                return .html("<video controls src=\"\(Feeds.escape(url))\"\(width)><a href=\"\(Feeds.escape(url))\">\(label)</a></video>")
            }
            // A PDF (`#page=3` kept) or any other file: a link to it.
            let page = suffix == "pdf" ? link.fragment.map { "#" + $0 } ?? "" : ""
            return .html("<a class=\"embed-file\" href=\"\(Feeds.escape(url + page))\">\(label)</a>")
        }
        if let note = targets.note(link.target, from: file.relativePath) {
            links[link.target] = note.path
            return show(note, link, offset: offset, alone: alone, at: place)
        }
        guard ObsidianText.namesFile(link.target) else {
            // A note not written yet (or left out of the folder): Obsidian shows that it could not be found, and goes on.
            links[link.target] = .some(nil)
            warnings.append(Diagnostic(location(place, offset), "no entry or page '\(link.target)' to show; shown as not found",
                                       hint: LocalDate(iso: link.target) != nil ? "there is no published entry on that day" : targets.hint(for: link.target),
                                       severity: .warning))
            let name = "<span class=\"embed-missing-name\">\(Feeds.escape(link.target))</span>"
            return alone ? .block("<div class=\"embed embed-missing\"><p>\(name)</p></div>\n")
                : .span(open: "<span class=\"embed-missing\">", text: link.target, close: "</span>")
        }
        errors.append(Diagnostic(location(place, offset), "'\(link.target)' not found: no file, entry or page of that name in content/",
                                 hint: targets.hint(for: link.target)))
        return .text(link.shown)
    }

    /// A note's text (or its part after `#Heading` or `#^block`) in place of a
    /// paragraph holding only its embed; elsewhere, inside itself, shown
    /// before on this page, or private (--include-private), a link to it.
    private func show(_ note: WikiTargets.Note, _ link: ObsidianText.Wikilink, offset: Int, alone: Bool, at place: MarkdownTextPlace) -> MarkdownInline {
        let key = note.source.relativePath + "#" + (link.fragment ?? "")
        let asLink = self.link(link, offset: offset, at: place)
        guard alone, !note.isPrivate, !shown.open.contains(note.source.relativePath), !shown.done.contains(key),
              note.source.relativePath != file.relativePath
        else { return asLink }
        guard let part = ObsidianText.section(of: note.body, heading: link.heading, block: link.block) else {
            warnings.append(Diagnostic(location(place, offset), "'\(link.target)' has no part '\(link.fragment ?? "")' to show; shown as a link",
                                       severity: .warning))
            return asLink
        }
        shown.done.insert(key)
        shown.open.append(file.relativePath)
        defer { shown.open.removeLast() }
        showsNotes = true
        // Rendered for this page; its own warnings and errors are reported where it is a page of its own.
        let inner = ObsidianPass(file: note.source, firstLine: note.bodyFirstLine, page: from, home: note.path, targets: targets, library: library,
                                 linksTags: linksTags, shown: shown)
        let html = library.map { PhotoPass(library: $0, document: note.source, firstLine: note.bodyFirstLine, page: from, targets: targets).render(part, pass: inner).html }
            ?? Markdown.render(part, pass: inner).html
        if inner.showsNotes { showsNotes = true }
        let source = from.link(to: note.path)
        return .block("<div class=\"embed\">\n\(html)<p class=\"embed-source\"><a href=\"\(Feeds.escape(source))\">\(Feeds.escape(link.target))</a></p>\n</div>\n")
    }

    /// A path from this Markdown file's folder to a content file, as a Markdown image would name it.
    private func documentLink(to path: String) -> String {
        let here = file.relativePath.split(separator: "/").dropLast()
        let there = path.split(separator: "/")
        var shared = 0
        while shared < here.count, shared < there.count - 1, here[here.startIndex + shared] == there[shared] { shared += 1 }
        return (Array(repeating: "..", count: here.count - shared) + there.dropFirst(shared).map(String.init)).joined(separator: "/")
            .addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
    }

    /// An aside, or for a callout that folds `<details>` (open for `[!kind]+`), as Obsidian shows them.
    func callout(_ line: String) -> MarkdownCallout? {
        guard let (kind, fold, titleStart) = ObsidianText.callout(line) else { return nil }
        let classes = "callout callout-\(Slug.make(kind))"
        let heading = kind.prefix(1).uppercased() + kind.dropFirst()
        let offset = line.utf8.distance(from: line.startIndex, to: titleStart)
        guard let fold else {
            return MarkdownCallout(open: "<aside class=\"\(classes)\">\n", close: "</aside>\n", titleOpen: "<p class=\"callout-title\">",
                                   titleClose: "</p>\n", titleOffset: offset, defaultTitle: heading)
        }
        return MarkdownCallout(open: "<details class=\"\(classes)\"\(fold == .open ? " open" : "")>\n", close: "</details>\n",
                               titleOpen: "<summary class=\"callout-title\">", titleClose: "</summary>\n", titleOffset: offset, defaultTitle: heading)
    }

    func fields(_ lines: [String]) -> String? {
        guard let found = ObsidianText.fields(lines) else { return nil }
        fields += found.map { Field(key: $0.key, value: $0.value) }
        let items = found.map { "<div><dt>\(Feeds.escape($0.key))</dt><dd>\(Feeds.escape($0.value))</dd></div>\n" }
        return "<dl class=\"fields\">\n" + items.joined() + "</dl>\n"
    }

    /// The file line and column of byte `offset` of a text at `place`.
    private func location(_ place: MarkdownTextPlace, _ offset: Int) -> SourceLocation {
        file.location(line: firstLine + max(place.line, 1) - 1, byteColumn: max(place.column(offset), 1))
    }
}
