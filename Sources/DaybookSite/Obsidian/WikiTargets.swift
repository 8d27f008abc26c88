import Foundation

/// Where `[[…]]` links and `![[…]]` embeds lead, by Obsidian's rules: a
/// date to that day's first entry; a name to the note or file of that name
/// anywhere in `content/` (the shortest path when names repeat), then to the
/// note of that title or alias; a path (`Folder/Note`) from the note's own
/// folder, from `content/`, or as the end of a longer path (a vault kept in
/// a folder of `content/pages/`). Any case. A name no note or file has, but
/// a word of a deck, leads to the word on its deck's page. The tables are
/// made when the first link is looked up: most diaries have no `[[links]]`.
struct WikiTargets: Sendable {
    /// A note a link can lead to or an embed show.
    struct Note: Sendable {
        let path: SitePath
        let source: SourceFile
        let body: String
        let bodyFirstLine: Int
        /// Never shown inside another note, even in a build with --include-private, whose feeds show public entries.
        let isPrivate: Bool
    }

    /// A word of a deck a link can lead to: its place on the deck's page.
    struct Word: Sendable {
        let deck: String
        let fragment: String

        /// What what-links-here knows it by (`Routes.word`).
        var path: SitePath { Routes.word(deck, fragment) }
    }

    private let tables: Tables

    /// - Parameter files: every file of the content that is not Markdown
    ///   (content-relative), those this build hides among them, so that an
    ///   embed of one is an error and not a name that matches nothing.
    /// - Parameter decks: the published decks, whose words links may name.
    init(entries: [DiaryEntry], pages: [FreePage], files: [String] = [], decks: [Deck] = []) {
        tables = Tables(entries: entries, pages: pages, files: files, decks: decks)
    }

    /// The word `target` names (any case), when no note or file has that name: the first deck's with it.
    func word(_ target: String) -> Word? {
        tables.made.words[target.nameKey]
    }

    /// The note `target` names, seen from the Markdown file at `document` (content-relative).
    func note(_ target: String, from document: String) -> Note? {
        let made = tables.made
        if let date = LocalDate(iso: target) { return made.byDate[date].map { made.notes[$0] } }
        var key = target.nameKey
        if key.hasSuffix(".md") { key.removeLast(3) }
        let found = Self.pick(key, from: document, byPath: made.notePaths, byName: made.noteNames) { made.notes[$0].source.slugPath }
            ?? made.titles[key] ?? made.aliases[key]
        return found.map { made.notes[$0] }
    }

    /// The file (content-relative) `target` names, seen from `document`.
    func file(_ target: String, from document: String) -> String? {
        let made = tables.made
        return Self.pick(target.nameKey, from: document, byPath: made.filePaths, byName: made.fileNames) { $0 }
    }

    /// Where a `[[link]]` leads: a note's page, else a file; what a kept rendering is checked against.
    func destination(_ target: String, from document: String) -> SitePath? {
        note(target, from: document)?.path ?? file(target, from: document).map { SitePath($0) } ?? word(target)?.path
    }

    /// A "did you mean" hint for a name nothing has: the nearest file names
    /// (for a name with a file's extension) or note names; of names equally
    /// near, the first in alphabetical order (lower case).
    func hint(for target: String) -> String? {
        var steps = 0
        return hint(for: target, steps: &steps)
    }

    /// `hint`, adding the work it does to `steps`.
    func hint(for target: String, steps: inout Int) -> String? {
        let name = String(target.split(separator: "/").last ?? "")
        return tables.hint(for: name, steps: &steps)
    }

    /// `key` (lower case) by path or by name; among names, candidates come shortest path first.
    private static func pick<T>(_ key: String, from document: String, byPath: [String: T], byName: [String: [T]], path: (T) -> String) -> T? {
        guard let slash = key.lastIndex(of: "/") else { return byName[key]?.first }
        let folder = document.nameKey.split(separator: "/").dropLast().map(String.init)
        if let relative = normalized(folder, key), let found = byPath[relative] { return found }
        if let rooted = normalized([], key), let found = byPath[rooted] { return found }
        let name = String(key[key.index(after: slash)...])
        return byName[name]?.first { path($0).nameKey.hasSuffix("/" + key) }
    }

    /// `folder` + `path` with `.` and `..` resolved; nil if it climbs out of `content/`.
    private static func normalized(_ folder: [String], _ path: String) -> String? {
        var parts = folder
        for part in path.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": if parts.popLast() == nil { return nil }
            default: parts.append(String(part))
            }
        }
        return parts.joined(separator: "/")
    }

    private final class Tables: @unchecked Sendable {
        struct Made {
            var notes: [Note] = []
            var byDate: [LocalDate: Int] = [:]
            /// Lower-case path without `.md` → note; lower-case file name → notes, shortest path first.
            var notePaths: [String: Int] = [:]
            var noteNames: [String: [Int]] = [:]
            var titles: [String: Int] = [:]
            var aliases: [String: Int] = [:]
            var filePaths: [String: String] = [:]
            var fileNames: [String: [String]] = [:]
            /// Lower-case word → its place.
            var words: [String: Word] = [:]
        }

        private let lock = NSLock()
        private var sources: (entries: [DiaryEntry], pages: [FreePage], files: [String], decks: [Deck])?
        private var tables = Made()
        /// The names hints choose from, made for the first dead link, and each name's hint:
        /// links to a note not written yet name it again and again.
        private var noteSuggestions: Suggestion.Names?, fileSuggestions: Suggestion.Names?
        private var hints: [String: String?] = [:]

        init(entries: [DiaryEntry], pages: [FreePage], files: [String], decks: [Deck]) { sources = (entries, pages, files, decks) }

        var made: Made {
            lock.withLock {
                if let (entries, pages, files, decks) = sources {
                    sources = nil
                    // Pages first: a page and an entry of one title or name lead to the page.
                    for page in pages {
                        add(Note(path: Routes.content(page.source), source: page.source, body: page.body, bodyFirstLine: page.bodyFirstLine,
                                 isPrivate: page.isPrivate),
                            title: page.title, aliases: page.frontMatter.names.map(\.text))
                    }
                    for entry in entries {
                        let index = tables.notes.count
                        add(Note(path: Routes.content(entry.source), source: entry.source, body: entry.body, bodyFirstLine: entry.bodyFirstLine,
                                 isPrivate: entry.isPrivate),
                            title: entry.title, aliases: entry.frontMatter.names.map(\.text))
                        if tables.byDate[entry.date] == nil { tables.byDate[entry.date] = index }
                    }
                    for file in files {
                        tables.filePaths[file.nameKey] = file
                        tables.fileNames[(file as NSString).lastPathComponent.nameKey, default: []].append(file)
                    }
                    let notes = tables.notes
                    for (name, list) in tables.noteNames where list.count > 1 {
                        tables.noteNames[name] = list.sorted { Self.shorter(notes[$0].source.relativePath, notes[$1].source.relativePath) }
                    }
                    for (name, list) in tables.fileNames where list.count > 1 { tables.fileNames[name] = list.sorted(by: Self.shorter) }
                    for deck in decks {
                        let fragments = Routes.wordFragments(deck)
                        for word in deck.words {
                            let name = WikiTargets.name(of: word).nameKey
                            if tables.words[name] == nil { tables.words[name] = Word(deck: deck.id, fragment: fragments[word.text]) }
                        }
                    }
                }
                return tables
            }
        }

        func hint(for name: String, steps: inout Int) -> String? {
            let made = self.made
            return lock.withLock {
                steps += 1
                if let known = hints[name] { return known }
                let names: Suggestion.Names
                if name.contains(".") && !name.lowercased().hasSuffix(".md") {
                    names = fileSuggestions ?? Suggestion.Names(made.fileNames.sorted { $0.key < $1.key }.map { ($0.value[0] as NSString).lastPathComponent })
                    fileSuggestions = names
                } else {
                    names = noteSuggestions ?? Suggestion.Names(made.noteNames.sorted { $0.key < $1.key }.map { made.notes[$0.value[0]].source.baseName })
                    noteSuggestions = names
                }
                let hint = names.nearest(to: name, steps: &steps).map { Suggestion.hint($0) }
                hints[name] = .some(hint)
                return hint
            }
        }

        /// Fewer folders first, then fewer characters, then by name: which of two files of one name a link means.
        private static func shorter(_ a: String, _ b: String) -> Bool {
            let depth = (a.split(separator: "/").count, b.split(separator: "/").count)
            if depth.0 != depth.1 { return depth.0 < depth.1 }
            return (a.count, a) < (b.count, b)
        }

        private func add(_ note: Note, title: String, aliases: [String]) {
            let index = tables.notes.count
            tables.notes.append(note)
            let path = note.source.slugPath.nameKey
            if tables.notePaths[path] == nil { tables.notePaths[path] = index }
            tables.noteNames[note.source.baseName.nameKey, default: []].append(index)
            if tables.titles[title.nameKey] == nil { tables.titles[title.nameKey] = index }
            for alias in aliases where tables.aliases[alias.nameKey] == nil { tables.aliases[alias.nameKey] = index }
        }
    }

    /// An alias that is also another note's name or alias: a warning at the
    /// alias naming both notes and the one links by it reach (a file name
    /// before an alias, then pages before entries, as `note(_:from:)` looks).
    static func nameClashes(entries: [DiaryEntry], pages: [FreePage]) -> [Diagnostic] {
        let notes = pages.map { ($0.source, $0.frontMatter.names) } + entries.map { ($0.source, $0.frontMatter.names) }
        guard notes.contains(where: { !$0.1.isEmpty }) else { return [] }
        var byFileName: [String: SourceFile] = [:], byAlias: [String: SourceFile] = [:]
        for (source, _) in notes where byFileName[source.baseName.nameKey] == nil { byFileName[source.baseName.nameKey] = source }
        var clashes: [Diagnostic] = []
        for (source, names) in notes {
            for name in names {
                let key = name.text.nameKey
                let other = byFileName[key].flatMap { $0.relativePath == source.relativePath ? nil : $0 } ?? byAlias[key]
                guard let other, other.relativePath != source.relativePath else {
                    if byAlias[key] == nil { byAlias[key] = source }
                    continue
                }
                clashes.append(Diagnostic(name.location, "'\(name.text)' names both \(other.displayPath) and \(source.displayPath); links to it lead to \(other.displayPath)",
                                          hint: "give one of them another alias", severity: .warning))
            }
        }
        return clashes
    }

    /// The name a link gives a word: its text as read, without Markdown (`**abandon**`).
    static func name(of word: VocabWord) -> String {
        word.text.utf8.contains { "*_`[]<&\\".utf8.contains($0) } ? Markdown.plainText(word.text) : word.text
    }

    /// What the words links may name are made of: each published deck's words.
    static func key(decks: [Deck]) -> PageKey {
        PageKey { hasher in
            for deck in decks {
                hasher.combine(text: deck.id)
                hasher.combine(deck.words.count)
                for word in deck.words { hasher.combine(text: word.text) }
            }
        }
    }

    /// What the targets are made of: every page's and entry's title, file and aliases, each entry's date, the files, the words.
    static func key(entries: [DiaryEntry], pages: [FreePage], files: [String] = [], decks: [Deck] = []) -> PageKey {
        PageKey { hasher in
            hasher.combine(pages.count)
            for page in pages {
                hasher.combine(text: page.title)
                hasher.combine(text: page.source.relativePath)
                for alias in page.frontMatter.names { hasher.combine(text: alias.text) }
            }
            hasher.combine(entries.count)
            for entry in entries {
                hasher.combine(entry.date)
                hasher.combine(text: entry.title)
                hasher.combine(text: entry.source.relativePath)
                for alias in entry.frontMatter.names { hasher.combine(text: alias.text) }
            }
            hasher.combine(files.count)
            for file in files { hasher.combine(text: file) }
            hasher.combine(key(decks: decks))
        }
    }
}

extension StringProtocol {
    /// How links compare names: in any case, and with Markdown's smart
    /// punctuation (`’` `‘` `“` `”` `–` `—` `…`) read as the ASCII typed
    /// (`[[Don't]]` reaches `Don't.md`); NFC and NFD spellings are one name,
    /// as Swift compares Strings.
    var nameKey: String {
        let lower = lowercased()
        guard lower.utf8.contains(0xE2) else { return lower }
        var folded = ""
        for scalar in lower.unicodeScalars {
            switch scalar {
            case "\u{2018}", "\u{2019}": folded += "'"
            case "\u{201C}", "\u{201D}": folded += "\""
            case "\u{2013}": folded += "--"
            case "\u{2014}": folded += "---"
            case "\u{2026}": folded += "..."
            default: folded.unicodeScalars.append(scalar)
            }
        }
        return folded
    }
}
