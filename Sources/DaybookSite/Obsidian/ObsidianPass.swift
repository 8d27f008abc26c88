import DaybookContent
import DaybookRender
import Foundation

/// Where `[[…]]` links lead: a date to that day's first entry, a name to the
/// free page or entry with that title or file name (pages first). The tables
/// are made when the first link is looked up: most diaries have no `[[links]]`.
struct WikiTargets: Sendable {
    private let tables: Tables

    init(entries: [DiaryEntry], pages: [FreePage]) {
        tables = Tables(entries: entries, pages: pages)
    }

    func path(for target: String) -> SitePath? {
        if let date = LocalDate(iso: target) { return tables.made.byDate[date] }
        let name = target.lowercased()
        let byName = tables.made.byName
        return byName[name] ?? byName[name.hasSuffix(".md") ? String(name.dropLast(3)) : name]
    }

    private final class Tables: @unchecked Sendable {
        private let lock = NSLock()
        private var sources: (entries: [DiaryEntry], pages: [FreePage])?
        private var tables: (byDate: [LocalDate: SitePath], byName: [String: SitePath]) = ([:], [:])

        init(entries: [DiaryEntry], pages: [FreePage]) { sources = (entries, pages) }

        var made: (byDate: [LocalDate: SitePath], byName: [String: SitePath]) {
            lock.withLock {
                if let (entries, pages) = sources {
                    sources = nil
                    for page in pages {
                        for name in [page.title, page.source.baseName, page.source.slugPath] { add(name, Routes.content(page.source)) }
                    }
                    for entry in entries {
                        let path = Routes.content(entry.source)
                        if tables.byDate[entry.date] == nil { tables.byDate[entry.date] = path }
                        for name in [entry.title, entry.source.baseName, entry.source.slugPath] { add(name, path) }
                    }
                }
                return tables
            }
        }

        private func add(_ name: String, _ path: SitePath) {
            let key = name.lowercased()
            if tables.byName[key] == nil { tables.byName[key] = path }
        }
    }

    /// What the targets are made of: every page's and entry's title and file, and each entry's date.
    static func key(entries: [DiaryEntry], pages: [FreePage]) -> PageKey {
        PageKey { hasher in
            hasher.combine(pages.count)
            for page in pages {
                hasher.combine(text: page.title)
                hasher.combine(text: page.source.relativePath)
            }
            hasher.combine(entries.count)
            for entry in entries {
                hasher.combine(entry.date)
                hasher.combine(text: entry.title)
                hasher.combine(text: entry.source.relativePath)
            }
        }
    }
}

/// One Markdown file's Obsidian syntax, turned into links, images, asides
/// and a field list while it is rendered; what it finds (tags, fields, links
/// that lead nowhere) is kept for the page and the build's warnings.
final class ObsidianPass: MarkdownPass {
    struct Field: Sendable, Equatable {
        let key: String
        let value: String
    }

    private let file: SourceFile
    private let from: SitePath
    private let targets: WikiTargets
    /// Entries have tag pages to link to; free pages show a tag as text.
    private let linksTags: Bool
    private(set) var tags: [String] = []
    private(set) var fields: [Field] = []
    private(set) var warnings: [Diagnostic] = []
    /// Where each `[[link]]` of the text led (nil: nowhere), so that a kept rendering can be checked.
    private(set) var links: [String: SitePath?] = [:]

    init(file: SourceFile, page: SitePath, targets: WikiTargets, linksTags: Bool) {
        self.file = file
        self.from = page
        self.targets = targets
        self.linksTags = linksTags
    }

    static let imageExtensions: Set<String> = ["jpg", "jpeg", "png", "gif", "webp", "avif", "heic", "svg"]

    func mayChange(_ markdown: String) -> Bool {
        ObsidianText.mayHoldSyntax(markdown)
    }

    func inlines(_ text: String) -> [MarkdownInline]? {
        ObsidianText.pieces(text)?.map { piece in
            switch piece {
            case let .text(text):
                return .text(text)
            case let .embed(target, label, offset) where Self.imageExtensions.contains(target.split(separator: ".").last?.lowercased() ?? ""):
                return .image(src: target, alt: label == target ? "" : label, offset: offset)
            case let .embed(target, label, _), let .link(target, label, _):
                let path = targets.path(for: target)
                links[target] = path
                guard let path else {
                    warnings.append(Diagnostic(location(of: "[[" + target), "no entry or page '\(target)' to link to; shown as text",
                                               hint: LocalDate(iso: target) != nil ? "there is no published entry on that day" : nil,
                                               severity: .warning))
                    return .text(label)
                }
                return .link(href: from.link(to: path), text: label)
            case let .tag(name):
                if !tags.contains(name) { tags.append(name) }
                guard linksTags else { return .text("#" + name) }
                return .link(href: from.link(to: Routes.tag(Slug.make(name))), text: "#" + name)
            }
        }
    }

    func callout(_ line: String) -> (open: String, close: String)? {
        guard let (kind, title) = ObsidianText.callout(line) else { return nil }
        let heading = title ?? kind.prefix(1).uppercased() + kind.dropFirst()
        return ("<aside class=\"callout callout-\(Feeds.escape(kind))\">\n<p class=\"callout-title\">\(Feeds.escape(heading))</p>\n",
                "</aside>\n")
    }

    func fields(_ lines: [String]) -> String? {
        guard let found = ObsidianText.fields(lines) else { return nil }
        fields += found.map { Field(key: $0.key, value: $0.value) }
        let items = found.map { "<div><dt>\(Feeds.escape($0.key))</dt><dd>\(Feeds.escape($0.value))</dd></div>\n" }
        return "<dl class=\"fields\">\n" + items.joined() + "</dl>\n"
    }

    /// Where a piece of text first stands in the file (the parse tree keeps no positions for text).
    private func location(of needle: String) -> SourceLocation {
        guard let range = file.text.range(of: needle) else { return file.location(line: 1) }
        let before = file.text[..<range.lowerBound].utf8
        let line = before.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        let column = before.reversed().prefix { $0 != UInt8(ascii: "\n") }.count + 1
        return file.location(line: line, column: column)
    }
}

extension ObsidianPass.Field: TemplateFields {
    enum Field: String, CaseIterable {
        case key, value
    }

    static let fieldIndex = TemplateNameTable<Field>()

    func field(_ field: Field) -> any TemplateRepresentable {
        switch field {
        case .key: key
        case .value: value
        }
    }
}
